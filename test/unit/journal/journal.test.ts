import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, JournalDamagedError, JournalError, journalPath, readJournal, type JournalHeader } from '../../../src/journal/journal.js';
import { readSeal } from '../../../src/journal/seal.js';
import { sharedLockPath } from '../../../src/journal/path.js';
import { ApiError } from '../../../src/errors.js';
import { resendTime, resolveEntry, runJournaled, type RunHooks, type Sent, type Settled, type SignalSource } from '../../../src/journal/run.js';

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
const rawLines = () => readFileSync(path, 'utf8').split('\n').slice(0, -1);
const writeLines = (ls: string[]) => writeFileSync(path, `${ls.join('\n')}\n`);

/** A journal of header + `n` entries (A1…An done), closed. */
async function journalOf(n: number): Promise<void> {
  const journal = await Journal.open(path, HEADER);
  for (let i = 1; i <= n; i++) await journal.write({ key: `A${i}`, state: 'done', result: { id: String(i) } });
  await journal.close();
}

describe('Journal: lines, lock, header', () => {
  it('places journals under the data folder with safe, distinct names', () => {
    expect(journalPath('/d', 'bank', ['default', 'acc_rossi'])).toBe('/d/journals/bank/default/acc_rossi.jsonl');
    const a = journalPath('/d', 'bank', ['p', 'acc/3']);
    const b = journalPath('/d', 'bank', ['p', 'acc_3']);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\/d\/journals\/bank\/p\/acc_3-[0-9a-f]{10}\.jsonl$/);
    expect(journalPath('/d', 'bank', ['..', ''])).toMatch(/^\/d\/journals\/bank\/_\.?-?[0-9a-f]*\//);
  });

  it('appends chained entries, reads back the latest per key, and keeps a header naming what it protects', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'sending', hash: 'h1' });
    await journal.write({ key: 'B', state: 'sending' });
    await journal.write({ key: 'A', state: 'done', hash: 'h1', result: { id: '7' } });
    await journal.close();
    const [header, ...entries] = lines();
    expect(header).toMatchObject({ journal: 'fisco', version: 2, seq: 0, kind: 'batch', id: 'b1', profile: 'default', account: 'acc_rossi' });
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(entries.every((e) => typeof e.prev === 'string' && e.prev.length === 32)).toBe(true);
    expect(entries[0].sentAt).toBe(entries[0].at);
    expect(readSeal(path)).toMatchObject({ seq: 3, began: header.created });
    const again = await Journal.open(path, HEADER);
    expect(again.get('A')).toMatchObject({ state: 'done', result: { id: '7' }, hash: 'h1' });
    expect(again.inFlight().map((e) => e.key)).toEqual(['B']);
    expect(again.entries().map((e) => e.key)).toEqual(['B', 'A']);
    await again.close();
  });

  it('drops a torn last line (a crash mid-append, never sealed)', async () => {
    await journalOf(1);
    appendFileSync(path, '{"seq":2,"prev":"x","key":"B","sta');
    const reopened = await Journal.open(path, HEADER);
    expect(reopened.get('B')).toBeUndefined();
    await reopened.write({ key: 'C', state: 'sending' });
    await reopened.close();
    expect(lines().map((l) => l.key ?? 'header')).toEqual(['header', 'A1', 'C']);
  });

  it('refuses another batch’s journal and a file that is not a journal (exit 2)', async () => {
    await journalOf(0);
    const error = await Journal.open(path, { ...HEADER, id: 'other' }).catch((e) => e);
    expect(error).toBeInstanceOf(JournalError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('belongs to batch b1 of profile default, company acc_rossi, not to batch other');
    writeFileSync(path, 'hello\n');
    await expect(Journal.open(path, HEADER)).rejects.toThrow('is not a fisco journal (line 1)');
  });

  it('two journals of the same work (two profile names for one token) take turns on the shared lock; both locks go at close', async () => {
    const shared = sharedLockPath(dir, 'https://api.example.it', 'bank', 'acc_rossi');
    expect(sharedLockPath(dir, 'https://api.example.it', 'bank', 'acc_rossi')).toBe(shared);
    expect(sharedLockPath(dir, 'http://127.0.0.1:9', 'bank', 'acc_rossi')).not.toBe(shared);
    const header = (profile: string): JournalHeader => ({ kind: 'bank', id: 'acc_rossi', profile, account: 'acc_rossi' });
    const first = await Journal.open(journalPath(dir, 'bank', ['a', 'acc_rossi']), header('a'), { sharedLock: shared });
    const second = journalPath(dir, 'bank', ['b', 'acc_rossi']);
    await expect(Journal.open(second, header('b'), { sharedLock: shared, lockTimeoutMs: 0 })).rejects.toThrow(
      /^the same work \(bank acc_rossi\) is in progress in fisco process \d+ on .*, perhaps under another profile name for this service; waited 0 s and sent nothing$/,
    );
    expect(existsSync(`${second}.lock`)).toBe(false); // refused before its own lock was taken
    // Another company's work does not wait.
    const other = await Journal.open(
      journalPath(dir, 'bank', ['b', 'acc_verdi']),
      { ...header('b'), id: 'acc_verdi', account: 'acc_verdi' },
      {
        sharedLock: sharedLockPath(dir, 'https://api.example.it', 'bank', 'acc_verdi'),
        lockTimeoutMs: 0,
      },
    );
    await other.close();
    await first.close();
    expect(existsSync(shared)).toBe(false);
    const turn = await Journal.open(second, header('b'), { sharedLock: shared, lockTimeoutMs: 0 });
    await turn.discard();
    expect(existsSync(shared)).toBe(false);
    expect(existsSync(`${second}.lock`)).toBe(false);
  });

  it('is locked between processes: a live owner is waited for, a dead one is taken over at once', async () => {
    const journal = await Journal.open(path, HEADER);
    await expect(Journal.open(path, HEADER, { lockTimeoutMs: 100 })).rejects.toThrow(/is in use by fisco process \d+ on .*; waited 0 s and sent nothing/);
    await journal.close();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const { hostname } = await import('node:os');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: Number(dead), host: hostname(), nonce: 'x', at: '2026-11-24T00:00:00Z' }));
    // At once: no wait allowed at all (lockTimeoutMs 0), so a lock not taken over would refuse the journal.
    const taken = await Journal.open(path, HEADER, { lockTimeoutMs: 0 });
    await taken.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('fsyncs a new journal into its folder, seals it, and a reader neither locks nor writes', async () => {
    await journalOf(2);
    const before = readFileSync(path, 'utf8');
    const holder = await Journal.open(path, HEADER);
    const read = readJournal(path, HEADER)!;
    expect(read.get('A2')).toMatchObject({ state: 'done' });
    expect(read.damage).toBeUndefined();
    await holder.close();
    appendFileSync(path, '{"seq":3,"prev"');
    const torn = readJournal(path, HEADER)!;
    expect(torn.entries()).toHaveLength(2);
    expect(readFileSync(path, 'utf8')).toBe(`${before}{"seq":3,"prev"`);
    expect(readJournal(join(dir, 'none.jsonl'), HEADER)).toBeUndefined();
  });
});

