import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, JournalError, journalPath, type JournalHeader } from '../../../src/journal/journal.js';
import { resolveEntry, runJournaled, type RunHooks, type Sent, type Settled, type SignalSource } from '../../../src/journal/run.js';

const HEADER: JournalHeader = { kind: 'batch', id: 'b1', profile: 'default', account: 'acc_rossi' };
let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-journal-'));
  path = journalPath(dir, 'batch', ['default', 'b1']);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lines = () =>
  readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));

describe('Journal', () => {
  it('places journals under the data folder with safe, distinct names', () => {
    expect(journalPath('/d', 'bank', ['default', 'acc_rossi'])).toBe('/d/journals/bank/default/acc_rossi.jsonl');
    const a = journalPath('/d', 'bank', ['p', 'acc/3']);
    const b = journalPath('/d', 'bank', ['p', 'acc_3']);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\/d\/journals\/bank\/p\/acc_3-[0-9a-f]{10}\.jsonl$/);
    expect(journalPath('/d', 'bank', ['..', ''])).toMatch(/^\/d\/journals\/bank\/_\.?-?[0-9a-f]*\//);
  });

  it('appends entries, reads back the latest per key, and keeps a header naming what it protects', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'sending', hash: 'h1' });
    await journal.write({ key: 'B', state: 'sending' });
    await journal.write({ key: 'A', state: 'done', hash: 'h1', result: { id: '7' } });
    await journal.close();
    expect(lines()[0]).toMatchObject({ journal: 'fisco', version: 1, kind: 'batch', id: 'b1', profile: 'default', account: 'acc_rossi' });
    const again = await Journal.open(path, HEADER);
    expect(again.get('A')).toMatchObject({ state: 'done', result: { id: '7' }, hash: 'h1' });
    expect(again.inFlight().map((e) => e.key)).toEqual(['B']);
    expect(again.entries().map((e) => e.key)).toEqual(['B', 'A']);
    await again.close();
  });

  it('drops a torn last line (a crash mid-append) and refuses a corrupt line elsewhere', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'done' });
    await journal.close();
    appendFileSync(path, '{"key":"B","sta');
    const reopened = await Journal.open(path, HEADER);
    expect(reopened.get('B')).toBeUndefined();
    await reopened.write({ key: 'C', state: 'sending' });
    await reopened.close();
    expect(lines().map((l) => l.key ?? 'header')).toEqual(['header', 'A', 'C']);

    const text = readFileSync(path, 'utf8').split('\n');
    text.splice(1, 0, 'not json');
    writeFileSync(path, text.join('\n'));
    await expect(Journal.open(path, HEADER)).rejects.toThrow(/is corrupt at line 2; fisco left it unchanged and sent nothing/);
  });

  it('refuses another batch’s journal and a file that is not a journal (exit 2)', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.close();
    const error = await Journal.open(path, { ...HEADER, id: 'other' }).catch((e) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('belongs to batch b1 of profile default, company acc_rossi, not to batch other');
    writeFileSync(path, 'hello\n');
    await expect(Journal.open(path, HEADER)).rejects.toThrow('is not a fisco journal (line 1)');
  });

  it('is locked between processes: a live owner is waited for, a dead one is taken over at once', async () => {
    const journal = await Journal.open(path, HEADER);
    await expect(Journal.open(path, HEADER, { lockTimeoutMs: 100 })).rejects.toThrow(/is in use by fisco process \d+ on .*; waited 0 s and sent nothing/);
    await journal.close();
    // A lock left by a process that died (kill -9): its pid no longer runs.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const { hostname } = await import('node:os');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: Number(dead), host: hostname(), at: '2026-11-24T00:00:00Z' }));
    const started = Date.now();
    const taken = await Journal.open(path, HEADER, { lockTimeoutMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    await taken.close();
  });
});

function hooks(overrides: Partial<RunHooks<string>> = {}): RunHooks<string> & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    settle: async (): Promise<Settled> => ({ state: 'absent' }),
    send: async (step): Promise<Sent> => {
      sent.push(step.key);
      return { state: 'done', result: { id: `id-${step.key}` } };
    },
    ...overrides,
  };
}

const steps = (...keys: string[]) => keys.map((key) => ({ key, hash: `hash-${key}`, item: key }));

