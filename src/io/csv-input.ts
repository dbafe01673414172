/**
 * How fisco reads every CSV a person prepares or edits (a batch, a bank export, a list of contacts
 * or rates): as a spreadsheet or a text editor leaves it. A byte-order mark is skipped; a line may
 * end in CRLF, LF or CR, mixed in one file (fisco writes CRLF, `echo … >>` appends LF); empty
 * lines, a trailing one too, are skipped. The delimiter (`;` or `,`) is each reader's to detect.
 */

/** csv-parse options every reader of an edited CSV spreads into its own. */
export const EDITED_CSV: { readonly bom: true; readonly record_delimiter: string[]; readonly skip_empty_lines: true } = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  skip_empty_lines: true,
};

/** A line break as an edited file may hold it: CRLF, LF or CR. */
export const LINE_BREAK = /\r\n|\n|\r/;
