import { stringify } from 'csv-stringify/sync';
import { toItalianDecimal } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { DATE_RE } from './view.js';
import { safeText } from './safe-text.js';
import { jsonText } from '../domain/answer-json.js';
import { IDENTIFIER_FIELDS, italianHeader } from './headers-it.js';
import { italianValue } from '../i18n/values-it.js';
import { ENGLISH, Message, render, type Language } from '../i18n/message.js';

export type CsvDialect = 'rfc' | 'it';

/** What the Italian dialect takes from a view: its own headers and identifier fields (beside the shared ones of headers-it.ts). */
export interface ItalianColumns {
  headers?: Readonly<Record<string, string>>;
  identifiers?: readonly string[];
  /** The run's language: fisco's own words in a cell (a Message: a reason, a status) in the Italian dialect. RFC cells are English. */
  language?: Language;
}

/**
 * Streams CSV rows: RFC 4180, or the Italian spreadsheet dialect: `;`, decimal comma, dd/mm/yyyy,
 * BOM, Italian headers, `sì`/`no`, and identifiers written so that Excel and LibreOffice keep
 * them as text (see italianCell).
 */
export class CsvWriter {
  private headerWritten = false;
  private readonly identifiers: ReadonlySet<string>;

  constructor(
    private readonly write: (chunk: string) => void,
    private readonly dialect: CsvDialect,
    private readonly columns: string[],
    private readonly amountFields: ReadonlySet<string>,
    private readonly italian: ItalianColumns = {},
  ) {
    this.identifiers = new Set([...IDENTIFIER_FIELDS, ...(italian.identifiers ?? [])]);
  }

  row(record: Record<string, unknown>): void {
    if (!this.headerWritten) {
      this.headerWritten = true;
      this.emit(this.header(), this.dialect === 'it' ? '\uFEFF' : '');
    }
    this.emit(this.columns.map((column) => this.cell(column, record[column])));
  }

  /** An empty export still gets its header, so importers see the columns. */
  end(): void {
    if (this.headerWritten || this.columns.length === 0) return;
    this.headerWritten = true;
    this.emit(this.header(), this.dialect === 'it' ? '\uFEFF' : '');
  }

  /** Header cells are the service's own keys (Italian names in the Italian dialect): escaped and guarded like values. */
  private header(): string[] {
    return this.columns.map((column) => safeText(escapeFormula(this.dialect === 'it' ? italianHeader(column, this.italian.headers) : column)));
  }

  private emit(cells: string[], prefix = ''): void {
    this.write(prefix + csvLine(cells, this.dialect));
  }

  /** A cell: control and bidirectional characters from the service escaped (line breaks and tabs kept, quoted). */
  private cell(column: string, value: unknown): string {
    return safeText(this.plainCell(column, value));
  }

  private plainCell(column: string, value: unknown): string {
    if (value === null || value === undefined) return '';
    // fisco's own words in a cell: English in the machine dialect, the run's language for a spreadsheet.
    const language = this.dialect === 'it' ? (this.italian.language ?? ENGLISH) : ENGLISH;
    if (value instanceof Message) value = render(value, language);
    else if (Array.isArray(value) && value.some((v) => v instanceof Message)) value = value.map((v) => (v instanceof Message ? render(v, language) : v));
    if (this.dialect === 'it') return this.italianCell(column, value);
    if (Array.isArray(value) || typeof value === 'object') return escapeFormula(joined(value));
    return typeof value === 'string' ? escapeFormula(value) : String(value);
  }

