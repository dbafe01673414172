import { describe, expect, it } from 'vitest';
import { checkRef, isUuid, matchesRef, onlyOne, withinIssue } from '../../../src/commands/invoice/resolve.js';
import { invoicePdfName } from '../../../src/commands/invoice/pdf.js';
import { nearestName } from '../../../src/commands/invoice/names.js';
import { f24PdfName, skippedByDefault } from '../../../src/report/f24-status.js';
import { topicText } from '../../../src/help/topics.js';
import { normalizeInvoice } from '../../../src/api/invoices.js';
import { parseMonthInput } from '../../../src/domain/input.js';

const invoice = (over: Record<string, unknown>) =>
  normalizeInvoice({
    id: '9',
    number: '42/2026',
    issue_date: '2026-10-17',
    total_amount: 4663.4,
    payment_status: 'unpaid',
    sdi_status: 'accepted',
    uuid: '4db66db5-a83b-40f8-bdf7-f585b8246fa7',
    counterpart: { name: 'Gamma' },
    ...over,
  });

describe('invoice references', () => {
  it('a number matches as written, without spaces or case, and a bare number matches any year', () => {
    const i = invoice({});
    for (const ref of ['42/2026', ' 42 / 2026 ', '42']) expect(matchesRef(i, ref), ref).toBe(true);
    for (const ref of ['4', '42/2025', '142/2026', '2026']) expect(matchesRef(i, ref), ref).toBe(false);
    expect(matchesRef(invoice({ number: 'FT-12/2026' }), 'ft-12/2026')).toBe(true);
    expect(matchesRef(i, '4DB66DB5-A83B-40F8-BDF7-F585B8246FA7')).toBe(true);
    expect(isUuid('4db66db5-a83b-40f8-bdf7-f585b8246fa7')).toBe(true);
  });

  it('issue-date filters: year, from, to (inclusive)', () => {
    const i = invoice({});
    expect(withinIssue(i, { year: '2026' })).toBe(true);
    expect(withinIssue(i, { year: '2025' })).toBe(false);
    expect(withinIssue(i, { issuedFrom: '2026-10-17', issuedTo: '2026-10-17' })).toBe(true);
    expect(withinIssue(i, { issuedFrom: '2026-10-18' })).toBe(false);
  });

  it('a reference that is neither a number nor a UUID is refused before any request', () => {
    for (const bad of ['', '.', '..', 'a/b', '../pagamenti', 'x\x1b[31m', 'rtl\u202egnp']) expect(() => checkRef(bad), JSON.stringify(bad)).toThrow(/UUID/);
    expect(checkRef(' 42/2026 ')).toBe('42/2026');
  });

  it('none is exit 4; several are exit 2 listing date and total of each, and how to say which', () => {
    expect(() => onlyOne('7', [], {})).toThrow(expect.objectContaining({ exitCode: 4 }));
    const two = [invoice({}), invoice({ id: '3', number: '42/2025', issue_date: '2025-03-01', total_amount: '12.20', uuid: 'u2' })];
    try {
      onlyOne('42', two, {});
      expect.unreachable();
    } catch (error) {
      const e = error as { exitCode: number; message: string; hints: string[] };
      expect(e.exitCode).toBe(2);
      expect(String(e.hints[0])).toBe('42/2026   issued 2026-10-17   total 4.663,40 €   Gamma   uuid 4db66db5-a83b-40f8-bdf7-f585b8246fa7');
      expect(String(e.hints[1])).toContain('issued 2025-03-01   total 12,20 €');
      expect(String(e.hints.at(-1))).toBe('Add --year 2026 (or --issued-from/--issued-to), or give the UUID.');
    }
  });

  it('pdf file names: the number made safe, the issue date, the id', () => {
    expect(invoicePdfName({ number: '42/2026', issue_date: '2026-10-17', id: '9' })).toBe('42-2026_2026-10-17_9.pdf');
  });
});

describe('F24 status rule', () => {
  it('cancelled is skipped unless asked for; a status other than paid/ready is in the file name', () => {
    expect(skippedByDefault({ status: 'cancelled' })).toBe(true);
    expect(skippedByDefault({ status: 'cancelled' }, ['ready', 'cancelled'])).toBe(false);
    expect(skippedByDefault({ status: 'expired' })).toBe(false);
    const f24 = { period: '2026-Q3', due_date: '2026-11-16', id: 'f24_0012' };
    expect(f24PdfName({ ...f24, status: 'paid' })).toBe('2026-Q3_2026-11-16_f24_0012.pdf');
    expect(f24PdfName({ ...f24, status: 'ready' })).toBe('2026-Q3_2026-11-16_f24_0012.pdf');
    expect(f24PdfName({ ...f24, status: 'cancelled' })).toBe('2026-Q3_2026-11-16_f24_0012_cancelled.pdf');
    expect(f24PdfName({ ...f24, status: 'expired' })).toBe('2026-Q3_2026-11-16_f24_0012_expired.pdf');
  });
});

describe('did you mean', () => {
  it('the listed name differing only in case or spacing, else one or two letters away; nothing when far', () => {
    const names = ['Standard', 'PA', 'Note di credito'];
    expect(nearestName('standard', names)).toBe('Standard');
    expect(nearestName('note  di credito', names)).toBe('Note di credito');
    expect(nearestName('Standrd', names)).toBe('Standard');
    expect(nearestName('Fatture estere', names)).toBeUndefined();
  });
});

describe('help topics', () => {
  it('fisco help exit-codes / formats, nothing else', () => {
    expect(topicText(['help', 'exit-codes'])).toContain('12   a local file or folder');
    expect(topicText(['help', 'formats'])).toContain('dd/mm/yyyy');
    expect(topicText(['help', 'invoice'])).toBeUndefined();
    expect(topicText(['exit-codes'])).toBeUndefined();
  });
});

describe('months as people type them', () => {
  it('YYYY-MM or mm/yyyy; anything else names both forms', () => {
    expect(parseMonthInput('2026-10', 'period')).toBe('2026-10');
    expect(parseMonthInput('10/2026', 'period')).toBe('2026-10');
    expect(parseMonthInput('3/2026', 'period')).toBe('2026-03');
    for (const bad of ['13/2026', '2026-13', 'ottobre', ''])
      expect(() => parseMonthInput(bad, 'period'), bad).toThrow('period: must be a month written YYYY-MM or mm/yyyy, e.g. 2026-11 or 11/2026');
  });
});
