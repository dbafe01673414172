import { Chalk } from 'chalk';
import { failedWrite, FiscoError, LocalWriteError, stdoutWriteError, UsageError } from '../errors.js';
import { AtomicFile } from '../io/atomic.js';
import { flatten, pickFields, unknownFields, withoutMessages } from './fields.js';
import type { Redactor } from './redact.js';
import { jsonText } from '../domain/answer-json.js';
import { safeText } from './safe-text.js';
import type { OutputFormat } from './format.js';
import type { TextSink } from './pager.js';
import type { View } from './view.js';
import { ENGLISH, joined, render, t, type Language, type Text } from '../i18n/message.js';

export interface OutputOptions {
  format: OutputFormat;
  /** --csv-dialect, else FISCO_CSV_DIALECT; undefined: the profile's setting (`profileCsvDialect`), else rfc. */
  csvDialect?: 'rfc' | 'it';
  /** The csv dialect of the profile in use, asked only when CSV is written without --csv-dialect or FISCO_CSV_DIALECT. */
  profileCsvDialect?: () => Promise<'rfc' | 'it' | undefined>;
  fields?: string[];
  /** --query: a JMESPath expression over the JSON document (src/output/query.ts). */
  query?: string;
  colour: boolean;
  stderrColour: boolean;
  quiet: boolean;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** The run's one redactor (src/output/redact.ts). */
  redactor: Redactor;
  /** `--output-file PATH`: data goes to PATH, written atomically (whole on success, absent on failure). */
  outputFile?: string;
  /** The width tables are fitted into: COLUMNS, the terminal's, or 100 in a pipe (src/output/format.ts tableWidth). */
  width?: number;
  /** Called before data is written to stdout: clears a progress line drawn on the same terminal. */
  beforeData?: () => void;
  /** Called before a message is written to stderr: clears the progress line it would land on. */
  beforeMessage?: () => void;
  /** `--show-secrets`: data on stdout keeps the secrets fisco holds (otherwise replaced by ***). */
  showSecrets?: boolean;
  /** A pager for a table taller than the screen (on a terminal, unless --no-pager). */
  pager?: () => TextSink | undefined;
  /** The run's language: messages (info, success, warnings) render through it. Default English. */
  language?: Language;
}

/**
 * The only place that writes data: stdout carries the records in the chosen format, stderr
 * carries messages. Lists are streamed (ndjson, csv and json write as items arrive) so an
 * `--all` export runs in constant memory; tables too (widths from the first window of rows).
 */
export class Output {
  private readonly chalk;
  private pendingDrain = false;
  private file?: AtomicFile;
  private fileError?: Error;

  /** Standard output's failure (a full disk), once it reported one: every later write is that failure (exit 12). */
  private stdoutError?: Error;
  private readonly noteStdoutError = (error: Error) => {
    if ((error as NodeJS.ErrnoException).code !== 'EPIPE') this.stdoutError ??= error;
  };

  constructor(readonly options: OutputOptions) {
    this.chalk = new Chalk({ level: options.stderrColour ? 1 : 0 });
    if (!options.outputFile) options.stdout.on('error', this.noteStdoutError);
  }

  /** Standard output failed (reported, or set on the stream by the write that just failed): the failure to throw. */
  private stdoutFailure(): FiscoError | undefined {
    if (this.options.outputFile) return undefined;
    this.stdoutError ??= failedWrite(this.options.stdout);
    return this.stdoutError && stdoutWriteError(this.stdoutError);
  }

  get format(): OutputFormat {
    return this.options.format;
  }

  /** The CSV dialect of this run: --csv-dialect > FISCO_CSV_DIALECT > the profile's setting > rfc. */
  async csvDialect(): Promise<'rfc' | 'it'> {
    return this.options.csvDialect ?? (await this.options.profileCsvDialect?.()) ?? 'rfc';
  }

  /** Where data goes: stdout, or the temporary file of `--output-file` (opened on first use). */
  private get sink(): NodeJS.WritableStream {
    if (!this.options.outputFile) return this.options.stdout;
    if (!this.file) {
      this.file = new AtomicFile(this.options.outputFile);
      this.file.stream.on('error', (error) => (this.fileError ??= error));
    }
    return this.file.stream;
  }