describe('Journal: a journal that checks itself', () => {
  const damaged = async (expected: RegExp) => {
    const error = await Journal.open(path, HEADER).catch((e) => e);
    expect(error).toBeInstanceOf(JournalDamagedError);
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(expected);
    expect(error.hints.join(' ')).toContain('--rebuild-from-service');
    return error as JournalDamagedError;
  };

  it('a line cut out of the middle breaks the chain at the line after it', async () => {
    await journalOf(5);
    const ls = rawLines();
    ls.splice(2, 1);
    writeLines(ls);
    await damaged(/damaged at line 3: it carries sequence number 3 where 2 belongs/);
  });

  it('a line edited (done to refused) breaks the chain; the last line edited breaks the seal', async () => {
    await journalOf(4);
    const ls = rawLines();
    writeLines(ls.map((l, i) => (i === 2 ? l.replace('"done"', '"refused"') : l)));
    await damaged(/damaged at line 3: line 4 does not follow it: it was edited/);
    writeLines(ls.map((l, i) => (i === ls.length - 1 ? l.replace('"done"', '"refused"') : l)));
    await damaged(/damaged at line 5: it is not the line that was written/);
  });

  it('the last lines lost, emptied, deleted: shorter than the seal', async () => {
    await journalOf(12);
    const ls = rawLines();
    writeLines(ls.slice(0, -10));
    await damaged(/the journal ends at line 3, but its seal says line 13 was written: its last lines are lost/);
    writeFileSync(path, '');
    await damaged(/the journal is empty, but its seal says 13 lines were written/);
    rmSync(path);
    await damaged(/the journal is missing \(deleted or moved\), but its seal says 13 lines were written/);
  });

  it('--rebuild-from-service keeps the verified lines, moves the damaged file aside and says so', async () => {
    await journalOf(6);
    const ls = rawLines();
    writeLines(ls.map((l, i) => (i === 4 ? l.replace('"done"', '"refused"') : l)));
    const lastWritten = readSeal(path)!.at;
    const said: string[] = [];
    const rebuilt = await Journal.open(path, HEADER, { rebuild: true, warn: (line) => said.push(String(line)) });
    expect(rebuilt.entries().map((e) => e.key)).toEqual(['A1', 'A2', 'A3']);
    expect(rebuilt.rebuilt?.aside).toMatch(/\.damaged-/);
    expect(rebuilt.rebuilt?.lastAt).toBe(lastWritten);
    expect(said.join('\n')).toMatch(/rebuilt the journal .* \(damaged at line 5: .*\) from its 3 verified lines; the damaged file is kept as/);
    await rebuilt.write({ key: 'A4', state: 'sending' });
    await rebuilt.close();
    expect(readdirSync(dirname(path)).filter((f) => f.includes('.damaged-'))).toHaveLength(1);
    const again = await Journal.open(path, HEADER);
    expect(again.entries().map((e) => e.key)).toEqual(['A1', 'A2', 'A3', 'A4']);
    await again.close();
    // A deleted journal rebuilds from nothing, keeping when it began.
    const began = readSeal(path)!.began;
    rmSync(path);
    const fresh = await Journal.open(path, HEADER, { rebuild: true });
    expect(fresh.entries()).toEqual([]);
    expect(fresh.began).toBe(began);
    await fresh.close();
  });

  it('reads a journal of an earlier fisco (version 1, no chain) and rewrites it in the checked format, saying so', async () => {
    const v1 = [
      JSON.stringify({ journal: 'fisco', version: 1, kind: 'batch', id: 'b1', profile: 'default', account: 'acc_rossi', created: '2026-11-01T00:00:00Z' }),
      JSON.stringify({ key: 'A', state: 'sending', at: '2026-11-01T00:00:01Z' }),
      JSON.stringify({ key: 'A', state: 'done', at: '2026-11-01T00:00:02Z', result: { id: '1' } }),
      JSON.stringify({ key: 'B', state: 'sending', at: '2026-11-01T00:00:03Z' }),
    ];
    mkdirSync(dirname(path), { recursive: true });
    writeLines(v1);
    const read = readJournal(path, HEADER)!;
    expect(read.unchained).toBe(true);
    expect(read.get('B')?.state).toBe('sending');
    const said: string[] = [];
    const journal = await Journal.open(path, HEADER, { warn: (line) => said.push(String(line)) });
    expect(said.join()).toMatch(/written by an earlier fisco, without the chain .* rewritten in the checked format/);
    expect(journal.get('B')).toMatchObject({ state: 'sending', at: '2026-11-01T00:00:03Z' });
    expect(journal.began).toBe('2026-11-01T00:00:00Z');
    await journal.close();
    expect(lines()[0]).toMatchObject({ version: 2, created: '2026-11-01T00:00:00Z' });
    expect(
      lines()
        .slice(1)
        .map((l) => l.seq),
    ).toEqual([1, 2, 3]);
  });

  it('a journal whose seal is lost is sealed again from its lines, with a warning', async () => {
    await journalOf(2);
    rmSync(`${path}.seal`);
    const said: string[] = [];
    const journal = await Journal.open(path, HEADER, { warn: (line) => said.push(String(line)) });
    expect(said.join()).toMatch(/seal .* was missing/);
    await journal.close();
    expect(readSeal(path)?.seq).toBe(2);
    expect(statSync(`${path}.seal`).size).toBe(512);
  });
});

