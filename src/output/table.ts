import Table from 'cli-table3';
import { Chalk, type ChalkInstance } from 'chalk';
import { formatEuro } from '../domain/money.js';
import { toItalianDate } from '../domain/dates.js';
import { flatten, getPath } from './fields.js';
import { safeLine } from './safe-text.js';
import type { Column, Tone, View } from './view.js';

export function toneColour(chalk: ChalkInstance, tone: Tone): (text: string) => string {
  if (tone === 'danger') return chalk.red;
  if (tone === 'warn') return chalk.yellow;
  if (tone === 'ok') return chalk.green;
  if (tone === 'muted') return chalk.dim;
  return (text) => text;
}

/** A cell's text, with any control or bidirectional character from the service shown escaped. */
export function formatCell(value: unknown, column: Column, amountFields: ReadonlySet<string>): string {
  return safeLine(plainCell(value, column, amountFields));
}

function plainCell(value: unknown, column: Column, amountFields: ReadonlySet<string>): string {
  if (value === null || value === undefined || value === '') return '–';
  const kind = column.kind ?? (amountFields.has(column.key) ? 'money' : undefined);
  if (kind === 'money' && (typeof value === 'string' || typeof value === 'number')) return formatEuro(String(value));
  if (kind === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return toItalianDate(value);
  if (kind === 'instant' && typeof value === 'string') return value.replace('T', ' ').replace(/(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, '');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Borderless columns, like gh and kubectl: easy to read, easy to grep. */
const BORDERLESS = Object.fromEntries(
  ['top', 'top-mid', 'top-left', 'top-right', 'bottom', 'bottom-mid', 'bottom-left', 'bottom-right', 'left', 'left-mid', 'mid', 'mid-mid', 'right', 'right-mid', 'middle'].map((k) => [k, '']),
);

export function renderTable(rows: unknown[], columns: Column[], view: View, colour: boolean): string {
  const chalk = new Chalk({ level: colour ? 1 : 0 });
  const amountFields = new Set(view.amountFields ?? []);
  const table = new Table({
    head: columns.map((c) => chalk.bold(c.label ?? c.key)),
    style: { head: [], border: [], compact: true, 'padding-left': 0, 'padding-right': 2 },
    colAligns: columns.map((c) => (c.kind === 'money' || amountFields.has(c.key) || c.kind === 'count' ? 'right' : 'left')),
    chars: BORDERLESS,
  });
  for (const row of rows) {
    const rowColour = toneColour(chalk, view.rowTone?.(row));
    table.push(
      columns.map((column) => {
        const text = formatCell(getPath(row, column.key), column, amountFields);
        const cellTone = column.tone?.(row);
        return cellTone ? toneColour(chalk, cellTone)(text) : rowColour(text);
      }),
    );
  }
  return table.toString();
}

/** A single record as label/value lines. */
export function renderRecord(record: unknown, view: View, colour: boolean, fields?: string[]): string {
  const chalk = new Chalk({ level: colour ? 1 : 0 });
  const amountFields = new Set(view.amountFields ?? []);
  const columns: Column[] = fields
    ? fields.map((key) => ({ key }))
    : (view.columns ?? Object.keys(flatten(record)).map((key) => ({ key })));
  const width = Math.max(...columns.map((c) => (c.label ?? c.key).length));
  return columns
    .map((column) => {
      const text = formatCell(getPath(record, column.key), column, amountFields);
      const tone = column.tone?.(record);
      return `${chalk.bold((column.label ?? column.key).padEnd(width))}  ${tone ? toneColour(chalk, tone)(text) : text}`;
    })
    .join('\n');
}
