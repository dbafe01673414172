import Table from 'cli-table3';
import { Chalk, type ChalkInstance } from 'chalk';
import { ENGLISH, joined, Message, render, t, type Language, type Text } from '../i18n/message.js';
import { formatEuro, isCentExact } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { flatten, getPath } from './fields.js';
import { safeLine } from './safe-text.js';
import { jsonText } from '../domain/answer-json.js';
import type { Column, Tone, View } from './view.js';
import { italianValue } from '../i18n/values-it.js';

/**
 * Tables for people, rendered line by line in time linear in rows and memory bounded by one
 * window of rows: the column widths come from the first `window` rows (or all of them, when
 * fewer), every later row is cut to those widths. cli-table3 lays a table out in time quadratic in
 * rows and costs about a millisecond a row even in small chunks, so list tables are rendered here
 * with the widths computed once; cli-table3 lays out single records (renderRecord), where
 * wrapping long values matters and rows are few. Same borderless style (like gh and kubectl).
 *
 * Fitting the terminal (layoutColumns): amounts, dates, counts and booleans are never cut (an
 * amount or a date cut in two is worse than none); long identifiers take a short form first, then
 * the optional columns (`priority`) are left out, identifiers first and then the least important
 * for the view's question; text columns shrink, their cells cut with `…`. `hidden` and
 * `shortened` name what was done, and the output layer says so on stderr.
 */

export function toneColour(chalk: ChalkInstance, tone: Tone): (text: string) => string {
  if (tone === 'danger') return chalk.red;
  if (tone === 'warn') return chalk.yellow;
  if (tone === 'ok') return chalk.green;
  if (tone === 'muted') return chalk.dim;
  return (text) => text;
}

/** A cell's text, with any control or bidirectional character from the service shown escaped. */
export function formatCell(value: unknown, column: Column, amountFields: ReadonlySet<string>, language: Language = ENGLISH): string {
  return safeLine(plainCell(value, column, amountFields, language));
}

/** The columns with their headers in the run's language (a table lays out text, not Messages). */
export function localColumns(columns: readonly Column[], language: Language = ENGLISH): Column[] {
  return columns.map((c) => ({
    ...c,
    ...(c.label !== undefined ? { label: render(c.label, language) } : {}),
    ...(c.shortLabel !== undefined ? { shortLabel: render(c.shortLabel, language) } : {}),
  }));
}

/** What a table shows of a row in a column: the view's text for it (Column.show), else the field's value. */
function cellValue(row: unknown, column: Column): unknown {
  const value = getPath(row, column.key);
  return column.show && value !== null && value !== undefined ? column.show(row) : value;
}

/** Marks an amount shown with digits past the cent (as the service sent it: never rounded). */
export const INEXACT_MARK = '*';

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

function isMoney(column: Column, amountFields: ReadonlySet<string>): boolean {
  return (column.kind ?? (amountFields.has(column.key) ? 'money' : undefined)) === 'money';
}

/** A money cell holding an amount with real digits past the cent (`100.125`). */
export function isInexactCell(value: unknown, column: Column, amountFields: ReadonlySet<string>): value is string | number {
  return (
    isMoney(column, amountFields) && (typeof value === 'string' || typeof value === 'number') && DECIMAL_TEXT.test(String(value)) && !isCentExact(String(value))
  );
}

