import { describe, expect, it } from 'vitest';
import type { CheckedRecord } from '../../../src/invoice/batch-check.js';
import {
  dryRunRow,
  dryRunView,
  figuresOf,
  numberNotes,
  renderResult,
  resultView,
  rowOf as rowIn,
  statusRow,
  type ResultRow,
} from '../../../src/commands/invoice/batch-result.js';
import type { JournalEntry } from '../../../src/journal/journal.js';
import { emptyRunResult, type RunResult } from '../../../src/journal/run.js';
import { renderTable } from '../../../src/output/table.js';
import { english } from '../../shared/english.js';

/** A result row with its messages in English. */
const rowOf = (...args: Parameters<typeof rowIn>) => english(rowIn(...args));

const record = (ref: string, total = '122.00') =>
  ({
    record: { ref, line: 2 },
    companyId: 'acc_rossi',
    company: 'Rossi Consulting S.r.l.',
    prepared: { issueDate: '2026-11-20', totals: { taxable: '100.00', vat: '22.00', total }, endpoint: '/fatture/nuova/manuale', body: {}, warnings: [] },
    expected: { name: 'Alfa S.r.l.', vatNumber: '00743110157', total, issueDate: '2026-11-20', draft: true },
  }) as unknown as CheckedRecord;

const sent = { account: null, company: 'acc_rossi', endpoint: '/fatture/nuova/manuale', expected: { total: '122.00', issueDate: '2026-11-20', draft: true } };
const done = (result: Record<string, unknown>, extra: Partial<JournalEntry> = {}): JournalEntry => ({
  key: 'A-1',
  state: 'done',
  at: '2026-11-20T10:00:00.000Z',
  result,
  context: sent,
  ...extra,
});
const outcome = (o: Partial<RunResult> = {}): RunResult => ({
  ...emptyRunResult(),
  ...o,
});

describe('the result row of a record', () => {
  it('a created record: the number, date and total the list shows; the id and link of the creation', () => {
    const entry = done({ id: '163', url: 'http://x/fatture/u/pdf', number: '54/2026', issue_date: '2026-11-20', total: '122.00', uuid: 'u' });
    expect(rowOf(record('A-1'), entry, outcome(), new Map())).toEqual({
      ref: 'A-1',
      account: 'acc_rossi',
      id: '163',
      url: 'http://x/fatture/u/pdf',
      status: 'created',
      message: null,
      number: '54/2026',
      issue_date: '2026-11-20',
      total: '122.00',
    });
  });

  it('a created record whose number was not read: no number, the date and total it was sent with, and why', () => {
    const entry = done({ id: '163', url: 'http://x/pdf' });
    const notes = numberNotes({ read: [], notListed: [], failed: [{ keys: ['A-1'], why: 'HTTP 503 on GET /v1/invoices' }] });
    expect(rowOf(record('A-1'), entry, outcome(), notes)).toMatchObject({
      status: 'created',
      number: null,
      issue_date: '2026-11-20',
      total: '122.00',
      message: 'number not read: the invoice list could not be read (HTTP 503 on GET /v1/invoices); run the same command again to read it',
    });
    const missing = numberNotes({ read: [], notListed: ['A-1'], failed: [] });
    expect(rowOf(record('A-1'), entry, outcome(), missing).message).toBe(
      'number not read: the invoice list does not show it yet; run the same command again to read it',
    );
  });

  it('a total the service made otherwise is said; a record found by the lookup says so', () => {
    const entry = done(
      { id: '163', url: null, number: '54/2026', issue_date: '2026-11-20', total: '122.01', reconciled: true },
      { message: 'found by the lookup' },
    );
    expect(rowOf(record('A-1'), entry, outcome(), new Map()).message).toBe(
      "found by the lookup; the service's total 122,01 € differs from the 122,00 € the record was sent with",
    );
  });

  it('refused, waiting (a local time with its offset), not sent, changed (named by its number)', () => {
    const refused: JournalEntry = { key: 'A-1', state: 'refused', at: '2026-11-20T10:00:00Z', message: 'HTTP 422: no' };
    expect(rowOf(record('A-1'), refused, outcome(), new Map())).toMatchObject({ status: 'refused', message: 'HTTP 422: no', number: null, total: '122.00' });
    // To the second, rounded up: running again at the time named is never too early.
    const waiting = outcome({ waiting: [{ key: 'A-1', until: Date.parse('2026-11-20T10:00:29.200Z') }] });
    expect(rowOf(record('A-1'), undefined, waiting, new Map(), 'Europe/Rome').message).toBe(
      'its earlier request may still reach the service: sent again only after 2026-11-20 11:00:30 +01:00, if it has not arrived',
    );
    expect(rowOf(record('A-1'), undefined, outcome(), new Map())).toMatchObject({ status: 'not sent', message: null, id: null });
    const changed = rowOf(record('A-1', '200.00'), done({ id: '163', number: '54/2026', total: '122.00' }), outcome({ changed: ['A-1'] }), new Map());
    expect(changed).toMatchObject({ status: 'changed', number: '54/2026', total: '122.00', id: '163' });
    expect(changed.message).toMatch(/^edited since it was created as 54\/2026: not sent again/);
  });

  it('figuresOf: the list first, else what was sent', () => {
    expect(figuresOf(done({ id: '1' }))).toEqual({ number: null, issue_date: '2026-11-20', total: '122.00' });
    expect(figuresOf(undefined)).toEqual({ number: null, issue_date: null, total: null });
  });
});