  /** The command succeeded: `--output-file` gets its whole content (an empty file when there was no data). */
  async finish(): Promise<void> {
    if (!this.options.outputFile) {
      this.options.stdout.off('error', this.noteStdoutError);
      const failure = this.stdoutFailure();
      if (failure) throw failure;
      return;
    }
    void this.sink;
    if (this.fileError) throw this.fileFailure(this.fileError);
    try {
      await this.file!.commit();
    } catch (error) {
      await this.file!.abort();
      throw this.fileFailure(error as Error);
    }
  }

  /** The command failed: nothing is left at `--output-file` (an earlier file there is kept). */
  async discard(): Promise<void> {
    this.options.stdout.off('error', this.noteStdoutError);
    await this.file?.abort();
  }

  private fileFailure(error: Error): FiscoError {
    const outputFile = this.options.outputFile ?? '';
    return new LocalWriteError(
      t`--output-file ${outputFile}: cannot write (${(error as NodeJS.ErrnoException).code ?? error.message}); nothing was written there`,
    );
  }

  /**
   * Streams a list. Nothing is written before the first item (or the end of an empty list) has
   * arrived decoded; a failure after that ends the list without its closing `]` (a partial json
   * document never parses as complete) and the error says how many items were written.
   */
  async list<T>(items: AsyncIterable<T> | Iterable<T>, view: View = {}): Promise<number> {
    const counter = { count: 0 };
    try {
      return await this.writeList(items, view, counter);
    } catch (error) {
      if (counter.count > 0 && error instanceof FiscoError) error.reword((text) => this.incomplete(text, counter.count));
      else if (counter.count > 0 && error instanceof Error) error.message = String(this.incomplete(error.message, counter.count));
      throw error;
    }
  }

  /** A failure's message once some items were written: how many, and where they went. */
  private incomplete(text: Text, count: number): Text {
    const items = count === 1 ? t`1 item` : t`${count} items`;
    const file = this.options.outputFile;
    return file
      ? t`${text} (after ${items}; nothing was written to ${file})`
      : t`${text} (after ${items} had been written to stdout; the output is incomplete)`;
  }

  private async writeList<T>(items: AsyncIterable<T> | Iterable<T>, view: View, counter: { count: number }): Promise<number> {
    const { format, fields } = this.options;
    this.checkFields(view);
    if (this.options.query !== undefined) return this.queried(items, view, true);
    let count = 0;
    if (format === 'table') return this.table(items, view, counter);
    if (format === 'csv') {
      const { CsvWriter } = await import('./csv.js');
      const dialect = await this.csvDialect();
      const italian = { headers: view.italianHeaders, identifiers: view.identifierFields, language: this.language };
      let writer: InstanceType<typeof CsvWriter> | undefined;
      for await (const item of items) {
        const flat = flatten(fields ? pickFields(item, fields) : item);
        writer ??= new CsvWriter((chunk) => this.data(chunk), dialect, fields ?? csvColumns(view.fields, flat), new Set(view.amountFields ?? []), italian);
        writer.row(flat);
        await this.drained(true);
        counter.count = ++count;
      }
      (writer ?? new CsvWriter((chunk) => this.data(chunk), dialect, fields ?? [...(view.fields ?? [])], new Set(), italian)).end();
      return count;
    }
    if (format === 'ndjson') {
      for await (const item of items) {
        await this.drained(this.data(`${jsonText(this.shape(item))}\n`));
        counter.count = ++count;
      }
      return count;
    }
    // json: the opening `[` waits for the first item (or the end of an empty list); the closing `]`
    // is written only when every page has arrived.
    for await (const item of items) {
      await this.drained(this.data(`${count === 0 ? '[\n' : ',\n'}  ${jsonText(this.shape(item))}`));
      counter.count = ++count;
    }
    this.data(count === 0 ? '[]\n' : '\n]\n');
    return count;
  }

