/**
 * Bank statements in, a Statement out (src/bank/types.ts): the format is detected from the content,
 * never from the file name. Pure: bytes in, no file system, no network.
 *
 *   XML: camt.053 / camt.054 (any .001.NN), or the CBI envelope around camt.053.001.02   -> camt.ts
 *   text starting with a CBI RH header record                                           -> cbi-rh.ts
 *   text with MT940 tags (:20:, :25:, :60F:, :61:, :86:, :62F:)                           -> mt940.ts
 *   anything else, when a CSV mapping is given                                          -> csv.ts
 */
import type { ClosingBalance, Movement, Statement, StatementFormat } from '../types.js';
import { CamtReader, looksLikeXml } from './camt.js';
import { CbiRhReader, looksLikeCbiRh } from './cbi-rh.js';
import { StatementError, fingerprint, withFacts, type Emit } from './common.js';
import { CsvReader, csvMappingHint, looksLikeCsv, type CsvMapping } from './csv.js';
import { Mt940Reader, looksLikeMt940 } from './mt940.js';
import { KeyUniquifier, LineSplitter, TextStreamDecoder } from './text-stream.js';
import { type Message, t, type Text } from '../../i18n/message.js';
import { errorText } from '../../errors.js';

export { StatementError, normaliseIban, isValidIban, ibanProblem, looksLikeIban, statementAmount, decodeText, hashKey, realReference } from './common.js';
export { csvMappingFrom, csvAmount, csvReversal, csvMappingHint, type CsvMapping, type CsvMappingFlags, type CsvMappingKey } from './csv.js';
export { CBI_RECORD_LENGTH } from './cbi-rh.js';

/** The formats fisco reads, as named in messages. */
export const STATEMENT_FORMATS_TRIED = t`camt.053, camt.054, CBI XML, CBI RH, MT940, CSV (with a column mapping)`;

export interface ReadStatementOptions {
  /** The column mapping: needed to read a CSV export (the other formats ignore it). */
  csv?: CsvMapping;
}

/** How much of the file is looked at to tell its format (the MT940 test looks this far for its tags). */
export const DETECT_BYTES = 64 * 1024;

const BINARY_HINT = t`Download the statement from the bank's site as camt.053 XML, CBI, MT940 or CSV, not as PDF or Excel`;

/** Files people take for a statement but fisco cannot read: said as such rather than 'not a statement'. */
function binaryKind(bytes: Uint8Array): Message | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46)) return t`a PDF document (a printable statement)`;
  if (starts(0x50, 0x4b, 0x03, 0x04)) return t`a ZIP archive or an Excel workbook (.xlsx)`;
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return t`an old Excel workbook (.xls)`;
  if (starts(0x1f, 0x8b)) return t`a gzip-compressed file: uncompress it first`;
  const head = bytes.subarray(0, 4096);
  const utf16 = head[0] === 0xff && head[1] === 0xfe;
  if (!utf16 && head.includes(0)) return t`a binary file`;
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

interface FormatReader {
  readonly format: StatementFormat | undefined;
  readonly ibans: string[];
  /** Statements read so far (camt Stmt/Ntfctn, CBI 61 records, MT940 messages; a CSV is one). */
  readonly statements: number;
  /** Movements whose booking date was taken from their value date or their statement's date (camt without BookgDt). */
  readonly dated?: number;
  /** The closing balances read so far (a CSV export has none). */
  readonly closings?: ClosingBalance[];
  push(text: string): void;
  end(): void;
}

/** The longest line of a line format: a CBI RH record is 120 characters, an MT940 line 65 (its :86: a few of them). */
export const MAX_LINE_CHARS = 64 * 1024;

/** Line formats (CBI RH, MT940) fed line by line, numbered from 1. */
function byLines(file: string, reader: CbiRhReader | Mt940Reader): FormatReader {
  const lines = new LineSplitter();
  let n = 0;
  const feed = (all: string[]) => {
    for (const line of all) reader.line(line, ++n);
    if (lines.pending > MAX_LINE_CHARS)
      throw new StatementError(
        file,
        t`line ${n + 1}`,
        t`a line longer than ${MAX_LINE_CHARS / 1024} KiB: a ${reader.format === 'mt940' ? 'MT940' : 'CBI RH'} line is at most a few hundred characters`,
      );
  };
  return {
    format: reader.format,
    ibans: reader.ibans,
    closings: reader.closings,
    get statements() {
      return reader.statements;
    },
    push: (text) => feed(lines.push(text)),
    end: () => {
      feed(lines.end());
      reader.end();
    },
  };
}

/**
 * One statement read as it arrives, bytes in, movements out: the format is told from the first
 * DETECT_BYTES (never from the file name), then the text is decoded chunk by chunk and fed to that
 * format's reader, which emits each movement as soon as it is complete (a camt entry when its Ntry
 * closes, a CBI movement after its last 63 record, an MT940 line after its :86:, a CSV row). Memory
 * is a chunk, one entry, and the movement keys seen (to make repeated ones unique). `push` and `end`
 * return the movements completed by that chunk; notes (not errors) go to `onNote` as they are found.
 * Throws StatementError (exit 2) naming the file, the line or element path, and what was expected.
 */
