import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../src/api/invoices.js';
import { checkInexactResidue, explainRefusal as explainIn } from '../../../src/commands/invoice/pay.js';
import { english } from '../../shared/english.js';

/** The lines in English. */
const explainRefusal = (...args: Parameters<typeof explainIn>) => english(explainIn(...args));

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: '1',
  account_id: 'acc',
  direction: 'outbound',
  number: '7/2026',
  issue_date: '2026-11-01',
  counterpart: { name: 'Foo', vat_number: '00743110157' },
  total_amount: '122.00',
  payment_status: 'unpaid',
  amount_paid: '0.00',
  amount_due: '122.00',
  due_date: '2026-12-01',
  overdue: false,
  sdi_status: 'sent',
  sdi_error: null,
  last_sdi_update: '2026-11-01T10:00:00Z',
  url: 'u',
  ...over,
});

describe('explainRefusal: only what the looked-up invoice supports', () => {
  it('an amount over what is still due is explained with the residue', () => {
    expect(explainRefusal(invoice({ amount_due: '100.00', payment_status: 'partial' }), '100.01')).toEqual([
      'fisco: 100.01 is over what is still due on invoice 7/2026: 100.00 of 122.00 (payment status partial)',
    ]);
  });

  it('a void document is explained as void', () => {
    expect(explainRefusal(invoice({ sdi_status: 'rejected', payment_status: null }), '1.00')[0]).toMatch(
      /^fisco: invoice 7\/2026 is fiscally void \(SDI status rejected\)/,
    );
  });

  it('no payment status alone is not called unpayable: a debit note (TD05) takes payments', () => {
    const lines = explainRefusal(invoice({ payment_status: null }), '1.00');
    expect(lines[1]).toBe('no payment status: a credit note (TD04) takes no payments; a debit note (TD05) does, so the refusal may have another cause');
    expect(lines.join('\n')).not.toMatch(/^fisco: .*(credit note|cannot|no payment can)/m);
  });

  it('when nothing it found explains the refusal, only the facts', () => {
    expect(explainRefusal(invoice({}), '1.00')).toEqual([
      'fisco found invoice 7/2026: total 122.00, paid 0.00, still due 122.00, payment status unpaid, SDI status sent',
    ]);
  });
});

describe('a payment and the service own refusal, said once', () => {
  it('when the service message names the residue, fisco adds no second line saying the same', () => {
    const due = invoice({ amount_due: '100.00', payment_status: 'partial' });
    expect(explainRefusal(due, '100.01', 'The amount 100.01 exceeds the residue 100.00 of invoice 7/2026')).toEqual([]);
    expect(explainRefusal(due, '100.01', 'amount too large')).toHaveLength(1);
  });
});

describe('a residue with digits past the cent', () => {
  const inexact = invoice({ total_amount: '100.125', amount_due: '100.125' });

  it('a payment exactly below it is a part payment, sent with a note', () => {
    expect(String(checkInexactResidue(inexact, '100.12'))).toBe(
      'invoice 7/2026: its residue is 100.125 as the service sent it (digits past the cent); 100.12 is below it, a part payment',
    );
    expect(String(checkInexactResidue(inexact, '50.00'))).toMatch(/a part payment$/);
  });

  it('at or over it: exit 2, fisco cannot know which amount settles it', () => {
    for (const amount of ['100.13', '200.00']) expect(() => checkInexactResidue(inexact, amount)).toThrow(expect.objectContaining({ exitCode: 2 }));
    expect(() => checkInexactResidue(inexact, '100.13')).toThrow(/fisco cannot know which amount in cents settles it; nothing was sent/);
  });

  it('a residue in whole cents is left to the service', () => {
    expect(checkInexactResidue(invoice({}), '500.00')).toBeUndefined();
  });
});
