/**
 * A bank's CSV export, read through a column mapping given by flags or a small JSON mapping file.
 *
 * Mapping file (JSON, one object; every key optional except `date` and the amount columns; a key
 * starting with `$` or `_` is a comment and ignored):
 *
 *   {
 *     "$comment": "Banca Esempio, 'Movimenti' export",
 *     "date": "Data contabile",          column with the booking date
 *     "amount": "Importo",               signed amount column (negative = money out) …
 *     "credit": "Avere", "debit": "Dare", … or two columns, one for money in, one for money out
 *     "description": "Descrizione",      remittance text
 *     "counterpart": "Ordinante",        who paid (or was paid)
 *     "reference": "Riferimento banca",  the bank's reference: the movement's identity when given
 *     "reversal": "Storno",              a column marking reversals: S, SI, Y, YES, X, 1, TRUE or STORNO is one
 *                                        (never matched), empty, N, NO, 0, FALSE or - is not; anything else is an error
 *     "currency": "Divisa",              a column, or a fixed code ("EUR", the default)
 *     "iban": "IT60 X054 2811 1010 0000 0123 456",  the statement account's IBAN (exports rarely carry it)
 *     "delimiter": ";",                  ; , tab or |   (default: detected from the header)
 *     "decimal": ",",                    , or .         (default: what the amounts use; else , with ; or tab)
 *     "dateFormat": "dd/mm/yyyy",        dd mm yyyy yy and separators (default dd/mm/yyyy, also reads yyyy-mm-dd)
 *     "encoding": "auto"                 auto (valid UTF-8, else Latin-1), utf-8 or latin1
 *   }
 *
 * A column is named as in the header row (case, accents and repeated spaces do not matter) or by
 * its number from 1 (`"3"`) when no header cell has that name. The header row is the first row,
 * within the first 30, that names every mapped column: lines before it (an account summary some
 * banks put on top) are skipped. Rows whose cells are all empty are skipped; every other row must
 * have a date and an amount.
 *
 * Read as a stream (CsvReader): the first CSV_HEAD_LINES lines are held to find the delimiter, the
 * header row and the decimal separator; every other row is read and emitted as it arrives.
 */
import { parse as parseStream, type Options as CsvParseOptions } from 'csv-parse';
import { EDITED_CSV } from '../../io/csv-input.js';
import { errorText, UsageError, WordedError } from '../../errors.js';
import type { Movement } from '../types.js';
import { type Emit, StatementError, bankReference, clean, hashKey, isValidIban, normaliseIban, realReference, statementAmount } from './common.js';
import { BALANCE_WORDS, csvDate, currencyColumn, currencyOfHeader, datesAccepted, detectDelimiter, headerKey } from './csv-columns.js';
import { decimal, joined, type Message, t, type Text } from '../../i18n/message.js';

export { csvMappingHint, looksLikeCsv } from './csv-columns.js';

/** The longest CSV record read (a movement's row is a few hundred characters). */
export const MAX_RECORD_CHARS = 1024 * 1024;

export interface CsvMapping {
  /** Column (header name or 1-based number) of the booking date. */
  date: string;
  /** Column of the value date (data valuta), when the file has one. */
  valueDate?: string;
  /** A signed amount column (negative = debit)… */
  amount?: string;
  /** … or separate columns for money in and money out (either sign is read as written: the column says the direction). */
  credit?: string;
  debit?: string;
  description?: string;
  counterpart?: string;
  reference?: string;
  /** A column marking reversals (storno): S/SI/Y/YES/X/1/TRUE/STORNO is one, empty/N/NO/0/FALSE is not. */
  reversal?: string;
  /** A column of ISO currency codes, or a fixed code for every row; EUR when absent. */
  currency?: string;
  /** The statement account's IBAN, normalised. */
  iban?: string;
  /** One character; undefined: detected. */
  delimiter?: string;
  /** undefined: the one the amount cells use (`,56` or `.56` at the end), else ',' with ';' or a tab, else '.'. */
  decimal?: ',' | '.';
  /** Tokens dd, mm, yyyy, yy with any separators; undefined: dd/mm/yyyy, dd/mm/yy (any of / . -) and yyyy-mm-dd. */
  dateFormat?: string;
  encoding: 'auto' | 'utf-8' | 'latin1';
}

/** The mapping as a person gives it (flags or a mapping file): every key as text, checked by csvMappingFrom. */
export type CsvMappingFlags = { [K in keyof CsvMapping]?: string };

