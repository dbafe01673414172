import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { amount, normalizeAmounts } from '../../../src/api/amounts.js';
import { decodeAnswer } from '../../../src/api/decode.js';
import { invoiceSchema } from '../../../src/api/invoices.js';
import { listPage } from '../../../src/api/schemas.js';
import { UnexpectedAnswerError } from '../../../src/errors.js';
import { isCentExact } from '../../../src/domain/money.js';

/** An answer's JSON text decoded as the client decodes it: the literal goes through the real parser. */
const decoded = (literal: string) =>
  decodeAnswer({ method: 'GET', path: '/v1/x', status: 200, text: `{"amount": ${literal}}` }, z.looseObject({ amount })).amount;

describe('the one decoding rule for amounts', () => {
  it.each<[string, string]>([
    // float noise within a millionth of a cent is that cent
    ['0.30000000000000004', '0.30'],
    ['1e2', '100.00'],
    ['1E+2', '100.00'],
    ['-0', '0.00'],
    ['-0.0', '0.00'],
    ['100.1000000001', '100.10'],
    ['99.99999999999999', '100.00'],
    ['-12.299999999999999', '-12.30'],
    ['0.00000001', '0.00'],
    ['-0.000000001', '0.00'],
    // plain amounts
    ['1220.5', '1220.50'],
    ['7', '7.00'],
    ['0', '0.00'],
    // real digits past the cent: kept exactly, never rounded
    ['100.125', '100.125'],
    ['1.005', '1.005'],
    ['-3.0751', '-3.0751'],
    ['1e-7', '0.0000001'],
    ['0.000001', '0.000001'],
    // huge: an integer beyond 2^53 (kept exactly by the answer parser), a float beyond it
    ['123456789012345678901234567890', '123456789012345678901234567890.00'],
    ['1e21', '1000000000000000000000.00'],
    ['1.5e300', `15${'0'.repeat(299)}.00`],
    // strings: the same rule on the text as sent
    ['"0.30000000000000004"', '0.30'],
    ['"0.305"', '0.305'],
    ['"100.1250"', '100.125'],
    ['"100.120"', '100.12'],
    ['"1e2"', '100.00'],
    ['".5"', '0.50'],
    ['"-3"', '-3.00'],
  ])('%s → %s', (literal, want) => {
    expect(decoded(literal)).toBe(want);
  });

  it.each(['"abc"', '"12,50"', '"1.234,56"', '""', '" 12"', 'true', '{}', '[]', '"1e999"', `"${'9'.repeat(500)}"`])(
    '%s is not an amount: exit 8',
    (literal) => {
      let caught: unknown;
      try {
        decoded(literal);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(UnexpectedAnswerError);
      expect((caught as UnexpectedAnswerError).exitCode).toBe(8);
      expect((caught as Error).message).toMatch(/amount: not an amount/);
    },
  );

  it('null stays null where the contract allows it', () => {
    expect(decodeAnswer({ method: 'GET', path: '/v1/x', status: 200, text: '{"a": null}' }, z.looseObject({ a: amount.nullable() })).a).toBeNull();
  });

  it('isCentExact tells a computation which decoded amounts it may use', () => {
    for (const ok of ['0.30', '100.00', '12', '-5.5', '100.1200']) expect(isCentExact(ok), ok).toBe(true);
    for (const no of ['100.125', '0.0000001', '1.005']) expect(isCentExact(no), no).toBe(false);
  });

  it('a page holding a 3-decimal amount and a noisy float decodes whole: nothing stops the page', () => {
    const item = (id: string, total: string) =>
      `{"id":"${id}","number":"${id}/2026","issue_date":"2026-11-01","total_amount":${total},"payment_status":"unpaid","amount_paid":0,"amount_due":${total},"sdi_status":"sent"}`;
    const text = `{"data":[${item('1', '100.125')},${item('2', '0.30000000000000004')},${item('3', '"12.50"')}],"meta":{"next_page":null}}`;
    const page = decodeAnswer({ method: 'GET', path: '/v1/invoices', status: 200, text }, listPage(invoiceSchema));
    expect(page.data.map((i) => [i.total_amount, i.amount_due])).toEqual([
      ['100.125', '100.125'],
      ['0.30', '0.30'],
      ['12.50', '12.50'],
    ]);
  });
});

describe('normalizeAmounts', () => {
  it('applies the rule to the listed fields, nested too', () => {
    const record = { total_amount: 1220.5, amount_paid: '100', invoice: { amount_due: 0.1 + 0.2 }, extra: 100.125, other: 3.5, missing: null };
    expect(normalizeAmounts(record, ['total_amount', 'amount_paid', 'invoice.amount_due', 'extra', 'missing', 'absent.x'])).toEqual({
      total_amount: '1220.50',
      amount_paid: '100.00',
      invoice: { amount_due: '0.30' },
      extra: '100.125',
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

describe("the emulator's float noise is always noise", () => {
  it('every noisy amount decodes to its cent, from 0.01 to a million', async () => {
    const { noisy } = await import('../../../src/emulator/quirks.js');
    const { normalizeAmount } = await import('../../../src/domain/money.js');
    for (let cents = 1; cents <= 100_000_000; cents = cents * 3 + 7) {
      const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      const sent = noisy(Number(text));
      expect(String(sent), text).not.toBe(String(Number(text)));
      expect(normalizeAmount(sent), text).toBe(text);
    }
  });
});
