/** The Italian CSV dialect's cells: identifiers as text a spreadsheet keeps, sì/no, Italian headers; the RFC dialect unchanged. */
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { asSpreadsheetText, CsvWriter, spreadsheetWouldConvert } from '../../../src/output/csv.js';
import { ITALIAN_HEADERS, italianHeader } from '../../../src/output/headers-it.js';
import { ACCOUNT_FIELDS } from '../../../src/api/accounts.js';
import { CLIENT_FIELDS } from '../../../src/api/clients.js';
import { COST_CENTER_FIELDS } from '../../../src/api/cost-centers.js';
import { DEADLINE_FIELDS } from '../../../src/api/deadlines.js';
import { EVENT_FIELDS } from '../../../src/api/events.js';
import { EXPENSE_FIELDS } from '../../../src/api/expenses.js';
import { F24_FIELDS } from '../../../src/api/f24.js';
import { HOOK_FIELDS } from '../../../src/api/hooks.js';
import { INVOICE_FIELDS } from '../../../src/api/invoices.js';
import { PROPOSAL_FIELDS, RESULT_FIELDS } from '../../../src/commands/bank/view.js';
import { SUMMARY_COLUMNS } from '../../../src/report/expense-rows.js';
import { OVERVIEW_FIELDS } from '../../../src/report/overview.js';
import { RECEIVABLE_FIELDS } from '../../../src/receivables/ageing.js';
import { CASH_FIELDS } from '../../../src/commands/cash/cash.js';

function csv(dialect: 'rfc' | 'it', columns: string[], rows: Record<string, unknown>[], amounts: string[] = []): string {
  let text = '';
  const writer = new CsvWriter((chunk) => (text += chunk), dialect, columns, new Set(amounts));
  for (const row of rows) writer.row(row);
  writer.end();
  return text;
}

/** One cell as SheetJS reads it from a one-row Italian CSV. */
function cellOf(text: string): { t: string; v: unknown } {
  const sheet = XLSX.read(Buffer.from(`\uFEFFx\r\n${text}\r\n`, 'utf8'), { type: 'buffer', FS: ';' });
  return sheet.Sheets[sheet.SheetNames[0]!]!.A2 as { t: string; v: unknown };
}

describe('identifiers a spreadsheet would change', () => {
  it.each(['02345678904', '1/2026', '2026-10', '00184', '1.234', '12,5', '1E5', '10%', '12:30', 'TRUE', 'falso', '-3'])('%s is seen as such', (text) =>
    expect(spreadsheetWouldConvert(text)).toBe(true),
  );
  it.each(['Note di credito-3/2026', 'RSSMRA80A01H501U', 'acc_rossi', 'Rossi S.r.l.', 'f24_0001', '2026-Q1', ''])('%s is left alone', (text) =>
    expect(spreadsheetWouldConvert(text)).toBe(false),
  );

  it('written bare, a spreadsheet turns them into numbers; as a text formula, it keeps them as sent', () => {
    expect(cellOf('02345678904')).toMatchObject({ t: 'n', v: 2345678904 });
    // An identifier field, or text that looks like a number or a date in any field.
    for (const [field, text] of [
      ['vat_number', '02345678904'],
      ['number', '1/2026'],
      ['note', '00184'],
      ['number', 'a"b'],
      ['number', '=cmd()'],
    ]) {
      const line = csv('it', [field!], [{ [field!]: text }]).split('\r\n')[1]!;
      expect(line.startsWith('"=""')).toBe(true);
      expect(cellOf(line)).toMatchObject({ t: 's', v: text });
    }
  });

  it('a text formula is inert: quotes doubled inside its string; too long or multi-line text stays plain, guarded', () => {
    expect(asSpreadsheetText('1/2026')).toBe('="1/2026"');
    expect(asSpreadsheetText('a"b')).toBe('="a""b"');
    expect(asSpreadsheetText('x'.repeat(256))).toBe('x'.repeat(256));
    expect(asSpreadsheetText('=1+1\n2')).toBe("'=1+1\n2");
  });
});

describe('the Italian dialect', () => {
  const rows = [
    { number: '1/2026', vat: '02345678904', note: '=HYPERLINK("x")', paid: true, overdue: false, total: '1234.50', date: '2026-11-14', score: 0.85, count: 3 },
  ];
  const columns = ['number', 'vat', 'note', 'paid', 'overdue', 'total', 'date', 'score', 'count'];

  it('writes identifiers as text, booleans sì/no, amounts and fractions with a comma, dates dd/mm/yyyy; free text keeps the formula guard', () => {
    const text = csv('it', columns, rows, ['total']);
    const [, line] = text.split('\r\n');
    expect(line).toBe('"=""1/2026""";"=""02345678904""";"\'=HYPERLINK(""x"")";sì;no;1234,50;14/11/2026;0,85;3');
  });

  it('the RFC dialect is untouched', () => {
    const text = csv('rfc', columns, rows, ['total']);
    expect(text.split('\r\n')).toEqual([
      'number,vat,note,paid,overdue,total,date,score,count',
      '1/2026,02345678904,"\'=HYPERLINK(""x"")",true,false,1234.50,2026-11-14,0.85,3',
      '',
    ]);
  });

  it('every field of every resource and view fisco writes has an Italian header', () => {
    const fields = [
      ...ACCOUNT_FIELDS,
      ...CLIENT_FIELDS,
      ...COST_CENTER_FIELDS,
      ...DEADLINE_FIELDS,
      ...EVENT_FIELDS,
      ...EXPENSE_FIELDS,
      ...F24_FIELDS,
      ...HOOK_FIELDS,
      ...INVOICE_FIELDS,
      ...SUMMARY_COLUMNS,
      ...OVERVIEW_FIELDS,
      ...PROPOSAL_FIELDS,
      ...RESULT_FIELDS,
      ...RECEIVABLE_FIELDS,
      ...CASH_FIELDS,
      'company',
    ];
    const missing = [...new Set(fields)].filter((f) => !Object.hasOwn(ITALIAN_HEADERS, f));
    expect(missing).toEqual([]);
    expect(italianHeader('number', { number: 'Numero fattura' })).toBe('Numero fattura');
    expect(italianHeader('unknown_field')).toBe('unknown_field');
    const header = csv('it', ['number', 'counterpart.vat_number', 'overdue'], []).replace(/^\uFEFF/, '');
    expect(header).toBe('Numero;Partita IVA controparte;Scaduta\r\n');
  });
});
