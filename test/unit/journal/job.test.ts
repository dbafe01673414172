import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runJob, type Confirmation, type Job, type JobPart } from '../../../src/commands/job.js';
import { ExitCode, FiscoError, InterruptedError, NotConfirmedError, OutcomeUnknownError, PartialError } from '../../../src/errors.js';
import type { Factory } from '../../../src/factory/factory.js';
import { Journal, type JournalHeader } from '../../../src/journal/journal.js';
import { tallyOf } from '../../../src/journal/outcome.js';
import type { Sent } from '../../../src/journal/run.js';

/** What a fake step does when sent. */
type Fate = Sent['state'];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-job-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A factory with only what the runner asks of it; every call it sees, in order, in `events`. */
function fakeFactory(o: { yes?: boolean; canPrompt?: boolean } = {}) {
  const events: string[] = [];
  const factory = {
    globals: { yes: Boolean(o.yes) },
    io: {
      canPrompt: o.canPrompt ?? true,
      progress: (line: unknown) => events.push(`progress ${String(line)}`),
      progressDone: () => events.push('progress done'),
    },
    output: {
      list: async (rows: readonly unknown[]) => void events.push(`table ${rows.length}`),
      success: (line: unknown) => events.push(`success ${String(line)}`),
      info: () => undefined,
      warn: () => undefined,
    },
    env: {},
    timeoutMs: () => 1_000,
    async journal(kind: string, parts: readonly string[], header: JournalHeader) {
      events.push(`open ${parts.join('/')}`);
      return Journal.open(join(dir, kind, `${parts.join('-')}.jsonl`), header);
    },
  } as unknown as Factory;
  return { factory, events };
}

function confirmation(events: string[], answer: boolean): Confirmation {
  return {
    noTerminal: () => new NotConfirmedError('needs --yes'),
    ask: async () => {
      events.push('asked');
      return answer;
    },
    declined: () => new NotConfirmedError('declined'),
  };
}

/** A part of one company whose steps end as their fates say. */
function part(events: string[], company: string, fates: Fate[]): JobPart<Fate> {
  const header: JournalHeader = { kind: 'bank', id: company, profile: 'test', account: company };
  return {
    journal: { kind: 'bank', parts: ['test', company], header },
    async begin() {
      return {
        steps: fates.map((fate, i) => ({ key: `${company}-${i + 1}`, item: fate })),
        hooks: {
          lookup: async () => new Map(),
          async send(step): Promise<Sent> {
            events.push(`send ${step.key}`);
            if (step.item === 'done') return { state: 'done', result: { id: step.key } };
            return { state: step.item, message: `${step.item} by the fake` };
          },
        },
      };
    },
    progress: (index, total, step) => `${index + 1}/${total} ${step.key}`,
  };
}

function job(events: string[], parts: JobPart<Fate>[], confirm?: Confirmation): Job<Fate> {
  return {
    parts,
    ...(confirm ? { confirm } : {}),
    async end(results) {
      const rows = results.flatMap((r) => [...r.result.entries.keys()]);
      return {
        table: { rows, view: {} },
        tally: tallyOf(results.map((r) => r.result)),
        errors: {
          unknown: () => new OutcomeUnknownError('unknown'),
          interrupted: () => new InterruptedError('interrupted', 'SIGINT'),
          partial: () => new PartialError('partly'),
          refused: () => new FiscoError('refused', ExitCode.rejected),
        },
        success: 'all done',
      };
    },
  };
}

