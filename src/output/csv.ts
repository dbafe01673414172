import { stringify } from 'csv-stringify/sync';
import { toItalianDecimal } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { DATE_RE } from './view.js';
import { safeText } from './safe-text.js';

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
      this.emit(this.columns, this.dialect === 'it' ? '\uFEFF' : '');
    }
    this.emit(this.columns.map((column) => this.cell(column, record[column])));
  }

  /** An empty export still gets its header, so importers see the columns. */
  end(): void {
    if (this.headerWritten || this.columns.length === 0) return;
    this.headerWritten = true;
    this.emit(this.columns, this.dialect === 'it' ? '\uFEFF' : '');
  }

  private emit(cells: string[], prefix = ''): void {
    this.write(prefix + stringify([cells], { delimiter: this.dialect === 'it' ? ';' : ',', record_delimiter: '\r\n' }));
  }

  /** A cell: control and bidirectional characters from the service escaped (line breaks and tabs kept, quoted). */
  private cell(column: string, value: unknown): string {
    return safeText(this.plainCell(column, value));
  }

  private plainCell(column: string, value: unknown): string {
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) return escapeFormula(value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join('|'));
    if (typeof value === 'object') return escapeFormula(JSON.stringify(value));
    const text = String(value);
    if (this.dialect === 'it') {
      if (this.amountFields.has(column) && /^-?\d+(\.\d+)?$/.test(text)) return toItalianDecimal(text);
      if (DATE_RE.test(text)) return toItalianDate(text);
    }
    return typeof value === 'string' ? escapeFormula(text) : text;
  }
}

/** A spreadsheet runs a cell starting with = + - @ (or a tab/CR) as a formula; plain numbers are safe. */
export function escapeFormula(text: string): string {
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) return `'${text}`;
  return text;
}