  /**
   * A table streamed row by row (widths from the first rows, see table.ts), through the pager
   * when it is taller than the screen; stops fetching when the user quits the pager.
   */
  private async table<T>(items: AsyncIterable<T> | Iterable<T>, view: View, counter: { count: number }): Promise<number> {
    const { TableWriter, listColumns } = await import('./table.js');
    const pager = this.options.pager?.();
    const write = pager
      ? (text: string) => pager.write(this.options.showSecrets ? text : this.options.redactor.redactSecrets(text))
      : (text: string) => this.data(text);
    const wait = pager ? (ok: boolean) => (ok ? undefined : pager.drained()) : (ok: boolean) => this.drained(ok);
    let writer: InstanceType<typeof TableWriter> | undefined;
    // A view with a total row holds its rows (a few: one per company) to count the total in the widths.
    const held: T[] | undefined = view.totalRow ? [] : undefined;
    const maxWidth = view.wide ? undefined : this.options.width;
    try {
      for await (const item of held ? await collectAll(items, held) : items) {
        writer ??= new TableWriter(listColumns(view, this.options.fields, item), view, {
          colour: this.options.colour,
          maxWidth,
          window: held ? held.length + 1 : undefined,
          language: this.language,
        });
        const text = writer.push(item);
        counter.count = writer.rows;
        if (text) await wait(write(text));
        if (pager?.closed) break;
      }
      if (writer && held && view.totalRow && !pager?.closed) write(writer.pushTotal(view.totalRow(held)));
      if (writer) write(writer.end());
    } finally {
      await pager?.end();
    }
    if (!writer) {
      this.info(view.empty ?? t`No results.`);
      return 0;
    }
    const fitted = [
      writer.shortened.length > 0 ? t`${writer.shortened.join(', ')} shortened` : undefined,
      writer.hidden.length > 0 ? t`${writer.hidden.join(', ')} left out` : undefined,
    ].filter((part) => part !== undefined);
    if (fitted.length > 0)
      this.info(t`(${joined(fitted, '; ')} to fit ${maxWidth} columns; ${view.wideHint ?? t`--fields or -o json show every field in full`})`);
    const inexact = writer.inexact.message();
    if (inexact) this.info(inexact);
    return held ? held.length : writer.rows;
  }

  async item(record: unknown, view: View = {}): Promise<void> {
    const { format, fields } = this.options;
    this.checkFields(view);
    if (this.options.query !== undefined) {
      await this.queried([record], view, false);
      return;
    }
    if (format === 'table') {
      const { InexactCells, renderRecord } = await import('./table.js');
      const inexact = new InexactCells(view);
      this.data(`${renderRecord(record, view, this.options.colour, fields, this.options.width, inexact, this.language)}\n`);
      const note = inexact.message();
      if (note) this.info(note);
    } else if (format === 'json') {
      this.data(`${jsonText(this.shape(record), 2)}\n`);
    } else if (format === 'ndjson') {
      this.data(`${jsonText(this.shape(record))}\n`);
    } else {
      await this.list([record], view);
    }
  }

  /**
   * Raw data (an API body in `fisco api`, a completion script). Every secret fisco holds (the
   * tokens of the profiles it loaded, webhook secrets of this run) is redacted here too, unless
   * `--show-secrets` says otherwise or the command exists to print one (`reveal`).
   */
  data(text: string, options: { reveal?: boolean } = {}): boolean {
    if (!this.options.outputFile) this.options.beforeData?.();
    const shown = options.reveal || this.revealing || this.options.showSecrets ? text : this.options.redactor.redactSecrets(text);
    let failure = this.stdoutFailure();
    if (failure) throw failure;
    this.pendingDrain = !this.sink.write(shown) || this.pendingDrain;
    // A file or device as stdout is written at once: a full disk is known now, and ends the command.
    failure = this.stdoutFailure();
    if (failure) throw failure;
    return !this.pendingDrain;
  }

  private revealing = false;

  /** Output of a command that exists to show a secret it just received (`hooks create`): kept as it is. */
  async reveal<T>(print: () => Promise<T>): Promise<T> {
    this.revealing = true;
    try {
      return await print();
    } finally {
      this.revealing = false;
    }
  }

  /** Waits for a slow reader (a pipe into `gzip`, a full disk) instead of buffering the export. */
  private async drained(ok: boolean): Promise<void> {
    if (ok && !this.pendingDrain) return;
    this.pendingDrain = false;
    // A file that fails (no space, too large) never drains: its error (or close) ends the wait, and is reported.
    const sink = this.sink;
    await new Promise<void>((resolve) => {
      const done = () => {
        sink.off('drain', done);
        sink.off('error', done);
        sink.off('close', done);
        resolve();
      };
      sink.once('drain', done);
      sink.once('error', done);
      sink.once('close', done);
    });
    if (this.fileError) throw this.fileFailure(this.fileError);
    const failure = this.stdoutFailure();
    if (failure) throw failure;
  }

