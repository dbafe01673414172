import { UsageError } from '../errors.js';

export const OUTPUT_FORMATS = ['table', 'json', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** table on a terminal, json in a pipe, unless -o says otherwise. */
export function resolveFormat(requested: string | undefined, stdoutIsTTY: boolean): OutputFormat {
  if (requested === undefined) return stdoutIsTTY ? 'table' : 'json';
  if ((OUTPUT_FORMATS as readonly string[]).includes(requested)) return requested as OutputFormat;
  throw new UsageError(`--output: unknown format '${requested}'; use one of ${OUTPUT_FORMATS.join(', ')}`);
}

export function resolveCsvDialect(requested: string | undefined): 'rfc' | 'it' {
  if (requested === undefined || requested === 'rfc') return 'rfc';
  if (requested === 'it') return 'it';
  throw new UsageError(`--csv-dialect: unknown dialect '${requested}'; use rfc (RFC 4180) or it (Italian spreadsheets: ';', decimal comma, dd/mm/yyyy)`);
}