describe('runJournaled', () => {
  it('writes sending before each request and the outcome after; a re-run sends nothing twice', async () => {
    const journal = await Journal.open(path, HEADER);
    const h = hooks({
      send: async (step) => {
        expect(journal.get(step.key)?.state).toBe('sending');
        h.sent.push(step.key);
        return step.key === 'B' ? { state: 'refused', message: 'no' } : { state: 'done', result: { id: step.key } };
      },
    });
    const first = await runJournaled(journal, steps('A', 'B', 'C'), h);
    expect(first).toMatchObject({ sentNow: ['A', 'C'], refused: ['B'], alreadyDone: [], unresolved: [] });
    const second = await runJournaled(journal, steps('A', 'B', 'C'), hooks());
    expect(second.alreadyDone).toEqual(['A', 'C']);
    expect(second.sentNow).toEqual(['B']);
    await journal.close();
  });

  it('refuses a step whose content changed since it was done', async () => {
    const journal = await Journal.open(path, HEADER);
    await runJournaled(journal, steps('A'), hooks());
    const h = hooks();
    const result = await runJournaled(journal, [{ key: 'A', hash: 'edited', item: 'A' }], h);
    expect(result.changed).toEqual(['A']);
    expect(h.sent).toEqual([]);
    await journal.close();
  });

  it('settles what a dead run left in flight before sending anything; unresolved stops the run', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'sending', hash: 'hash-A', context: { snapshot: [1] } });
    const unknown = hooks({ settle: async () => ({ state: 'unknown', message: 'two candidates' }) });
    const stopped = await runJournaled(journal, steps('A', 'B'), unknown);
    expect(stopped.unresolved).toEqual(['A']);
    expect(unknown.sent).toEqual([]);
    expect(journal.get('A')).toMatchObject({ state: 'unknown', message: 'two candidates', context: { snapshot: [1] } });

    const found = hooks({ settle: async (entry) => ({ state: 'done', result: { id: 'found', snapshot: entry.context?.snapshot } }) });
    const resumed = await runJournaled(journal, steps('A', 'B'), found);
    expect(resumed.alreadyDone).toEqual(['A']);
    expect(found.sent).toEqual(['B']);
    expect(journal.get('A')?.result).toEqual({ id: 'found', snapshot: [1] });
    await journal.close();
  });

  it('settles an unknown outcome at once: absent is reported, unknown stops before the next write', async () => {
    const journal = await Journal.open(path, HEADER);
    const h = hooks({
      send: async (step) => (step.key === 'A' ? { state: 'unknown', message: 'connection dropped' } : { state: 'done', result: {} }),
      settle: async () => ({ state: 'absent' }),
    });
    expect(await runJournaled(journal, steps('A', 'B'), h)).toMatchObject({ absent: ['A'], sentNow: ['B'] });
    const stuck = hooks({ send: async () => ({ state: 'unknown', message: 'dropped' }), settle: async () => ({ state: 'unknown', message: 'still' }) });
    const result = await runJournaled(journal, steps('A', 'C', 'D'), stuck);
    expect(result.unresolved).toEqual(['A']);
    expect(journal.get('C')).toBeUndefined();
    await journal.close();
  });

  it('a write that throws is left unknown for the next run to settle', async () => {
    const journal = await Journal.open(path, HEADER);
    await expect(runJournaled(journal, steps('A'), hooks({ send: async () => Promise.reject(new Error('socket hang up')) }))).rejects.toThrow('socket hang up');
    expect(journal.get('A')).toMatchObject({ state: 'unknown', message: 'socket hang up' });
    await journal.close();
  });

  it('skips a step its check refuses, and stops after the write in flight on Ctrl-C', async () => {
    const journal = await Journal.open(path, HEADER);
    const listeners = new Map<string, (signal: NodeJS.Signals) => void>();
    const signals: SignalSource = { on: (s, l) => listeners.set(s, l), off: (s) => listeners.delete(s) };
    const h = hooks({
      check: async (step) => (step.key === 'A' ? 'the residue changed' : undefined),
      send: async (step) => {
        h.sent.push(step.key);
        listeners.get('SIGINT')!('SIGINT');
        return { state: 'done', result: {} };
      },
    });
    const result = await runJournaled(journal, steps('A', 'B', 'C'), h, { signals });
    expect(result).toMatchObject({ skipped: ['A'], sentNow: ['B'], interrupted: 'SIGINT' });
    expect(h.sent).toEqual(['B']);
    expect(journal.get('C')).toBeUndefined();
    expect(listeners.size).toBe(0);
    await resolveEntry(journal, 'A', { state: 'absent' });
    expect(journal.get('A')).toMatchObject({ state: 'absent', message: 'settled by hand (--resolve)' });
    await journal.close();
  });
});
