/** How a command wants its data shown; machine formats ignore everything but `amountFields`. */
export type CellKind = 'text' | 'money' | 'date' | 'instant' | 'bool' | 'count' | 'list';
export type Tone = 'danger' | 'warn' | 'ok' | 'muted' | undefined;

export interface Column {
  key: string;
  label?: string;
  kind?: CellKind;
  /** An identifier a follow-up command takes (a uuid): never cut to fit the terminal. */
  id?: boolean;
  /**
   * Optional column: left out of a table too wide for the terminal, the highest number first.
   * Columns without a priority are always shown.
   */
  priority?: number;
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
  /** Said on stderr (tables only) when the list is empty. */
  empty?: string;
}

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
