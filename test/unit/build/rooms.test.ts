import { execa } from 'execa';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the lint step, without types
import { roomProblems, verbModules } from '../../../scripts/rooms.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const problems = (graph: Record<string, string[]>, entries: string[] = Object.keys(graph), verbs: string[] = []) =>
  roomProblems(graph, entries, verbs) as string[];

describe('the rooms of src/ keep their rules (npm run lint: scripts/check-rooms.mjs)', () => {
  it('fires when a noun imports another noun (the export command reading the deadlines command’s calendar)', () => {
    expect(
      problems({
        'commands/export/export.ts': ['commands/deadlines/ics.ts', 'commands/download.ts', 'report/calendar.ts'],
        'commands/deadlines/ics.ts': [],
        'commands/download.ts': [],
        'report/calendar.ts': [],
      }),
    ).toEqual(['commands/export/export.ts imports commands/deadlines/ics.ts: the noun export uses the noun deadlines; move what they share down']);
  });

  it('fires when a module imports a verb’s module, but not for the records that load it', () => {
    const graph = {
      'commands/bank/index.ts': ['commands/bank/match.ts', 'commands/bank/apply.ts'],
      'commands/bank/match.ts': ['commands/bank/apply.ts', 'commands/bank/registration.ts'],
      'commands/bank/apply.ts': ['commands/bank/registration.ts'],
      'commands/bank/registration.ts': [],
    };
    expect(problems(graph, Object.keys(graph), ['commands/bank/match.ts', 'commands/bank/apply.ts'])).toEqual([
      "commands/bank/match.ts imports commands/bank/apply.ts, a verb's module: run verbs through their records; move what they share into a module that is not a verb",
    ]);
  });

  it('fires when the emulator imports a rule of the client (its totals from src/invoice/rules.ts), not for src/domain/ primitives', () => {
    expect(
      problems({
        'emulator/resources/invoices.ts': ['invoice/rules.ts', 'domain/money.ts', 'emulator/totals.ts', 'webhooks/event-keys.ts'],
        'emulator/delivery.ts': ['webhooks/signature.ts', 'io/durable.ts'],
        'emulator/totals.ts': [],
        'invoice/rules.ts': [],
        'domain/money.ts': [],
        'webhooks/event-keys.ts': [],
        'webhooks/signature.ts': [],
        'io/durable.ts': [],
      }),
    ).toEqual([
      "emulator/resources/invoices.ts imports invoice/rules.ts: the emulator computes with its own code, and imports of the client only src/domain/'s primitives",
      "emulator/delivery.ts imports webhooks/signature.ts: the emulator computes with its own code, and imports of the client only src/domain/'s primitives",
    ]);
  });

  it('fires when two files need their folder to be told apart', () => {
    const entries = [
      'bank/',
      'bank/apply.ts',
      'commands/',
      'commands/bank/',
      'commands/bank/apply.ts',
      'commands/invoice/',
      'commands/invoice/create.flags.ts',
      'commands/invoice/create/',
      'commands/invoice/create/flags.ts',
      'emulator/',
      'emulator/index.ts',
      'commands/emulator/',
      'commands/emulator/index.ts',
    ];
    expect(problems({}, entries)).toEqual([
      'commands/bank/apply.ts and bank/apply.ts: a command and a domain module of one name; rename the domain module after what it holds',
      'commands/invoice/create.flags.ts beside the folder commands/invoice/create/: a file named like a folder beside it',
    ]);
  });

  it('reads the verbs a noun’s records load', () => {
    const text = "defineVerb({ name: 'list', load: () => import('./list.js') }), defineVerb({ name: 'get', load: () => import('./get.js') })";
    expect(verbModules('commands/f24/index.ts', text)).toEqual(['commands/f24/list.ts', 'commands/f24/get.ts']);
  });

  it('holds for the tree as it is', async () => {
    const run = await execa('node', ['scripts/check-rooms.mjs'], { cwd: ROOT, reject: false });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
  }, 60_000);
});
