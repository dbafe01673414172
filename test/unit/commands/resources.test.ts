import ICAL from 'ical.js';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { TaxDeadline } from '../../../src/api/deadlines.js';
import type { ExpenseSummary } from '../../../src/api/expenses.js';
import { existingClientOf } from '../../../src/api/clients.js';
import { manualClientBody } from '../../../src/commands/clients/fields.js';
import { deadlinesToIcs, refold } from '../../../src/report/calendar.js';
import { periodLabel } from '../../../src/commands/expenses/period.js';
import { SUMMARY_COLUMNS, summaryRows } from '../../../src/report/expense-rows.js';
import { f24FileName, looksLikeCompletePdf } from '../../../src/report/f24-files.js';
import { progressBar } from '../../../src/io/progress.js';
import { CsvWriter } from '../../../src/output/csv.js';
import { flatten } from '../../../src/output/fields.js';
import { minimalPdf } from '../../../src/emulator/pdf.js';
import { lookupRegister } from '../../../src/emulator/register.js';

describe('F24 file names', () => {
  it('are <period>_<due date>_<id>.pdf, safe on every file system', () => {
    expect(f24FileName({ id: 'f24_0012', period: '2026-Q3', due_date: '2026-11-16' })).toBe('2026-Q3_2026-11-16_f24_0012.pdf');
    expect(f24FileName({ id: 'f24_1', period: 'Saldo 2025 / acconto', due_date: '2026-06-30' })).toBe('Saldo-2025-acconto_2026-06-30_f24_1.pdf');
    // An id a file name cannot keep as it is gets a short hash of itself (issue 22 #13: ids never share a file).
    expect(f24FileName({ id: '../../etc/passwd', period: 'Più: tasse*?', due_date: null })).toMatch(/^Piu-tasse_no-date_etc-passwd-[0-9a-f]{10}\.pdf$/);
    expect(f24FileName({ id: 'x', period: '', due_date: '2026-01-16' })).toBe('no-period_2026-01-16_x.pdf');
  });

  it('a complete PDF starts with %PDF- and ends with %%EOF', () => {
    const pdf = minimalPdf('F24', ['line']);
    expect(looksLikeCompletePdf(pdf.subarray(0, 5), pdf.subarray(-64))).toBe(true);
    expect(looksLikeCompletePdf(pdf.subarray(0, 5), pdf.subarray(0, pdf.length - 10).subarray(-64))).toBe(false);
    expect(progressBar(1, 4, 8)).toBe('[##------]');
  });
});

describe('expense summary as CSV rows', () => {
  const summary: ExpenseSummary = {
    periodo: '2026-10',
    totali: { diretto: '100.00', personale: '50.00', struttura: '25.50', escluso: '0.00' },
    per_centro: [{ cost_center_id: 'cc_1', cost_center_code: 'COMM-1', nome: 'Commessa; uno', totale: '100.00', documenti: 2 }],
    non_assegnate: { conteggio: 1, importo: '12.34' },
  };

  it('gives one row per method, per center and the unassigned, all with the same columns', () => {
    const rows = summaryRows(summary, '2026-10');
    expect(rows.map((r) => r.section)).toEqual(['totali', 'totali', 'totali', 'totali', 'per_centro', 'non_assegnate']);
    for (const row of rows) expect(Object.keys(row)).toEqual([...SUMMARY_COLUMNS]);
    expect(rows.at(-1)).toMatchObject({ cost_center_code: 'UNASSIGNED', totale: '12.34', documenti: 1 });
  });

  it('writes Italian-dialect CSV that parses back with decimal commas', () => {
    let text = '';
    const writer = new CsvWriter((chunk) => (text += chunk), 'it', [...SUMMARY_COLUMNS], new Set(['totale']));
    for (const row of summaryRows(summary, '2026-10')) writer.row(flatten(row));
    const parsed = parse(text, { columns: true, delimiter: ';', bom: true }) as Record<string, string>[];
    // Italian headers; the period (2026-10, which a spreadsheet would read as a date) written as text.
    expect(parsed[4]).toMatchObject({ Periodo: '="2026-10"', Nome: 'Commessa; uno', Totale: '100,00', Documenti: '2' });
    expect(parsed[2].Totale).toBe('25,50');
  });

  it('labels a period, a range and no period', () => {
    expect(periodLabel({ periodo: '2026-10' })).toBe('2026-10');
    expect(periodLabel({ periodo_da: '2026-06', periodo_a: '2026-10' })).toBe('2026-06..2026-10');
    expect(periodLabel({})).toBe('all periods');
  });
});

