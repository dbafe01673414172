import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/io/lock.js';
import { sharedLockPath } from '../../src/journal/path.js';
import { addInvoice } from './bank-fixtures.js';
import { bankSuite } from './bank-suite.js';
import { parseJson } from './harness.js';

/**
 * What an audit of `bank match` found on small CSV exports: how the company was chosen said as it
 * was; a currency column named in other words (`Divisa operazione`, `Valuta (divisa)`) read, so that
 * a USD movement is refused as foreign currency, not matched as EUR.
 */
const suite = bankSuite('bank-audit');
let n = 0;

const run = (args: string[], folder = suite.data) => suite.h.run(args, { env: { FISCO_DATA_DIR: folder } });

function csv(text: string): string {
  const file = join(suite.dir, `movimenti-${++n}.csv`);
  writeFileSync(file, text);
  return file;
}

const MAPPING = ['--csv-date', 'Data', '--csv-amount', 'Importo', '--csv-description', 'Causale', '--csv-counterpart', 'Ordinante'];

function paymentsOn(uuid: string): string[] {
  const invoice = suite.h.emulator.store.invoices.find((i) => i.uuid === uuid)!;
  return suite.h.emulator.store.payments.filter((p) => p.invoiceId === invoice.id).map((p) => p.amount);
}

type Row = { status: string; amount: string; currency: string; skip_reason: string | null; invoices: string[] };

describe('which company, said as it was chosen', () => {
  it("a CSV without an IBAN and a company's token: the token's only company, not 'by the statement IBAN'", async () => {
    const file = csv('Data;Importo;Causale;Ordinante\n19/11/2026;10,00;giroconto;Nessuno\n');
    const only = await run(['bank', 'match', file, ...MAPPING, '-o', 'json']);
    expect(only.exitCode, only.stderr).toBe(0);
    expect(only.stderr).toContain("Company: Rossi Consulting S.r.l. (acc_rossi), the token's only company (the statement names no account IBAN)");
    expect(only.stderr).not.toContain('by the statement IBAN');
    const named = await run(['--account', 'acc_rossi', 'bank', 'match', file, ...MAPPING, '-o', 'json']);
    expect(named.exitCode, named.stderr).toBe(0);
    expect(named.stderr).toContain('Company: Rossi Consulting S.r.l. (acc_rossi), as named for the run (--account, FISCO_ACCOUNT or the profile');
  });
});

describe('a currency column named in other words', () => {
  it.each(['Divisa operazione', 'Valuta (divisa)', 'Währung', 'CCY'])('%s: a USD row is foreign currency, never matched or registered', async (header) => {
    const invoice = addInvoice(suite.h.emulator.store, 'acc_rossi', {
      number: 'CUR1/2026',
      client: 'Gamma Export S.r.l.',
      total: '1500.00',
      issueDate: '2026-10-01',
    });
    const file = csv(
      `Data;Data valuta;Importo;${header};Causale;Ordinante\n` +
        `19/11/2026;19/11/2026;1500,00;USD;saldo fatt. n. CUR1/2026;Gamma Export S.r.l.\n` +
        `19/11/2026;19/11/2026;10,00;EUR;giroconto;Nessuno\n`,
    );
    const plan = join(suite.dir, `plan-${++n}.json`);
    const match = await run(['bank', 'match', file, ...MAPPING, '--plan', plan, '-o', 'json']);
    expect(match.exitCode, match.stderr).toBe(0);
    const rows = parseJson<Row[]>(match.stdout);
    expect(rows.map((r) => [r.amount, r.currency, r.status, r.invoices])).toEqual([
      ['1500.00', 'USD', 'skipped', []],
      ['10.00', 'EUR', 'unmatched', []],
    ]);
    expect(rows[0]!.skip_reason).toMatch(/foreign currency/);
    expect(match.stderr).not.toMatch(/every amount is taken as EUR/);
    const apply = await run(['bank', 'apply', plan, '--yes', '--min-confidence', '0']);
    expect(apply.exitCode, apply.stderr).toBe(0);
    const paid = suite.h.emulator.store.invoices.find((i) => i.uuid === invoice.uuid)!;
    expect(suite.h.emulator.store.payments.filter((p) => p.invoiceId === paid.id)).toEqual([]);
  });
});

