import { stringify } from 'csv-stringify/sync';
import { toItalianDecimal } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { DATE_RE } from './view.js';
import { safeText } from './safe-text.js';
import { jsonText } from '../domain/answer-json.js';

export type CsvDialect = 'rfc' | 'it';

/** Streams CSV rows: RFC 4180, or the Italian spreadsheet dialect (`;`, decimal comma, dd/mm/yyyy, BOM). */
export class CsvWriter {
  private headerWritten = false;

  constructor(
    private readonly write: (chunk: string) => void,
    private readonly dialect: CsvDialect,
    private readonly columns: string[],
    private readonly amountFields: ReadonlySet<string>,
  ) {}

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

  /** Header cells are the service's own keys: escaped and guarded like values. */
  private header(): string[] {
    return this.columns.map((column) => safeText(escapeFormula(column)));
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
    if (Array.isArray(value)) return escapeFormula(value.map((v) => (typeof v === 'object' ? jsonText(v) : String(v))).join('|'));
    if (typeof value === 'object') return escapeFormula(jsonText(value));
    const text = String(value);
    if (this.dialect === 'it') {
      if (this.amountFields.has(column) && /^-?\d+(\.\d+)?$/.test(text)) return toItalianDecimal(text);
      if (DATE_RE.test(text)) return toItalianDate(text);
    }
    return typeof value === 'string' ? escapeFormula(text) : text;
  }
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
