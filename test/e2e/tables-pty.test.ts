/**
 * Tables that fit and keep what matters, in a real pseudo-terminal of 80 and 120 columns: what the
 * screen finally shows (every redraw replayed as a terminal would) fits the width with no wrapped
 * line, keeps the columns the question is about, never cuts an amount or a date, and no progress
 * line is left behind.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toItalianDate } from '../../src/domain/dates.js';
import { formatEuro } from '../../src/domain/money.js';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';
import { processEnv } from './process-env.js';
import { replay, spawnPty, stripAnsi, type PtySession } from './pty.js';

const TIMEOUT = 120_000;

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

const env = (token: string) => processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'cfg-pty'), FISCO_RETRY_BASE_MS: '20', TZ: 'Europe/Rome' }, token);

async function onTerminal(
  args: string[],
  columns: number,
  token: string = TOKENS.prod,
): Promise<{ session: PtySession; exitCode: number; lines: string[]; wrapped: number[] }> {
  const session = spawnPty('node', [BIN, '--no-pager', ...args], env(token), { columns, rows: 50 });
  const exitCode = await session.exit();
  return { session, exitCode, ...replay(session.raw(), columns) };
}

/** Where the table is on the screen: its header line and the lines of its rows. */
function tableSpan(lines: string[], firstHeader: string): { start: number; end: number } {
  const start = lines.findIndex((l) => l.startsWith(firstHeader));
  expect(start, lines.join('\n')).toBeGreaterThanOrEqual(0);
  let end = start + 1;
  while (end < lines.length && lines[end] && !/^(\(|fisco|n\/a:|warning:|Showing | )/.test(lines[end]!)) end++;
  return { start, end };
}

/** The table's rows as records, cells split on the two-space gap (cells hold single spaces only). */
function tableRows(lines: string[], firstHeader: string): Record<string, string>[] {
  const { start, end } = tableSpan(lines, firstHeader);
  const header = lines[start]!.split(/\s{2,}/);
  return lines.slice(start + 1, end).map((line) => {
    const cells = line.trim().split(/\s{2,}/);
    return Object.fromEntries(header.map((label, i) => [label, cells[i] ?? '']));
  });
}

/** No table line is wider than the terminal, none was wrapped (messages below it may wrap: they are prose). */
function expectFits(lines: string[], wrapped: number[], columns: number, firstHeader: string): void {
  const { start, end } = tableSpan(lines, firstHeader);
  expect(
    wrapped.filter((row) => row >= start && row < end),
    lines.join('\n'),
  ).toEqual([]);
  for (const line of lines.slice(start, end)) expect([...line].length, line).toBeLessThanOrEqual(columns);
}

/** Every progress draw (`\r` + erase line + text) is one line narrower than the terminal, and none is left on the screen. */
function expectProgressClean(session: PtySession, lines: string[], columns: number, label: string): void {
  const raw = session.raw();
  const draws = raw
    .split('\r\x1b[2K')
    .slice(1)
    .map((d) => stripAnsi(d).split('\n')[0]!);
  const progress = draws.filter((d) => d.startsWith(`${label} [`));
  expect(progress.length, raw.slice(0, 500)).toBeGreaterThan(0);
  for (const draw of progress) expect([...draw].length, draw).toBeLessThan(columns);
  expect(lines.filter((l) => l.includes(`${label} [`))).toEqual([]);
}

describe.each([80, 120])('at %i columns', (columns) => {
  it(
    'overview: fits, keeps company, overdue amount and next F24; a company missing an ability is marked n/a, not absent; the progress line leaves nothing',
    { timeout: TIMEOUT },
    async () => {
      const { session, exitCode, lines, wrapped } = await onTerminal(['overview'], columns, TOKENS.firm);
      expect(exitCode, lines.join('\n')).toBe(11);
      expectFits(lines, wrapped, columns, 'Company');
      expectProgressClean(session, lines, columns, 'Overview');
      const all = tableRows(lines, 'Company');
      const json = parseJson<{ company: string; overdue_amount: string | null; f24_nearest_due: string | null; missing: { figures: string[] }[] }[]>(
        (await h.run(['overview', '-o', 'json'], { token: TOKENS.firm })).stdout,
      );
      // One row per company, then the firm's total.
      expect(all).toHaveLength(json.length + 1);
      expect(all[json.length]!.Company).toBe('Firm total');
      const rows = all.slice(0, json.length);
      rows.forEach((row, i) => {
        const record = json[i]!;
        expect(record.company.startsWith(row.Company!.replace(/…$/, ''))).toBe(true);
        expect(row.Overdue).toBe(formatEuro(record.overdue_amount!));
        const missingF24 = record.missing.some((m) => m.figures.includes('f24_nearest_due'));
        expect(row['Next F24']).toBe(missingF24 ? 'n/a' : record.f24_nearest_due ? toItalianDate(record.f24_nearest_due) : '–');
      });
      expect(rows.some((r) => r['Next F24'] === 'n/a')).toBe(true);
      // At 120 columns the key figures and the rejected invoices fit, and the names get more room than at 80 (16).
      if (columns === 120) expect(rows[0]!.Company!.replace(/…$/, '').length).toBeGreaterThan(16);
    },
  );

  it('invoice list: amount due and due date kept and whole; the uuid is the first to go; two credit notes stay apart', { timeout: TIMEOUT }, async () => {
    const args = ['invoice', 'list', '--per-page', '60'];
    const { exitCode, lines, wrapped } = await onTerminal(args, columns);
    expect(exitCode, lines.join('\n')).toBe(0);
    expectFits(lines, wrapped, columns, 'Number');
    const rows = tableRows(lines, 'Number');
    const json = parseJson<{ number: string; amount_due: string; due_date: string; uuid: string; payment_status: string | null }[]>(
      (await h.run([...args, '-o', 'json'])).stdout,
    );
    expect(rows).toHaveLength(json.length);
    rows.forEach((row, i) => {
      // A document that takes no payments (a note, a draft, a void one) shows no amount due and no due date.
      const takesPayments = json[i]!.payment_status !== null;
      expect(row.Due).toBe(takesPayments ? formatEuro(json[i]!.amount_due) : '–');
      expect(row['Due date']).toBe(takesPayments ? toItalianDate(json[i]!.due_date) : '–');
      expect(row.Number).toBe(json[i]!.number); // numbers here fit whole
    });
    const notes = rows.filter((r) => r.Number!.startsWith('Note di'));
    expect(notes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(notes.map((r) => r.Number)).size).toBe(notes.length);
    expect(lines.join('\n')).not.toContain(json[0]!.uuid); // never the 36-character uuid at these widths
    expect(lines.join('\n')).toMatch(/UUID \(invoice pay\)[^\n]* left out to fit|UUID[^\n]* shortened/);
  });

  it('invoice list --payment-status overdue: the due date and the amount due stay', { timeout: TIMEOUT }, async () => {
    const args = ['invoice', 'list', '--payment-status', 'overdue'];
    const { exitCode, lines, wrapped } = await onTerminal(args, columns);
    expect(exitCode, lines.join('\n')).toBe(0);
    expectFits(lines, wrapped, columns, 'Number');
    const rows = tableRows(lines, 'Number');
    const json = parseJson<{ amount_due: string; due_date: string }[]>((await h.run([...args, '-o', 'json'])).stdout);
    expect(rows.length).toBe(json.length);
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((row, i) => {
      expect(row['Due date']).toBe(toItalianDate(json[i]!.due_date));
      expect(row.Due).toBe(formatEuro(json[i]!.amount_due));
    });
  });

  it('deadlines list: date and title kept (cut only with a mark), the ids go first', { timeout: TIMEOUT }, async () => {
    const args = ['deadlines', 'list'];
    const { exitCode, lines, wrapped } = await onTerminal(args, columns);
    expect(exitCode, lines.join('\n')).toBe(0);
    expectFits(lines, wrapped, columns, 'Due');
    const rows = tableRows(lines, 'Due');
    const json = parseJson<{ id: string; title: string; due_date: string; status: string }[]>((await h.run([...args, '-o', 'json'])).stdout);
    expect(rows.length).toBe(json.length);
    rows.forEach((row, i) => {
      expect(row.Due).toBe(toItalianDate(json[i]!.due_date));
      const title = row.Title!;
      if (title.endsWith('…')) expect(json[i]!.title.startsWith(title.slice(0, -1))).toBe(true);
      else expect(title).toBe(json[i]!.title);
      expect(row.Status).toBe(json[i]!.status);
    });
    if (columns === 80) {
      expect(Object.keys(rows[0]!)).not.toContain('ID');
      expect(lines.join('\n')).toMatch(/ID left out to fit 80 columns/);
    } else {
      expect(rows.every((r) => !r.Title!.endsWith('…'))).toBe(true);
    }
  });

  it('export: the progress line fits, and messages and the result table never land on it', { timeout: TIMEOUT }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fisco-pty-export-'));
    const { session, exitCode, lines, wrapped } = await onTerminal(['export', '--period', '2026-10', '--dir', dir], columns, TOKENS.firm);
    expect(exitCode, lines.join('\n')).toBe(11); // the demo firm's company lacking f24:read is partial
    expectFits(lines, wrapped, columns, 'Company');
    expectProgressClean(session, lines, columns, 'Exporting 2026-10');
    const done = lines.filter((l) => / files in /.test(l));
    expect(done).toHaveLength(4);
    for (const line of done) expect(line).toMatch(/^(Rossi|Verdi|Neri|Gialli) /);
    expect(lines.some((l) => l.startsWith('warning: Gialli Alimentari S.n.c. (acc_gialli): not exported: F24 forms'))).toBe(true);
    expect(tableRows(lines, 'Company').map((r) => r.Result)).toEqual(['exported', 'exported', 'exported', 'partial']);
  });

  it('a fan-out list (--all-accounts): its progress line fits and is gone before the rows', { timeout: TIMEOUT }, async () => {
    const { session, exitCode, lines, wrapped } = await onTerminal(['--all-accounts', 'invoice', 'list', '--payment-status', 'overdue'], columns, TOKENS.firm);
    expect([0, 11]).toContain(exitCode);
    expectFits(lines, wrapped, columns, 'Company');
    expectProgressClean(session, lines, columns, 'Reading');
    expect(tableRows(lines, 'Company').length).toBeGreaterThan(0);
  });
});