describe('a lost bank journal', () => {
  it('match says so once per company; apply holds a partial payment on an invoice already showing payments (exit 2, nothing sent) unless --trust-paid', async () => {
    const store = suite.h.emulator.store;
    const partly = addInvoice(store, 'acc_rossi', { number: 'LJ1/2026', client: 'Lambda Servizi S.r.l.', total: '1000.00', issueDate: '2026-10-01' });
    const unpaid = addInvoice(store, 'acc_rossi', { number: 'LJ2/2026', client: 'Kappa Impianti S.r.l.', total: '321.45', issueDate: '2026-10-02' });
    const acconto = '19/11/2026;400,00;acconto fatt. n. LJ1/2026;Lambda Servizi S.r.l.\n';
    const header = 'Data;Importo;Causale;Ordinante\n';
    // Monday, from this machine: the partial payment registered (its journal knows it).
    const monday = csv(header + acconto);
    const plan1 = join(suite.dir, `plan-${++n}.json`);
    const first = await run(['bank', 'match', monday, ...MAPPING, '--plan', plan1, '-o', 'json']);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr.match(/the bank journal records no earlier payment/g)).toHaveLength(1);
    expect((await run(['bank', 'apply', plan1, '--yes', '--min-confidence', '0.5'])).exitCode).toBe(0);
    expect(paymentsOn(partly.uuid)).toEqual(['400.00']);
    // The same folder knows it: no warning, the credit is already registered.
    const again = await run(['bank', 'match', monday, ...MAPPING, '-o', 'json']);
    expect(again.stderr).not.toMatch(/records no earlier payment/);
    expect(parseJson<Row[]>(again.stdout).map((r) => r.status)).toEqual(['already-registered']);

    // Another machine (a fresh suite.data folder) matches the statement of the week, the same credit in it.
    const elsewhere = join(suite.dir, `other-${++n}`);
    const week = csv(header + acconto + '20/11/2026;321,45;saldo fatt. n. LJ2/2026;Kappa Impianti S.r.l.\n');
    const plan2 = join(suite.dir, `plan-${++n}.json`);
    const match = await run(['bank', 'match', week, ...MAPPING, '--plan', plan2, '-o', 'json'], elsewhere);
    expect(match.exitCode, match.stderr).toBe(0);
    const warnings = match.stderr.split('\n').filter((l) => /records no earlier payment/.test(l));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^.*acc_rossi: the bank journal records no earlier payment \(.*: new, or lost\)/);
    expect(parseJson<Row[]>(match.stdout).map((r) => [r.status, r.invoices])).toEqual([
      ['proposed', ['LJ1/2026']],
      ['proposed', ['LJ2/2026']],
    ]);
    // With --min-confidence the partial payment is in: held, and nothing at all is sent.
    const sent = suite.h.mark();
    const held = await run(['bank', 'apply', plan2, '--yes', '--min-confidence', '0.5'], elsewhere);
    expect(held.exitCode).toBe(2);
    expect(held.stderr).toContain('1 partial or over-payment(s) on invoices that already show payments');
    expect(held.stderr).toMatch(/acc_rossi: a partial payment of 400\.00 on invoice LJ1\/2026, which already shows 400\.00 paid/);
    expect(held.stderr).toContain('--trust-paid');
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    expect(paymentsOn(partly.uuid)).toEqual(['400.00']);
    expect(paymentsOn(unpaid.uuid)).toEqual([]);

    // Exact fits only (the default): they go.
    const exact = await run(['bank', 'apply', plan2, '--yes'], elsewhere);
    expect(exact.exitCode, exact.stderr).toBe(0);
    expect(paymentsOn(unpaid.uuid)).toEqual(['321.45']);
    expect(paymentsOn(partly.uuid)).toEqual(['400.00']);

    // The person checked: a second acconto of 400.00 really came. --trust-paid registers it.
    const trusted = await run(['bank', 'apply', plan2, '--yes', '--min-confidence', '0.5', '--trust-paid'], elsewhere);
    expect(trusted.exitCode, trusted.stderr).toBe(0);
    expect(paymentsOn(partly.uuid)).toEqual(['400.00', '400.00']);
  }, 60_000);
});

describe('one company’s bank apply under two names for one token', () => {
  it('takes turns with a run of the same work under another profile name: refused (or waited for) while it holds it, nothing sent', async () => {
    const invoice = addInvoice(suite.h.emulator.store, 'acc_rossi', {
      number: 'TW1/2026',
      client: 'Omega Servizi S.r.l.',
      total: '250.00',
      issueDate: '2026-10-03',
    });
    const file = csv('Data;Importo;Causale;Ordinante\n19/11/2026;250,00;saldo fatt. n. TW1/2026;Omega Servizi S.r.l.\n');
    const plan = join(suite.dir, `plan-${++n}.json`);
    expect((await run(['bank', 'match', file, ...MAPPING, '--plan', plan, '-o', 'json'])).exitCode).toBe(0);
    // Another fisco (another profile name, its own journal) is applying for acc_rossi on this service.
    const lock = sharedLockPath(suite.data, suite.h.emulator.url, 'bank', 'acc_rossi');
    mkdirSync(dirname(lock), { recursive: true });
    const other = await acquireLock(lock, { timeoutMs: 0 });
    try {
      const sent = suite.h.mark();
      const refused = await suite.h.run(['bank', 'apply', plan, '--yes'], { env: { FISCO_DATA_DIR: suite.data, FISCO_LOCK_TIMEOUT_MS: '0' } });
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toMatch(
        /the same work \(bank acc_rossi\) is in progress in fisco process \d+ on .*, perhaps under another profile name for this service; waited 0 s and sent nothing/,
      );
      expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    } finally {
      other.release();
    }
    const applied = await run(['bank', 'apply', plan, '--yes']);
    expect(applied.exitCode, applied.stderr).toBe(0);
    expect(paymentsOn(invoice.uuid)).toEqual(['250.00']);
  });
});
