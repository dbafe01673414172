import { describe, expect, it } from 'vitest';
import { allocationsOnPaidInvoices, hasHistory } from '../../../src/bank/paid-guard.js';
import type { PlanProposal } from '../../../src/bank/plan.js';
import type { JournalEntry } from '../../../src/journal/journal.js';

const proposal = (fit: PlanProposal['fit'], uuid: string, amount = '100.00'): PlanProposal =>
  ({
    account: 'acc_rossi',
    movement: { key: `fp:2026-11-19/${uuid}` },
    status: 'proposed',
    fit,
    allocations: [{ invoiceId: uuid, uuid, number: `N-${uuid}`, amount, amountDueSeen: amount }],
  }) as unknown as PlanProposal;

describe('a lost bank journal', () => {
  it('a journal has history when it holds any line (a payment done, refused or in flight); none when missing or empty', () => {
    const line = (state: JournalEntry['state']): JournalEntry => ({ key: 'k', state, at: '2026-11-19T10:00:00.000Z' });
    expect(hasHistory(undefined)).toBe(false);
    expect(hasHistory([])).toBe(false);
    for (const state of ['done', 'refused', 'sending'] as const) expect(hasHistory([line(state)])).toBe(true);
  });

  it('holds only partial and over-payments on invoices that already show payments', () => {
    const paid = new Map([
      ['p', '50.00'],
      ['o', '10.00'],
      ['u', '0.00'],
    ]);
    const held = allocationsOnPaidInvoices(
      [proposal('partial', 'p'), proposal('over', 'o'), proposal('partial', 'u'), proposal('exact', 'p'), proposal('fee', 'p'), proposal('partial', 'gone')],
      (uuid) => paid.get(uuid),
    );
    expect(held.map((h) => [h.number, h.fit, h.amountPaid])).toEqual([
      ['N-p', 'partial', '50.00'],
      ['N-o', 'over', '10.00'],
    ]);
  });
});