describe('iCalendar export', () => {
  const deadline = (id: string, due: string, extra: Partial<TaxDeadline> = {}): TaxDeadline => ({
    id,
    account_id: 'acc',
    type: 'iva',
    title: 'Acconto IVA; versamento, città di Forlì — saldo €',
    due_date: due,
    amount: '1234.50',
    status: 'upcoming',
    related_resource: { type: 'f24', id: 'f24_0001' },
    ...extra,
  });

  it('writes CRLF lines of at most 75 octets, escaped, with stable UIDs and all-day dates', () => {
    const text = deadlinesToIcs(
      [deadline('dl_1', '2026-12-27'), deadline('dl_2', '2026-12-31', { amount: null, status: 'overdue' })],
      new Date(Date.UTC(2026, 10, 20)),
    );
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toContain('UID:dl_1@fisco');
    expect(text).toContain('DTSTART;VALUE=DATE:20261227');
    expect(text).toContain('DTSTAMP:20261120T000000Z');
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual(['dl_1@fisco', 'dl_2@fisco']);
    expect(events[0].summary).toBe('Acconto IVA; versamento, città di Forlì — saldo €');
    expect(events[0].description).toContain('Importo: 1.234,50 €');
    expect(events[1].description).toContain('Importo: non indicato');
    expect(events[1].description).toContain('Stato: scaduta il 31/12/2026, da fare');
    expect(events[1].endDate.toString()).toBe('2027-01-01');
  });

  it('refolds by octets without splitting a multi-byte character', () => {
    const long = `SUMMARY:${'è'.repeat(60)}`;
    const folded = refold(long);
    expect(folded.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('writes a valid empty calendar', () => {
    const calendar = new ICAL.Component(ICAL.parse(deadlinesToIcs([])));
    expect(calendar.getAllSubcomponents('vevent')).toEqual([]);
  });
});

describe('clients', () => {
  it('builds the manual body with IT by default and normalised fields', () => {
    expect(manualClientBody({ name: ' Rossi ', piva: 'IT 00743110157', sdi: 'abc1234', province: 'mi' })).toEqual({
      name: 'Rossi',
      country: 'IT',
      piva: '00743110157',
      sdi: 'ABC1234',
      province: 'MI',
    });
    expect(() => manualClientBody({ name: 'X', cap: '123' })).toThrow(/--cap/);
    expect(manualClientBody({ name: 'X', country: 'fr', cap: 'F-75001', piva: 'FR12345678901' })).toMatchObject({ country: 'FR', cap: 'F-75001' });
  });

  it('finds the existing client in a 409 body wherever the service put it', () => {
    const client = { id: 3, name: 'A', piva: '1' };
    expect(existingClientOf({ error: { code: 'duplicate_vat', message: 'x', client } })).toEqual(client);
    expect(existingClientOf({ success: false, data: client })).toEqual(client);
    expect(existingClientOf(client)).toEqual(client);
    expect(existingClientOf({ error: { message: 'x' } })).toBeUndefined();
  });

  it('the fake business register is deterministic and only knows valid VAT numbers', () => {
    expect(lookupRegister('IT00743110157')?.city).toBe('Milano');
    expect(lookupRegister('04821570159')).toEqual(lookupRegister('04821570159'));
    expect(lookupRegister('04821570159')?.name).toMatch(/\S+ \S+ \S+/);
    expect(lookupRegister('00743110158')).toBeUndefined();
  });
});
