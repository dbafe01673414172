// How much work the matcher does, counted rather than timed: every comparison of a payer's name with
// a client's goes through nameSimilarity (its only call), which this file counts. Speed itself is
// measured by `npm run bench` (bench/bank-match.js, as ratios).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { matchMovements } from '../../../src/bank/matcher.js';
import type { Movement, OpenInvoice } from '../../../src/bank/types.js';

const counted = vi.hoisted(() => ({ comparisons: 0 }));

vi.mock('../../../src/bank/remittance.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/bank/remittance.js')>();
  return {
    ...actual,
    nameSimilarity: (...args: Parameters<typeof actual.nameSimilarity>) => {
      counted.comparisons++;
      return actual.nameSimilarity(...args);
    },
  };
});

beforeEach(() => {
  counted.comparisons = 0;
});

function invoice(k: number, counterpartName: string): OpenInvoice {
  const amount = `${100 + (k % 9000)}.${String(k % 100).padStart(2, '0')}`;
  return { id: `w${k}`, uuid: `uuid-w${k}`, number: `${k + 1}/2026`, issueDate: '2026-10-01', counterpartName, totalAmount: amount, amountDue: amount };
}

function credit(k: number, amount: string, payer: string): Movement {
  return {
    key: `ref:W${k}`,
    source: { file: 'test.xml', format: 'camt.053', location: `Ntry[${k}]` },
    bookingDate: '2026-11-20',
    amount,
    currency: 'EUR',
    direction: 'credit',
    reversal: false,
    payer: { name: payer },
    remittance: 'bonifico',
    references: { bank: `W${k}` },
  };
}

/** The comparisons made for `payers` credits against 20,000 invoices of `clients` clients, all named "Studio Servizi <n> S.r.l." (n of three digits or more: a one-character word is no word). */
function comparisonsWith(clients: number, payers: number): number {
  const invoices = Array.from({ length: 20_000 }, (_, k) => invoice(k, `Studio Servizi ${100 + (k % clients)} S.r.l.`));
  const movements = Array.from({ length: payers }, (_, k) => credit(k, `${50_000 + k}.01`, `Studio Servizi Associati ${100 + k}`));
  counted.comparisons = 0;
  const out = matchMovements(movements, invoices, { feeTolerance: '0.00' });
  expect(out.every((p) => p.status === 'unmatched')).toBe(true);
  return counted.comparisons;
}

describe('the work of matching payers to clients', () => {
  it('a word every client has does not make each payer compare with every client', () => {
    // Each payer shares STUDIO and SERVIZI with every client but its number with one: it is compared
    // with that one only, however many clients share the common words (5,000, then 20,000).
    expect(comparisonsWith(5_000, 5_000)).toBe(5_000);
    expect(comparisonsWith(20_000, 5_000)).toBe(5_000);
  });

  it('a payer name seen again is not compared again', () => {
    const invoices = Array.from({ length: 2_000 }, (_, k) => invoice(k, `Studio Servizi ${100 + (k % 500)} S.r.l.`));
    const movements = Array.from({ length: 1_000 }, (_, k) => credit(k, `${50_000 + k}.01`, `Studio Servizi Associati ${100 + (k % 10)}`));
    matchMovements(movements, invoices, { feeTolerance: '0.00' });
    expect(counted.comparisons).toBe(10);
  });
});
