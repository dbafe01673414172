/** How a command wants its data shown; machine formats ignore everything but `amountFields`. */
export type CellKind = 'text' | 'money' | 'date' | 'instant' | 'bool' | 'count' | 'list';
export type Tone = 'danger' | 'warn' | 'ok' | 'muted' | undefined;

export interface Column {
  key: string;
  label?: string;
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
  shortLabel?: string;
  /** Colour a cell (or, for `row`, the whole row) by what the record says. */
  tone?: (row: unknown) => Tone;
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
  /** Tone of a whole table row. */
  rowTone?: (row: unknown) => Tone;
  /**
   * True when a row's field could not be read (a request for it failed): the table shows
   * `n/a` in red instead of the value (machine formats carry the record's own `null`).
   */
  missing?: (row: unknown, key: string) => boolean;
  /** How a record is named in a note on stderr (`invoice 42/2026`); default its number or id. */
  name?: (row: unknown) => string;
  /** Said on stderr (tables only) when the list is empty. */
  empty?: string;
}

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
