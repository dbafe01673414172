import Table from 'cli-table3';
import { Chalk, type ChalkInstance } from 'chalk';
import { formatEuro } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { flatten, getPath } from './fields.js';
import { safeLine } from './safe-text.js';
import { jsonText } from '../api/answer-json.js';
import type { Column, Tone, View } from './view.js';

/**
 * Tables for people, rendered line by line in time linear in rows and memory bounded by one
 * window of rows: the column widths come from the first `window` rows (or all of them, when
 * fewer), every later row is cut to those widths. cli-table3 lays a table out in time quadratic in
 * rows and costs about a millisecond a row even in small chunks, so list tables are rendered here
 * with the widths computed once; cli-table3 lays out single records (renderRecord), where
 * wrapping long values matters and rows are few. Same borderless style (like gh and kubectl).
 *
 * Fitting the terminal: identifiers, amounts, dates, counts and booleans are never cut (an amount
 * or a date cut in two is worse than none); text columns shrink, their cells ending in `…`;
 * when even that is not enough, the columns a view marks as optional (`priority`) are left out,
 * least important first, and `hidden` names them.
 */

export function toneColour(chalk: ChalkInstance, tone: Tone): (text: string) => string {
  if (tone === 'danger') return chalk.red;
  if (tone === 'warn') return chalk.yellow;
  if (tone === 'ok') return chalk.green;
  if (tone === 'muted') return chalk.dim;
  return (text) => text;
}

/** A cell's text, with any control or bidirectional character from the service shown escaped. */
export function formatCell(value: unknown, column: Column, amountFields: ReadonlySet<string>): string {
  return safeLine(plainCell(value, column, amountFields));
}

function plainCell(value: unknown, column: Column, amountFields: ReadonlySet<string>): string {
  if (value === null || value === undefined || value === '') return '–';
  const kind = column.kind ?? (amountFields.has(column.key) ? 'money' : undefined);
  if (kind === 'money' && (typeof value === 'string' || typeof value === 'number')) return formatEuro(String(value));
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return toItalianDate(value);
  if (kind === 'instant' && typeof value === 'string') return value.replace('T', ' ').replace(/(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? jsonText(v) : String(v))).join(', ');
  if (typeof value === 'object') return jsonText(value);
  return String(value);
}

/** Space between columns. */
export const GAP = 2;
/** Rows that decide the column widths. */
export const WIDTH_WINDOW = 200;
/** A text column is not cut narrower than this (or its header, when shorter). */
const MIN_TEXT = 8;

/** Display width: one cell per code point (fisco's data is Latin text; no East Asian wide forms). */
export function displayWidth(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Cuts `text` to `width` cells, the last one an ellipsis. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  return `${[...text].slice(0, width - 1).join('')}…`;
}

function isText(column: Column, amountFields: ReadonlySet<string>): boolean {
  const kind = column.kind ?? (amountFields.has(column.key) ? 'money' : 'text');
  return (kind === 'text' || kind === 'list') && !column.id;
}

function alignsRight(column: Column, amountFields: ReadonlySet<string>): boolean {
  return column.kind === 'money' || column.kind === 'count' || amountFields.has(column.key);
}

export interface Layout {
  columns: Column[];
  widths: number[];
  /** Labels of the optional columns left out to fit the width. */
  hidden: string[];
}

/**
 * Widths from the natural widths (header and the window's cells), fitted into `maxWidth` when
 * given: text columns shrink first (not below MIN_TEXT), then optional columns are dropped.
 */
export function layoutColumns(columns: Column[], natural: number[], amountFields: ReadonlySet<string>, maxWidth?: number): Layout {
  let kept = columns.map((column, i) => ({ column, natural: natural[i]! }));
  const hidden: string[] = [];
  const minimum = (k: { column: Column; natural: number }) =>
    isText(k.column, amountFields) ? Math.min(k.natural, Math.max(MIN_TEXT, displayWidth(k.column.label ?? k.column.key))) : k.natural;
  const total = (list: typeof kept, size: (k: (typeof kept)[number]) => number) => list.reduce((sum, k) => sum + size(k), 0) + GAP * Math.max(0, list.length - 1);
  if (maxWidth !== undefined) {
    while (total(kept, minimum) > maxWidth) {
      const optional = kept.filter((k) => k.column.priority !== undefined);
      if (optional.length === 0) break;
      const drop = optional.reduce((a, b) => (b.column.priority! >= a.column.priority! ? b : a));
      hidden.unshift(drop.column.label ?? drop.column.key);
      kept = kept.filter((k) => k !== drop);
    }
  }
  const widths = kept.map((k) => k.natural);
  if (maxWidth !== undefined && total(kept, (k) => k.natural) > maxWidth) {
    // Share what the fixed columns leave among the text columns, the narrow ones served whole first.
    const text = kept.map((k, i) => ({ k, i })).filter(({ k }) => isText(k.column, amountFields));
    const fixed = total(kept, (k) => (isText(k.column, amountFields) ? 0 : k.natural));
    let room = Math.max(0, maxWidth - fixed);
    const pending = [...text].sort((a, b) => a.k.natural - b.k.natural);
    while (pending.length > 0) {
      const share = Math.floor(room / pending.length);
      const { k, i } = pending.shift()!;
      widths[i] = Math.max(minimum(k), Math.min(k.natural, share));
      room -= widths[i]!;
    }
  }
  return { columns: kept.map((k) => k.column), widths, hidden };
}

export interface TableOptions {
  colour: boolean;
  /** The terminal's width: the table is fitted into it. Undefined: no limit (not a terminal). */
  maxWidth?: number;
  /** Rows that decide the widths (default WIDTH_WINDOW). */
  window?: number;
}

