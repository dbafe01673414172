/**
 * What `invoice batch` shows of its records: the result rows (table, `-o`, `--result`), the
 * `--status` rows and the `--dry-run` rows, with their views. A created record carries the invoice
 * as the service made it: the number it assigned, the issue date and the total (numbers.ts reads
 * them from the invoice list; until then the date and total are those the record was sent with).
 */
import { extname } from 'node:path';
import { localInstant, localTime } from '../../domain/dates.js';
import { add, cmp, formatEuro } from '../../domain/money.js';
import type { JournalEntry } from '../../journal/journal.js';
import type { RunResult } from '../../journal/run.js';
import { entryWords } from '../../journal/words.js';
import { CsvWriter } from '../../output/csv.js';
import type { View } from '../../output/view.js';
import type { CheckedRecord } from '../../invoice/batch-check.js';
import type { SettleContext } from '../../invoice/batch-sends.js';
import type { NumbersRead } from '../../invoice/batch-numbers.js';
import { joined, t, type Text } from '../../i18n/message.js';

export type ResultStatus = 'created' | 'refused' | 'unknown' | 'waiting' | 'changed' | 'invalid' | 'not sent';

export interface ResultRow {
  ref: string;
  account: string | null;
  id: string | null;
  url: string | null;
  status: ResultStatus;
  /** fisco's words (English in json and csv, the run's language in a table) or the service's. */
  message: Text | null;
  /** The number the service assigned (created records whose number was read). */
  number: string | null;
  issue_date: string | null;
  total: string | null;
}

/** The result's fields, in the order of the CSV: the first six as before, the invoice's figures after them. */
export const RESULT_FIELDS = ['ref', 'account', 'id', 'url', 'status', 'message', 'number', 'issue_date', 'total'] as const;
export const STATUS_FIELDS = ['ref', 'account', 'state', 'id', 'url', 'at', 'message', 'number', 'issue_date', 'total'] as const;

const ITALIAN_HEADERS = {
  ref: 'Riferimento',
  account: 'Azienda',
  message: 'Messaggio',
  state: 'Stato',
  at: 'Quando',
  client: 'Cliente',
  taxable: 'Imponibile',
  vat: 'IVA',
};

const statusTone = (row: unknown) => {
  const status = (row as ResultRow).status;
  return status === 'created' ? 'ok' : status === 'not sent' ? 'muted' : 'danger';
};

/**
 * The result table: the ref and the number are keys (what a person looks for and what `invoice
 * pay` takes), never cut; the web link is json's and csv's; the id goes first when space is short.
 */
export const resultView: View = {
  fields: RESULT_FIELDS,
  columns: [
    { key: 'ref', label: t`Ref`, isKey: true },
    { key: 'number', label: t`Number`, isKey: true },
    { key: 'issue_date', label: t`Date`, kind: 'date' },
    { key: 'total', label: t`Total`, kind: 'money' },
    { key: 'status', label: t`Status`, tone: statusTone },
    { key: 'account', label: t`Company`, priority: 4 },
    { key: 'id', label: t`Id`, id: true, priority: 5 },
    { key: 'message', label: t`Message`, priority: 1, wrap: 2 },
  ],
  amountFields: ['total'],
  identifierFields: ['ref', 'number', 'id'],
  italianHeaders: ITALIAN_HEADERS,
  empty: t`No records.`,
};

export const statusView: View = {
  fields: STATUS_FIELDS,
  columns: [
    { key: 'ref', label: t`Ref`, isKey: true },
    { key: 'state', label: t`State` },
    { key: 'number', label: t`Number`, isKey: true },
    { key: 'issue_date', label: t`Date`, kind: 'date', priority: 4 },
    { key: 'total', label: t`Total`, kind: 'money', priority: 3 },
    { key: 'at', label: t`At`, kind: 'instant', priority: 2 },
    { key: 'account', label: t`Company`, priority: 5 },
    { key: 'id', label: t`Id`, id: true, priority: 6 },
    { key: 'message', label: t`Message`, priority: 1, wrap: 2 },
  ],
  amountFields: ['total'],
  identifierFields: ['ref', 'number', 'id'],
  italianHeaders: ITALIAN_HEADERS,
  empty: t`No records.`,
};

