import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, journalPath, readJournal, type JournalHeader } from '../../../src/journal/journal.js';
import { moveProfileJournals } from '../../../src/journal/move.js';
import { acquireLock } from '../../../src/io/lock.js';

/**
 * A profile renamed by `auth login` (same token) takes every journal kept under its name along:
 * bank, batch, create, pay (and a dunning journal an earlier fisco kept per profile name), with
 * every line, its records in flight and its notes; the new name reads them as its own.
 */
let data: string;
beforeEach(() => {
  data = mkdtempSync(join(tmpdir(), 'fisco-journal-move-'));
});
afterEach(() => rmSync(data, { recursive: true, force: true }));

const bank = (profile: string): [string, JournalHeader] => [
  journalPath(data, 'bank', [profile, 'acc_rossi']),
  { kind: 'bank', id: 'acc_rossi', profile, account: 'acc_rossi' },
];
const batch = (profile: string): [string, JournalHeader] => [journalPath(data, 'batch', [profile, 'b-123']), { kind: 'batch', id: 'b-123', profile }];
const pay = (profile: string): [string, JournalHeader] => [
  journalPath(data, 'pay', [profile, 'acc_rossi', 'requests']),
  { kind: 'pay', id: 'acc_rossi', profile, account: 'acc_rossi' },
];

async function write(where: [string, JournalHeader], fill: (journal: Journal) => Promise<void>): Promise<void> {
  const journal = await Journal.open(...where);
  await fill(journal);
  await journal.close();
}

describe('moveProfileJournals', () => {
  it('moves every kind of journal to the new name, each record (in flight included), its history and notes kept, the old files gone', async () => {
    await write(bank('old'), async (j) => {
      await j.write({ key: 'credit-1', state: 'sending', hash: 'h1' });
      await j.write({ key: 'credit-1', state: 'done', hash: 'h1', result: { paid: '120.50' } });
      await j.write({ key: 'credit-2', state: 'sending', hash: 'h2' });
    });
    await write(batch('old'), async (j) => {
      await j.note('origin', { decision: 'adopt', at: '2026-11-20T10:00:00.000Z' });
      await j.write({ key: 'row-1', state: 'unknown', message: 'no answer' });
    });
    await write(pay('old'), async (j) => j.write({ key: 'req-1', state: 'done', result: { id: 'x' } }));
    const before = readJournal(bank('old')[0], bank('old')[1])!.entries();

    const moved = await moveProfileJournals(data, 'old', 'new');
    expect(moved.left).toEqual([]);
    expect(moved.moved.map((m) => m.to).sort()).toEqual([bank('new')[0], batch('new')[0], pay('new')[0]].sort());
    for (const where of [bank('old'), batch('old'), pay('old')]) {
      expect(existsSync(where[0])).toBe(false);
      expect(existsSync(`${where[0]}.seal`)).toBe(false);
    }
    // The new name opens them for writing as its own (chain and seal whole), with what they held.
    const b = await Journal.open(...bank('new'));
    expect(b.entries()).toEqual(before); // instants kept
    expect(b.inFlight().map((e) => e.key)).toEqual(['credit-2']);
    await b.close();
    const lines = readFileSync(bank('new')[0], 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.includes('"credit-1"'))).toHaveLength(2); // its history, not only its last state
    const j = await Journal.open(...batch('new'));
    expect(j.noteOf('origin')).toEqual({ decision: 'adopt', at: '2026-11-20T10:00:00.000Z' });
    expect(j.inFlightUntil).toBe('2026-11-20T10:00:00.000Z');
    expect(j.get('row-1')?.state).toBe('unknown');
    await j.close();
    expect((await Journal.open(...pay('new'))).get('req-1')?.state).toBe('done');
  });

  it('into a journal the new name has already: only what it lacks is added, never a record twice', async () => {
    await write(bank('old'), async (j) => {
      await j.write({ key: 'credit-1', state: 'done', result: { paid: '1' } });
      await j.write({ key: 'credit-2', state: 'sending' });
    });
    await write(bank('new'), async (j) => j.write({ key: 'credit-1', state: 'done', result: { paid: '1' } }));
    await moveProfileJournals(data, 'old', 'new');
    const journal = await Journal.open(...bank('new'));
    expect(journal.entries().map((e) => [e.key, e.state])).toEqual([
      ['credit-1', 'done'],
      ['credit-2', 'sending'],
    ]);
    await journal.close();
    expect(readFileSync(bank('new')[0], 'utf8').match(/"credit-1"/g)).toHaveLength(1);
    expect(existsSync(bank('old')[0])).toBe(false);
  });

  it('a damaged journal, or one in use, stays where it is, and is said', async () => {
    await write(bank('old'), async (j) => j.write({ key: 'credit-1', state: 'sending' }));
    await write(batch('old'), async (j) => j.write({ key: 'row-1', state: 'sending' }));
    writeFileSync(bank('old')[0], readFileSync(bank('old')[0], 'utf8').replace('credit-1', 'credit-9')); // edited
    const held = await acquireLock(`${batch('old')[0]}.lock`, { timeoutMs: 0 });
    const moved = await moveProfileJournals(data, 'old', 'new', { lockTimeoutMs: 0 });
    held.release();
    expect(moved.moved).toEqual([]);
    expect(moved.left.map((l) => l.path).sort()).toEqual([bank('old')[0], batch('old')[0]].sort());
    expect(String(moved.left.find((l) => l.path === bank('old')[0])!.why)).toMatch(/is damaged at line 2/);
    expect(String(moved.left.find((l) => l.path === batch('old')[0])!.why)).toMatch(/is in use by fisco/);
    expect(existsSync(bank('old')[0]) && existsSync(batch('old')[0])).toBe(true);
    expect(existsSync(bank('new')[0]) || existsSync(batch('new')[0])).toBe(false);
  });
});
