/**
 * `fisco cash` with a balance and a payment history (issue 41): --opening-balance in Italian form,
 * --from-statement with a real statement of ../shared/bank-statements/ (read in place), and an
 * overdue receivable placed on the day its client usually pays, from the payments the mirror saw.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_NOTICE, REQUIRE_BANK_STATEMENTS, bankStatementsDir } from '../unit/bank/real-files.js';
import { ACCOUNT, buildScenario, CLIENTS, invoice } from './dunning-world.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

interface Week {
  week: number;
  from: string;
  receivables: string;
  net: string;
  running: string;
}

let h: Harness;
const real = bankStatementsDir();
beforeAll(async () => {
  h = await harness();
  buildScenario(h.emulator.store);
  // Alfa's history: an invoice issued on 20/09, open at the first sync, paid before the second (on 21/11): 62 days.
  const paidLater = invoice(h.emulator.store, { number: 'SOL-A0/2026', issue: '2026-09-20', due: '2026-10-20', total: '100.00', client: CLIENTS.alfa });
  const first = await h.run(['--account', ACCOUNT, 'sync']);
  expect(first.exitCode, first.stderr).toBe(0);
  const paid = await fetch(`${h.emulator.url}/fatture/${paidLater.uuid}/pagamenti`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
    body: '{"amount":100.00}',
  });
  expect(paid.status, await paid.text()).toBe(201);
  const moved = await fetch(`${h.emulator.url}/__emulator/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"to":"2026-11-21"}',
  });
  expect(moved.status).toBe(200);
  const second = await h.run(['--account', ACCOUNT, 'sync']);
  expect(second.exitCode, second.stderr).toBe(0);
}, 60_000);
afterAll(async () => h?.close());

describe('fisco cash: balance and payment history', () => {
  it('--opening-balance in Italian form starts the running balance; an overdue invoice of a client with a history lands on its usual day, the rest apart', async () => {
    const result = await h.run(['--account', ACCOUNT, 'cash', '--weeks', '4', '--opening-balance', '1.234,50', '-o', 'json'], { lang: 'it' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('Il saldo progressivo parte dal saldo iniziale 1.234,50 € (--opening-balance).');
    const weeks = parseJson<Week[]>(result.stdout);
    expect(weeks[0]!.from).toBe('2026-11-21');
    // SOL-A2/2026 (Alfa, issued 01/10, residue 300.00, overdue since 31/10): 01/10 + 62 days = 02/12, week 2 (28/11–04/12).
    expect(weeks[1]!.receivables).toBe('300.00');
    expect(result.stderr).toContain('collocate nel giorno in cui il loro cliente paga di solito (i pagamenti visti dal mirror): SOL-A2/2026');
    // A1 1000.00 (Alfa, 01/12/2025 + 62 days is past) + B1 300.00 + C1 200.00 + D1 400.00: no history, apart.
    expect(result.stderr).toContain('scaduti, data sconosciuta: 1.900,00 € (fatture: 4), fuori dalle settimane');
    let running = '1234.50';
    for (const w of weeks) {
      running = (Math.round(Number(running) * 100 + Number(w.net) * 100) / 100).toFixed(2);
      expect(w.running).toBe(running);
    }
  });

  it('refuses a balance with both sources, a malformed amount, and over several companies (exit 2)', async () => {
    const both = await h.run(['--account', ACCOUNT, 'cash', '--opening-balance', '10', '--from-statement', 'x.xml']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--opening-balance and --from-statement: give one of them');
    const bad = await h.run(['--account', ACCOUNT, 'cash', '--opening-balance', 'dieci']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--opening-balance');
    const firm = await h.run(['--all-accounts', 'cash', '--opening-balance', '10'], { token: TOKENS.firm });
    expect(firm.exitCode).toBe(2);
    expect(firm.stderr).toMatch(/--opening-balance: a bank balance is one company's, and this run covers \d+ companies/);
  });

  describe.runIf(real !== undefined || REQUIRE_BANK_STATEMENTS)('with the real statements of ../shared/bank-statements/', () => {
    const file = (name: string) => {
      if (!real) throw new Error(MISSING_NOTICE);
      return join(real, name);
    };

    it("--from-statement takes an MT940's closing balance (:62F:) and a camt.053's (CLBD)", async () => {
      const mt940 = await h.run(['--account', ACCOUNT, 'cash', '--weeks', '1', '--from-statement', file('oca-ing.940'), '-o', 'json']);
      expect(mt940.exitCode, mt940.stderr).toBe(0);
      expect(mt940.stderr).toContain('The running balance starts from 564.35, the closing balance of');
      expect(mt940.stderr).toContain('NL77INGB0574908765 2014-02-20');
      const [week] = parseJson<Week[]>(mt940.stdout);
      expect(week!.running).toBe((Math.round(56435 + Number(week!.net) * 100) / 100).toFixed(2));
      const camt = await h.run(['--account', ACCOUNT, 'cash', '--weeks', '1', '--from-statement', file('subite-camt053-be-202411.xml')], { lang: 'it' });
      expect(camt.exitCode, camt.stderr).toBe(0);
      expect(camt.stderr).toContain('Il saldo progressivo parte da 87.539,12 €, il saldo di chiusura di');
    });

    it('a CSV export states no balance, and a balance in another currency is refused (exit 2)', async () => {
      const csv = await h.run(['--account', ACCOUNT, 'cash', '--from-statement', file('oca-sheet-meta-credit-debit.csv')]);
      expect(csv.exitCode).toBe(2);
      const sek = await h.run(['--account', ACCOUNT, 'cash', '--from-statement', file('genkgo-camt053.v2.minimal.xml')]);
      expect(sek.exitCode).toBe(2);
      expect(sek.stderr).toContain("its closing balance is in SEK; fisco's flows are in euro");
    });
  });

  describe.skipIf(real !== undefined || REQUIRE_BANK_STATEMENTS)('the real statements (not beside this clone)', () => {
    it.skip(MISSING_NOTICE, () => undefined);
  });
});
