import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../src/api/invoices.js';
import { explainRefusal } from '../../../src/commands/invoice/pay.js';

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
