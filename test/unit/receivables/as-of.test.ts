/** Receivables on a past date (src/receivables/as-of.ts): issued by then, residues as the last snapshot by then saw them. */
import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../src/api/invoices.js';
import { asOfInvoices, basisNotes, snapshotOn, type ResidueHistory } from '../../../src/receivables/as-of.js';
import { ENGLISH, renderMessage } from '../../../src/i18n/message.js';

const inv = (id: string, issue_date: string, payment_status: Invoice['payment_status'], amount_due: string) =>
  ({ id, number: `${id}/2026`, issue_date, payment_status, amount_due, total_amount: '100.00', direction: 'outbound' }) as unknown as Invoice;

const TODAY = [inv('1', '2026-10-05', 'paid', '0.00'), inv('2', '2026-10-25', 'unpaid', '100.00'), inv('3', '2026-11-03', 'unpaid', '100.00')];
const ms = (date: string) => Date.parse(`${date}T10:00:00Z`);
const history: ResidueHistory = {
  residueSnapshots: () => [
    { gen: 1, atMs: ms('2026-10-20') },
    { gen: 2, atMs: ms('2026-11-20') },
  ],
  residuesAt: (_id, gen) => new Map(gen === 1 ? [['1', { status: 'partial', due: '60.00' }]] : [['1', { status: 'paid', due: '0.00' }]]),
};

describe('asOfInvoices', () => {
  it('today or later: the list as it is, the basis current', () => {
    const { invoices, basis } = asOfInvoices(TODAY, '2026-11-20', '2026-11-20', undefined);
    expect(invoices).toEqual(TODAY);
    expect(basis.kind).toBe('current');
    expect(basisNotes('Alfa', basis)).toEqual([]);
  });

  it('a past date with a snapshot: only invoices issued by then, each with the residue then; one the snapshot did not hold is named at today', () => {
    const snapshot = snapshotOn(history, 'acc_a', '2026-10-31');
    expect(snapshot?.date).toBe('2026-10-20');
    const { invoices, basis } = asOfInvoices(TODAY, '2026-10-31', '2026-11-20', snapshot);
    expect(invoices.map((i) => [i.id, i.payment_status, i.amount_due])).toEqual([
      ['1', 'partial', '60.00'],
      ['2', 'unpaid', '100.00'],
    ]);
    expect(basis).toEqual({ kind: 'snapshot', as_of: '2026-10-31', today: '2026-11-20', snapshot_date: '2026-10-20', todays: ['2/2026'] });
    const notes = basisNotes('Alfa', basis).map((m) => renderMessage(m, ENGLISH));
    expect(notes[0]).toContain('residues on 2026-10-31 as the sync of 2026-10-20 saw them');
    expect(notes[1]).toContain('2/2026');
  });

  it('a past date before every snapshot: issued by then, residues today, and the basis says so', () => {
    expect(snapshotOn(history, 'acc_a', '2026-10-19')).toBeUndefined();
    const { invoices, basis } = asOfInvoices(TODAY, '2026-10-19', '2026-11-20', undefined);
    expect(invoices.map((i) => i.id)).toEqual(['1']);
    expect(basis.kind).toBe('today');
    expect(renderMessage(basisNotes('Alfa', basis)[0]!, ENGLISH)).toContain("the service does not list an invoice's payments");
  });
});