export interface DryRunRow {
  ref: string;
  account: string;
  company: string;
  client: string;
  issue_date: string;
  taxable: string;
  vat: string;
  total: string;
}

/** `--dry-run` as a table (and ndjson/csv): one row per invoice and the total; `-o json` writes the request bodies instead. */
export const dryRunView: View = {
  fields: ['ref', 'account', 'company', 'client', 'issue_date', 'taxable', 'vat', 'total'],
  columns: [
    { key: 'ref', label: t`Ref`, isKey: true },
    { key: 'company', label: t`Company`, priority: 2 },
    { key: 'client', label: t`Client` },
    { key: 'issue_date', label: t`Date`, kind: 'date', priority: 3 },
    { key: 'taxable', label: t`Taxable`, kind: 'money' },
    { key: 'vat', label: t`VAT`, kind: 'money' },
    { key: 'total', label: t`Total`, kind: 'money' },
  ],
  amountFields: ['taxable', 'vat', 'total'],
  identifierFields: ['ref'],
  italianHeaders: ITALIAN_HEADERS,
  totalRow: (rows) => {
    const all = rows as DryRunRow[];
    const sum = (key: 'taxable' | 'vat' | 'total') => all.reduce((acc, r) => add(acc, r[key]), '0.00');
    return {
      ref: t`Total`,
      company: '',
      client: all.length === 1 ? t`1 invoice` : t`${all.length} invoices`,
      taxable: sum('taxable'),
      vat: sum('vat'),
      total: sum('total'),
    };
  },
};

/** The client as the record names it: its name, else (a by-VAT record: the service fills the name in) its VAT number. */
export function dryRunRow(c: CheckedRecord): DryRunRow {
  const { prepared, expected } = c;
  return {
    ref: c.record.ref,
    account: c.companyId,
    company: c.company,
    client: expected.name ?? (expected.vatNumber ? `P.IVA ${expected.vatNumber}` : ''),
    issue_date: prepared.issueDate,
    taxable: prepared.totals.taxable,
    vat: prepared.totals.vat,
    total: prepared.totals.total,
  };
}

const idOf = (e: JournalEntry | undefined) => (e?.result?.id === undefined || e.result.id === null ? null : String(e.result.id));
const urlOf = (e: JournalEntry | undefined) => (typeof e?.result?.url === 'string' ? e.result.url : null);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

type Figures = Pick<ResultRow, 'number' | 'issue_date' | 'total'>;

/** A journaled invoice's number, issue date and total: the list's when read, else those it was sent with. */
export function figuresOf(entry: JournalEntry | undefined): Figures {
  const sent = (entry?.context as SettleContext | undefined)?.expected;
  return {
    number: text(entry?.result?.number),
    issue_date: text(entry?.result?.issue_date) ?? sent?.issueDate ?? null,
    total: text(entry?.result?.total) ?? sent?.total ?? null,
  };
}

/** Why a created record has no number, per ref (the pass after the sends failed, or did not find it). */
export function numberNotes(read: NumbersRead | undefined): Map<string, Text> {
  const notes = new Map<string, Text>();
  for (const failed of read?.failed ?? [])
    for (const key of failed.keys)
      notes.set(key, t`number not read: the invoice list could not be read (${failed.why}); run the same command again to read it`);
  for (const key of read?.notListed ?? []) notes.set(key, t`number not read: the invoice list does not show it yet; run the same command again to read it`);
  return notes;
}

