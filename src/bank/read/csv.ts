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
import { UsageError } from '../../errors.js';
import type { Movement } from '../types.js';
import { StatementError, calendarDate, clean, hashKey, isValidIban, normaliseIban, statementAmount } from './common.js';

/** The longest CSV record read (a movement's row is a few hundred characters). */
export const MAX_RECORD_CHARS = 1024 * 1024;

export interface CsvMapping {
  /** Column (header name or 1-based number) of the booking date. */
  date: string;
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
  /** Tokens dd, mm, yyyy, yy with any separators; undefined: dd/mm/yyyy (yyyy-mm-dd read too). */
  dateFormat?: string;
  encoding: 'auto' | 'utf-8' | 'latin1';
}

/** The mapping as a person gives it (flags or a mapping file): every key as text, checked by csvMappingFrom. */
export type CsvMappingFlags = { [K in keyof CsvMapping]?: string };

const KEYS = [
  'date',
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

const WHAT: Record<Key, string> = {
  date: 'the column with the booking date',
  amount: 'the signed amount column',
  credit: 'the column of money in',
  debit: 'the column of money out',
  description: 'the description column',
  counterpart: 'the counterpart column',
  reference: 'the bank reference column',
  reversal: 'the column marking reversals (storno)',
  currency: 'a currency column or code',
  iban: "the account's IBAN",
  delimiter: 'the field delimiter',
  decimal: 'the decimal separator',
  dateFormat: 'the date format',
  encoding: 'the encoding',
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
  const problems: string[] = [];
  const values: Partial<Record<Key, string>> = {};
  const origin: Partial<Record<Key, string>> = {};
  if (file) {
    let json: unknown;
    try {
      json = JSON.parse(file.text.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new UsageError(`${file.path}: not a JSON mapping file: ${error instanceof Error ? error.message : String(error)}`, [
        'A mapping file is one JSON object like {"date": "Data contabile", "amount": "Importo", "description": "Descrizione"}',
      ]);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new UsageError(`${file.path}: expected one JSON object mapping keys to columns, like {"date": "Data", "amount": "Importo"}`);
    }
    for (const [k, v] of Object.entries(json)) {
      if (k.startsWith('$') || k.startsWith('_')) continue;
      if (!(KEYS as readonly string[]).includes(k)) {
        problems.push(`${file.path}: "${k}" is not a mapping key: expected ${KEYS.join(', ')}`);
        continue;
      }
      if (typeof v !== 'string' && typeof v !== 'number') {
        problems.push(`${file.path}: "${k}" must be a string (${WHAT[k as Key]})`);
        continue;
      }
      values[k as Key] = String(v);
      origin[k as Key] = `${file.path}: "${k}"`;
    }
  }
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
    const t = v.trim();
    if (t === '') problems.push(`${name(k)}: must name ${WHAT[k]} (a header name or a column number)`);
    return t || undefined;
  };

  const date = column('date');
  if (values.date === undefined) problems.push(`${name('date')}: required: ${WHAT.date} (a header name like "Data contabile", or a column number)`);
  const amount = column('amount');
  const credit = column('credit');
  const debit = column('debit');
  if (!amount && !credit && !debit) {
    problems.push(`${name('amount')}: required: the signed amount column, or ${name('credit')} and ${name('debit')} for separate columns of money in and out`);
  }
  if (amount && (credit || debit)) {
    problems.push(`${name('amount')}: give either a signed amount column or credit/debit columns (${name(credit ? 'credit' : 'debit')}), not both`);
  }

  let delimiter: string | undefined;
  if (values.delimiter !== undefined) {
    const d = values.delimiter;
    const named: Record<string, string> = { tab: '\t', '\\t': '\t', semicolon: ';', comma: ',', pipe: '|' };
    delimiter = named[d.toLowerCase()] ?? d;
    if (delimiter.length !== 1 || /[\r\n"]/.test(delimiter)) {
      problems.push(`${name('delimiter')}: '${d}' is not a delimiter: expected one character, like ; , | or tab`);
      delimiter = undefined;
    }
  }
  let decimal: ',' | '.' | undefined;
  if (values.decimal !== undefined) {
    const d = values.decimal.trim().toLowerCase();
    decimal = d === ',' || d === 'comma' ? ',' : d === '.' || d === 'dot' || d === 'point' ? '.' : undefined;
    if (!decimal) problems.push(`${name('decimal')}: '${values.decimal}' is not a decimal separator: expected , or .`);
  }
  let dateFormat: string | undefined;
  if (values.dateFormat !== undefined) {
    dateFormat = values.dateFormat.trim().toLowerCase();
    if (!/^(?=.*dd)(?=.*mm)(?=.*yy)[dmy\s./\-]+$/.test(dateFormat) || !/^(dd|mm|yyyy|yy|[\s./\-])+$/.test(dateFormat)) {
      problems.push(
        `${name('dateFormat')}: '${values.dateFormat}' is not a date format: expected dd, mm and yyyy (or yy) with separators, like dd/mm/yyyy or yyyy-mm-dd`,
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
    else problems.push(`${name('encoding')}: '${values.encoding}' is not an encoding fisco reads: expected auto, utf-8 or latin1`);
  }
  let iban: string | undefined;
  if (values.iban !== undefined) {
    iban = normaliseIban(values.iban);
    if (!isValidIban(iban)) {
      problems.push(`${name('iban')}: '${values.iban}' is not a valid IBAN (like IT60X0542811101000000123456)`);
      iban = undefined;
    }
  }
  // As the command options report them (src/commands/options.ts): one line, or a count and one hint per problem.
  if (problems.length === 1) throw new UsageError(problems[0]);
  if (problems.length > 1) throw new UsageError(`${problems.length} problems with the CSV mapping, nothing was read:`, problems);
  return {
    date: date as string,
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

/** Header cells compare without case, accents, quotes or repeated spaces. */
function headerKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

function detectDelimiter(text: string): string {
  const head = text.split(/\r?\n/, 30).join('\n');
  // The Italian dialect first: a comma may be a decimal separator.
  for (const d of [';', '\t', '|']) if (head.includes(d)) return d;
  return ',';
}

/** Parses a date cell with a dd/mm/yyyy-like format; the default also reads yyyy-mm-dd. */
function csvDate(raw: string, format: string | undefined): string | undefined {
  const v = raw.trim().replace(/[T ]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, '');
  if (!format) {
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
    if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    format = 'dd/mm/yyyy';
  }
  const order: ('d' | 'm' | 'y' | 'yy')[] = [];
  let pattern = '^';
  for (const token of format.match(/dd|mm|yyyy|yy|[\s./\-]/g) ?? []) {
    if (token === 'dd') (order.push('d'), (pattern += '(\\d{1,2})'));
    else if (token === 'mm') (order.push('m'), (pattern += '(\\d{1,2})'));
    else if (token === 'yyyy') (order.push('y'), (pattern += '(\\d{4})'));
    else if (token === 'yy') (order.push('yy'), (pattern += '(\\d{2})'));
    else pattern += '[./\\-]';
  }
  const m = new RegExp(pattern + '$').exec(v);
  if (!m) return undefined;
  let d = 0;
  let mo = 0;
  let y = 0;
  order.forEach((o, i) => {
    const n = Number(m[i + 1]);
    if (o === 'd') d = n;
    else if (o === 'm') mo = n;
    else if (o === 'y') y = n;
    else y = n < 70 ? 2000 + n : 1900 + n;
  });
  return calendarDate(y, mo, d);
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
    throw new Error(
      `'${raw}' is not an amount with a decimal '${decimal}' (the mapping's decimal separator): expected like ${decimal === ',' ? '1234,56 or 1.234,56' : '1234.56 or 1,234.56'}`,
    );
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
  throw new Error(`'${raw}' is not a reversal marker: expected S, SI, Y, YES, X, 1, TRUE or STORNO for a reversal; empty, N, NO, 0 or FALSE otherwise`);
}

/**
 * A CSV export read as it arrives: the first CSV_HEAD_LINES lines are held to find the delimiter,
 * the header row (within the first 30 rows) and the decimal separator; then every row is read and
 * emitted as csv-parse gives it. Throws StatementError at the line (and column) of a problem.
 */
export class CsvReader {
  readonly format = 'csv' as const;
  readonly ibans: string[];
  private head = '';
  private headLines = 0;
  private parser: ReturnType<typeof parseStream> | undefined;
  private buffered: Row[] | undefined = [];
  private setup: ((row: Row) => void) | undefined;
  private zero = 0;
  private rows = 0;

  constructor(
    private readonly file: string,
    private readonly mapping: CsvMapping,
    private readonly emit: (movement: Movement) => void,
    private readonly note: (text: string) => void,
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
    if (this.rows === 0) throw new StatementError(this.file, undefined, 'the CSV file is empty: expected a header row and one row per movement');
    if (this.buffered) this.begin();
    if (this.zero) this.note(`${this.zero} row(s) with a zero amount skipped`);
  }

  private start(): void {
    const text = this.head.replace(/^\uFEFF/, '');
    this.head = '';
    const delimiter = this.mapping.delimiter ?? detectDelimiter(text);
    const options: CsvParseOptions & { highWaterMark: number } = {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
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

  private delimiter = ',';

  private write(text: string): void {
    this.parser!.write(Buffer.from(text, 'utf8'));
    this.drain();
  }

  private drain(): void {
    const parser = this.parser!;
    if (parser.errored) {
      const error = parser.errored as Error & { lines?: number };
      throw new StatementError(this.file, error.lines ? `line ${error.lines}` : undefined, `not a readable CSV: ${error.message}`);
    }
    for (let row = parser.read() as Row | null; row !== null; row = parser.read() as Row | null) {
      this.rows++;
      if (this.setup) this.setup(row);
      else {
        this.buffered!.push(row);
        if (this.buffered!.length >= CSV_HEAD_LINES) this.begin();
      }
    }
  }

  /** The header row and the decimal separator from the rows held, then those rows and every next one. */
  private begin(): void {
    const rows = this.buffered!;
    this.buffered = undefined;
    const { file, mapping, delimiter } = this;
    const specs: [Key, string][] = (['date', 'amount', 'credit', 'debit', 'description', 'counterpart', 'reference', 'currency', 'reversal'] as const)
      .map((k) => [k, mapping[k]] as [Key, string | undefined])
      .filter((e): e is [Key, string] => e[1] !== undefined);
    const currencyIsCode = mapping.currency !== undefined && /^[A-Z]{3}$/.test(mapping.currency);

    // The header row: the first one naming every mapped column (numbers and a fixed currency code need no name).
    const byName = (row: string[], spec: string) => {
      const wanted = headerKey(spec);
      return row.findIndex((c) => headerKey(c) === wanted);
    };
    let header = -1;
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
      if (found === needed && needed > 0) {
        header = r;
        break;
      }
      if (needed === 0) break;
    }
    const allNumeric = specs.every(([k, spec]) => /^\d+$/.test(spec) || (k === 'currency' && currencyIsCode));
    const headerRow = header >= 0 ? rows[header].record : allNumeric ? [] : undefined;
    if (!headerRow) {
      const row = rows[best.row].record;
      const missing = specs
        .filter(([k, spec]) => !(/^\d+$/.test(spec) || (k === 'currency' && currencyIsCode)) && byName(row, spec) < 0)
        .map(([k, spec]) => `${k} "${spec}"`);
      throw new StatementError(
        file,
        `line ${rows[best.row].info.lines}`,
        `no header row names the mapped column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: the columns are ${row.map((c) => `"${c}"`).join(', ')}`,
        [
          delimiter === ',' && row.length === 1
            ? 'The file may use another delimiter: give it (; or tab)'
            : 'Name the columns exactly as the header row writes them, or by number from 1',
        ],
      );
    }
    const index = (spec: string | undefined): number | undefined => {
      if (spec === undefined) return undefined;
      const i = headerRow.length ? byName(headerRow, spec) : -1;
      if (i >= 0) return i;
      if (/^\d+$/.test(spec)) return Number(spec) - 1;
      return undefined;
    };
    const col = {
      date: index(mapping.date) as number,
      amount: index(mapping.amount),
      credit: index(mapping.credit),
      debit: index(mapping.debit),
      description: index(mapping.description),
      counterpart: index(mapping.counterpart),
      reference: index(mapping.reference),
      reversal: index(mapping.reversal),
      currency: currencyIsCode && index(mapping.currency) === undefined ? undefined : index(mapping.currency),
    };
    const label = (spec: string | undefined) => (spec === undefined ? '' : /^\d+$/.test(spec) && header < 0 ? `column ${spec}` : `column "${spec}"`);

    const start = header >= 0 ? header + 1 : 0;
    const decimal = mapping.decimal ?? decimalOf(rows.slice(start), [col.amount, col.credit, col.debit], delimiter);
    let first = true;
    const read = (row: Row) => {
      const { record, info } = row;
      if (record.every((c) => c.trim() === '')) return;
      const isFirst = first;
      first = false;
      const where = `line ${info.lines}`;
      const cell = (i: number | undefined) => (i === undefined ? '' : (record[i] ?? '').trim());
      const dateText = cell(col.date);
      const bookingDate = csvDate(dateText, mapping.dateFormat);
      if (!bookingDate) {
        // Without a header, a first row that is not a date is a header row of unmapped names.
        if (header < 0 && isFirst) return;
        throw new StatementError(
          file,
          `${where}, ${label(mapping.date)}`,
          `'${dateText}' is not a date: expected ${mapping.dateFormat ?? 'dd/mm/yyyy or yyyy-mm-dd'}`,
        );
      }
      const read = (i: number | undefined, spec: string | undefined) => {
        const raw = cell(i);
        if (raw === '') return undefined;
        try {
          return csvAmount(raw, decimal);
        } catch (error) {
          throw new StatementError(file, `${where}, ${label(spec)}`, error instanceof Error ? error.message : String(error));
        }
      };
      let amount: string;
      let direction: 'credit' | 'debit';
      if (mapping.amount !== undefined) {
        const a = read(col.amount, mapping.amount);
        if (!a) throw new StatementError(file, `${where}, ${label(mapping.amount)}`, 'empty: expected the amount of the movement');
        amount = a.amount;
        direction = a.negative ? 'debit' : 'credit';
      } else {
        const c = read(col.credit, mapping.credit);
        const d = read(col.debit, mapping.debit);
        const cz = !c || /^0+\.00$/.test(c.amount);
        const dz = !d || /^0+\.00$/.test(d.amount);
        if (!cz && !dz) {
          throw new StatementError(
            file,
            where,
            `both ${label(mapping.credit)} (${c?.amount}) and ${label(mapping.debit)} (${d?.amount}) hold an amount: expected one of them per row`,
          );
        }
        if (!c && !d) {
          throw new StatementError(
            file,
            where,
            `${[mapping.credit, mapping.debit]
              .filter((x) => x !== undefined)
              .map(label)
              .join(' and ')} empty: expected the amount of the movement`,
          );
        }
        if (!cz) ((amount = c!.amount), (direction = 'credit'));
        else if (!dz) ((amount = d!.amount), (direction = 'debit'));
        else ((amount = (c ?? d)!.amount), (direction = c ? 'credit' : 'debit'));
      }
      if (/^0+\.00$/.test(amount)) {
        this.zero++;
        return;
      }
      const currencyText = col.currency !== undefined ? cell(col.currency).toUpperCase() : currencyIsCode ? (mapping.currency as string) : 'EUR';
      const currency = currencyText || 'EUR';
      if (!/^[A-Z]{3}$/.test(currency)) {
        throw new StatementError(file, `${where}, ${label(mapping.currency)}`, `'${currencyText}' is not a currency: expected an ISO code like EUR`);
      }
      const remittance = clean(cell(col.description)) ?? '';
      const name = clean(cell(col.counterpart));
      const reference = clean(cell(col.reference));
      let reversal = false;
      if (col.reversal !== undefined) {
        try {
          reversal = csvReversal(cell(col.reversal));
        } catch (error) {
          throw new StatementError(file, `${where}, ${label(mapping.reversal)}`, error instanceof Error ? error.message : String(error));
        }
      }
      this.emit({
        key: reference ? `ref:${reference}` : hashKey(bookingDate, amount, name, remittance),
        source: { file, format: 'csv', location: where },
        accountIban: mapping.iban,
        bookingDate,
        amount,
        currency,
        direction,
        reversal,
        payer: name ? { name } : undefined,
        remittance,
        references: { bank: reference },
      });
    };
    for (const row of rows.slice(start)) read(row);
    this.setup = read;
  }
}

/** True when the text looks like delimited rows (for the message when no mapping was given). */
export function looksLikeCsv(text: string): boolean {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 10)
    .filter((l) => l.trim() !== '');
  if (lines.length < 2) return false;
  return [';', '\t', ',', '|'].some((d) => {
    const counts = lines.map((l) => l.split(d).length - 1);
    return counts[0] > 0 && counts.slice(1).every((c) => c > 0);
  });
}
