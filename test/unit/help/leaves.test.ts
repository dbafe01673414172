import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli.js';
import { leaves } from '../../../src/help/examples.js';

const paths = (program: Command) => leaves(program).map(({ path }) => path.join(' '));

describe('leaves: the commands that run a verb, through commander’s public API', () => {
  it('lists verbs, skips hidden commands and pure groups, and keeps a group that runs itself', () => {
    const program = new Command('tool');
    const noun = program.command('noun').description('groups its verbs');
    noun.command('list').action(() => undefined);
    noun.command('secret', { hidden: true }).action(() => undefined);
    const server = program
      .command('server')
      .option('--port <n>')
      .action(() => undefined);
    server.command('stop').action(() => undefined);
    program.command('hidden-noun', { hidden: true }).command('verb');
    program.command('show <id>').command('raw');
    expect(paths(program)).toEqual(['noun list', 'server', 'server stop', 'show', 'show raw']);
  });

  it("in fisco's tree: every verb once, the emulator (a command with options and subcommands) as well as its statement verb", () => {
    const all = paths(buildProgram());
    expect(all).toContain('invoice list');
    expect(all).toContain('emulator');
    expect(all).toContain('emulator statement');
    expect(all).not.toContain('invoice');
    expect(new Set(all).size).toBe(all.length);
  });
});