describe('the --status row', () => {
  it('the time local with its offset, the company journaled, the invoice figures of a created record', () => {
    const row = statusRow('A-1', null, done({ id: '163', url: 'u', number: '54/2026', issue_date: '2026-11-20', total: '122.00' }), 'Europe/Rome');
    expect(row).toEqual({
      ref: 'A-1',
      account: 'acc_rossi',
      state: 'created',
      id: '163',
      url: 'u',
      at: '2026-11-20T11:00:00+01:00',
      message: null,
      number: '54/2026',
      issue_date: '2026-11-20',
      total: '122.00',
    });
    expect(statusRow('A-1', 'acc_verdi', undefined)).toMatchObject({ account: 'acc_verdi', state: 'planned', at: null, number: null });
    // A journal of an earlier fisco: no company in it, the account given instead.
    const old: JournalEntry = { key: 'A-1', state: 'sending', at: '2026-07-01T08:00:00Z', context: { account: null } };
    expect(statusRow('A-1', 'acc_rossi', old, 'Europe/Rome')).toMatchObject({ account: 'acc_rossi', state: 'sending', at: '2026-07-01T10:00:00+02:00' });
  });
});

describe('the tables and files', () => {
  const rows: ResultRow[] = [
    {
      ref: '2026-11-ORDER-000123',
      account: 'acc_rossi',
      id: '163',
      url: 'http://demo.invalid/fatture/u/pdf',
      status: 'created',
      message: null,
      number: '154/2026',
      issue_date: '2026-11-20',
      total: '1234.50',
    },
  ];

  it('the result table keeps the ref and the number whole at 40 columns, and never shows the link', () => {
    const text = renderTable(rows, resultView.columns!, resultView, false, 40);
    expect(text).toContain('2026-11-ORDER-000123');
    expect(text).toContain('154/2026');
    expect(text).not.toContain('http');
  });

  it('--result: RFC CSV with the new columns last; the Italian dialect with its headers, the total with a comma, identifiers as text', () => {
    expect(renderResult('r.csv', rows, 'rfc').split('\r\n')).toEqual([
      'ref,account,id,url,status,message,number,issue_date,total',
      '2026-11-ORDER-000123,acc_rossi,163,http://demo.invalid/fatture/u/pdf,created,,154/2026,2026-11-20,1234.50',
      '',
    ]);
    const italian = renderResult('r.csv', rows, 'it');
    expect(italian.split('\r\n')[0]).toBe('\uFEFFRiferimento;Azienda;ID;Link;Stato;Messaggio;Numero;Data emissione;Totale');
    expect(italian).toContain(';"=""154/2026""";20/11/2026;1234,50\r\n');
    expect(JSON.parse(renderResult('r.json', rows, 'rfc'))).toEqual(rows);
  });

  it('the dry-run rows and their total row', () => {
    const a = dryRunRow(record('A-1'));
    const b = dryRunRow({ ...record('B-2'), expected: { vatNumber: '00743110157', total: '122.00', issueDate: '2026-11-20', draft: true } } as CheckedRecord);
    expect(a).toEqual({
      ref: 'A-1',
      account: 'acc_rossi',
      company: 'Rossi Consulting S.r.l.',
      client: 'Alfa S.r.l.',
      issue_date: '2026-11-20',
      taxable: '100.00',
      vat: '22.00',
      total: '122.00',
    });
    expect(b.client).toBe('P.IVA 00743110157');
    expect(english(dryRunView.totalRow!([a, b]))).toEqual({
      ref: 'Total',
      company: '',
      client: '2 invoices',
      taxable: '200.00',
      vat: '44.00',
      total: '244.00',
    });
  });
});
