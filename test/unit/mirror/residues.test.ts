/** The mirror's record of residues per sync (schema.ts migration 6): what a past date's receivables read. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KIND } from '../../../src/mirror/kinds.js';
import { sqlite } from '../../../src/mirror/sqlite.js';
import { Mirror } from '../../../src/mirror/store.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-residues-'));
  path = join(dir, 'mirror', 'p-production.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ACCOUNT = { id: 'acc_a', json: '{"id":"acc_a","name":"Alfa S.r.l."}', pos: 0 };
const at = (date: string) => ({ serviceMs: Date.parse(`${date}T10:00:00Z`), localMs: Date.parse(`${date}T10:00:00Z`) });
const invoice = (id: string, payment_status: string, amount_due: string) => ({
  id,
  number: `${id}/2026`,
  issue_date: '2026-10-01',
  total_amount: '100.00',
  payment_status,
  amount_due,
});

/** One sync holding exactly `records` (outbound invoices), snapshot taken, committed. */
function sync(mirror: Mirror, date: string, records: Record<string, unknown>[]) {
  const writer = mirror.beginSync(ACCOUNT, at(date), true);
  for (const r of records) writer.put(KIND.invoice, r, JSON.stringify(r), { part: 0 });
  writer.sweep(KIND.invoice, { part: 0 });
  writer.snapshotResidues();
  writer.commit({});
  return writer.gen;
}

