/**
 * The records of a batch file (`fisco invoice batch FILE`), pure: bytes in, records or located
 * problems out; never the network.
 *
 * - NDJSON: one invoice per line, in the shape `invoice create --from FILE` takes (both variants),
 *   plus `ref` (required) and `account` (optional).
 * - CSV: one row per line item; rows are grouped into invoices by `ref`. Invoice-level columns may
 *   be repeated on every row of an invoice (they must then agree) or given on its first row only.
 *   `;` with decimal comma (the Italian dialect: `--csv-dialect it`, or detected from a header
 *   separated by `;`) or `,` with decimal point; UTF-8 with or without BOM. Nothing is cast by the
 *   parser: every value stays text and goes through the same rules as a typed value.
 *
 * Every problem of the file is gathered (line number, ref, field path): a batch is checked whole.
 */
import { parse } from 'csv-parse/sync';
import { EDITED_CSV, LINE_BREAK } from '../io/csv-input.js';
import { NumberText, parseJsonExact } from '../domain/json-number.js';
import { parseTypedDecimal } from '../domain/money.js';
import { parseAmountInput, parseDateInput } from '../domain/input.js';
import { Problems, problemsOf, ValidationError } from '../domain/validation-error.js';
import { draftFromValue } from './draft-file.js';
import type { DueInput, InvoiceDraft, LineInput } from './draft.js';
import { joined, type Message, t, type Text } from '../i18n/message.js';

export type CsvDialect = 'rfc' | 'it';
export type BatchFormat = 'ndjson' | 'csv';

export interface BatchRecord {
  /** The user's own name for the record (an order id, a contract id): unique in the file. */
  ref: string;
  /** The line of the file where the record starts (1-based). */
  line: number;
  /** CSV: the line of each item row, so a problem on `articoli[2]` names its own line. */
  itemLines?: number[];
  /** The company of a firm token this record is for. */
  account?: string;
  draft: InvoiceDraft;
  /** The record's own invia_sdi (NDJSON), which must agree with --draft/--send. */
  inviaSdi?: boolean;
}

export interface BatchProblem {
  line: number;
  ref?: string;
  field: string;
  detail: Text;
}

export interface BatchFile {
  format: BatchFormat;
  dialect?: CsvDialect;
  records: BatchRecord[];
  /** Records with a problem are left out of `records`; their refs are listed here. */
  invalid: { ref?: string; line: number }[];
  problems: BatchProblem[];
  /**
   * Invalid records whose draft could still be built (the fields that could not be read left out):
   * checked against the rest of the rules and the service's lists too, so that one run reports
   * every problem of the file (never sent).
   */
  unfinished?: BatchRecord[];
}

/** A file that cannot be read as a batch at all (not UTF-8, neither CSV nor NDJSON, no `ref` column). */
export class BatchFileError extends Error {
  constructor(
    readonly text: Message,
    readonly hints: Text[] = [],
  ) {
    super(String(text));
  }
}

export function formatProblem(p: BatchProblem): Message {
  const what = p.field ? joined([p.field, p.detail], ': ') : p.detail;
  return p.ref !== undefined ? t`line ${p.line} (ref ${p.ref}): ${what}` : t`line ${p.line}: ${what}`;
}

const MAX_REF = 100;

/** Decodes the bytes as UTF-8 (a BOM is dropped); anything else is refused. */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BatchFileError(t`is not UTF-8 text`, [t`save it as UTF-8 (with or without BOM): CSV, or NDJSON (one JSON object a line)`]);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Reads a batch file's text: NDJSON when its first non-blank character opens a JSON object, CSV otherwise. */
export function parseBatch(text: string, options: { dialect?: CsvDialect } = {}): BatchFile {
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const first = text.trimStart()[0];
  if (first === undefined) throw new BatchFileError(t`is empty: no records`);
  const file = first === '{' ? parseNdjson(text) : parseCsv(text, options.dialect);
  checkDuplicates(file);
  return file;
}

