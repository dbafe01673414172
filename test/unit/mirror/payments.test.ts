/** What a change of an invoice proves about payments and `updated_since` (src/mirror/payments.ts). */
import { describe, expect, it } from 'vitest';
import { invoiceChange, provesMove, readingOf } from '../../../src/mirror/payments.js';

const before = {
  id: '42',
  number: '42/2026',
  counterpart: { name: 'Zeta', vat_number: 'IT01234567890' },
  total_amount: '100.00',
  payment_status: 'unpaid',
  amount_paid: '0.00',
  amount_due: '100.00',
  overdue: true,
  sdi_status: 'delivered',
  sdi_error: null,
  last_sdi_update: '2026-10-01T10:00:00Z',
};
const paid = { ...before, payment_status: 'partial', amount_paid: '40.00', amount_due: '60.00' };

describe('invoiceChange', () => {
  it('a payment alone, with or without its overdue moving', () => {
    expect(invoiceChange(before, paid)).toBe('payment');
    expect(invoiceChange(before, { ...paid, payment_status: 'paid', amount_paid: '100.00', amount_due: '0.00', overdue: false })).toBe('payment');
  });

  it('a payment with an SDI change, or any other field, is more than a payment', () => {
    expect(invoiceChange(before, { ...paid, sdi_status: 'accepted' })).toBe('payment-and-more');
    expect(invoiceChange(before, { ...paid, sdi_error: 'x' })).toBe('payment-and-more');
    expect(invoiceChange(before, { ...paid, last_sdi_update: '2026-10-02T10:00:00Z' })).toBe('payment-and-more');
    expect(invoiceChange(before, { ...paid, counterpart: { name: 'Zeta S.r.l.', vat_number: 'IT01234567890' } })).toBe('payment-and-more');
    expect(invoiceChange(before, { ...paid, pdf_url: 'https://x/1.pdf' })).toBe('payment-and-more');
  });

  it('no payment: another change, overdue alone, or nothing', () => {
    expect(invoiceChange(before, { ...before, sdi_status: 'accepted' })).toBe('other');
    expect(invoiceChange(before, { ...before, overdue: false })).toBe('other');
    expect(invoiceChange(before, { ...before })).toBe('none');
  });
});

describe('provesMove', () => {
  it('a payment alone listed by updated_since, its last SDI update before the cursor', () => {
    expect(provesMove('payment', paid, '2026-11-20T09:00:00Z')).toBe(true);
  });

  it('not when the SDI changed after the cursor (the listing is explained by it), nor for more than a payment, nor without a readable date', () => {
    expect(provesMove('payment', { ...paid, last_sdi_update: '2026-11-20T09:01:00Z' }, '2026-11-20T09:00:00Z')).toBe(false);
    expect(provesMove('payment-and-more', paid, '2026-11-20T09:00:00Z')).toBe(false);
    expect(provesMove('other', paid, '2026-11-20T09:00:00Z')).toBe(false);
    expect(provesMove('payment', { ...paid, last_sdi_update: 'soon' }, '2026-11-20T09:00:00Z')).toBe(false);
  });

  it('readingOf keeps only the two readings', () => {
    expect([readingOf('moves'), readingOf('stays'), readingOf(undefined), readingOf('maybe')]).toEqual(['moves', 'stays', undefined, undefined]);
  });
});
