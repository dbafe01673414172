/**
 * Tables keep the key, in a real pseudo-terminal of 80 and 100 columns: the columns another
 * command takes (the F24 ID of `f24 get`, the invoice number of `invoice pay`, the company) are
 * always there, whole; `overview` fits with its key figures and a firm total row; `bank match`'s
 * Why column wraps to two lines rather than being cut to a word. COLUMNS is honoured on a terminal
 * and in a pipe, where a table is otherwise fitted into 100 columns.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toItalianDate } from '../../src/domain/dates.js';
import { formatEuro } from '../../src/domain/money.js';
import { total } from './firm-helpers.js';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';
import { processEnv } from './process-env.js';
import { replay, spawnPty } from './pty.js';

const TIMEOUT = 120_000;

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

const env = (token: string, extra: Record<string, string> = {}) =>
  processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'cfg-keys'), FISCO_RETRY_BASE_MS: '20', TZ: 'Europe/Rome', ...extra }, token);

/** What a terminal of `columns` shows after running fisco with `args` (COLUMNS as the terminal says, unless `columnsVariable` says otherwise). */
async function onTerminal(args: string[], columns: number, token: string = TOKENS.prod, extra: Record<string, string> = {}, columnsVariable?: string) {
  const command = columnsVariable === undefined ? ['node', BIN] : ['env', `COLUMNS=${columnsVariable}`, 'node', BIN];
  const session = spawnPty(command[0]!, [...command.slice(1), '--no-pager', ...args], env(token, extra), { columns, rows: 60 });
  const exitCode = await session.exit();
  const { lines, wrapped } = replay(session.raw(), columns);
  return { exitCode, lines, wrapped };
}

