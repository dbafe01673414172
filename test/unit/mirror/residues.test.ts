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
});
