/**
 * commandPath (src/commands/index.ts): the command a run names, so that main() builds only that
 * path of the tree; anything that may need more (help, an unknown word, a flag it does not know
 * before the command) is the whole tree (undefined). A pruned program must parse the run as the
 * whole one does: the same command, the same options.
 */
import { describe, expect, it } from 'vitest';
import { commandPath } from '../../../src/commands/index.js';
import { buildProgram } from '../../../src/cli.js';

const names = (args: string[]) => commandPath(args)?.map((record) => record.name);

describe('commandPath', () => {
  it('names a noun and its verb, or a verb, after global flags of any form', () => {
    expect(names(['invoice', 'list'])).toEqual(['invoice', 'list']);
    expect(names(['--offline', '--account', 'acc_x', '-o', 'json', 'invoice', 'list', '--page', '2'])).toEqual(['invoice', 'list']);
    expect(names(['--profile=studio', '-q', '--no-color', 'overview', '--days', '30'])).toEqual(['overview']);
    expect(names(['--mirror', 'postgres://u@h/db', 'search', 'rossi'])).toEqual(['search']);
    expect(names(['emulator', 'statement'])).toEqual(['emulator']);
  });

  it('leaves the whole tree for help, an unknown word or flag, a flag between noun and verb, or a noun alone', () => {
    for (const args of [
      ['invoice', 'list', '--help'],
      ['help', 'invoice'],
      ['invoice', '-h'],
      ['invoce', 'list'],
      ['invoice', 'lst'],
      ['invoice'],
      ['--page', '2', 'invoice', 'list'],
      ['-qo', 'json', 'invoice', 'list'],
      ['invoice', '--account', 'x', 'list'],
      ['__complete', 'invoice', 'li'],
      [],
    ])
      expect(commandPath(args), args.join(' ')).toBeUndefined();
  });

  it('a program of the path alone parses a run as the whole program does', async () => {
    const parsed = async (path: ReturnType<typeof commandPath>, args: string[]) => {
      const program = buildProgram(undefined, path).exitOverride();
      let seen: { name: string; opts: Record<string, unknown>; globals: Record<string, unknown> } | undefined;
      const leaf = (command: import('commander').Command): void => {
        for (const sub of command.commands) {
          if (sub.commands.length > 0) leaf(sub);
          sub.action(function (this: import('commander').Command) {
            seen = { name: this.name(), opts: this.opts(), globals: program.opts() };
          });
        }
      };
      leaf(program);
      await program.parseAsync(['node', 'fisco', ...args]);
      return seen;
    };
    for (const args of [
      ['--account', 'acc_x', 'invoice', 'list', '--page', '2', '--direction', 'inbound'],
      ['-o', 'ndjson', 'clients', 'list', '--all'],
      ['--offline', 'overview', '--days', '30'],
    ]) {
      const whole = await parsed(undefined, args);
      expect(whole, args.join(' ')).toBeDefined();
      expect(await parsed(commandPath(args), args), args.join(' ')).toEqual(whole);
    }
  });
});