/** A created record's notes: how it was found, why its number is missing, a total the service made otherwise. */
function createdMessage(entry: JournalEntry, note: Text | undefined): Text | null {
  const sent = (entry.context as SettleContext | undefined)?.expected?.total;
  const listed = text(entry.result?.total);
  const parts = [
    entry.result?.reconciled ? (entryWords(entry) ?? t`found by the lookup after an unknown outcome`) : undefined,
    note,
    sent !== undefined && listed !== null && cmp(sent, listed) !== 0
      ? t`the service's total ${formatEuro(listed)} differs from the ${formatEuro(sent)} the record was sent with`
      : undefined,
  ].filter((p): p is Text => p !== undefined);
  return parts.length ? joined(parts, '; ') : null;
}

/** One record's result row, from its journal entry and the run's outcome. */
export function rowOf(c: CheckedRecord, entry: JournalEntry | undefined, outcome: RunResult, notes: ReadonlyMap<string, Text>, timeZone?: string): ResultRow {
  const ref = c.record.ref;
  const own: Figures = { number: null, issue_date: c.prepared.issueDate, total: c.prepared.totals.total };
  const row = (status: ResultStatus, message: Text | null, figures = own, withIds = false): ResultRow => ({
    ref,
    account: c.companyId,
    id: withIds ? idOf(entry) : null,
    url: withIds ? urlOf(entry) : null,
    status,
    message,
    ...figures,
  });
  if (outcome.changed.includes(ref))
    return row(
      'changed',
      t`edited since it was created as ${figuresOf(entry).number ?? `id ${idOf(entry)}`}: not sent again (the journal keeps the first version)`,
      figuresOf(entry),
      true,
    );
  const waiting = outcome.waiting.find((w) => w.key === ref);
  if (waiting)
    return row(
      'waiting',
      t`its earlier request may still reach the service: sent again only after ${localTime(Math.ceil(waiting.until / 1000) * 1000, timeZone)}, if it has not arrived`,
    );
  if (!entry) return row('not sent', null);
  switch (entry.state) {
    case 'done':
      return row('created', createdMessage(entry, notes.get(ref)), figuresOf(entry), true);
    case 'refused':
      return row('refused', entryWords(entry) ?? null);
    case 'sending':
    case 'unknown':
      return row('unknown', entryWords(entry) ?? t`in flight when the run stopped`);
    default:
      return row('not sent', entryWords(entry) ?? null);
  }
}

/**
 * A `--status` row: the journal's state of a record, its invoice's figures, the time local with its
 * offset; the company the journal says it went to, else `account` (the file's, --account, the token's own).
 */
export function statusRow(
  ref: string,
  account: string | null,
  entry: JournalEntry | undefined,
  timeZone?: string,
): Record<(typeof STATUS_FIELDS)[number], unknown> {
  const sent = entry?.context as SettleContext | undefined;
  const figures = entry?.state === 'done' ? figuresOf(entry) : { number: null, issue_date: null, total: null };
  return {
    ref,
    account: sent?.company ?? sent?.account ?? account,
    state: entry ? (entry.state === 'done' ? 'created' : entry.state) : 'planned',
    id: idOf(entry),
    url: urlOf(entry),
    at: entry ? (localInstant(entry.at, timeZone) ?? entry.at) : null,
    message: entryWords(entry) ?? null,
    ...figures,
  };
}

/** The `--result` file: JSON, or the same CSV as -o csv (RFC 4180, or the Italian dialect). */
export function renderResult(path: string, rows: readonly ResultRow[], dialect: 'rfc' | 'it'): string {
  if (extname(path).toLowerCase() === '.json') return `${JSON.stringify(rows, null, 2)}\n`;
  let out = '';
  const writer = new CsvWriter((chunk) => (out += chunk), dialect, [...RESULT_FIELDS], new Set(resultView.amountFields), {
    headers: resultView.italianHeaders,
    identifiers: resultView.identifierFields,
  });
  for (const row of rows) writer.row(row as unknown as Record<string, unknown>);
  writer.end();
  return out;
}