function checkRef(value: unknown, line: number, problems: BatchProblem[]): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push({ line, field: 'ref', detail: t`is required: a name of your own for the record, unique in the file (an order or contract id)` });
    return undefined;
  }
  const ref = value.trim();
  if (ref.length > MAX_REF) problems.push({ line, ref: ref.slice(0, 20) + '…', field: 'ref', detail: t`is ${ref.length} characters long; at most ${MAX_REF}` });
  else if (/[\u0000-\u001f\u007f]/.test(ref)) problems.push({ line, field: 'ref', detail: t`holds a control character` });
  else return ref;
  return undefined;
}

function checkAccount(value: unknown, line: number, ref: string | undefined, problems: BatchProblem[]): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_.:-]{1,100}$/.test(value.trim())) {
    problems.push({ line, ref, field: 'account', detail: t`must be a company id (see fisco accounts list)` });
    return undefined;
  }
  return value.trim();
}

// ---------------------------------------------------------------- NDJSON

function parseNdjson(text: string): BatchFile {
  const records: BatchRecord[] = [];
  const invalid: BatchFile['invalid'] = [];
  const unfinished: BatchRecord[] = [];
  const problems: BatchProblem[] = [];
  const lines = text.split(LINE_BREAK);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let json: unknown;
    try {
      json = parseJsonExact(raw);
    } catch (error) {
      problems.push({ line, field: '', detail: t`not valid JSON (${(error as Error).message}); each line must be one JSON object` });
      invalid.push({ line });
      return;
    }
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      problems.push({ line, field: '', detail: t`must be a JSON object { … } (one invoice a line)` });
      invalid.push({ line });
      return;
    }
    const { ref: rawRef, account: rawAccount, ...body } = json as Record<string, unknown>;
    const before = problems.length;
    const ref = checkRef(rawRef instanceof NumberText ? rawRef.text : rawRef, line, problems);
    const account = checkAccount(rawAccount, line, ref, problems);
    const own = new Problems();
    const { draft, inviaSdi } = draftFromValue(body, own);
    for (const p of own.list) problems.push({ line, ref, field: p.field, detail: p.detail });
    if (problems.length > before || !draft || ref === undefined) {
      invalid.push({ ref, line });
      if (draft && ref !== undefined) unfinished.push({ ref, line, account, draft, inviaSdi });
      return;
    }
    records.push({ ref, line, account, draft, inviaSdi });
  });
  return { format: 'ndjson', records, invalid, problems, unfinished };
}

// ---------------------------------------------------------------- CSV

/** The invoice-level columns and where each goes. */
const INVOICE_COLUMNS = [
  'ref',
  'account',
  'piva',
  'client_name',
  'client_piva',
  'client_address',
  'client_cap',
  'client_city',
  'client_province',
  'client_country',
  'client_sdi',
  'client_pec',
  'client_email',
  'client_phone',
  'numbering',
  'date',
  'type',
  'payment_method',
  'discount',
  'paid',
  'natura',
  'header',
  'note',
  'emails',
  'cig',
  'cup',
  'order_number',
  'order_date',
  'order_commitment',
  'order_determination',
  'order_job_code',
  'due',
] as const;
/** One line item per row. */
const LINE_COLUMNS = ['item', 'quantity', 'price', 'vat', 'description'] as const;
export const CSV_COLUMNS: readonly string[] = [...INVOICE_COLUMNS, ...LINE_COLUMNS];
export const CSV_REQUIRED: readonly string[] = ['ref', 'item', 'quantity', 'price', 'vat'];

/** `;` in the header (and more of them than `,`) means the Italian dialect. */
export function detectDialect(headerLine: string): CsvDialect {
  const count = (c: string) => headerLine.split(c).length - 1;
  return count(';') > count(',') ? 'it' : 'rfc';
}

interface Row {
  line: number;
  cells: Record<string, string>;
}