/** The table from its header line to the first line that is a message; `start` is its header's line on the screen. */
function tableLines(lines: string[], firstHeader: string): string[] & { start: number } {
  const start = lines.findIndex((l) => l.startsWith(firstHeader));
  expect(start, lines.join('\n')).toBeGreaterThanOrEqual(0);
  let end = start + 1;
  while (end < lines.length && lines[end] && !/^(\(|fisco|n\/a:|warning:|Showing |\d+ statement)/.test(lines[end]!)) end++;
  return Object.assign(lines.slice(start, end), { start });
}

/** Cells by header, split on the two-space gap, from the header's column positions. */
function rowsOf(table: string[]): Record<string, string>[] {
  const header = table[0]!;
  const labels = header.split(/\s{2,}/);
  return table.slice(1).map((line) => {
    const cells = line.trim().split(/\s{2,}/);
    return Object.fromEntries(labels.map((label, i) => [label, cells[i] ?? '']));
  });
}

/** No table line is wider than the terminal, none was wrapped by it (messages below may wrap: they are prose). */
function expectFits(table: string[] & { start: number }, wrapped: number[], columns: number): void {
  expect(
    wrapped.filter((row) => row >= table.start && row < table.start + table.length),
    table.join('\n'),
  ).toEqual([]);
  for (const line of table) expect([...line].length, line).toBeLessThanOrEqual(columns);
}

describe.each([80, 100])('at %i columns', (columns) => {
  it('f24 list: the ID that f24 get and f24 download take is there, whole, on every row', { timeout: TIMEOUT }, async () => {
    const args = ['f24', 'list', '--per-page', '30'];
    const { exitCode, lines, wrapped } = await onTerminal(args, columns);
    expect(exitCode, lines.join('\n')).toBe(0);
    const table = tableLines(lines, 'ID');
    expectFits(table, wrapped, columns);
    const rows = rowsOf(table);
    const json = parseJson<{ id: string; due_date: string; total_amount: string }[]>((await h.run([...args, '-o', 'json'])).stdout);
    expect(rows.map((r) => r.ID)).toEqual(json.map((f) => f.id));
    rows.forEach((row, i) => {
      expect(row.Due).toBe(toItalianDate(json[i]!.due_date));
      expect(row.Total).toBe(formatEuro(json[i]!.total_amount));
    });
    expect(lines.join('\n')).not.toMatch(/\bID\b[^\n]*left out/);
  });

  it('invoice list: every number whole (the key invoice pay takes); no amount due for a document that takes no payments', { timeout: TIMEOUT }, async () => {
    const args = ['invoice', 'list', '--per-page', '60'];
    const { exitCode, lines, wrapped } = await onTerminal(args, columns);
    expect(exitCode, lines.join('\n')).toBe(0);
    const table = tableLines(lines, 'Number');
    expectFits(table, wrapped, columns);
    const rows = rowsOf(table);
    const json = parseJson<{ number: string; amount_due: string; payment_status: string | null; sdi_status: string }[]>(
      (await h.run([...args, '-o', 'json'])).stdout,
    );
    expect(rows.map((r) => r.Number)).toEqual(json.map((i) => i.number));
    const none = json.map((i, n) => ({ i, row: rows[n]! })).filter(({ i }) => i.payment_status === null);
    // Credit notes and drafts are in the demo: their Due is –, never the total as if owed.
    expect(none.some(({ i }) => i.number.startsWith('Note di credito'))).toBe(true);
    expect(none.some(({ i }) => i.sdi_status === 'draft')).toBe(true);
    for (const { row } of none) expect(row.Due).toBe('–');
    for (const { i, row } of json.map((i, n) => ({ i, row: rows[n]! })).filter(({ i }) => i.payment_status !== null))
      expect(row.Due).toBe(formatEuro(i.amount_due));
  });

  it('overview: the key figures and a firm total row fit; the total is the sum of the companies', { timeout: TIMEOUT }, async () => {
    const { exitCode, lines, wrapped } = await onTerminal(['overview'], columns, TOKENS.firm);
    expect(exitCode, lines.join('\n')).toBe(11); // the demo firm's company without f24:read
    const table = tableLines(lines, 'Company');
    expectFits(table, wrapped, columns);
    const header = table[0]!.split(/\s{2,}/);
    expect(header.slice(0, 6)).toEqual(['Company', 'Open', 'Overdue', 'F24 to pay', 'Next F24', 'Deadl. late']);
    const rows = rowsOf(table);
    const json = parseJson<
      {
        company: string;
        open_amount: string;
        overdue_amount: string;
        overdue_count: number;
        deadlines_overdue: number;
        f24_count: number | null;
      }[]
    >((await h.run(['overview', '-o', 'json'], { token: TOKENS.firm })).stdout);
    expect(rows).toHaveLength(json.length + 1);
    const firm = rows[json.length]!;
    expect(firm.Company).toBe('Firm total');
    expect(firm.Open).toBe(formatEuro(total(json.map((r) => r.open_amount))));
    expect(firm.Overdue).toBe(formatEuro(total(json.map((r) => r.overdue_amount))));
    expect(firm['Deadl. late']).toBe(String(json.reduce((n, r) => n + r.deadlines_overdue, 0)));
    // A company whose F24s could not be read: the firm's F24 count is not known either, never a sum that looks whole.
    expect(json.some((r) => r.f24_count === null)).toBe(true);
    expect(firm['F24 to pay']).toBe('n/a');
    if (columns === 100) expect(header).toContain('Overdue inv.');
    expect(lines.join('')).toMatch(/left out\s*to\s*fit\s*\d+\s*columns;\s*--wide\s*shows/); // a message may wrap: it is prose
  });

  it(
    'bank match: the invoices of every credit whole (a key); the Why column wraps onto further lines, keeping the reason readable',
    { timeout: TIMEOUT },
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'fisco-keys-bank-'));
      const data = { FISCO_DATA_DIR: join(folder, 'data') };
      const statement = await h.run(['--demo', 'emulator', 'statement', '--format', 'camt.053'], { env: data, token: null, baseUrl: null });
      expect(statement.exitCode, statement.stderr).toBe(0);
      const file = join(folder, 'estratto.xml');
      writeFileSync(file, statement.stdout);
      const { exitCode, lines, wrapped } = await onTerminal(['--demo', 'bank', 'match', file], columns, TOKENS.prod, data);
      expect(exitCode, lines.join('\n')).toBe(0);
      const table = tableLines(lines, 'Date');
      expectFits(table, wrapped, columns);
      const why = table[0]!.indexOf('Why');
      expect(why, table[0]).toBeGreaterThan(0);
      // The first credit of the demo statement is matched by its number: that reason is on screen, over two lines.
      const first = table.findIndex((l) => /^\d\d\/\d\d\/\d{4}\s+1\.818,04 €/.test(l));
      expect(first, table.join('\n')).toBeGreaterThan(0);
      const reason = `${table[first]!.slice(why).trim()} ${table[first + 1]!.slice(why).trim()}`;
      expect(table[first + 1]!.slice(0, why).trim()).toBe(''); // the continuation line holds the reason only
      expect(reason).toMatch(/^number 2\/2026 in the remittance text/);
      expect(reason.length).toBeGreaterThan(40);
      // The Invoices column is a key (the numbers invoice pay and bank apply name): each credit's list whole, a
      // credit paying three invoices too, never cut to `6/2026, 7/20…`.
      const json = parseJson<{ booking_date: string; amount: string; invoices: string[] }[]>(
        (await h.run(['--demo', 'bank', 'match', file, '-o', 'json'], { env: data, token: null, baseUrl: null })).stdout,
      );
      const at = table[0]!.indexOf('Invoices');
      const rows = table.filter((l) => /^\d\d\/\d\d\/\d{4}\s/.test(l));
      expect(rows).toHaveLength(json.length);
      rows.forEach((row, i) =>
        expect(
          row
            .slice(at)
            .split(/\s{2,}/)[0]!
            .trim(),
          row,
        ).toBe(json[i]!.invoices.join(', ')),
      );
      expect(json.some((p) => p.invoices.length >= 3)).toBe(true);
      expect(lines.join('\n')).not.toMatch(/Invoices[^\n]*left out/);
    },
  );
});

