import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addInvoice } from './bank-fixtures.js';
import { harness, parseJson, type Harness } from './harness.js';

/**
 * What an audit of `bank match` found on small CSV exports: how the company was chosen said as it
 * was; a currency column named in other words (`Divisa operazione`, `Valuta (divisa)`) read, so that
 * a USD movement is refused as foreign currency, not matched as EUR.
 */
let h: Harness;
let dir: string;
let data: string;
let n = 0;

beforeAll(async () => {
  h = await harness();
  dir = mkdtempSync(join(tmpdir(), 'fisco-bank-audit-'));
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  h.emulator.reset();
  data = join(dir, `data-${++n}`);
});

const run = (args: string[]) => h.run(args, { env: { FISCO_DATA_DIR: data } });

function csv(text: string): string {
  const file = join(dir, `movimenti-${++n}.csv`);
  writeFileSync(file, text);
  return file;
}

const MAPPING = ['--csv-date', 'Data', '--csv-amount', 'Importo', '--csv-description', 'Causale', '--csv-counterpart', 'Ordinante'];

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
    const invoice = addInvoice(h.emulator.store, 'acc_rossi', {
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
    const plan = join(dir, `plan-${++n}.json`);
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
    const paid = h.emulator.store.invoices.find((i) => i.uuid === invoice.uuid)!;
    expect(h.emulator.store.payments.filter((p) => p.invoiceId === paid.id)).toEqual([]);
  });
});