export class StatementReader {
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private decoder: TextStreamDecoder | undefined;
  private reader: FormatReader | undefined;
  private readonly keys = new KeyUniquifier();
  private out: Movement[] = [];
  /** Movements read so far. */
  count = 0;

  constructor(
    readonly file: string,
    private readonly options: ReadStatementOptions & { onNote?: (note: Text) => void } = {},
  ) {}

  get format(): StatementFormat | undefined {
    return this.reader?.format;
  }

  /** How many statements the file holds, once read (camt Stmt/Ntfctn, CBI 61 records, MT940 messages; a CSV is one). */
  get statements(): number {
    return this.reader?.statements ?? 0;
  }

  /** Movements whose booking date was taken from their value date or their statement's date (camt without BookgDt). */
  get dated(): number {
    return this.reader?.dated ?? 0;
  }

  /** The closing balance of each statement read so far (camt CLBD, MT940 :62F:, CBI RH 64). */
  get closings(): ClosingBalance[] {
    return this.reader?.closings ?? [];
  }

  /** The statement's account when it names exactly one (each movement carries its own). */
  get accountIban(): string | undefined {
    const ibans = this.reader?.ibans ?? [];
    return ibans.length === 1 ? ibans[0] : undefined;
  }

  push(bytes: Uint8Array): Movement[] {
    if (this.reader) this.reader.push(this.decode(bytes));
    else {
      this.head.push(bytes);
      this.headBytes += bytes.length;
      if (this.headBytes >= DETECT_BYTES) this.start(false);
    }
    return this.take();
  }

  end(): Movement[] {
    if (!this.reader) this.start(true);
    this.reader!.push(this.decode(undefined));
    this.reader!.end();
    const note = this.keys.note();
    if (note) this.note(note);
    return this.take();
  }

  private take(): Movement[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private note(text: Text): void {
    this.options.onNote?.(text);
  }

  private start(final: boolean): void {
    const { file } = this;
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.length === 0) throw new StatementError(file, undefined, t`the file is empty: expected a bank statement (${STATEMENT_FORMATS_TRIED})`);
    const binary = binaryKind(head);
    if (binary) throw new StatementError(file, undefined, t`${binary}: expected a bank statement (${STATEMENT_FORMATS_TRIED})`, [BINARY_HINT]);
    const probe = new TextStreamDecoder();
    const text = probe.push(head) + (final ? probe.end() : '');
    const kind = detectStatementFormat(text);
    const emit: Emit = (movement, ids) => {
      this.count++;
      movement.key = ids.unique !== undefined ? withFacts(ids.unique, movement) : fingerprint(movement, ids.account);
      movement.legacyKey = ids.legacy;
      const former = ids.former ?? ids.unique;
      if (former !== undefined) movement.formerKey = former;
      this.out.push(this.keys.unique(movement));
    };
    const note = (text: Text) => this.note(text);
    let forced: 'utf-8' | 'latin1' | undefined;
    if (kind === 'xml') this.reader = new CamtReader(file, emit, note);
    else if (kind === 'cbi-rh') this.reader = byLines(file, new CbiRhReader(file, emit, note));
    else if (kind === 'mt940') this.reader = byLines(file, new Mt940Reader(file, emit, note));
    else if (this.options.csv) {
      this.reader = new CsvReader(file, this.options.csv, emit, note);
      forced = this.options.csv.encoding === 'auto' ? undefined : this.options.csv.encoding;
    } else if (kind === 'csv') {
      throw new StatementError(
        file,
        undefined,
        t`looks like a CSV export: give its column mapping (the date column, and the amount column or the credit and debit columns)`,
        csvMappingHint(text),
      );
    } else throw new StatementError(file, undefined, t`not a bank statement fisco reads: tried ${STATEMENT_FORMATS_TRIED}`);
    this.decoder = new TextStreamDecoder(forced);
    this.reader.push(this.decode(head));
  }

  /** The next chunk's text (undefined: the end of the file). */
  private decode(bytes: Uint8Array | undefined): string {
    try {
      return bytes ? this.decoder!.push(bytes) : this.decoder!.end();
    } catch (error) {
      throw new StatementError(this.file, undefined, t`${errorText(error)}: give the encoding (latin1) or save the file as UTF-8`);
    }
  }
}

/**
 * Reads one whole statement held in memory (tests, small inputs): the StatementReader fed once.
 * `file` names it in messages and in each movement's source.
 */
export function readStatement(bytes: Uint8Array, file: string, options: ReadStatementOptions = {}): Statement {
  const notes: Text[] = [];
  const reader = new StatementReader(file, { ...options, onNote: (note) => notes.push(note) });
  const movements = [...reader.push(bytes), ...reader.end()];
  return { file, format: reader.format!, accountIban: reader.accountIban, statements: reader.statements, movements, notes, closings: reader.closings };
}

/** A statement read from a stream of chunks (a file stream, stdin): yields each movement as it is read. */
export async function* streamStatement(chunks: AsyncIterable<Uint8Array>, reader: StatementReader): AsyncGenerator<Movement, void, undefined> {
  for await (const chunk of chunks) yield* reader.push(chunk);
  yield* reader.end();
}