describe('COLUMNS and pipes', () => {
  it('COLUMNS=80 on a 120-column terminal fits the table into 80', { timeout: TIMEOUT }, async () => {
    const { exitCode, lines, wrapped } = await onTerminal(['invoice', 'list', '--per-page', '20'], 120, TOKENS.prod, {}, '80');
    expect(exitCode).toBe(0);
    const table = tableLines(lines, 'Number');
    expectFits(table, wrapped, 80);
    expect(lines.join('\n')).toMatch(/left out to fit 80 columns/);
  });

  it('a table in a pipe is fitted into 100 columns, or into COLUMNS', async () => {
    for (const [extra, width] of [
      [{}, 100],
      [{ COLUMNS: '72' }, 72],
    ] as const) {
      const result = await h.run(['-o', 'table', 'invoice', 'list', '--per-page', '20'], { env: extra });
      expect(result.exitCode, result.stderr).toBe(0);
      const table = result.stdout.trimEnd().split('\n');
      expect(table[0]).toMatch(/^Number/);
      for (const line of table) expect([...line].length, line).toBeLessThanOrEqual(width);
      expect(Math.max(...table.map((l) => [...l].length))).toBeGreaterThan(width - 20);
      expect(result.stderr).toContain(`to fit ${width} columns`);
    }
  });

  it('overview --wide shows every column whole, in a pipe too', async () => {
    const result = await h.run(['-o', 'table', 'overview', '--wide'], { token: TOKENS.firm });
    expect(result.exitCode).toBe(11);
    const header = result.stdout.split('\n')[0]!.split(/\s{2,}/);
    expect(header).toEqual([
      'Company',
      'Open',
      'Overdue',
      'F24 to pay',
      'Next F24',
      'Deadl. late',
      'Overdue inv.',
      'Rejected',
      'F24 expired',
      'Resend by',
      'Next F24 amount',
      'Deadl. ≤ 14 d',
      'Open inv.',
      'Review',
      'Review prev.',
      'Webhooks',
    ]);
    expect(result.stderr).not.toContain('left out');
    expect(result.stdout).not.toContain('…');
    // The firm total: the rejected invoices added up, the nearest window of any company.
    const firm = rowsOf(result.stdout.trimEnd().split('\n')).at(-1)!;
    const json = parseJson<{ rejected_count: number; rejected_resend_by: string | null }[]>(
      (await h.run(['overview', '-o', 'json'], { token: TOKENS.firm })).stdout,
    );
    expect(firm.Company).toBe('Firm total');
    expect(firm.Rejected).toBe(String(json.reduce((n, r) => n + r.rejected_count, 0)));
    const nearest = json
      .map((r) => r.rejected_resend_by)
      .filter((d): d is string => d !== null)
      .sort()[0];
    expect(firm['Resend by']).toBe(nearest ? toItalianDate(nearest) : '–');
  });
});
