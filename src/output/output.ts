import { Chalk } from 'chalk';
import { UsageError } from '../api/errors.js';
import { flatten, pickFields, unknownFields } from './fields.js';
import type { OutputFormat } from './format.js';
import type { Column, View } from './view.js';

export interface OutputOptions {
  format: OutputFormat;
  csvDialect: 'rfc' | 'it';
  fields?: string[];
  /** --query: a JMESPath expression over the JSON document (src/output/query.ts). */
  query?: string;
  colour: boolean;
  stderrColour: boolean;
  quiet: boolean;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/**
 * The only place that writes data: stdout carries the records in the chosen format, stderr
 * carries messages. Lists are streamed (ndjson, csv and json write as items arrive) so an
 * `--all` export runs in constant memory; only the table needs every row first.
 */
export class Output {
  private readonly chalk;
  private pendingDrain = false;

  constructor(readonly options: OutputOptions) {
    this.chalk = new Chalk({ level: options.stderrColour ? 1 : 0 });
  }

  get format(): OutputFormat {
    return this.options.format;
  }

  async list<T>(items: AsyncIterable<T> | Iterable<T>, view: View = {}): Promise<number> {
    const { format, fields } = this.options;
    this.checkFields(view);
    if (this.options.query !== undefined) return this.queried(items, view, true);
    let count = 0;
    if (format === 'table') {
      const rows: T[] = [];
      for await (const item of items) rows.push(item);
      count = rows.length;
      if (rows.length === 0) {
        this.info(view.empty ?? 'No results.');
        return 0;
      }
      const columns: Column[] = fields ? fields.map((key) => ({ key })) : (view.columns ?? Object.keys(flatten(rows[0])).map((key) => ({ key })));
      const { renderTable } = await import('./table.js');
      this.data(`${renderTable(rows, columns, view, this.options.colour)}\n`);
      return count;
    }
    if (format === 'csv') {
      const { CsvWriter } = await import('./csv.js');
      let writer: InstanceType<typeof CsvWriter> | undefined;
      for await (const item of items) {
        const flat = flatten(fields ? pickFields(item, fields) : item);
        writer ??= new CsvWriter((chunk) => this.data(chunk), this.options.csvDialect, fields ?? csvColumns(view.fields, flat), new Set(view.amountFields ?? []));
        writer.row(flat);
        await this.drained(true);
        count++;
      }
      (writer ?? new CsvWriter((chunk) => this.data(chunk), this.options.csvDialect, fields ?? [...(view.fields ?? [])], new Set())).end();
      return count;
    }
    if (format === 'ndjson') {
      for await (const item of items) {
        await this.drained(this.data(`${JSON.stringify(this.shape(item))}\n`));
        count++;
      }
      return count;
    }
    this.data('[');
    for await (const item of items) {
      await this.drained(this.data(`${count === 0 ? '\n' : ',\n'}  ${JSON.stringify(this.shape(item))}`));
      count++;
    }
    this.data(count === 0 ? ']\n' : '\n]\n');
    return count;
  }

  async item(record: unknown, view: View = {}): Promise<void> {
    const { format, fields } = this.options;
    this.checkFields(view);
    if (this.options.query !== undefined) {
      await this.queried([record], view, false);
      return;
    }
    if (format === 'table') {
      const { renderRecord } = await import('./table.js');
      this.data(`${renderRecord(record, view, this.options.colour, fields)}\n`);
    } else if (format === 'json') {
      this.data(`${JSON.stringify(this.shape(record), null, 2)}\n`);
    } else if (format === 'ndjson') {
      this.data(`${JSON.stringify(this.shape(record))}\n`);
    } else {
      await this.list([record], view);
    }
  }

  /** Raw data (an API body in `fisco api`, a completion script). */
  data(text: string): boolean {
    this.pendingDrain = !this.options.stdout.write(text) || this.pendingDrain;
    return !this.pendingDrain;
  }

  /** Waits for a slow reader (a pipe into `gzip`, a full disk) instead of buffering the export. */
  private async drained(ok: boolean): Promise<void> {
    if (ok && !this.pendingDrain) return;
    this.pendingDrain = false;
    await new Promise<void>((resolve) => this.options.stdout.once('drain', () => resolve()));
  }

  info(message: string): void {
    if (!this.options.quiet) this.options.stderr.write(`${message}\n`);
  }

  success(message: string): void {
    if (!this.options.quiet) this.options.stderr.write(`${this.chalk.green('✓')} ${message}\n`);
  }

  warn(message: string): void {
    this.options.stderr.write(`${this.chalk.yellow('warning:')} ${message}\n`);
  }

  private checkFields(view: View): void {
    const unknown = unknownFields(this.options.fields, view.fields);
    if (unknown.length === 0) return;
    throw new UsageError(`--fields: ${unknown.map((f) => `'${f}'`).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of this resource`, [
      `Fields: ${view.fields!.join(', ')}`,
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
    for await (const item of items) shaped.push(this.shape(item));
    const result = await applyQuery(expression, isList ? shaped : shaped[0]);
    const plain = new Output({ ...this.options, query: undefined, fields: undefined });
    const records = (value: unknown) => value !== null && typeof value === 'object' && !Array.isArray(value);
    if (Array.isArray(result) && this.format !== 'json' && result.every(records)) await plain.list(result, { amountFields: view.amountFields });
    else if (records(result) && this.format !== 'json') await plain.item(result, { amountFields: view.amountFields });
    else if (this.format === 'ndjson' && Array.isArray(result)) for (const value of result) this.data(`${JSON.stringify(value)}\n`);
    else this.data(`${JSON.stringify(result, null, this.format === 'ndjson' ? undefined : 2)}\n`);
    return Array.isArray(result) ? result.length : 1;
  }

  private shape(item: unknown): unknown {
    return this.options.fields ? pickFields(item, this.options.fields) : item;
  }
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
