import { UsageError } from '../errors.js';
import { t } from '../i18n/message.js';

export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** table on a terminal, json in a pipe, unless -o says otherwise. */
export function resolveFormat(requested: string | undefined, stdoutIsTTY: boolean): OutputFormat {
  if (requested === undefined) return stdoutIsTTY ? 'table' : 'json';
  if ((OUTPUT_FORMATS as readonly string[]).includes(requested)) return requested as OutputFormat;
  throw new UsageError(t`--output: unknown format '${requested}'; use one of ${OUTPUT_FORMATS.join(', ')}`);
}

/** The CSV dialect --csv-dialect names (rfc when none). */
export function resolveCsvDialect(requested: string | undefined): 'rfc' | 'it' {
  return givenCsvDialect(requested) ?? 'rfc';
}

/** A CSV dialect as given by `source` (--csv-dialect, FISCO_CSV_DIALECT), or undefined when not given (an empty variable is not given). */
export function givenCsvDialect(requested: string | undefined, source = '--csv-dialect'): 'rfc' | 'it' | undefined {
  if (requested === undefined || (source !== '--csv-dialect' && requested === '')) return undefined;
  if (requested === 'rfc' || requested === 'it') return requested;
  throw new UsageError(t`${source}: unknown dialect '${requested}'; use rfc (RFC 4180) or it (Italian spreadsheets: ';', decimal comma, dd/mm/yyyy)`);
}

/** The width of a table written anywhere but a terminal (a pipe, a file) when COLUMNS does not say. */
export const PIPE_TABLE_WIDTH = 100;

/**
 * The width tables are fitted into: `COLUMNS` when it holds a width (it wins, on a terminal too,
 * as for ls and git), else the terminal's own width, else (a pipe or a file) 100 columns.
 */
export function tableWidth(columnsVariable: string | undefined, terminalColumns: number | undefined): number {
  const fromVariable = columnsVariable !== undefined && /^\s*\d+\s*$/.test(columnsVariable) ? Number(columnsVariable) : 0;
  if (fromVariable >= 20) return fromVariable;
  if (terminalColumns && terminalColumns > 0) return terminalColumns;
  return PIPE_TABLE_WIDTH;
}