const KEYS = [
  'date',
  'valueDate',
  'amount',
  'credit',
  'debit',
  'description',
  'counterpart',
  'reference',
  'reversal',
  'currency',
  'iban',
  'delimiter',
  'decimal',
  'dateFormat',
  'encoding',
] as const;
export type CsvMappingKey = (typeof KEYS)[number];
type Key = CsvMappingKey;

const WHAT: Record<Key, Message> = {
  date: t`the column with the booking date`,
  valueDate: t`the column with the value date`,
  amount: t`the signed amount column`,
  credit: t`the column of money in`,
  debit: t`the column of money out`,
  description: t`the description column`,
  counterpart: t`the counterpart column`,
  reference: t`the bank reference column`,
  reversal: t`the column marking reversals (storno)`,
  currency: t`a currency column or code`,
  iban: t`the account's IBAN`,
  delimiter: t`the field delimiter`,
  decimal: t`the decimal separator`,
  dateFormat: t`the date format`,
  encoding: t`the encoding`,
};

/**
 * The CSV mapping from flags, over a mapping file's values (flags win). Every problem is reported
 * at once as a UsageError (exit 2). `flagName` names a key as the command's flag (default
 * `--csv-<key>`); keys from the file are named `<path>: "<key>"`.
 */
export function csvMappingFrom(
  flags: CsvMappingFlags,
  file?: { path: string; text: string },
  flagName: (key: CsvMappingKey) => string = (key) => `--csv-${key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`,
): CsvMapping {
  const problems: Message[] = [];
  const values: Partial<Record<Key, string>> = {};
  const origin: Partial<Record<Key, string>> = {};
  if (file) readMappingFile(file, problems, values, origin);
  for (const k of KEYS) {
    const v = flags[k];
    if (v !== undefined) {
      values[k] = v;
      origin[k] = flagName(k);
    }
  }
  const name = (k: Key) => origin[k] ?? flagName(k);
  const column = (k: Key): string | undefined => {
    const v = values[k];
    if (v === undefined) return undefined;
    const trimmed = v.trim();
    if (trimmed === '') problems.push(t`${name(k)}: must name ${WHAT[k]} (a header name or a column number)`);
    return trimmed || undefined;
  };

  const date = column('date');
  if (values.date === undefined) problems.push(t`${name('date')}: required: ${WHAT.date} (a header name like "Data contabile", or a column number)`);
  const amount = column('amount');
  const credit = column('credit');
  const debit = column('debit');
  if (!amount && !credit && !debit) {
    problems.push(t`${name('amount')}: required: the signed amount column, or ${name('credit')} and ${name('debit')} for separate columns of money in and out`);
  }
  if (amount && (credit || debit)) {
    problems.push(t`${name('amount')}: give either a signed amount column or credit/debit columns (${name(credit ? 'credit' : 'debit')}), not both`);
  }

  const { delimiter, decimal, dateFormat, encoding, iban } = fileSettings(values, name, problems);
  // As the command options report them (src/commands/options.ts): one line, or a count and one hint per problem.
  if (problems.length === 1) throw new UsageError(problems[0]);
  if (problems.length > 1) throw new UsageError(t`${problems.length} problems with the CSV mapping, nothing was read:`, problems);
  return {
    date: date as string,
    valueDate: column('valueDate'),
    amount,
    credit,
    debit,
    description: column('description'),
    counterpart: column('counterpart'),
    reference: column('reference'),
    reversal: column('reversal'),
    currency: column('currency'),
    iban,
    delimiter,
    decimal,
    dateFormat,
    encoding,
  };
}