function plainCell(value: unknown, column: Column, amountFields: ReadonlySet<string>, language: Language): string {
  if (value === null || value === undefined || value === '') return NOT_APPLICABLE;
  const kind = column.kind ?? (amountFields.has(column.key) ? 'money' : undefined);
  if (kind === 'money' && (typeof value === 'string' || typeof value === 'number') && DECIMAL_TEXT.test(String(value)))
    return formatEuro(String(value)) + (isInexactCell(value, column, amountFields) ? INEXACT_MARK : '');
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return toItalianDate(value);
  // An instant keeps its offset (`2026-11-20 11:00:00 +01:00`, `… UTC`): a time never reads as local when it is not.
  if (kind === 'instant' && typeof value === 'string' && language.lang === 'it') return italianInstant(value);
  if (kind === 'instant' && typeof value === 'string')
    return value.replace('T', ' ').replace(/(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, (_all, _ms, offset: string) => ` ${offset === 'Z' ? 'UTC' : offset}`);
  if (typeof value === 'boolean') return render(value ? t`yes` : t`no`, language);
  if (value instanceof Message) return render(value, language);
  if (Array.isArray(value)) return value.map((v) => (v instanceof Message ? render(v, language) : typeof v === 'object' ? jsonText(v) : String(v))).join(', ');
  if (typeof value === 'object') return jsonText(value);
  if (language.lang === 'it') {
    // The service's enum values in Italian (values-it.ts); a decimal number with a decimal comma (`0,75`).
    // A figure the service or fisco keeps as a decimal string (a rate `2.15`) is a number all the same.
    if (typeof value === 'string' && kind === 'count' && DECIMAL_TEXT.test(value)) return value.replace('.', ',');
    if (typeof value === 'string') return italianValue(column.key, value);
    if (typeof value === 'number' && !Number.isInteger(value)) return String(value).replace('.', ',');
  }
  return String(value);
}

/** `2026-11-20T11:00:00+01:00` → `20/11/2026 11:00:00 +01:00` (the offset kept: a time never reads as local when it is not). */
function italianInstant(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(value);
  if (!m) return value;
  return `${m[3]}/${m[2]}/${m[1]} ${m[4]}${m[5] === undefined ? '' : ` ${m[5] === 'Z' ? 'UTC' : m[5]}`}`;
}

/** How a record is named in a note: the view's name for it, else its number, document number or id. */
export function recordName(view: View, row: unknown): Text {
  if (view.name) return view.name(row);
  const r = (row ?? {}) as Record<string, unknown>;
  for (const key of ['number', 'document_number', 'id', 'title'])
    if (typeof r[key] === 'string' || typeof r[key] === 'number') return `${key} ${String(r[key])}`;
  return t`a record`;
}

/**
 * The money cells a table showed with digits past the cent, for the one-line note on stderr that
 * names each record and field (the first few, then how many more).
 */
export class InexactCells {
  private readonly named: Message[] = [];
  count = 0;

  constructor(private readonly view: View) {}

  /** Notes the cell when it holds an inexact amount. */
  check(row: unknown, column: Column, value: unknown, amountFields: ReadonlySet<string>): void {
    if (!isInexactCell(value, column, amountFields)) return;
    this.count++;
    if (this.named.length < 3) this.named.push(joined([recordName(this.view, row), column.key, String(value)], ' '));
  }

  /** The note, or undefined when every amount shown was a whole number of cents. */
  message(): Message | undefined {
    if (this.count === 0) return undefined;
    const named = joined(this.named, ', ');
    const more = this.count - this.named.length;
    return more > 0
      ? t`${INEXACT_MARK} an amount with digits past the cent, shown exactly as the service sent it (never rounded): ${named} and ${more} more; -o json and -o csv carry it exactly`
      : t`${INEXACT_MARK} an amount with digits past the cent, shown exactly as the service sent it (never rounded): ${named}; -o json and -o csv carry it exactly`;
  }
}

/** A figure that could not be read, as an English table shows it (`n/d` in Italian). */
export const MISSING = 'n/a';
/** What a table shows where there is no value, or none that means anything for the row. */
export const NOT_APPLICABLE = '–';

/** Space between columns. */
export const GAP = 2;
/** Rows that decide the column widths. */
export const WIDTH_WINDOW = 200;
/** An optional text column is not cut narrower than this (or its header, when wider). */
const MIN_TEXT = 8;
/** Nor a text column the view always shows (unless the view gives its own minWidth). */
const MIN_REQUIRED_TEXT = 16;
/** Nor a column that wraps (`wrap`): over two lines it holds about 50 characters. */
const MIN_WRAPPED_TEXT = 24;

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

/** Cuts `text` to `width` cells in the middle, keeping its head and its (distinguishing) tail: `Note d…-3/2026`. */
export function truncateMiddle(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 3) return truncate(text, width);
  const chars = [...text];
  const tail = Math.ceil((width - 1) / 2);
  const head = width - 1 - tail;
  return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - tail).join('')}`;
}

/** An identifier's short form: its first characters and a mark (`3f2a9c1e…`). */
export const SHORT_ID = 9;

/** A column whose cells may be cut (or wrapped): text that is neither an identifier nor a key. */
function isText(column: Column, amountFields: ReadonlySet<string>): boolean {
  const kind = column.kind ?? (amountFields.has(column.key) ? 'money' : 'text');
  return (kind === 'text' || kind === 'list') && !column.id && !column.isKey;
}

/** A column the layout may leave out: one with a priority that is not a key. */
const isOptional = (column: Column): boolean => column.priority !== undefined && !column.isKey;

/** A long identifier that may take its short form: never a key (a cut key is useless to the next command). */
const isShortenable = (column: Column): boolean => Boolean(column.id) && !column.isKey;

function alignsRight(column: Column, amountFields: ReadonlySet<string>): boolean {
  return column.kind === 'money' || column.kind === 'count' || amountFields.has(column.key);
}

export interface Layout {
  columns: Column[];
  widths: number[];
  /** Labels of the optional columns left out to fit the width. */
  hidden: string[];
  /** Labels of the identifiers shown in their short form. */
  shortened: string[];
}

/** A column's header, once localColumns has rendered it. */
const labelOf = (column: Column): string => String(column.label ?? column.key);

/**
 * Widths from the natural widths (header and the window's cells), fitted into `maxWidth` when
 * given. In this order, until the table fits: long identifiers take their short form; optional
 * columns are left out, identifiers first, then the highest `priority` number; text columns
 * shrink (not below their minimum), their cells cut with `…`. Amounts, dates, counts and
 * booleans are never cut.
 */
export function layoutColumns(columns: Column[], natural: number[], amountFields: ReadonlySet<string>, maxWidth?: number): Layout {
  let kept = columns.map((column, i) => ({ column, natural: natural[i]!, short: false }));
  const hidden: string[] = [];
  type Kept = (typeof kept)[number];
  const minimum = (k: Kept) => {
    if (k.short) return SHORT_ID;
    if (!isText(k.column, amountFields)) return k.natural;
    // A column the view always shows keeps enough to be read before an optional one is kept beside it.
    const floor = isOptional(k.column) ? MIN_TEXT : MIN_REQUIRED_TEXT;
    // A wrapping column keeps a readable width: its lines then hold its point.
    const wraps = k.column.wrap !== undefined && k.column.wrap > 1;
    return Math.min(k.natural, k.column.minWidth ?? Math.max(wraps ? MIN_WRAPPED_TEXT : floor, displayWidth(labelOf(k.column))));
  };
  const size = (k: Kept) => (k.short ? SHORT_ID : k.natural);
  const total = (list: Kept[], width: (k: Kept) => number) => list.reduce((sum, k) => sum + width(k), 0) + GAP * Math.max(0, list.length - 1);
  if (maxWidth !== undefined && total(kept, size) > maxWidth) {
    for (const k of kept) if (isShortenable(k.column) && k.natural > SHORT_ID) k.short = true;
    const rank = (k: Kept) => (k.column.id ? 1_000_000 : 0) + k.column.priority!;
    // Identifiers go before any text is cut: optional ones are left out while the rest does not fit whole.
    for (;;) {
      const ids = kept.filter((k) => isShortenable(k.column) && isOptional(k.column));
      if (ids.length === 0 || total(kept, size) <= maxWidth) break;
      const drop = ids.reduce((a, b) => (rank(b) >= rank(a) ? b : a));
      hidden.unshift(labelOf(drop.column));
      kept = kept.filter((k) => k !== drop);
    }
    while (total(kept, minimum) > maxWidth) {
      const optional = kept.filter((k) => isOptional(k.column));
      if (optional.length === 0) break;
      const drop = optional.reduce((a, b) => (rank(b) >= rank(a) ? b : a));
      hidden.unshift(labelOf(drop.column));
      kept = kept.filter((k) => k !== drop);
    }
  }
  const widths = kept.map(size);
  if (maxWidth !== undefined && total(kept, size) > maxWidth) {
    // Every text column gets its minimum; what the fixed columns leave beyond that is shared, the
    // columns needing least served whole first.
    const text = kept.map((k, i) => ({ k, i })).filter(({ k }) => isText(k.column, amountFields));
    const fixed = total(kept, (k) => (isText(k.column, amountFields) ? 0 : size(k)));
    for (const { k, i } of text) widths[i] = minimum(k);
    let room = Math.max(0, maxWidth - fixed - text.reduce((sum, { k }) => sum + minimum(k), 0));
    const pending = [...text].sort((a, b) => a.k.natural - minimum(a.k) - (b.k.natural - minimum(b.k)));
    while (pending.length > 0) {
      const share = Math.floor(room / pending.length);
      const { k, i } = pending.shift()!;
      const extra = Math.min(k.natural - minimum(k), share);
      widths[i] = minimum(k) + extra;
      room -= extra;
    }
  }
  return { columns: kept.map((k) => k.column), widths, hidden, shortened: kept.filter((k) => k.short).map((k) => labelOf(k.column)) };
}

/** A cell cut to its column's width: text and short identifiers only, never an amount, a date or a count. */
function fitCell(text: string, column: Column, width: number, cuttable: boolean): string {
  if (!cuttable) return text;
  return column.cut === 'middle' ? truncateMiddle(text, width) : truncate(text, width);
}

/**
 * `text` on at most `lines` lines of `width` cells, broken at spaces (a word longer than a line is
 * split); what is left beyond the last line ends it, cut with `…`.
 */
export function wrapText(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let rest = text.trim();
  while (rest && out.length < lines - 1 && displayWidth(rest) > width) {
    const chars = [...rest];
    const head = chars.slice(0, width + 1).join('');
    const space = head.lastIndexOf(' ');
    const cut = space > 0 ? space : width;
    out.push(chars.slice(0, cut).join('').trimEnd());
    rest = chars.slice(cut).join('').trimStart();
  }
  if (rest || out.length === 0) out.push(truncate(rest, width));
  return out;
}

export interface TableOptions {
  colour: boolean;
  /** The terminal's width: the table is fitted into it. Undefined: no limit (not a terminal). */
  maxWidth?: number;
  /** Rows that decide the widths (default WIDTH_WINDOW). */
  window?: number;
  /** The run's language: headers, Messages in cells, yes/no. Default English. */
  language?: Language;
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
  /** The amounts shown with digits past the cent (the output layer prints the note). */
  readonly inexact: InexactCells;

  private readonly columns: Column[];

  constructor(
    columns: Column[],
    private readonly view: View,
    private readonly options: TableOptions,
  ) {
    this.columns = localColumns(columns, options.language);
    this.chalk = new Chalk({ level: options.colour ? 1 : 0 });
    this.amountFields = new Set(view.amountFields ?? []);
    this.window = Math.max(1, options.window ?? WIDTH_WINDOW);
    this.inexact = new InexactCells(view);
  }

  get rows(): number {
    return this.count;
  }

  /** Columns left out to fit the width (known once the first window is laid out). */
  get hidden(): string[] {
    return this.layout?.hidden ?? [];
  }

  /** Identifiers shown in their short form to fit the width. */
  get shortened(): string[] {
    return this.layout?.shortened ?? [];
  }

  /** Adds a row; returns text to write (the header and the first window, then one line a row). */
  push(row: unknown): string {
    this.count++;
    if (this.layout) return this.line(row);
    this.pending.push(row);
    return this.pending.length >= this.window ? this.flush() : '';
  }

  private readonly strong = new Set<unknown>();

  /** A total row (bold), after the others; counted in the widths when the table is still within its first window. */
  pushTotal(row: unknown): string {
    this.strong.add(row);
    return this.push(row);
  }

  /** The rows still held (a table shorter than one window). */
  end(): string {
    return this.layout ? '' : this.flush();
  }

  private flush(): string {
    const cells = this.pending.map((row) => this.columns.map((column) => this.cell(row, column)));
    const natural = this.columns.map((column, c) => {
      let width = displayWidth(labelOf(column));
      for (const r of cells) width = Math.max(width, displayWidth(r[c]!));
      return width;
    });
    this.layout = layoutColumns(this.columns, natural, this.amountFields, this.options.maxWidth);
    const keep = this.layout.columns.map((column) => this.columns.indexOf(column));
    const shortened = new Set(this.layout.shortened);
    const header = this.layout.columns.map((column) =>
      safeLine(shortened.has(labelOf(column)) ? String(column.shortLabel ?? labelOf(column)) : labelOf(column)),
    );
    let out = this.render(
      header,
      keep.map(() => undefined),
      true,
    );
    this.pending.forEach((row) => this.noteInexact(row));
    this.pending.forEach(
      (row, r) =>
        (out += this.render(
          keep.map((c) => cells[r]![c]!),
          this.tones(row),
          false,
          row,
          this.strong.has(row),
        )),
    );
    this.pending = [];
    return out;
  }

  private line(row: unknown): string {
    this.noteInexact(row);
    const cells = this.layout!.columns.map((column) => this.cell(row, column));
    return this.render(cells, this.tones(row), false, row, this.strong.has(row));
  }

  /** A cell's text: `n/a` (in the run's language) when the view says the figure could not be read (never a zero); `–` where it means nothing for the row. */
  private cell(row: unknown, column: Column): string {
    // `n/a` in English, `n/d` in Italian: a figure that could not be read, in the run's language.
    if (this.view.missing?.(row, column.key)) return render(t`n/a`, this.options.language ?? ENGLISH);
    if (column.notApplicable?.(row)) return NOT_APPLICABLE;
    return formatCell(cellValue(row, column), column, this.amountFields, this.options.language);
  }

  /** Notes the inexact amounts of a row as shown (the columns kept to fit the width). */
  private noteInexact(row: unknown): void {
    for (const column of this.layout!.columns)
      if (!this.view.missing?.(row, column.key)) this.inexact.check(row, column, getPath(row, column.key), this.amountFields);
  }

  private tones(row: unknown): Tone[] {
    return this.layout!.columns.map((column) => (this.view.missing?.(row, column.key) ? 'danger' : column.tone?.(row)));
  }

  /** One row: one line, or as many as its wrapping cells take (the other cells blank below their first line). */
  private render(cells: string[], tones: Tone[], header: boolean, row?: unknown, strong = false): string {
    const { columns, widths, shortened } = this.layout!;
    const rowColour = header || strong ? this.chalk.bold : toneColour(this.chalk, this.view.rowTone?.(row));
    const blocks = cells.map((cell, i) => {
      const column = columns[i]!;
      const cuttable = isText(column, this.amountFields) || shortened.includes(labelOf(column));
      if (!header && cuttable && column.wrap !== undefined && column.wrap > 1) return wrapText(cell, widths[i]!, column.wrap);
      return [fitCell(cell, column, widths[i]!, cuttable)];
    });
    const height = Math.max(1, ...blocks.map((b) => b.length));
    let out = '';
    for (let line = 0; line < height; line++) {
      const colours = blocks.map((_, i) => (tones[i] ? toneColour(this.chalk, tones[i]) : rowColour));
      out += this.renderLine(
        blocks.map((b) => b[line] ?? ''),
        colours,
      );
    }
    return out;
  }

  private renderLine(texts: string[], colours: ((text: string) => string)[]): string {
    const { columns, widths } = this.layout!;
    const last = texts.length - 1;
    let out = '';
    for (let i = 0; i <= last; i++) {
      const text = texts[i]!;
      const pad = ' '.repeat(Math.max(0, widths[i]! - displayWidth(text)));
      const colour = colours[i]!;
      const padded = alignsRight(columns[i]!, this.amountFields) ? pad + colour(text) : i === last ? colour(text) : colour(text) + pad;
      out += i === last ? padded : `${padded}${' '.repeat(GAP)}`;
    }
    return `${out.trimEnd()}\n`;
  }
}

/** A whole table as one string (small tables: summaries); `inexact` gathers its inexact amounts for a note. */
export function renderTable(
  rows: unknown[],
  columns: Column[],
  view: View,
  colour: boolean,
  maxWidth?: number,
  inexact?: InexactCells,
  language?: Language,
): string {
  const writer = new TableWriter(columns, view, { colour, maxWidth, window: Math.max(1, rows.length), language });
  let out = '';
  for (const row of rows) out += writer.push(row);
  out += writer.end();
  if (inexact) for (const row of rows) for (const column of columns) inexact.check(row, column, getPath(row, column.key), new Set(view.amountFields ?? []));
  return out.replace(/\n$/, '');
}

/** The columns of a list: `--fields`, else the view's, else the first record's keys. */
export function listColumns(view: View, fields: string[] | undefined, first: unknown): Column[] {
  return fields ? fields.map((key) => ({ key })) : (view.columns ?? Object.keys(flatten(first)).map((key) => ({ key })));
}

/** Borderless cli-table3 characters: the same look as the list tables. */
const BORDERLESS = Object.fromEntries(
  [
    'top',
    'top-mid',
    'top-left',
    'top-right',
    'bottom',
    'bottom-mid',
    'bottom-left',
    'bottom-right',
    'left',
    'left-mid',
    'mid',
    'mid-mid',
    'right',
    'right-mid',
    'middle',
  ].map((k) => [k, '']),
);

/**
 * A single record as label/value lines, laid out by cli-table3 (a record has a few dozen rows at
 * most): on a terminal, long values wrap at word boundaries inside the value column.
 */
export function renderRecord(
  record: unknown,
  view: View,
  colour: boolean,
  fields?: string[],
  maxWidth?: number,
  inexact?: InexactCells,
  language: Language = ENGLISH,
): string {
  const chalk = new Chalk({ level: colour ? 1 : 0 });
  const amountFields = new Set(view.amountFields ?? []);
  const columns = localColumns(fields ? fields.map((key) => ({ key })) : (view.columns ?? Object.keys(flatten(record)).map((key) => ({ key }))), language);
  const labelWidth = Math.max(...columns.map((c) => displayWidth(labelOf(c)))) + GAP;
  const valueWidth = maxWidth !== undefined ? Math.max(20, maxWidth - labelWidth - 1) : undefined;
  const table = new Table({
    chars: BORDERLESS,
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 0 },
    ...(valueWidth !== undefined ? { colWidths: [labelWidth, valueWidth], wordWrap: true } : {}),
  });
  for (const column of columns) {
    const value = getPath(record, column.key);
    inexact?.check(record, column, value, amountFields);
    const text = formatCell(cellValue(record, column), column, amountFields, language);
    const tone = column.tone?.(record);
    const label = safeLine(labelOf(column));
    table.push([chalk.bold(valueWidth === undefined ? label.padEnd(labelWidth) : label), tone ? toneColour(chalk, tone)(text) : text]);
  }
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