describe('runJob, the one runner of every write command', () => {
  it('asks the confirmation once for every part, then runs the parts in order, each with its progress cleared', async () => {
    const { factory, events } = fakeFactory();
    await runJob(factory, job(events, [part(events, 'A', ['done', 'done']), part(events, 'B', ['done'])], confirmation(events, true)));
    expect(events).toEqual([
      'asked',
      'open test/A',
      'send A-1',
      'progress 1/2 A-1',
      'send A-2',
      'progress 2/2 A-2',
      'progress done',
      'open test/B',
      'send B-1',
      'progress 1/1 B-1',
      'progress done',
      'table 3',
      'success all done',
    ]);
  });

  it('--yes passes the confirmation without asking; no terminal is exit 10 before any journal is opened', async () => {
    const yes = fakeFactory({ yes: true, canPrompt: false });
    await runJob(yes.factory, job(yes.events, [part(yes.events, 'A', ['done'])], confirmation(yes.events, false)));
    expect(yes.events).not.toContain('asked');
    expect(yes.events).toContain('send A-1');

    const none = fakeFactory({ canPrompt: false });
    const error = await runJob(none.factory, job(none.events, [part(none.events, 'A', ['done'])], confirmation(none.events, true))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotConfirmedError);
    expect((error as FiscoError).exitCode).toBe(ExitCode.notConfirmed);
    expect(none.events).toEqual([]);
  });

  it('a decline on the terminal is exit 10, nothing opened nor sent', async () => {
    const { factory, events } = fakeFactory();
    const error = await runJob(factory, job(events, [part(events, 'A', ['done'])], confirmation(events, false))).catch((e: unknown) => e);
    expect((error as FiscoError).exitCode).toBe(ExitCode.notConfirmed);
    expect(events).toEqual(['asked']);
  });

  it('a confirmation that needs the journal is asked after the first part opens it, and only once', async () => {
    const { factory, events } = fakeFactory();
    const needsJournal = (p: JobPart<Fate>): JobPart<Fate> => ({
      ...p,
      begin: async (journal) => ({ ...(await p.begin(journal))!, confirm: confirmation(events, true) }),
    });
    await runJob(factory, job(events, [needsJournal(part(events, 'A', ['done'])), needsJournal(part(events, 'B', ['done']))]));
    expect(events.filter((e) => e === 'asked' || e.startsWith('open') || e.startsWith('send'))).toEqual([
      'open test/A',
      'asked',
      'send A-1',
      'open test/B',
      'send B-1',
    ]);
  });

  it('the exit code is the worst outcome of all parts: one refused and others done is partial (11)', async () => {
    const { factory, events } = fakeFactory();
    const error = await runJob(factory, job(events, [part(events, 'A', ['refused']), part(events, 'B', ['done', 'done'])])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialError);
    expect((error as FiscoError).exitCode).toBe(ExitCode.partial);
    expect(events).toContain('table 3');
    expect(events).not.toContain('success all done');
  });

  it('an unknown outcome stops the run: later parts are not reached, and it is exit 9 even beside a refusal', async () => {
    const { factory, events } = fakeFactory();
    const error = await runJob(factory, job(events, [part(events, 'A', ['refused', 'unknown']), part(events, 'B', ['done'])])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as FiscoError).exitCode).toBe(ExitCode.outcomeUnknown);
    expect(events).not.toContain('open test/B');
    expect(events.filter((e) => e === 'progress done')).toHaveLength(1);
  });

  it('a part that ends the job (nothing to run) says nothing more: no table, no exit code of its own', async () => {
    const { factory, events } = fakeFactory();
    const quiet: JobPart<Fate> = { ...part(events, 'A', ['done']), begin: async () => undefined };
    await runJob(factory, job(events, [quiet, part(events, 'B', ['done'])]));
    expect(events).toEqual(['open test/A']);
  });

  it('a journal the job lets go itself (removed once settled) outlives the ending: a kill before the result is said leaves it', async () => {
    const { factory, events } = fakeFactory();
    const removed: JobPart<Fate> = {
      ...part(events, 'A', ['done']),
      async close(journal, failed) {
        events.push(`let go${failed ? ' (failed)' : ''}`);
        await journal.discard();
      },
    };
    await runJob(factory, job(events, [removed]));
    expect(events.slice(-3)).toEqual(['table 1', 'success all done', 'let go']);

    const thrown = fakeFactory();
    const failing: JobPart<Fate> = {
      ...part(thrown.events, 'A', ['done']),
      begin: async () => Promise.reject(new Error('begin failed')),
      async close(journal, failed) {
        thrown.events.push(`let go${failed ? ' (failed)' : ''}`);
        await journal.close();
      },
    };
    await expect(runJob(thrown.factory, job(thrown.events, [failing]))).rejects.toThrow('begin failed');
    expect(thrown.events).toEqual(['open test/A', 'progress done', 'let go (failed)']);
  });

  it('a result file that cannot be written is the run’s failure, after the table', async () => {
    const { factory, events } = fakeFactory({ yes: true });
    const base = job(events, [part(events, 'A', ['done'])]);
    const failing: Job<Fate> = {
      ...base,
      async end(results) {
        const ending = await base.end(results);
        return {
          ...ending,
          file: {
            path: join(dir, 'missing', 'dir', 'result.csv'),
            content: async () => 'x',
            failed: () => new FiscoError('cannot write', ExitCode.localWrite),
          },
        };
      },
    };
    const error = await runJob(factory, failing).catch((e: unknown) => e);
    expect((error as FiscoError).exitCode).toBe(ExitCode.localWrite);
    expect(events).toContain('table 1');
  });
});
