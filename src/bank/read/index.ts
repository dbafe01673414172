/**
 * Bank statements in, a Statement out (src/bank/types.ts): the format is detected from the content,
 * never from the file name. Pure: bytes in, no file system, no network.
 *
 *   XML: camt.053 / camt.054 (any .001.NN), or the CBI envelope around camt.053.001.02   -> camt.ts
 *   text starting with a CBI RH header record                                           -> cbi-rh.ts
 *   text with MT940 tags (:20:, :25:, :60F:, :61:, :86:, :62F:)                           -> mt940.ts
 *   anything else, when a CSV mapping is given                                          -> csv.ts
 */
import type { Statement } from '../types.js';
import { readCamt, looksLikeXml } from './camt.js';
import { readCbiRh, looksLikeCbiRh } from './cbi-rh.js';
import { MAX_STATEMENT_BYTES, StatementError, decodeText, formatBytes } from './common.js';
import { looksLikeCsv, readCsv, type CsvMapping } from './csv.js';
import { looksLikeMt940, readMt940 } from './mt940.js';

export { StatementError, MAX_STATEMENT_BYTES, normaliseIban, isValidIban, statementAmount, decodeText, hashKey } from './common.js';
export { csvMappingFrom, csvAmount, type CsvMapping, type CsvMappingFlags, type CsvMappingKey } from './csv.js';
export { CBI_RECORD_LENGTH } from './cbi-rh.js';

/** The formats fisco reads, as named in messages. */
export const STATEMENT_FORMATS_TRIED = 'camt.053, camt.054, CBI XML, CBI RH, MT940, CSV (with a column mapping)';

export interface ReadStatementOptions {
  /** The column mapping: needed to read a CSV export (the other formats ignore it). */
  csv?: CsvMapping;
  /** Size limit in bytes (default MAX_STATEMENT_BYTES, 256 MB). */
  maxBytes?: number;
}

const BINARY_HINT = "Download the statement from the bank's site as camt.053 XML, CBI, MT940 or CSV, not as PDF or Excel";

/** Files people take for a statement but fisco cannot read: said as such rather than 'not a statement'. */
function binaryKind(bytes: Uint8Array): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'a PDF document (a printable statement)';
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'a ZIP archive or an Excel workbook (.xlsx)';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'an old Excel workbook (.xls)';
  if (starts(0x1f, 0x8b)) return 'a gzip-compressed file: uncompress it first';
  const head = bytes.subarray(0, 4096);
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  if (!utf16 && head.includes(0)) return 'a binary file';
  return undefined;
}

/** Which format the content is, without reading it fully; undefined when none. */
export function detectStatementFormat(text: string): 'xml' | 'cbi-rh' | 'mt940' | 'csv' | undefined {
  if (looksLikeXml(text)) return 'xml';
  if (looksLikeCbiRh(text)) return 'cbi-rh';
  if (looksLikeMt940(text)) return 'mt940';
  if (looksLikeCsv(text)) return 'csv';
  return undefined;
}

/**
 * Reads one statement file. `file` names it in messages and in each movement's source. Throws
 * StatementError (exit 2) naming the file, the line or element path, and what was expected.
 */
export function readStatement(bytes: Uint8Array, file: string, options: ReadStatementOptions = {}): Statement {
  const limit = options.maxBytes ?? MAX_STATEMENT_BYTES;
  if (bytes.length > limit) {
    throw new StatementError(file, undefined, `the file is ${formatBytes(bytes.length)}: fisco reads statements up to ${formatBytes(limit)}`, [
      'Split the statement by period (most banks export a month or a day at a time)',
    ]);
  }
  if (bytes.length === 0) throw new StatementError(file, undefined, `the file is empty: expected a bank statement (${STATEMENT_FORMATS_TRIED})`);
  const binary = binaryKind(bytes);
  if (binary) throw new StatementError(file, undefined, `${binary}: expected a bank statement (${STATEMENT_FORMATS_TRIED})`, [BINARY_HINT]);
  const { text } = decodeText(bytes);
  const kind = detectStatementFormat(text);
  if (kind === 'xml') return readCamt(text, file);
  if (kind === 'cbi-rh') return readCbiRh(text, file);
  if (kind === 'mt940') return readMt940(text, file);
  if (options.csv) return readCsv(bytes, file, options.csv);
  if (kind === 'csv') {
    throw new StatementError(
      file,
      undefined,
      'looks like a CSV export: give its column mapping (the date column, and the amount column or the credit and debit columns)',
      ['Or a mapping file: {"date": "Data contabile", "amount": "Importo", "description": "Descrizione"}'],
    );
  }
  throw new StatementError(file, undefined, `not a bank statement fisco reads: tried ${STATEMENT_FORMATS_TRIED}`);
}
