// One declaration per flag (issue 20): every verb of the real command tree takes its commander
// options from its flag table and parses what commander gathered with the strict schema of that
// same table, so a flag added on one side only (a stray .option(), a table key no command
// declares, a verb parsing another table) fails here.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../src/cli.js';
import { recordOf } from '../../../src/commands/register.js';
import { addFlags } from '../../../src/flags/commander.js';
import { flagSchema, parseFlags } from '../../../src/flags/parse.js';
import { defineFlags, type FlagTable } from '../../../src/flags/spec.js';
import { FiscoError } from '../../../src/errors.js';

interface Verb {
  path: string[];
  command: Command;
}

/** Every command that runs a verb: the leaves, and a command with options of its own (fisco emulator). */
function verbsOf(program: Command): Verb[] {
  const verbs: Verb[] = [];
  const visit = (command: Command, path: string[]) => {
    if (command !== program && (command.commands.length === 0 || command.options.length > 0)) verbs.push({ path, command });
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return verbs;
}

/** The keys of a table's strict schema. */
function schemaKeys(table: FlagTable): string[] {
  return Object.keys((flagSchema(table) as unknown as { shape: Record<string, unknown> }).shape);
}

/** What differs between a command's options and its table (and the table's schema): [] when they agree. */
function parity(command: Command, table: FlagTable | undefined): string[] {
  if (!table) return [`${command.name()}: no flag table (declare the verb with defineVerb)`];
  const problems: string[] = [];
  const keys = schemaKeys(table);
  for (const option of command.options) {
    const key = option.attributeName();
    if (!(key in table)) problems.push(`${option.flags}: a commander option with no entry in the table`);
    else if (table[key].flag !== option.flags) problems.push(`${option.flags}: the table says ${table[key].flag}`);
    if (!keys.includes(key)) problems.push(`${option.flags}: no key ${key} in the schema`);
  }
  for (const [key, spec] of Object.entries(table)) {
    if (!command.options.some((option) => option.attributeName() === key)) problems.push(`${spec.flag}: in the table, not a commander option`);
  }
  if (keys.length !== Object.keys(table).length) problems.push(`the schema has ${keys.length} keys, the table ${Object.keys(table).length}`);
  return problems;
}

/** Every line of a usage error, the first and its hints. */
function refusal(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof FiscoError) return [error.message, ...(error.hints ?? []).map(String)];
    throw error;
  }
  return [];
}

const BROKEN = defineFlags({
  dir: { flag: '--dir <dir>', kind: 'string', description: 'folder' },
  year: { flag: '--year <yyyy>', kind: 'string', description: 'year' },
});

describe('flag parity: every commander option comes from its verb table, and back', () => {
  const program = buildProgram();
  const verbs = verbsOf(program);

  it('walks the whole tree, lazily loaded verbs included', () => {
    const paths = verbs.map((v) => v.path.join(' '));
    expect(paths).toEqual(expect.arrayContaining(['invoice create', 'invoice list', 'hooks verify', 'emulator', 'emulator statement', 'bank match', 'whoami']));
    expect(verbs.length).toBeGreaterThanOrEqual(40);
  });

  it.each(verbs.map((v) => [v.path.join(' '), v] as const))('%s: options and table agree, unknown keys refused', (name, { command }) => {
    const record = recordOf(command);
    const table = record?.kind === 'verb' ? record.flags : undefined;
    expect(parity(command, table), name).toEqual([]);
    // One line alone, or a hint beside the verb's missing required flags.
    expect(refusal(() => parseFlags(table ?? {}, { notAFlagOfThisVerb: true }))).toContain('--not-a-flag-of-this-verb: is not an option of this command');
  });

  it("each verb is its record: the runner parses with the record's flags, the very table its command was built from", () => {
    const problems: string[] = [];
    for (const { path, command } of verbs) {
      const record = recordOf(command);
      if (record?.kind !== 'verb') problems.push(`${path.join(' ')}: no verb record`);
      else if (parity(command, record.flags).length > 0) problems.push(`${path.join(' ')}: its options do not come from its record's flags`);
    }
    expect(problems).toEqual([]);
  });

  it('fails when a flag is added on one side only', () => {
    const extraOption = addFlags(new Command('x'), BROKEN).option('--concurrency <n>', 'added beside the table');
    expect(parity(extraOption, BROKEN)).toEqual([
      '--concurrency <n>: a commander option with no entry in the table',
      '--concurrency <n>: no key concurrency in the schema',
    ]);

    const registered = addFlags(new Command('y'), BROKEN);
    const grown = defineFlags({ ...BROKEN, issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'added to the table only' } });
    expect(parity(registered, grown)).toEqual(['--issued-from <date>: in the table, not a commander option']);

    const renamed = defineFlags({ dir: BROKEN.dir, year: { ...BROKEN.year, flag: '--year <y>' } });
    expect(parity(registered, renamed)).toEqual(['--year <yyyy>: the table says --year <y>']);

    expect(parity(new Command('z').option('--dir <dir>'), undefined)).toEqual(['z: no flag table (declare the verb with defineVerb)']);
  });

  it('refuses a key that is not in the table, with every other problem', () => {
    expect(refusal(() => parseFlags(BROKEN, { dir: 'out', misspelt: 'x', year: '' }))).toEqual([
      '2 problems with the options, nothing was sent:',
      '--year: must not be empty',
      '--misspelt: is not an option of this command',
    ]);
  });
});
