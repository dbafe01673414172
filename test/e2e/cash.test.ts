import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { ACCOUNT, buildScenario } from './dunning-world.js';

/**
 * `fisco cash` against the emulator (today 2026-11-20): the scenario's receivables land in their
 * weeks (overdue ones in the first), payables, F24s and deadlines go out, and the running balance is
 * the sum of the nets; with several companies the firm's weeks come last.
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
  buildScenario(h.emulator.store);
}, 60_000);
afterAll(async () => h?.close());

describe('fisco cash', () => {
  it('puts each flow in its week, overdue receivables without a payment history apart, with a running balance', async () => {
    const result = await h.run(['--account', ACCOUNT, 'cash', '--weeks', '6', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/No bank balance is known/);
    // Overdue: A1 1000.00 + A2 300.00 + B1 300.00 + C1 200.00 + D1 400.00, no mirror: apart, never in week 1.
    expect(result.stderr).toContain('overdue, date unknown: 2200.00 (invoices: 5), outside the weeks');
    const weeks = parseJson<any[]>(result.stdout);
    expect(weeks.map((w) => [w.week, w.from, w.to])).toEqual([
      [1, '2026-11-20', '2026-11-26'],
      [2, '2026-11-27', '2026-12-03'],
      [3, '2026-12-04', '2026-12-10'],
      [4, '2026-12-11', '2026-12-17'],
      [5, '2026-12-18', '2026-12-24'],
      [6, '2026-12-25', '2026-12-31'],
    ]);
    // B2 120.00 due 15/12 in week 4.
    expect(weeks[0].receivables).toBe('0.00');
    expect(weeks[3].receivables).toBe('120.00');
    let running = 0;
    for (const w of weeks) {
      const net = Number(w.receivables) - Number(w.payables) - Number(w.f24) - Number(w.deadlines);
      expect(Number(w.net)).toBeCloseTo(net, 2);
      running += Number(w.net);
      expect(Number(w.running)).toBeCloseTo(running, 2);
      for (const key of ['receivables', 'payables', 'f24', 'deadlines', 'net', 'running']) expect(w[key]).toMatch(/^-?\d+\.\d{2}$/);
    }
  });

  it("over a firm: every company's weeks, then the firm's", async () => {
    const result = await h.run(['--all-accounts', 'cash', '--weeks', '2', '-o', 'json'], { token: TOKENS.firm });
    expect(result.exitCode, result.stderr).toBe(11); // the demo firm cannot read one company's F24s
    const rows = parseJson<any[]>(result.stdout);
    const firm = rows.filter((r) => r.account_id === null);
    expect(firm).toHaveLength(2);
    expect(rows.slice(-2)).toEqual(firm);
    const companies = rows.filter((r) => r.account_id !== null && r.week === 1);
    expect(Number(firm[0].net)).toBeCloseTo(
      companies.reduce((n, r) => n + Number(r.net), 0),
      2,
    );
  });
});
