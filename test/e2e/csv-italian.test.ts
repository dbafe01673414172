/**
 * Excel-safe exports: the Italian CSV dialect opened with a real spreadsheet reader (SheetJS, the
 * `xlsx` package). Invoice numbers, VAT numbers, postal codes and ids are text cells holding
 * exactly what the service sent (1/2026 is no date, 02345678904 keeps its zero), booleans are
 * sì/no, every header is Italian; json, ndjson and the RFC csv keep the API's names and values.
 * The dialect comes from --csv-dialect, FISCO_CSV_DIALECT or the profile (`fisco auth set`).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toItalianDate } from '../../src/domain/dates.js';
import { ITALIAN_HEADERS } from '../../src/output/headers-it.js';
import { INVOICE_FIELDS } from '../../src/api/invoices.js';
import { CLIENT_FIELDS } from '../../src/api/clients.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

type Cell = { t: string; v: unknown; w?: string };

/**
 * The CSV as a spreadsheet reads it: rows of cells (type and value), the BOM and `;` taken as Excel
 * does. `raw`: every cell as the text the file holds (SheetJS reads dates the American way, m/d/y).
 */
function spreadsheet(csv: string, raw = false): Cell[][] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const book = XLSX.read(Buffer.from(csv, 'utf8'), { type: 'buffer', FS: ';', raw });
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  const rows: Cell[][] = [];
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: Cell[] = [];
    for (let c = range.s.c; c <= range.e.c; c++) row.push((sheet[XLSX.utils.encode_cell({ r, c })] as Cell | undefined) ?? { t: 'z', v: undefined });
    rows.push(row);
  }
  return rows;
}

const headerText = (cell: Cell) => String(cell.v).replace(/^\uFEFF/, '');

interface Invoice {
  id: string;
  number: string;
  issue_date: string;
  counterpart: { name: string; vat_number: string };
  total_amount: string;
  overdue: boolean;
  uuid: string;
}

describe('invoice list -o csv --csv-dialect it, read by a spreadsheet', () => {
  it('numbers, VAT numbers and ids are text cells, exactly as sent; booleans sì/no; dates dd/mm/yyyy; amounts with a decimal comma; Italian headers', async () => {
    const args = ['invoice', 'list', '--per-page', '60'];
    const json = parseJson<Invoice[]>((await h.run([...args, '-o', 'json'])).stdout);
    const result = await h.run([...args, '-o', 'csv', '--csv-dialect', 'it']);
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, ...rows] = spreadsheet(result.stdout);
    const texts = spreadsheet(result.stdout, true).slice(1);
    const labels = header!.map(headerText);
    expect(labels).toEqual(INVOICE_FIELDS.map((f) => ITALIAN_HEADERS[f]));
    expect(labels.slice(0, 6)).toEqual(['ID', 'ID azienda', 'Direzione', 'Numero', 'Data emissione', 'Controparte']);
    const col = (field: string) => INVOICE_FIELDS.indexOf(field as (typeof INVOICE_FIELDS)[number]);
    expect(rows).toHaveLength(json.length);
    // The demo has VAT numbers with a leading zero and numbers a spreadsheet would read as dates.
    expect(json.some((i) => i.counterpart.vat_number.startsWith('0'))).toBe(true);
    rows.forEach((row, n) => {
      const invoice = json[n]!;
      for (const [field, value] of [
        ['number', invoice.number],
        ['counterpart.vat_number', invoice.counterpart.vat_number],
        ['id', String(invoice.id)],
        ['uuid', invoice.uuid],
      ] as const)
        expect(row[col(field)], `${field} of ${invoice.number}`).toMatchObject({ t: 's', v: value });
      expect(row[col('overdue')]).toMatchObject({ t: 's', v: invoice.overdue ? 'sì' : 'no' });
      expect(texts[n]![col('issue_date')]!.v).toBe(toItalianDate(invoice.issue_date));
      // An amount stays a number cell (not text): its written form has the decimal comma.
      const amount = row[col('total_amount')]!;
      expect(amount.t).toBe('n');
      expect(amount.w).toBe(invoice.total_amount.replace('.', ','));
    });
  });

  it('clients: a postal code and a VAT number keep their leading zeros', async () => {
    const result = await h.run(['clients', 'list', '--per-page', '100', '-o', 'csv', '--csv-dialect', 'it']);
    expect(result.exitCode, result.stderr).toBe(0);
    const [header, ...rows] = spreadsheet(result.stdout);
    const labels = header!.map(headerText);
    for (const field of CLIENT_FIELDS) expect(labels).toContain(ITALIAN_HEADERS[field]);
    const cap = labels.indexOf('CAP');
    const zeros = rows.filter((r) => String(r[cap]!.v).startsWith('0'));
    expect(zeros.length).toBeGreaterThan(0);
    for (const row of zeros) expect(row[cap]).toMatchObject({ t: 's', v: expect.stringMatching(/^0\d{4}$/) });
  });

  it('the RFC csv and json are untouched: the API names and values', async () => {
    const rfc = await h.run(['invoice', 'list', '--per-page', '3', '-o', 'csv']);
    const lines = rfc.stdout.split('\r\n');
    expect(lines[0]).toBe(INVOICE_FIELDS.join(','));
    expect(rfc.stdout).not.toContain('="');
    expect(rfc.stdout).toMatch(/,(true|false),/);
    const json = parseJson<Invoice[]>((await h.run(['invoice', 'list', '--per-page', '3', '-o', 'json'])).stdout);
    expect(typeof json[0]!.overdue).toBe('boolean');
  });
});