function parseCsv(text: string, requested?: CsvDialect): BatchFile {
  const headerLine = text.split(LINE_BREAK, 1)[0] ?? '';
  const dialect = requested ?? detectDialect(headerLine);
  const delimiter = dialect === 'it' ? ';' : ',';
  const parsed = csvRecords(text, dialect, delimiter);
  if (parsed.length === 0) throw new BatchFileError(t`is empty: no records`);
  const header = parsed[0].record.map((h) => h.trim().toLowerCase());
  const fileProblems = headerProblems(header, delimiter, dialect);
  if (fileProblems.length) return { format: 'csv', dialect, records: [], invalid: [], problems: fileProblems };
  const problems: BatchProblem[] = [];
  const { rows, broken } = rowsOf(parsed.slice(1), header, delimiter, problems);
  // Rows grouped by ref, in first-seen order.
  const groups = new Map<string, Row[]>();
  const invalid: BatchFile['invalid'] = [];
  for (const row of rows) {
    const ref = checkRef(row.cells.ref, row.line, problems);
    if (ref === undefined) {
      invalid.push({ line: row.line });
      continue;
    }
    const group = groups.get(ref) ?? [];
    group.push(row);
    groups.set(ref, group);
  }
  const records: BatchRecord[] = [];
  const unfinished: BatchRecord[] = [];
  for (const [ref, group] of groups) {
    const before = problems.length;
    const record = recordFromRows(ref, group, dialect, problems);
    if (problems.length > before || !record || broken.has(ref)) {
      invalid.push({ ref, line: group[0].line });
      if (record && !broken.has(ref)) unfinished.push(record);
    } else records.push(record);
  }
  return { format: 'csv', dialect, records, invalid, problems, unfinished };
}

type CsvRecord = { record: string[]; info: { lines: number } };

