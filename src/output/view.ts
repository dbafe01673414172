/** How a command wants its data shown; machine formats ignore everything but `amountFields`. */
import type { Text } from '../i18n/message.js';

export type CellKind = 'text' | 'money' | 'date' | 'instant' | 'bool' | 'count' | 'list';
export type Tone = 'danger' | 'warn' | 'ok' | 'muted' | undefined;

export interface Column {
  key: string;
  /** The header: a Message, in the run's language. */
  label?: Text;
  kind?: CellKind;
  /**
   * A long identifier (a uuid, an id): the first thing to give up when the table is too wide. It
   * is never cut mid-way by the text-sharing; it is shown whole, or shortened to its first
   * characters (`3f2a9c1e…`, the full one being in `-o json` and `--fields`), or left out.
   */
  id?: boolean;
  /**
   * How important the column is for the view's question: left out of a table too wide for the
   * terminal, the highest number first (identifiers before any other). Columns without a
   * priority are always shown.
   */
  priority?: number;
  /** Where text that must be cut loses characters: at the end (default) or in the middle, keeping the distinguishing tail (`Note di…-3/2026`). */
  cut?: 'end' | 'middle';
  /** The narrowest a cut text column may get (default 8, or its label's width). */
  minWidth?: number;
  /** The header of an identifier shown in its short form (`UUID` for `UUID (invoice pay)`). */
  shortLabel?: Text;
  /** Colour a cell (or, for `row`, the whole row) by what the record says. */
  tone?: (row: unknown) => Tone;
  /**
   * A key: what another command takes (an F24 ID for `f24 get`, an invoice number for `invoice
   * pay`, a numbering's name for `--numbering`). Never left out, never cut, never shortened: the
   * other columns make room for it. A view declares its keys; `priority` and `id` do not apply.
   */
  isKey?: boolean;
  /**
   * A text column whose point is lost when cut (a "why"): its cells wrap at word boundaries onto
   * up to this many lines, the last one cut with `…` only when even those are not enough.
   */
  wrap?: number;
  /**
   * What a table shows in this column in place of the field's value, which machine formats keep:
   * `26/11/2026 21:46, 4 min ago` for a person where json carries the instant.
   */
  show?: (row: unknown) => Text;
  /** True when the cell means nothing for this row (a credit note has no amount due): shown `–`, whatever the record holds. */
  notApplicable?: (row: unknown) => boolean;
}

export interface View {
  /** Curated columns for the table; json/ndjson/csv keep every API field unless --fields. */
  columns?: Column[];
  /**
   * The resource's fields, flattened and dotted as the API defines them (`supplier.id`). CSV takes
   * its columns from these rather than from the first record alone, so a first record with a null
   * object (`supplier: null`) cannot drop the columns of every later row, and an empty list still
   * gets its header. Keys a record has beyond these are appended.
   */
  fields?: readonly string[];
  /** Decimal-string amount fields (dotted), for money formatting in tables and the Italian CSV. */
  amountFields?: readonly string[];
  /** Every column whole, whatever the width (`overview --wide`). */
  wide?: boolean;
  /** How to see what a narrow table left out (default: `--fields or -o json show every field in full`). */
  wideHint?: Text;
  /** Tone of a whole table row. */
  rowTone?: (row: unknown) => Tone;
  /**
   * True when a row's field could not be read (a request for it failed): the table shows
   * `n/a` in red instead of the value (machine formats carry the record's own `null`).
   */
  missing?: (row: unknown, key: string) => boolean;
  /** How a record is named in a note on stderr (`invoice 42/2026`); default its number or id. */
  name?: (row: unknown) => Text;
  /** Said on stderr (tables only) when the list is empty. */
  empty?: Text;
  /**
   * The last row of a table (tables only, never json/ndjson/csv): given every row shown, a total
   * row (`overview`'s firm total). Rows are held until the end only by a view that has one.
   */
  totalRow?: (rows: readonly unknown[]) => unknown;
  /**
   * Column headers of the Italian CSV dialect (`--csv-dialect it`) for this view's fields, beside
   * the shared ones of src/output/headers-it.ts (these win). json, ndjson and RFC csv keep the API's names.
   */
  italianHeaders?: Readonly<Record<string, string>>;
  /** Fields whose values are identifiers (numbers, VAT numbers, codes): text in the Italian CSV, whatever they look like. */
  identifierFields?: readonly string[];
}

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