describe('where the dialect comes from', () => {
  const italian = (text: string) => text.startsWith('\uFEFFID;');

  it('FISCO_CSV_DIALECT=it, unless --csv-dialect says otherwise; a bad value is exit 2 naming the variable, nothing sent', async () => {
    const env = { FISCO_CSV_DIALECT: 'it' };
    const flag = await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv', '--csv-dialect', 'it']);
    const viaEnv = await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv'], { env });
    expect(viaEnv.stdout).toBe(flag.stdout);
    expect(italian(viaEnv.stdout)).toBe(true);
    const overridden = await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv', '--csv-dialect', 'rfc'], { env });
    expect(overridden.stdout.startsWith('id,name,')).toBe(true);
    const mark = h.mark();
    const bad = await h.run(['clients', 'list', '-o', 'csv'], { env: { FISCO_CSV_DIALECT: 'excel' } });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("FISCO_CSV_DIALECT: unknown dialect 'excel'; use rfc (RFC 4180) or it");
    expect(mark()).toEqual([]);
  });

  it('the profile: fisco auth set csv-dialect it; --csv-dialect and FISCO_CSV_DIALECT still win', async () => {
    const env = { FISCO_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'fisco-csv-profile-')) };
    const asProfile = { env, token: null, baseUrl: null };
    const login = await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url], { ...asProfile, input: TOKENS.prod });
    expect(login.exitCode, login.stderr).toBe(0);
    const before = await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv'], asProfile);
    expect(before.stdout.startsWith('id,name,')).toBe(true);

    const set = await h.run(['auth', 'set', 'csv-dialect', 'it'], asProfile);
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toContain('Profile rossi-consulting-srl-production: CSV in the Italian dialect');
    const listed = parseJson<{ name: string; csv_dialect: string | null }[]>((await h.run(['auth', 'list', '-o', 'json'], asProfile)).stdout);
    expect(listed).toEqual([expect.objectContaining({ name: 'rossi-consulting-srl-production', csv_dialect: 'it' })]);

    expect(italian((await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv'], asProfile)).stdout)).toBe(true);
    const flag = await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv', '--csv-dialect', 'rfc'], asProfile);
    expect(flag.stdout.startsWith('id,name,')).toBe(true);
    const variable = await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv'], { ...asProfile, env: { ...env, FISCO_CSV_DIALECT: 'rfc' } });
    expect(variable.stdout.startsWith('id,name,')).toBe(true);

    const wrong = await h.run(['auth', 'set', 'csv-dialect', 'excel'], asProfile);
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain("csv-dialect: unknown dialect 'excel'; use it");
    const unknown = await h.run(['auth', 'set', 'colour', 'on'], asProfile);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("unknown setting 'colour'; a profile has: csv-dialect");
    const back = await h.run(['auth', 'set', 'csv-dialect', 'rfc'], asProfile);
    expect(back.exitCode).toBe(0);
    expect((await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv'], asProfile)).stdout.startsWith('id,name,')).toBe(true);
  });

  it('auth set without a profile says how to get one, and names FISCO_CSV_DIALECT', async () => {
    const env = { FISCO_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'fisco-csv-none-')) };
    const result = await h.run(['auth', 'set', 'csv-dialect', 'it'], { env, token: null, baseUrl: null });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('no profile is in use');
    expect(result.stderr).toContain('FISCO_CSV_DIALECT=it');
  });
});