describe('residue snapshots', () => {
  it('each sync is a snapshot; an invoice gets a row only when its residue changed; one no longer held is gone from later snapshots', () => {
    const mirror = Mirror.open(path, { create: true })!;
    const g1 = sync(mirror, '2026-10-10', [invoice('1', 'unpaid', '100.00'), invoice('2', 'partial', '40.00')]);
    const g2 = sync(mirror, '2026-10-20', [invoice('1', 'unpaid', '100.00'), invoice('2', 'paid', '0.00'), invoice('3', 'unpaid', '70.00')]);
    const g3 = sync(mirror, '2026-11-20', [invoice('1', 'paid', '0.00'), invoice('3', 'unpaid', '70.00')]);
    expect(mirror.residueSnapshots('acc_a')).toEqual([
      { gen: g1, atMs: at('2026-10-10').serviceMs },
      { gen: g2, atMs: at('2026-10-20').serviceMs },
      { gen: g3, atMs: at('2026-11-20').serviceMs },
    ]);
    expect(Object.fromEntries(mirror.residuesAt('acc_a', g1))).toEqual({ '1': { status: 'unpaid', due: '100.00' }, '2': { status: 'partial', due: '40.00' } });
    expect(Object.fromEntries(mirror.residuesAt('acc_a', g2))).toEqual({
      '1': { status: 'unpaid', due: '100.00' },
      '2': { status: 'paid', due: '0.00' },
      '3': { status: 'unpaid', due: '70.00' },
    });
    expect(Object.fromEntries(mirror.residuesAt('acc_a', g3))).toEqual({ '1': { status: 'paid', due: '0.00' }, '3': { status: 'unpaid', due: '70.00' } });
    mirror.close();
    // Only changes are stored: invoice 1 twice, 2 twice and once gone, 3 once.
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(path, { readOnly: true });
    expect((db.prepare('SELECT count(*) AS n FROM residues').get() as { n: number }).n).toBe(6);
    db.close();
  });

  it('a sync rolled back leaves no snapshot; a removed company takes its snapshots with it', () => {
    const mirror = Mirror.open(path, { create: true })!;
    sync(mirror, '2026-10-10', [invoice('1', 'unpaid', '100.00')]);
    const writer = mirror.beginSync(ACCOUNT, at('2026-10-11'), false);
    writer.snapshotResidues();
    writer.rollback();
    expect(mirror.residueSnapshots('acc_a')).toHaveLength(1);
    mirror.removeCompany('acc_a');
    expect(mirror.residueSnapshots('acc_a')).toEqual([]);
    mirror.close();
  });

  const rows = () => {
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(path, { readOnly: true });
    const all = db.prepare('SELECT id, gen, status, due FROM residues ORDER BY id, gen').all();
    db.close();
    return all.map((r) => ({ ...r }));
  };
  const history = (mirror: Mirror) => mirror.residueSnapshots('acc_a').map(({ gen }) => Object.fromEntries(mirror.residuesAt('acc_a', gen)));

  it('a first sync writes no row: each invoice held unchanged since is its own row, written when it changes or goes', () => {
    const mirror = Mirror.open(path, { create: true })!;
    const g1 = sync(mirror, '2026-10-10', [invoice('1', 'unpaid', '100.00'), invoice('2', 'partial', '40.00'), invoice('3', 'unpaid', '70.00')]);
    expect(rows()).toEqual([]);
    expect(Object.fromEntries(mirror.residuesAt('acc_a', g1))).toEqual({
      '1': { status: 'unpaid', due: '100.00' },
      '2': { status: 'partial', due: '40.00' },
      '3': { status: 'unpaid', due: '70.00' },
    });
    // A sync that did not read the outbound invoices' residues (no snapshot) changes invoice 1: its row at g1 is kept.
    const between = mirror.beginSync(ACCOUNT, at('2026-10-15'), false);
    between.put(KIND.invoice, invoice('1', 'paid', '0.00'), JSON.stringify(invoice('1', 'paid', '0.00')), { part: 0 });
    between.commit({});
    // Invoice 2 goes, 3 stays as it was.
    const g3 = sync(mirror, '2026-10-20', [invoice('1', 'paid', '0.00'), invoice('3', 'unpaid', '70.00')]);
    expect(rows()).toEqual([
      { id: '1', gen: g1, status: 'unpaid', due: '100.00' },
      { id: '1', gen: g3, status: 'paid', due: '0.00' },
      { id: '2', gen: g1, status: 'partial', due: '40.00' },
      { id: '2', gen: g3, status: '~gone', due: null },
    ]);
    expect(history(mirror)).toEqual([
      { '1': { status: 'unpaid', due: '100.00' }, '2': { status: 'partial', due: '40.00' }, '3': { status: 'unpaid', due: '70.00' } },
      { '1': { status: 'paid', due: '0.00' }, '3': { status: 'unpaid', due: '70.00' } },
    ]);
    // Invoice 1 went from open to paid (seen paid at g3); 3 never changed.
    expect(mirror.paidHistory('acc_a').map((p) => p.paidMs)).toEqual([at('2026-10-20').serviceMs]);
    // A new invoice after the first snapshot gets its row, and one gone and back is held again from then.
    const g4 = sync(mirror, '2026-11-01', [
      invoice('1', 'paid', '0.00'),
      invoice('3', 'unpaid', '70.00'),
      invoice('2', 'unpaid', '40.00'),
      invoice('4', 'unpaid', '5.00'),
    ]);
    expect(history(mirror).at(-1)).toEqual({
      '1': { status: 'paid', due: '0.00' },
      '2': { status: 'unpaid', due: '40.00' },
      '3': { status: 'unpaid', due: '70.00' },
      '4': { status: 'unpaid', due: '5.00' },
    });
    expect(
      rows()
        .filter((r) => r.gen === g4)
        .map((r) => r.id),
    ).toEqual(['2', '4']);
    mirror.close();
  });

  it('migration 7 drops the rows a schema 6 mirror wrote at its first snapshot that the records still say, and its history reads the same', () => {
    const mirror = Mirror.open(path, { create: true })!;
    const g1 = sync(mirror, '2026-10-10', [invoice('1', 'unpaid', '100.00'), invoice('2', 'partial', '40.00'), invoice('3', 'unpaid', '70.00')]);
    sync(mirror, '2026-10-20', [invoice('1', 'paid', '0.00'), invoice('3', 'unpaid', '70.00'), invoice('4', 'unpaid', '5.00')]);
    const before = { history: history(mirror), paid: mirror.paidHistory('acc_a') };
    const kept = rows();
    mirror.close();
    // As schema 6 wrote it: a row at the first snapshot for every invoice held then.
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(path);
    db.exec(`INSERT INTO residues (cid, id, gen, status, due) VALUES (1, '3', ${g1}, 'unpaid', '70.00');
      CREATE INDEX records_order ON records (cid, kind, part, d, n); PRAGMA user_version = 6`);
    db.close();
    expect(rows()).toHaveLength(kept.length + 1);

    const migrated = Mirror.open(path)!;
    expect(rows()).toEqual(kept);
    expect({ history: history(migrated), paid: migrated.paidHistory('acc_a') }).toEqual(before);
    migrated.close();
  });
});