  /** The run's language (English unless main() resolved another). */
  get language(): Language {
    return this.options.language ?? ENGLISH;
  }

  /** A message in the run's language: text as it is, a Message through the catalogue. */
  render(text: Text): string {
    return render(text, this.language);
  }

  /**
   * Messages are rendered in the run's language, pass through the one redactor and are made
   * terminal-safe (service text may hold control characters).
   */
  private message(text: Text): string {
    return safeText(this.options.redactor.redact(this.render(text)));
  }

  info(message: Text): void {
    if (!this.options.quiet) this.say(`${this.message(message)}\n`);
  }

  success(message: Text): void {
    if (!this.options.quiet) this.say(`${this.chalk.green('✓')} ${this.message(message)}\n`);
  }

  warn(message: Text): void {
    this.say(`${this.chalk.yellow(this.render(t`warning:`))} ${this.message(message)}\n`);
  }

  /** A message on its own line: a progress line being drawn is cleared first (the next redraw puts it back below). */
  private say(text: string): void {
    this.options.beforeMessage?.();
    this.options.stderr.write(text);
  }

  private checkFields(view: View): void {
    const unknown = unknownFields(this.options.fields, view.fields);
    if (unknown.length === 0) return;
    const names = unknown.map((f) => `'${f}'`).join(', ');
    throw new UsageError(unknown.length === 1 ? t`--fields: ${names} is not a field of this resource` : t`--fields: ${names} are not fields of this resource`, [
      t`Fields: ${view.fields!.join(', ')}`,
    ]);
  }

  /**
   * --query: the whole document (a list's items, or the one record) after --fields, then the
   * expression; the result prints as JSON, or in the requested format when it is still a list
   * of records (table, csv, ndjson) or one record.
   */
  private async queried(items: AsyncIterable<unknown> | Iterable<unknown>, view: View, isList: boolean): Promise<number> {
    const { applyQuery, checkQuery } = await import('./query.js');
    const expression = this.options.query!;
    await checkQuery(expression);
    const shaped: unknown[] = [];
    for await (const item of items) shaped.push(withoutMessages(this.shape(item)));
    const result = await applyQuery(expression, isList ? shaped : shaped[0]);
    // The result is rendered by this same output (stdout or --output-file), without query or fields.
    const saved = { query: this.options.query, fields: this.options.fields };
    Object.assign(this.options, { query: undefined, fields: undefined });
    try {
      const records = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
      if (Array.isArray(result) && this.format !== 'json' && result.every(records)) await this.list(result, { amountFields: view.amountFields });
      else if (records(result) && this.format !== 'json') await this.item(result, { amountFields: view.amountFields });
      else if (this.format === 'ndjson' && Array.isArray(result)) for (const value of result) this.data(`${jsonText(value)}\n`);
      else this.data(`${jsonText(result, this.format === 'ndjson' ? undefined : 2)}\n`);
    } finally {
      Object.assign(this.options, saved);
    }
    return Array.isArray(result) ? result.length : 1;
  }

  private shape(item: unknown): unknown {
    return this.options.fields ? pickFields(item, this.options.fields) : item;
  }
}

async function collectAll<T>(items: AsyncIterable<T> | Iterable<T>, into: T[]): Promise<T[]> {
  for await (const item of items) into.push(item);
  return into;
}

/**
 * CSV columns: the view's declared fields, then any other key of the first (flattened) record
 * that no declared field covers. `supplier: null` is covered by `supplier.id` / `supplier.name`.
 */
export function csvColumns(declared: readonly string[] | undefined, first: Record<string, unknown>): string[] {
  if (!declared || declared.length === 0) return Object.keys(first);
  const columns = [...declared];
  for (const key of Object.keys(first)) {
    if (!columns.includes(key) && !columns.some((c) => c.startsWith(`${key}.`))) columns.push(key);
  }
  return columns;
}