/** The file's rows as csv-parse reads them (cells as text, each with its line); unreadable CSV is the file's problem. */
function csvRecords(text: string, dialect: CsvDialect, delimiter: string): CsvRecord[] {
  try {
    return parse(text, {
      ...EDITED_CSV,
      delimiter,
      cast: false,
      info: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    const e = error as { message: string; lines?: number };
    throw new BatchFileError(
      e.lines ? t`is not a readable CSV file (line ${e.lines}): ${e.message}` : t`is not a readable CSV file: ${e.message}`,
      csvHints(dialect),
    );
  }
}

/** What is wrong with the header: no ref column (the file's error), or unknown, missing and repeated columns. */
function headerProblems(header: string[], delimiter: string, dialect: CsvDialect): BatchProblem[] {
  if (!header.includes('ref')) {
    const looksCsv = header.length > 1;
    throw new BatchFileError(
      looksCsv
        ? t`has no ref column (its header is: ${header.join(delimiter)})`
        : t`is neither CSV with a header (ref, item, quantity, price, vat, …) nor NDJSON (one JSON object a line)`,
      csvHints(dialect),
    );
  }
  const fileProblems: BatchProblem[] = [];
  const unknown = header.filter((h) => !CSV_COLUMNS.includes(h));
  for (const column of unknown)
    fileProblems.push({
      line: 1,
      field: column || '(empty column name)',
      detail: t`is not a column of a batch file; the columns are: ${CSV_COLUMNS.join(', ')}`,
    });
  const missing = CSV_REQUIRED.filter((c) => !header.includes(c));
  for (const column of missing)
    fileProblems.push({ line: 1, field: column, detail: t`column is required (one row per line item: item, quantity, price, vat)` });
  const seen = new Set<string>();
  for (const h of header) {
    if (seen.has(h)) fileProblems.push({ line: 1, field: h, detail: t`column appears twice` });
    seen.add(h);
  }
  return fileProblems;
}

/** The rows with as many cells as the header; the refs of the others are broken (never sent without their line). */
function rowsOf(records: CsvRecord[], header: string[], delimiter: string, problems: BatchProblem[]): { rows: Row[]; broken: Set<string> } {
  const broken = new Set<string>();
  const rows: Row[] = [];
  for (const { record, info } of records) {
    const line = info.lines;
    if (record.length !== header.length) {
      // The row's invoice (when its ref can be read) is invalid as a whole: never sent without this line.
      const ref = record[header.indexOf('ref')]?.trim() || undefined;
      if (ref !== undefined) broken.add(ref);
      problems.push({
        line,
        ref,
        field: '',
        detail: t`has ${record.length} cells, the header has ${header.length} (a ${delimiter} too many or too few, or a value with ${delimiter} not in quotes)`,
      });
      continue;
    }
    rows.push({ line, cells: Object.fromEntries(header.map((h, i) => [h, record[i] ?? ''])) });
  }
  return { rows, broken };
}

function csvHints(dialect: CsvDialect): Message[] {
  return [
    dialect === 'it'
      ? t`a CSV batch has a header row with ref, item, quantity, price, vat and the invoice columns (';' separated, decimal comma); see docs/batch.md`
      : t`a CSV batch has a header row with ref, item, quantity, price, vat and the invoice columns (',' separated, decimal point); see docs/batch.md`,
  ];
}

/** The value of an invoice-level column over an invoice's rows: the first non-empty; a different one later is a problem. */
function invoiceValue(ref: string, rows: Row[], column: string, problems: BatchProblem[]): string | undefined {
  let value: string | undefined;
  let at = 0;
  for (const row of rows) {
    const v = row.cells[column];
    if (v === undefined || v === '') continue;
    if (value === undefined) {
      value = v;
      at = row.line;
    } else if (v !== value) {
      problems.push({
        line: row.line,
        ref,
        field: column,
        detail: t`'${v}' differs from '${value}' on line ${at}: an invoice's columns must agree on all its rows (or be left empty after the first)`,
      });
    }
  }
  return value;
}

function recordFromRows(ref: string, rows: Row[], dialect: CsvDialect, problems: BatchProblem[]): BatchRecord | undefined {
  const first = rows[0].line;
  const v = (column: string) => invoiceValue(ref, rows, column, problems);
  const at = (line: number) => (rule: () => string | undefined, fallback?: string) => {
    try {
      return rule();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const p of problemsOf(error)) problems.push({ line, ref, field: p.field, detail: p.detail });
      return fallback;
    }
  };
  const onFirst = at(first);
  const amount = (column: string, field: string) => {
    const value = v(column);
    return value === undefined ? undefined : onFirst(() => parseAmountInput(value, field, { allowZero: true }));
  };
  const date = (column: string, field: string) => {
    const value = v(column);
    return value === undefined ? undefined : onFirst(() => parseDateInput(value, field));
  };
  const decimal = (value: string, field: string) => (dialect === 'it' && value !== '' ? parseTypedDecimal(value, field) : value);

  const account = checkAccount(v('account'), first, ref, problems);
  const clientColumns = ['name', 'piva', 'address', 'cap', 'city', 'province', 'country', 'sdi', 'pec', 'email', 'phone'] as const;
  const cliente = Object.fromEntries(clientColumns.map((c) => [c, v(`client_${c}`)]).filter(([, value]) => value !== undefined));
  const cups =
    v('cup')
      ?.split(/[|\s]+/)
      .filter(Boolean) ?? [];
  const cig = v('cig');
  const order = {
    numero: v('order_number'),
    data: date('order_date', 'ordine.data'),
    impegno: v('order_commitment'),
    determina: v('order_determination'),
    codice_commessa: v('order_job_code'),
  };
  const articoli: LineInput[] = [];
  const itemLines: number[] = [];
  rows.forEach((row, i) => {
    const onRow = at(row.line);
    const c = row.cells;
    articoli.push({
      nome: c.item,
      quantita: onRow(() => decimal(c.quantity, `articoli[${i}].quantita`), '') ?? '',
      prezzo: onRow(() => decimal(c.price, `articoli[${i}].prezzo`), '') ?? '',
      iva: onRow(() => decimal(c.vat.replace(/%$/, ''), `articoli[${i}].iva`), '') ?? '',
      ...(c.description ? { descrizione: c.description } : {}),
    });
    itemLines.push(row.line);
  });
  const dueText = v('due');
  const scadenze = dueText === undefined ? undefined : parseDues(dueText, (rule) => onFirst(rule));
  const draft: InvoiceDraft = {
    piva: v('piva'),
    cliente: Object.keys(cliente).length ? cliente : undefined,
    numerazione: v('numbering'),
    issue_date: date('date', 'issue_date'),
    tipo_documento: v('type'),
    metodo_pagamento: v('payment_method'),
    sconto: amount('discount', 'sconto'),
    paid: amount('paid', 'paid'),
    natura: v('natura'),
    intestazione: v('header'),
    note: v('note'),
    emails: v('emails')
      ?.split(/[|\s]+/)
      .filter(Boolean),
    pa: cig !== undefined || cups.length ? { cig, ...(cups.length > 1 ? { cups } : { cup: cups[0] }) } : undefined,
    ordine: Object.values(order).some((x) => x !== undefined) ? order : undefined,
    articoli,
    scadenze,
  };
  return { ref, line: first, itemLines, account, draft };
}

/** `due`: `DATE=AMOUNT` or `DATE=PCT%` items separated by `|` or spaces, e.g. `31/12/2026=50%|31/01/2027=50%`. */
function parseDues(text: string, guard: (rule: () => string | undefined) => string | undefined): DueInput[] | undefined {
  const items = text.split(/[|\s]+/).filter(Boolean);
  const out: DueInput[] = [];
  let ok = true;
  items.forEach((item, i) => {
    const m = /^([^=]+)=(.+?)(%?)$/.exec(item);
    if (!m) {
      guard(() => {
        throw new ValidationError(`scadenze[${i}]`, t`'${item}' must be DATE=AMOUNT or DATE=PCT%, e.g. 31/12/2026=50% (several separated by |)`);
      });
      ok = false;
      return;
    }
    const date = guard(() => parseDateInput(m[1].trim(), `scadenze[${i}].date`));
    const percent = m[3] === '%';
    const value = guard(() => (percent ? parseTypedDecimal(m[2].trim(), `scadenze[${i}].value`) : parseAmountInput(m[2].trim(), `scadenze[${i}].value`)));
    if (date === undefined || value === undefined) ok = false;
    else out.push({ date, value, type: percent ? 'percent' : 'amount' });
  });
  return ok ? out : undefined;
}

function checkDuplicates(file: BatchFile): void {
  const lines = new Map<string, number[]>();
  for (const r of [...file.records, ...file.invalid]) {
    if (r.ref === undefined) continue;
    lines.set(r.ref, [...(lines.get(r.ref) ?? []), r.line]);
  }
  const duplicated = new Set<string>();
  for (const [ref, at] of lines) {
    if (at.length < 2) continue;
    duplicated.add(ref);
    const sorted = [...at].sort((a, b) => a - b);
    file.problems.push({
      line: sorted[1],
      ref,
      field: 'ref',
      detail: t`is used ${at.length} times (lines ${sorted.join(', ')}): every record needs its own ref`,
    });
  }
  if (duplicated.size) {
    for (const r of file.records) if (duplicated.has(r.ref)) file.invalid.push({ ref: r.ref, line: r.line });
    file.records = file.records.filter((r) => !duplicated.has(r.ref));
  }
  file.problems.sort((a, b) => a.line - b.line);
  file.invalid.sort((a, b) => a.line - b.line);
}

/** Where a field path of a record is in the file: a CSV item's own row for `articoli[i]…`. */
export function lineOf(record: BatchRecord, field: string): number {
  const m = /^articoli\[(\d+)\]/.exec(field);
  if (m && record.itemLines) return record.itemLines[Number(m[1])] ?? record.line;
  return record.line;
}