  /**
   * A cell of the Italian dialect: amounts with a decimal comma, dates dd/mm/yyyy, booleans sì/no;
   * an identifier, or any text a spreadsheet would turn into a number or a date (`02345678904`
   * losing its zero, `1/2026` becoming January), written as a text formula (`="1/2026"`) that
   * Excel and LibreOffice show as the text itself.
   */
  private italianCell(column: string, value: unknown): string {
    if (typeof value === 'boolean') return value ? 'sì' : 'no';
    if (typeof value === 'number') return this.identifiers.has(column) ? asSpreadsheetText(String(value)) : String(value).replace('.', ',');
    const text = Array.isArray(value) || typeof value === 'object' ? joined(value) : String(value);
    if (typeof value === 'string' && this.amountFields.has(column) && /^-?\d+(\.\d+)?$/.test(text)) return toItalianDecimal(text);
    if (typeof value === 'string' && DATE_RE.test(text)) return toItalianDate(text);
    if (typeof value === 'string' && INSTANT_RE.test(text)) return italianInstant(text);
    if (this.identifiers.has(column) || spreadsheetWouldConvert(text)) return asSpreadsheetText(text);
    return escapeFormula(typeof value === 'string' ? italianValue(column, text) : text);
  }
}

const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO instant as an Italian spreadsheet reads a date and time (`20/11/2026 11:00:00`), on the
 * wall clock of the offset the service gave; an instant in UTC (`Z`) keeps its zone in words
 * (`20/11/2026 10:00:00 UTC`), so a time never reads as local when it is not.
 */
function italianInstant(text: string): string {
  const m = INSTANT_RE.exec(text)!;
  return `${m[3]}/${m[2]}/${m[1]} ${m[4]}${m[6] === 'Z' ? ' UTC' : ''}`;
}

/** An array (`a|b`) or an object (its JSON) as one cell's text. */
function joined(value: unknown): string {
  if (!Array.isArray(value)) return jsonText(value);
  return value.map((v) => (typeof v === 'object' ? jsonText(v) : String(v))).join('|');
}

/**
 * Text a spreadsheet would not keep as it is: a number (leading zeros, separators, an exponent,
 * a percent), a date, a month or a fraction (`1/2026`, `2026-10`, `3-4`), a time, a boolean word.
 */
export function spreadsheetWouldConvert(text: string): boolean {
  const t = text.trim();
  return (
    /^[+-]?[\d.,]*\d[\d.,]*%?$/.test(t) ||
    /^[+-]?\d+([.,]\d+)?e[+-]?\d+$/i.test(t) ||
    /^\d{1,4}[/.-]\d{1,4}([/.-]\d{1,4})?$/.test(t) ||
    /^\d{1,2}:\d{2}(:\d{2})?$/.test(t) ||
    /^(true|false|vero|falso)$/i.test(t)
  );
}

/**
 * `="…"`: a formula whose value is the text itself, the way Excel and LibreOffice keep a cell as
 * text from a CSV file. Inert whatever it holds (quotes are doubled inside the string literal, so
 * no formula can be closed and another opened). A spreadsheet formula's text is at most 255
 * characters, and a line break cannot be in it: such a cell is written as plain (guarded) text.
 */
export function asSpreadsheetText(text: string): string {
  if ([...text].length > 255 || /[\r\n]/.test(text)) return escapeFormula(text);
  return `="${text.replace(/"/g, '""')}"`;
}

/**
 * One CSV record (RFC 4180, csv-stringify): the only place fisco writes CSV. Any field holding a
 * CR, an LF, the delimiter or a quote is quoted (csv-stringify alone quotes only a whole CRLF).
 */
export function csvLine(cells: readonly string[], dialect: CsvDialect): string {
  return stringify([cells as string[]], { delimiter: dialect === 'it' ? ';' : ',', record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab/CR) as a formula; plain numbers are
 * safe. A cell with line breaks has a line starting after each: every such line is guarded too.
 */
export function escapeFormula(text: string): string {
  const guard = (line: string) => (/^[=+\-@\t\r]/.test(line) && !/^-?\d+(\.\d+)?$/.test(line) ? `'${line}` : line);
  if (!/[\r\n]/.test(text)) return guard(text);
  return guard(text).replace(/([\r\n]+)([^\r\n]*)/g, (_m, breaks: string, line: string) => breaks + guard(line));
}
