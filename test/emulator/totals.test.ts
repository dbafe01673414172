import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/emulator/errors.js';
import { checkDueDates, invoiceTotals, paidAtCreation } from '../../src/emulator/totals.js';
import { computeTotals } from '../../src/invoice/rules.js';

/**
 * The emulator computes an invoice's totals with its own code (src/emulator/totals.ts), apart from
 * fisco's preview (src/invoice/rules.ts): worked examples by the rules both follow (the e-invoice's
 * line amounts half-up to the cent, VAT once per rate on the rate's taxable amount, a global discount
 * shared in proportion), then the two held to the same answer on thousands of generated invoices, so
 * that where they ever part, this test names the invoice and the example shows which is right.
 */
const line = (quantita: string, prezzo: string, iva: string) => ({ nome: 'Servizio', quantita, prezzo, iva });

/** A seeded generator (mulberry32): the same invoices every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe("the emulator's own invoice arithmetic", () => {
  it('rounds each line half-up to the cent, then VAT once per rate on that rate’s taxable amount', () => {
    // 3 × 33.335 = 100.005 → 100.01; 7 × 0.145 = 1.015 → 1.02: taxable 101.03 at 22%, VAT 22.2266 → 22.23.
    expect(invoiceTotals([line('3', '33.335', '22'), line('7', '0.145', '22')], null)).toEqual({ taxable: '101.03', vat: '22.23', total: '123.26' });
    // Line by line the VAT would be 22.00 + 0.22 = 22.22: the rate's total is what the SDI checks.
    expect(invoiceTotals([line('1', '0.05', '22'), line('1', '0.05', '22'), line('1', '0.05', '22')], null)).toEqual({
      taxable: '0.15',
      vat: '0.03',
      total: '0.18',
    });
  });

  it('shares a global discount among the rates in proportion, the largest taking the rounding remainder', () => {
    // Taxable 100.00 at 22% and 50.00 at 10%, discount 10.00: shares 6.67 (remainder) and 3.33.
    // 93.33 × 22% = 20.5326 → 20.53; 46.67 × 10% = 4.667 → 4.67.
    expect(invoiceTotals([line('1', '100', '22'), line('1', '50', '10')], '10')).toEqual({ taxable: '140.00', vat: '25.20', total: '165.20' });
  });

  it('refuses what the service refuses, naming the field', () => {
    const field = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof ApiError ? error.extra.field : error;
      }
      return 'accepted';
    };
    expect(field(() => invoiceTotals([], null))).toBe('articoli');
    expect(field(() => invoiceTotals([line('1', '10', '22')], '10.01'))).toBe('sconto');
    expect(field(() => invoiceTotals([line('0', '10', '22')], null))).toBe('articoli[0].quantita');
    expect(field(() => checkDueDates([{ date: '2026-12-01', value: '60', type: 'percent' }], '100.00', '2026-11-01'))).toBe('scadenze');
    expect(field(() => checkDueDates([{ date: '2026-10-01', value: '100', type: 'amount' }], '100.00', '2026-11-01'))).toBe('scadenze[0].date');
    expect(
      checkDueDates(
        [
          { date: '2026-12-01', value: '40.00' },
          { date: '2027-01-01', value: '60' },
        ],
        '100.00',
        '2026-11-01',
      ),
    ).toEqual(['2026-12-01', '2027-01-01']);
    expect(field(() => paidAtCreation('100.01', '100.00'))).toBe('paid');
    expect(paidAtCreation('100', '100.00')).toBe('100.00');
  });

  it("agrees with fisco's preview on 2,000 generated invoices (rates, odd prices and quantities, discounts)", () => {
    const next = random(20261129);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
    const decimals = (max: number, places: number) => (Math.floor(next() * max * 10 ** places) / 10 ** places).toFixed(places).replace(/\.?0+$/, '') || '0';
    for (let n = 0; n < 2_000; n++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        line(String(Math.max(0.001, Number(decimals(50, pick([0, 0, 1, 3]))))), decimals(5_000, pick([0, 2, 3, 5, 8])), pick(['22', '10', '5', '4'])),
      );
      const preview = computeTotals(lines);
      const discount = next() < 0.3 ? (Math.floor(next() * Number(preview.taxable) * 100) / 100).toFixed(2) : null;
      const expected = discount === null ? preview : computeTotals(lines, discount);
      const service = invoiceTotals(lines, discount);
      expect({ n, lines, discount, ...service }).toEqual({ n, lines, discount, taxable: expected.taxable, vat: expected.vat, total: expected.total });
    }
  });
});