function hooks(overrides: Partial<RunHooks<string>> = {}): RunHooks<string> & { sent: string[]; looked: string[][] } {
  const sent: string[] = [];
  const looked: string[][] = [];
  return {
    sent,
    looked,
    lookup: async (steps): Promise<Map<string, Settled>> => {
      looked.push(steps.map((s) => s.key));
      return new Map();
    },
    send: async (step): Promise<Sent> => {
      sent.push(step.key);
      return { state: 'done', result: { id: `id-${step.key}` } };
    },
    ...overrides,
  };
}

const steps = (...keys: string[]) => keys.map((key) => ({ key, hash: `hash-${key}`, item: key }));
const T = { timeoutMs: 100 };

describe('runJournaled', () => {
  it('looks every step not done up before the first send, writes sending before each request; a re-run sends nothing twice', async () => {
    const journal = await Journal.open(path, HEADER);
    const h = hooks({
      send: async (step) => {
        expect(journal.get(step.key)?.state).toBe('sending');
        expect(journal.get(step.key)?.timeoutMs).toBe(100);
        h.sent.push(step.key);
        return step.key === 'B' ? { state: 'refused', message: 'no' } : { state: 'done', result: { id: step.key } };
      },
    });
    const first = await runJournaled(journal, steps('A', 'B', 'C'), h, T);
    expect(h.looked).toEqual([['A', 'B', 'C']]);
    expect(first).toMatchObject({ sentNow: ['A', 'C'], refused: ['B'], alreadyDone: [], unresolved: [] });
    const again = hooks();
    const second = await runJournaled(journal, steps('A', 'B', 'C'), again, T);
    expect(again.looked).toEqual([['B']]);
    expect(second.alreadyDone).toEqual(['A', 'C']);
    expect(second.sentNow).toEqual(['B']);
    await journal.close();
  });

  it('a step the lookup finds is done without a request, whatever the journal said', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'refused', message: 'edited by hand' });
    const h = hooks({ lookup: async () => new Map([['A', { state: 'done', result: { id: 'found' } } as Settled]]) });
    const result = await runJournaled(journal, steps('A', 'B'), h, T);
    expect(result).toMatchObject({ found: ['A'], sentNow: ['B'] });
    expect(h.sent).toEqual(['B']);
    expect(journal.get('A')).toMatchObject({ state: 'done', result: { id: 'found' }, message: 'found on the service by the lookup' });
    await journal.close();
  });

  it('a lookup never gives a step the write another step holds: that step stays unknown, nothing sent', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'done', result: { id: 'w1' } });
    const h = hooks({
      writeOf: (result) => String(result.id),
      lookup: async () => new Map([['B', { state: 'done', result: { id: 'w1' } } as Settled]]),
    });
    const result = await runJournaled(journal, steps('A', 'B', 'C'), h, T);
    expect(result).toMatchObject({ found: [], unresolved: ['B'], sentNow: [] });
    expect(h.sent).toEqual([]);
    expect(journal.get('B')).toMatchObject({ state: 'unknown' });
    expect(journal.get('B')?.message).toMatch(/A already holds/);
    await journal.close();
  });

  it('refuses a step whose content changed since it was done', async () => {
    const journal = await Journal.open(path, HEADER);
    await runJournaled(journal, steps('A'), hooks(), T);
    const h = hooks();
    const result = await runJournaled(journal, [{ key: 'A', hash: 'edited', item: 'A' }], h, T);
    expect(result.changed).toEqual(['A']);
    expect(h.sent).toEqual([]);
    await journal.close();
  });

  it('a request that may still arrive is not sent again before its deadline plus the margin', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'sending', hash: 'hash-A', timeoutMs: 2_000 });
    const sentAt = journal.get('A')!.sentAt!;
    expect(resendTime(sentAt, 2_000)).toBe(Date.parse(sentAt) + 2_000 + 5_000);
    expect(resendTime(sentAt, 30_000)).toBe(Date.parse(sentAt) + 60_000);
    const h = hooks();
    const early = await runJournaled(journal, steps('A', 'B'), h, T);
    expect(early.waiting).toEqual([{ key: 'A', until: Date.parse(sentAt) + 7_000 }]);
    expect(early.sentNow).toEqual(['B']);
    expect(h.sent).toEqual(['B']);
    expect(journal.get('A')).toMatchObject({ state: 'absent', sentAt, timeoutMs: 2_000 });
    // Past its time: looked up again right before the resend, then sent.
    const later = hooks();
    const result = await runJournaled(journal, steps('A', 'B'), later, { ...T, now: () => Date.parse(sentAt) + 7_001 });
    expect(later.looked).toEqual([['A'], ['A']]);
    expect(result.sentNow).toEqual(['A']);
    await journal.close();
  });

  it('--wait sleeps until the time has come, then looks again: an arrival is found, not sent', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'sending', hash: 'hash-A', timeoutMs: 100 });
    const sentAt = Date.parse(journal.get('A')!.sentAt!);
    let arrived = false;
    const waits: number[] = [];
    const h = hooks({
      lookup: async () => (arrived ? new Map([['A', { state: 'done', result: { id: 'late' } } as Settled]]) : new Map()),
    });
    const offset = 5_000 - 150; // 150 ms before the time comes
    setTimeout(() => (arrived = true), 50);
    const result = await runJournaled(journal, steps('A'), h, { ...T, wait: true, now: () => Date.now() + offset, onWait: (w) => waits.push(w.until) });
    expect(waits).toEqual([sentAt + 5_100]);
    expect(result).toMatchObject({ found: ['A'], waiting: [], sentNow: [] });
    expect(h.sent).toEqual([]);
    await journal.close();
  });

  it('steps of one serial key (an invoice) wait behind the one whose request may still arrive', async () => {
    const journal = await Journal.open(path, HEADER);
    await journal.write({ key: 'A', state: 'unknown', hash: 'hash-A', timeoutMs: 1_000, sentAt: new Date().toISOString() });
    const h = hooks({ serialKey: (step) => (step.key === 'C' ? 'other' : 'invoice-1') });
    const result = await runJournaled(journal, steps('A', 'B', 'C'), h, T);
    expect(result.waiting.map((w) => [w.key, w.behind])).toEqual([
      ['A', undefined],
      ['B', 'A'],
    ]);
    expect(h.sent).toEqual(['C']);
    await journal.close();
  });

  it('an unknown outcome is looked up at once: found is done, absent waits; unknown stops before the next write', async () => {
    const journal = await Journal.open(path, HEADER);
    let found = true;
    const h = hooks({
      send: async (step) => (step.key !== 'C' ? { state: 'unknown', message: 'connection dropped' } : { state: 'done', result: {} }),
      lookup: async (asked) => new Map(found && asked.length === 1 && asked[0].key === 'A' ? [['A', { state: 'done', result: { id: 'x' } } as Settled]] : []),
    });
    const result = await runJournaled(journal, steps('A', 'B', 'C'), h, T);
    expect(result).toMatchObject({ sentNow: ['A', 'C'] });
    expect(result.waiting.map((w) => w.key)).toEqual(['B']);
    found = false;
    const stuck = hooks({
      send: async () => ({ state: 'unknown', message: 'dropped' }),
      lookup: async (asked) => new Map(asked.length === 1 ? [[asked[0].key, { state: 'unknown', message: 'still' } as Settled]] : []),
    });
    const stopped = await runJournaled(journal, steps('D', 'E'), stuck, T);
    expect(stopped.unresolved).toEqual(['D']);
    expect(journal.get('E')).toBeUndefined();
    await journal.close();
  });

  it('a write that throws is left unknown (a 4xx answer: refused) for the next run to settle', async () => {
    const journal = await Journal.open(path, HEADER);
    await expect(runJournaled(journal, steps('A'), hooks({ send: async () => Promise.reject(new Error('socket hang up')) }), T)).rejects.toThrow(
      'socket hang up',
    );
    expect(journal.get('A')).toMatchObject({ state: 'unknown', message: 'socket hang up' });
    const denied = new ApiError({ status: 401, message: 'token expired', method: 'POST', path: '/x' });
    await expect(runJournaled(journal, steps('B'), hooks({ send: async () => Promise.reject(denied) }), T)).rejects.toThrow('token expired');
    expect(journal.get('B')).toMatchObject({ state: 'refused' });
    await journal.close();
  });

  it('skips a step its check refuses, and stops after the write in flight on Ctrl-C; Ctrl-C ends a wait at once', async () => {
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
    const result = await runJournaled(journal, steps('A', 'B', 'C'), h, { ...T, signals });
    expect(result).toMatchObject({ skipped: ['A'], sentNow: ['B'], interrupted: 'SIGINT' });
    expect(h.sent).toEqual(['B']);
    expect(journal.get('C')).toBeUndefined();
    expect(listeners.size).toBe(0);
    await resolveEntry(journal, 'A', { state: 'absent' });
    expect(journal.get('A')).toMatchObject({ state: 'absent', message: 'settled by hand (--resolve)' });

    // W may still arrive for two minutes: the run waits, and Ctrl-C comes once it is asleep.
    await journal.write({ key: 'W', state: 'sending', timeoutMs: 60_000 });
    let settled = false;
    let settledAtSignal: boolean | undefined;
    let signalled!: () => void;
    const signalledAndOneTurnLater = new Promise<void>((resolve) => (signalled = resolve));
    const onWait = () =>
      setImmediate(() => {
        settledAtSignal = settled;
        listeners.get('SIGINT')!('SIGINT');
        setImmediate(signalled);
      });
    const running = runJournaled(journal, steps('W'), hooks(), { ...T, wait: true, signals, onWait });
    void running.finally(() => (settled = true));
    await signalledAndOneTurnLater;
    // At once: the run was still asleep when Ctrl-C came, and had ended before the event loop's next turn.
    expect(settledAtSignal).toBe(false);
    expect(settled).toBe(true);
    const waited = await running;
    expect(waited.interrupted).toBe('SIGINT');
    expect(waited.waiting.map((w) => w.key)).toEqual(['W']);
    await journal.close();
  });
});