/**
 * Streams a table: `push` rows as they arrive, write what it returns; `end` returns the rest.
 * Holds at most one window of rows, until the widths are known.
 */
export class TableWriter {
  private readonly chalk: ChalkInstance;
  private readonly amountFields: ReadonlySet<string>;
  private readonly window: number;
  private pending: unknown[] = [];
  private layout?: Layout;
  private count = 0;

  constructor(
    private readonly columns: Column[],
    private readonly view: View,
    private readonly options: TableOptions,
  ) {
    this.chalk = new Chalk({ level: options.colour ? 1 : 0 });
    this.amountFields = new Set(view.amountFields ?? []);
    this.window = Math.max(1, options.window ?? WIDTH_WINDOW);
  }

  get rows(): number {
    return this.count;
  }

  /** Columns left out to fit the width (known once the first window is laid out). */
  get hidden(): string[] {
    return this.layout?.hidden ?? [];
  }

  /** Adds a row; returns text to write (the header and the first window, then one line a row). */
  push(row: unknown): string {
    this.count++;
    if (this.layout) return this.line(row);
    this.pending.push(row);
    return this.pending.length >= this.window ? this.flush() : '';
  }

  /** The rows still held (a table shorter than one window). */
  end(): string {
    return this.layout ? '' : this.flush();
  }

  private flush(): string {
    const cells = this.pending.map((row) => this.columns.map((column) => formatCell(getPath(row, column.key), column, this.amountFields)));
    const natural = this.columns.map((column, c) => {
      let width = displayWidth(column.label ?? column.key);
      for (const r of cells) width = Math.max(width, displayWidth(r[c]!));
      return width;
    });
    this.layout = layoutColumns(this.columns, natural, this.amountFields, this.options.maxWidth);
    const keep = this.layout.columns.map((column) => this.columns.indexOf(column));
    const header = this.layout.columns.map((column) => safeLine(column.label ?? column.key));
    let out = this.render(header, keep.map(() => undefined), true);
    this.pending.forEach((row, r) => (out += this.render(keep.map((c) => cells[r]![c]!), this.layout!.columns.map((column) => column.tone?.(row)), false, row)));
    this.pending = [];
    return out;
  }

  private line(row: unknown): string {
    const cells = this.layout!.columns.map((column) => formatCell(getPath(row, column.key), column, this.amountFields));
    return this.render(cells, this.layout!.columns.map((column) => column.tone?.(row)), false, row);
  }

  private render(cells: string[], tones: Tone[], header: boolean, row?: unknown): string {
    const { columns, widths } = this.layout!;
    const rowColour = header ? this.chalk.bold : toneColour(this.chalk, this.view.rowTone?.(row));
    const last = cells.length - 1;
    let out = '';
    for (let i = 0; i <= last; i++) {
      const column = columns[i]!;
      const width = widths[i]!;
      const text = isText(column, this.amountFields) ? truncate(cells[i]!, width) : cells[i]!;
      const pad = ' '.repeat(Math.max(0, width - displayWidth(text)));
      const right = alignsRight(column, this.amountFields);
      const colour = tones[i] ? toneColour(this.chalk, tones[i]) : rowColour;
      const padded = right ? pad + colour(text) : i === last ? colour(text) : colour(text) + pad;
      out += i === last ? padded : `${padded}${' '.repeat(GAP)}`;
    }
    return `${out.trimEnd()}\n`;
  }
}

/** A whole table as one string (small tables: summaries). */
export function renderTable(rows: unknown[], columns: Column[], view: View, colour: boolean, maxWidth?: number): string {
  const writer = new TableWriter(columns, view, { colour, maxWidth, window: Math.max(1, rows.length) });
  let out = '';
  for (const row of rows) out += writer.push(row);
  out += writer.end();
  return out.replace(/\n$/, '');
}

/** The columns of a list: `--fields`, else the view's, else the first record's keys. */
export function listColumns(view: View, fields: string[] | undefined, first: unknown): Column[] {
  return fields ? fields.map((key) => ({ key })) : (view.columns ?? Object.keys(flatten(first)).map((key) => ({ key })));
}

/** Borderless cli-table3 characters: the same look as the list tables. */
const BORDERLESS = Object.fromEntries(
  ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left', 'left-mid', 'mid', 'mid-mid', 'right', 'right-mid', 'middle'].map((k) => [k, '']),
);

/**
 * A single record as label/value lines, laid out by cli-table3 (a record has a few dozen rows at
 * most): on a terminal, long values wrap at word boundaries inside the value column.
 */
export function renderRecord(record: unknown, view: View, colour: boolean, fields?: string[], maxWidth?: number): string {
  const chalk = new Chalk({ level: colour ? 1 : 0 });
  const amountFields = new Set(view.amountFields ?? []);
  const columns: Column[] = fields
    ? fields.map((key) => ({ key }))
    : (view.columns ?? Object.keys(flatten(record)).map((key) => ({ key })));
  const labelWidth = Math.max(...columns.map((c) => displayWidth(c.label ?? c.key))) + GAP;
  const valueWidth = maxWidth !== undefined ? Math.max(20, maxWidth - labelWidth - 1) : undefined;
  const table = new Table({
    chars: BORDERLESS,
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 0 },
    ...(valueWidth !== undefined ? { colWidths: [labelWidth, valueWidth], wordWrap: true } : {}),
  });
  for (const column of columns) {
    const text = formatCell(getPath(record, column.key), column, amountFields);
    const tone = column.tone?.(record);
    const label = safeLine(column.label ?? column.key);
    table.push([chalk.bold(valueWidth === undefined ? label.padEnd(labelWidth) : label), tone ? toneColour(chalk, tone)(text) : text]);
  }
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