/** A mapping file's keys into `values` (their origin: the file and the key); what is wrong with it into `problems`. */
function readMappingFile(
  file: { path: string; text: string },
  problems: Message[],
  values: Partial<Record<Key, string>>,
  origin: Partial<Record<Key, string>>,
): void {
  let json: unknown;
  try {
    json = JSON.parse(file.text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(t`${file.path}: not a JSON mapping file: ${errorText(error)}`, [
      t`A mapping file is one JSON object like {"date": "Data contabile", "amount": "Importo", "description": "Descrizione"}`,
    ]);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new UsageError(t`${file.path}: expected one JSON object mapping keys to columns, like {"date": "Data", "amount": "Importo"}`);
  }
  for (const [k, v] of Object.entries(json)) {
    if (k.startsWith('$') || k.startsWith('_')) continue;
    if (!(KEYS as readonly string[]).includes(k)) {
      problems.push(t`${file.path}: "${k}" is not a mapping key: expected ${KEYS.join(', ')}`);
      continue;
    }
    if (typeof v !== 'string' && typeof v !== 'number') {
      problems.push(t`${file.path}: "${k}" must be a string (${WHAT[k as Key]})`);
      continue;
    }
    values[k as Key] = String(v);
    origin[k as Key] = `${file.path}: "${k}"`;
  }
}

/** The settings of how the file is written (delimiter, decimal separator, date format, encoding, IBAN), each checked. */
function fileSettings(
  values: Partial<Record<Key, string>>,
  name: (k: Key) => string,
  problems: Message[],
): Pick<CsvMapping, 'delimiter' | 'decimal' | 'dateFormat' | 'encoding' | 'iban'> {
  let delimiter: string | undefined;
  if (values.delimiter !== undefined) {
    const d = values.delimiter;
    const named: Record<string, string> = { tab: '\t', '\\t': '\t', semicolon: ';', comma: ',', pipe: '|' };
    delimiter = named[d.toLowerCase()] ?? d;
    if (delimiter.length !== 1 || /[\r\n"]/.test(delimiter)) {
      problems.push(t`${name('delimiter')}: '${d}' is not a delimiter: expected one character, like ; , | or tab`);
      delimiter = undefined;
    }
  }
  let decimal: ',' | '.' | undefined;
  if (values.decimal !== undefined) {
    const d = values.decimal.trim().toLowerCase();
    decimal = d === ',' || d === 'comma' ? ',' : d === '.' || d === 'dot' || d === 'point' ? '.' : undefined;
    if (!decimal) problems.push(t`${name('decimal')}: '${values.decimal}' is not a decimal separator: expected , or .`);
  }
  let dateFormat: string | undefined;
  if (values.dateFormat !== undefined) {
    dateFormat = values.dateFormat.trim().toLowerCase();
    if (!/^(?=.*dd)(?=.*mm)(?=.*yy)[dmy\s./\-]+$/.test(dateFormat) || !/^(dd|mm|yyyy|yy|[\s./\-])+$/.test(dateFormat)) {
      problems.push(
        t`${name('dateFormat')}: '${values.dateFormat}' is not a date format: expected dd, mm and yyyy (or yy) with separators, like dd/mm/yyyy or yyyy-mm-dd`,
      );
      dateFormat = undefined;
    }
  }
  let encoding: CsvMapping['encoding'] = 'auto';
  if (values.encoding !== undefined) {
    const e = values.encoding.trim().toLowerCase().replace(/_/g, '-');
    if (e === 'auto') encoding = 'auto';
    else if (e === 'utf-8' || e === 'utf8') encoding = 'utf-8';
    else if (['latin1', 'latin-1', 'iso-8859-1', 'iso-8859-15', 'windows-1252', 'cp1252', 'ansi'].includes(e)) encoding = 'latin1';
    else problems.push(t`${name('encoding')}: '${values.encoding}' is not an encoding fisco reads: expected auto, utf-8 or latin1`);
  }
  let iban: string | undefined;
  if (values.iban !== undefined) {
    iban = normaliseIban(values.iban);
    if (!isValidIban(iban)) {
      problems.push(t`${name('iban')}: '${values.iban}' is not a valid IBAN (like IT60X0542811101000000123456)`);
      iban = undefined;
    }
  }
  return { delimiter, decimal, dateFormat, encoding, iban };
}

/**
 * The decimal separator the amount cells use, when the mapping does not say: the one that ends
 * amounts with one or two digits (`1.234,56`, `12,5`; `1,234.56`). When the cells use neither or
 * both, the dialect's: a comma with ; or tab, else a point.
 */
function decimalOf(rows: { record: string[] }[], columns: (number | undefined)[], delimiter: string): ',' | '.' {
  let comma = 0;
  let point = 0;
  for (const { record } of rows) {
    for (const c of columns) {
      if (c === undefined) continue;
      const v = (record[c] ?? '').trim();
      if (/,\d{1,2}-?$/.test(v)) comma++;
      else if (/\.\d{1,2}-?$/.test(v)) point++;
    }
  }
  if (comma > 0 && point === 0) return ',';
  if (point > 0 && comma === 0) return '.';
  return delimiter === ';' || delimiter === '\t' ? ',' : '.';
}

/**
 * A CSV amount cell: optional sign (leading, or trailing like `100,00-`), optional € / EUR,
 * thousands separators in groups of three, then the decimal separator of the mapping.
 */
export function csvAmount(raw: string, decimal: ',' | '.'): { amount: string; negative: boolean } {
  let v = raw.trim().replace(/\u00a0/g, ' ');
  v = v
    .replace(/^(€|EUR)\s*/i, '')
    .replace(/\s*(€|EUR)$/i, '')
    .trim();
  let negative = false;
  if (/^\(.*\)$/.test(v)) ((negative = true), (v = v.slice(1, -1).trim()));
  if (/^[+-]/.test(v)) ((negative = v[0] === '-'), (v = v.slice(1).trim()));
  else if (/[+-]$/.test(v)) ((negative = v.endsWith('-')), (v = v.slice(0, -1).trim()));
  v = v.replace(/^(€|EUR)\s*/i, '').trim();
  const thousands = decimal === ',' ? '.' : ',';
  const grouped = new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+(\\${decimal}\\d*)?$`);
  if (grouped.test(v)) v = v.split(thousands).join('');
  v = v.replace(/ (?=\d{3}(\D|$))/g, '');
  if (v.includes(thousands)) {
    const like = decimal === ',' ? t`1234,56 or 1.234,56` : t`1234.56 or 1,234.56`;
    throw new WordedError(t`'${raw}' is not an amount with a decimal '${decimal}' (the mapping's decimal separator): expected like ${like}`);
  }
  const amount = statementAmount(v, { decimal });
  return { amount, negative };
}

/** Lines of the file held before its first row is read: the header search and the decimal separator look at them. */
export const CSV_HEAD_LINES = 1000;

interface Row {
  record: string[];
  info: { lines: number };
}

const REVERSAL_YES = new Set(['s', 'si', 'y', 'yes', 'x', '1', 'true', 'storno', 'stornato', 'r', 'reversal']);
const REVERSAL_NO = new Set(['', 'n', 'no', '0', 'false', '-']);

/** A reversal marker cell: S/SI/Y/YES/X/1/TRUE/STORNO is a reversal, empty/N/NO/0/FALSE/- is not. */
export function csvReversal(raw: string): boolean {
  const v = headerKey(raw);
  if (REVERSAL_YES.has(v)) return true;
  if (REVERSAL_NO.has(v)) return false;
  throw new WordedError(t`'${raw}' is not a reversal marker: expected S, SI, Y, YES, X, 1, TRUE or STORNO for a reversal; empty, N, NO, 0 or FALSE otherwise`);
}

type ColumnKey = 'date' | 'valueDate' | 'amount' | 'credit' | 'debit' | 'description' | 'counterpart' | 'reference' | 'currency' | 'reversal';
const COLUMN_KEYS: readonly ColumnKey[] = ['date', 'valueDate', 'amount', 'credit', 'debit', 'description', 'counterpart', 'reference', 'currency', 'reversal'];

/** What the header search finds: the header row (-1: none, the columns are numbers) and each mapped column's index. */
interface Layout {
  header: number;
  col: Partial<Record<ColumnKey, number>>;
  /** How a column is named in messages: column "Importo", or column 3. */
  label: (key: ColumnKey) => Message | '';
  decimal: ',' | '.';
  /** The currency of every row, when no column gives it: the mapping's code, the amount header's ("Importo (EUR)"), or EUR assumed. */
  currency: { code: string; assumed: boolean };
}

/** Rows that are not movements, skipped and counted: balances and totals, rows without a date. */
interface Skipped {
  balance: number[];
  undated: number[];
  zero: number;
}

/**
 * A CSV export read as it arrives: the first CSV_HEAD_LINES lines are held to find the delimiter,
 * the header row (within the first 30 rows), the decimal separator and a currency column; then every
 * row is read and emitted as csv-parse gives it. Balance and total rows (Saldo iniziale, Saldo
 * finale, Totale…) and rows without a date are skipped and counted. Throws StatementError at the
 * line (and column) of a problem.
 */
export class CsvReader {
  readonly format = 'csv' as const;
  readonly ibans: string[];
  readonly statements = 1;
  private head = '';
  private headLines = 0;
  private parser: ReturnType<typeof parseStream> | undefined;
  private buffered: Row[] | undefined = [];
  private layout: Layout | undefined;
  private rows = 0;
  private first = true;
  private readonly skipped: Skipped = { balance: [], undated: [], zero: 0 };
  private delimiter = ',';

  constructor(
    private readonly file: string,
    private readonly mapping: CsvMapping,
    private readonly emit: Emit,
    private readonly note: (text: Text) => void,
  ) {
    this.ibans = mapping.iban ? [mapping.iban] : [];
  }

  push(text: string): void {
    if (this.parser) return this.write(text);
    this.head += text;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.headLines++;
    if (this.headLines >= CSV_HEAD_LINES) this.start();
  }

  end(): void {
    if (!this.parser) this.start();
    this.parser!.end();
    this.drain();
    if (this.rows === 0) throw new StatementError(this.file, undefined, t`the CSV file is empty: expected a header row and one row per movement`);
    if (this.buffered) this.begin();
    this.report();
  }

  /** The notes of the end: rows skipped, and the currency when it was assumed. */
  private report(): void {
    const { balance, undated, zero } = this.skipped;
    const lines = (list: number[]) => {
      const shown = `${list.slice(0, 5).join(', ')}${list.length > 5 ? '…' : ''}`;
      return list.length === 1 ? t`line ${shown}` : t`lines ${shown}`;
    };
    if (balance.length)
      this.note(
        balance.length === 1 ? t`1 balance or total row skipped (${lines(balance)})` : t`${balance.length} balance or total rows skipped (${lines(balance)})`,
      );
    if (undated.length)
      this.note(
        undated.length === 1 ? t`1 row without a date skipped (${lines(undated)})` : t`${undated.length} rows without a date skipped (${lines(undated)})`,
      );
    if (zero) this.note(t`${zero} row(s) with a zero amount skipped`);
    if (this.layout?.currency.assumed && this.layout.col.currency === undefined)
      this.note(t`no currency column: every amount is taken as EUR (a mapping names the column, or a code, with "currency")`);
  }

  private start(): void {
    const text = this.head.replace(/^\uFEFF/, '');
    this.head = '';
    const delimiter = this.mapping.delimiter ?? detectDelimiter(text);
    const options: CsvParseOptions & { highWaterMark: number } = {
      ...EDITED_CSV,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      info: true,
      cast: false,
      // A record is a bank movement: a file whose "record" never ends is refused, not held.
      max_record_size: MAX_RECORD_CHARS,
      // Every record is read right after its chunk is written: the stream never holds them.
      highWaterMark: 1 << 30,
    };
    this.parser = parseStream(options);
    // A parse error is read where it happens (parser.errored, in drain()); the stream's own 'error'
    // event, emitted on the next tick, would otherwise be an uncaught exception.
    this.parser.on('error', () => undefined);
    this.delimiter = delimiter;
    this.write(text);
  }

  private write(text: string): void {
    this.parser!.write(Buffer.from(text, 'utf8'));
    this.drain();
  }

  private drain(): void {
    const parser = this.parser!;
    if (parser.errored) {
      const error = parser.errored as Error & { lines?: number };
      throw new StatementError(this.file, error.lines ? t`line ${error.lines}` : undefined, t`not a readable CSV: ${error.message}`);
    }
    for (let row = parser.read() as Row | null; row !== null; row = parser.read() as Row | null) {
      this.rows++;
      if (this.layout) this.read(row);
      else {
        this.buffered!.push(row);
        if (this.buffered!.length >= CSV_HEAD_LINES) this.begin();
      }
    }
  }

  /** The header row, the columns and the decimal separator from the rows held, then those rows. */
  private begin(): void {
    const rows = this.buffered!;
    this.buffered = undefined;
    this.layout = layoutOf(this.file, this.mapping, this.delimiter, rows);
    for (const row of rows.slice(this.layout.header + 1)) this.read(row);
  }

  private read(row: Row): void {
    const { record, info } = row;
    if (record.every((c) => c.trim() === '')) return;
    const layout = this.layout!;
    const isFirst = this.first;
    this.first = false;
    const cell = (key: ColumnKey) => {
      const i = layout.col[key];
      return i === undefined ? '' : (record[i] ?? '').trim();
    };
    const bookingDate = csvDate(cell('date'), this.mapping.dateFormat);
    if (!bookingDate) {
      // Without a header, a first row that is not a date is a header row of unmapped names.
      if (layout.header < 0 && isFirst) return;
      this.notMovement(row, cell('date'), layout);
      return;
    }
    const value = this.amountOf(row, cell, layout);
    if (/^0+\.00$/.test(value.amount)) {
      this.skipped.zero++;
      return;
    }
    const where = t`line ${info.lines}`;
    const currencyText = cell('currency').toUpperCase();
    const currency = layout.col.currency !== undefined && currencyText !== '' ? currencyText : layout.currency.code;
    if (!/^[A-Z]{3}$/.test(currency)) {
      throw new StatementError(
        this.file,
        joined([where, layout.label('currency')], ', '),
        t`'${currencyText}' is not a currency: expected an ISO code like EUR`,
      );
    }
    const remittance = clean(cell('description')) ?? '';
    const name = clean(cell('counterpart'));
    const reference = clean(cell('reference'));
    const movement: Movement = {
      key: '',
      source: { file: this.file, format: 'csv', location: String(where) },
      accountIban: this.mapping.iban,
      bookingDate,
      ...(layout.col.valueDate !== undefined && csvDate(cell('valueDate'), this.mapping.dateFormat)
        ? { valueDate: csvDate(cell('valueDate'), this.mapping.dateFormat) }
        : {}),
      amount: value.amount,
      currency,
      direction: value.direction,
      reversal: this.reversalOf(where, cell, layout),
      payer: name ? { name } : undefined,
      remittance,
      references: { bank: reference },
    };
    const real = realReference(reference);
    this.emit(movement, {
      unique: real ? bankReference(this.mapping.iban, bookingDate, real) : undefined,
      legacy: reference ? `ref:${reference}` : hashKey(bookingDate, value.amount, name, remittance),
    });
  }

  /** A row whose date cell is not a date: a balance or total row, or one without a date, is skipped; anything else is an error. */
  private notMovement(row: Row, dateText: string, layout: Layout): void {
    const line = row.info.lines;
    if (row.record.some((c) => BALANCE_WORDS.test(c))) this.skipped.balance.push(line);
    else if (dateText === '') this.skipped.undated.push(line);
    else {
      throw new StatementError(
        this.file,
        t`line ${line}, ${layout.label('date')}`,
        t`'${dateText}' is not a date: expected ${datesAccepted(this.mapping.dateFormat)}`,
      );
    }
  }

  private amountOf(row: Row, cell: (key: ColumnKey) => string, layout: Layout): { amount: string; direction: 'credit' | 'debit' } {
    const where = t`line ${row.info.lines}`;
    const read = (key: ColumnKey) => {
      const raw = cell(key);
      if (raw === '') return undefined;
      try {
        return csvAmount(raw, layout.decimal);
      } catch (error) {
        throw new StatementError(this.file, joined([where, layout.label(key)], ', '), errorText(error));
      }
    };
    if (this.mapping.amount !== undefined) {
      const a = read('amount');
      if (!a) throw new StatementError(this.file, joined([where, layout.label('amount')], ', '), t`empty: expected the amount of the movement`);
      return { amount: a.amount, direction: a.negative ? 'debit' : 'credit' };
    }
    const c = read('credit');
    const d = read('debit');
    const cz = !c || /^0+\.00$/.test(c.amount);
    const dz = !d || /^0+\.00$/.test(d.amount);
    if (!cz && !dz) {
      throw new StatementError(
        this.file,
        where,
        t`both ${layout.label('credit')} (${decimal(c?.amount ?? '')}) and ${layout.label('debit')} (${decimal(d?.amount ?? '')}) hold an amount: expected one of them per row`,
      );
    }
    if (!c && !d) {
      const columns = (['credit', 'debit'] as const).filter((k) => this.mapping[k] !== undefined).map(layout.label);
      throw new StatementError(
        this.file,
        where,
        columns.length === 2
          ? t`${columns[0]} and ${columns[1]} empty: expected the amount of the movement`
          : t`${columns[0]} empty: expected the amount of the movement`,
      );
    }
    if (!cz) return { amount: c!.amount, direction: 'credit' };
    if (!dz) return { amount: d!.amount, direction: 'debit' };
    return { amount: (c ?? d)!.amount, direction: c ? 'credit' : 'debit' };
  }

  private reversalOf(where: Message, cell: (key: ColumnKey) => string, layout: Layout): boolean {
    if (layout.col.reversal === undefined) return false;
    try {
      return csvReversal(cell('reversal'));
    } catch (error) {
      throw new StatementError(this.file, joined([where, layout.label('reversal')], ', '), errorText(error));
    }
  }
}

/** The cell index of a column named by a header (without case, accents or repeated spaces), or -1. */
function byName(row: string[], spec: string): number {
  const wanted = headerKey(spec);
  return row.findIndex((c) => headerKey(c) === wanted);
}

/** The header row: the first one, within the first 30, naming every mapped column (numbers and a fixed currency code need no name). */
function findHeader(rows: Row[], specs: [ColumnKey, string][], currencyIsCode: boolean): { header: number; best: number } {
  let best = { row: 0, found: -1 };
  for (let r = 0; r < Math.min(rows.length, 30); r++) {
    const row = rows[r].record;
    let found = 0;
    let needed = 0;
    for (const [k, spec] of specs) {
      if (k === 'currency' && currencyIsCode && byName(row, spec) < 0) continue;
      if (/^\d+$/.test(spec) && byName(row, spec) < 0) continue;
      needed++;
      if (byName(row, spec) >= 0) found++;
    }
    if (found > best.found) best = { row: r, found };
    if (found === needed && needed > 0) return { header: r, best: r };
    if (needed === 0) break;
  }
  return { header: -1, best: best.row };
}

/** Where each mapped column is, the decimal separator and the currency, from the rows held at the start. */
function layoutOf(file: string, mapping: CsvMapping, delimiter: string, rows: Row[]): Layout {
  const specs = COLUMN_KEYS.map((k) => [k, mapping[k]] as [ColumnKey, string | undefined]).filter((e): e is [ColumnKey, string] => e[1] !== undefined);
  const currencyIsCode = mapping.currency !== undefined && /^[A-Z]{3}$/.test(mapping.currency);
  const { header, best } = findHeader(rows, specs, currencyIsCode);
  const allNumeric = specs.every(([k, spec]) => /^\d+$/.test(spec) || (k === 'currency' && currencyIsCode));
  const headerRow = header >= 0 ? rows[header].record : allNumeric ? [] : undefined;
  if (!headerRow) {
    const row = rows[best].record;
    const missing = specs
      .filter(([k, spec]) => !(/^\d+$/.test(spec) || (k === 'currency' && currencyIsCode)) && byName(row, spec) < 0)
      .map(([k, spec]) => `${k} "${spec}"`);
    throw new StatementError(
      file,
      t`line ${rows[best].info.lines}`,
      missing.length > 1
        ? t`no header row names the mapped columns ${missing.join(', ')}: the columns are ${row.map((c) => `"${c}"`).join(', ')}`
        : t`no header row names the mapped column ${missing.join(', ')}: the columns are ${row.map((c) => `"${c}"`).join(', ')}`,
      [
        delimiter === ',' && row.length === 1
          ? t`The file may use another delimiter: give it (; or tab)`
          : t`Name the columns exactly as the header row writes them, or by number from 1`,
      ],
    );
  }
  const index = (spec: string | undefined): number | undefined => {
    if (spec === undefined) return undefined;
    const i = headerRow.length ? byName(headerRow, spec) : -1;
    if (i >= 0) return i;
    return /^\d+$/.test(spec) ? Number(spec) - 1 : undefined;
  };
  const col: Layout['col'] = {};
  for (const k of COLUMN_KEYS) if (!(k === 'currency' && currencyIsCode && index(mapping.currency) === undefined)) col[k] = index(mapping[k]);
  const data = rows.slice(header + 1);
  if (mapping.currency === undefined)
    col.currency = currencyColumn(
      headerRow,
      data.map((r) => r.record),
      Object.values(col),
    );
  const specOf = (k: ColumnKey) => mapping[k];
  const label = (k: ColumnKey) => {
    const spec = specOf(k);
    if (spec === undefined) return col[k] !== undefined ? t`column "${headerRow[col[k]!]}"` : '';
    return /^\d+$/.test(spec) && header < 0 ? t`column ${spec}` : t`column "${spec}"`;
  };
  const fromHeader = [col.amount, col.credit, col.debit].map((i) => (i === undefined ? undefined : currencyOfHeader(headerRow[i] ?? ''))).find(Boolean);
  return {
    header,
    col,
    label,
    decimal: mapping.decimal ?? decimalOf(data, [col.amount, col.credit, col.debit], delimiter),
    currency: currencyIsCode ? { code: mapping.currency!, assumed: false } : fromHeader ? { code: fromHeader, assumed: false } : { code: 'EUR', assumed: true },
  };
}
