import { describe, expect, it } from 'vitest';
import { normalizeAmounts } from '../../../src/api/amounts.js';

describe('normalizeAmounts', () => {
  it('turns JSON numbers and short strings into two-decimal strings, nested too', () => {
    const record = { total_amount: 1220.5, amount_paid: '100', invoice: { amount_due: 0.1 }, other: 3.5, missing: null };
    expect(normalizeAmounts(record, ['total_amount', 'amount_paid', 'invoice.amount_due', 'missing', 'absent.x'])).toEqual({
      total_amount: '1220.50',
      amount_paid: '100.00',
      invoice: { amount_due: '0.10' },
      other: 3.5,
      missing: null,
    });
  });

  it('leaves the original record untouched', () => {
    const record = { amount: 5 };
    normalizeAmounts(record, ['amount']);
    expect(record.amount).toBe(5);
  });
});
