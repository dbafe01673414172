/**
 * `invoice batch` on a real pseudo-terminal of 80 and 100 columns (issue 31, item 4): the result
 * table keeps the record's ref and the invoice's number whole (the keys), with its date and total,
 * and no web link; `--dry-run` prints a table, not the request bodies; a re-run with nothing left
 * to send says so and asks nothing. Every wait is for what the screen shows.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toItalianDate } from '../../src/domain/dates.js';
import { formatEuro } from '../../src/domain/money.js';
import { batchHarness, creationPosts, ndjson, records, type Rec } from './batch-helpers.js';
import { BIN, type Harness } from './harness.js';
import { harnessFolders, processEnv } from './process-env.js';
import { replay, spawnPty } from './pty.js';

const TIMEOUT = 120_000;
let h: Harness;
let dir: string;
let n = 0;
beforeAll(async () => {
  ({ h, dir } = await batchHarness({ rateLimit: { limit: 100_000, windowMs: 60_000 } }));
}, 30_000);
afterAll(async () => h?.close());
afterEach(() => h.emulator.clearFaults());

const invoiceOf = (r: Rec) => h.emulator.store.invoices.find((i) => i.counterpart.name === r.client)!;

/** Records with refs as an order system writes them (longer than the invoice numbers). */
function batchFile(count: number): { recs: Rec[]; file: string } {
  const prefix = `ORD-2026-11-W${++n}`;
  const recs = records(count, { prefix, vatBase: 300_000 + n * 100 });
  const file = join(dir, `${prefix}.ndjson`);
  writeFileSync(file, ndjson(recs));
  return { recs, file };
}

async function onTerminal(args: string[], columns: number) {
  const session = spawnPty('node', [BIN, '--no-pager', 'invoice', 'batch', ...args], processEnv(h, harnessFolders(h)), { columns, rows: 60 });
  const exitCode = await session.exit();
  const { lines, wrapped } = replay(session.raw(), columns);
  return { exitCode, lines, wrapped, screen: session.screen() };
}

/** The screen's lines with the terminal's own wraps joined back (prose may wrap; its text is then whole again). */
function unwrapped(lines: string[], wrapped: number[]): string {
  return lines.map((line, i) => (wrapped.includes(i) ? line : `${line}\n`)).join('');
}

/** The table from its header line down to the first line that is not a row (a message, or blank). */
function tableOf(lines: string[], header: RegExp): { rows: string[]; start: number; header: string } {
  const start = lines.findIndex((l) => header.test(l));
  expect(start, lines.join('\n')).toBeGreaterThanOrEqual(0);
  let end = start + 1;
  while (end < lines.length && lines[end] && !/^(\(|fisco|warning:|✓|dry run|-o json|Batch preview|nothing left)/.test(lines[end]!)) end++;
  return { rows: lines.slice(start + 1, end), start, header: lines[start]! };
}

describe.each([80, 100])('at %i columns', (columns) => {
  it('the result table: every ref and number whole, the date and total, no web link; it fits', { timeout: TIMEOUT }, async () => {
    const { recs, file } = batchFile(3);
    // The second record is refused, with the service's (long) message: the table still keeps the keys.
    h.emulator.injectFault({
      method: 'POST',
      path: '/fatture/nuova/manuale',
      after: 1,
      times: 1,
      action: 'status',
      status: 422,
      body: { error: { code: 'validation_error', message: 'cliente.pec: the certified e-mail address of the recipient is not valid for this client' } },
    });
    const { exitCode, lines, wrapped } = await onTerminal([file, '--draft'], columns);
    expect(exitCode, lines.join('\n')).toBe(11);
    const table = tableOf(lines, /^Ref\s+Number/);
    for (let row = table.start; row <= table.start + table.rows.length; row++) expect(wrapped, lines[row]).not.toContain(row);
    for (const line of [table.header, ...table.rows]) expect([...line].length, line).toBeLessThanOrEqual(columns);
    expect(table.header.split(/\s{2,}/).slice(0, 5)).toEqual(['Ref', 'Number', 'Date', 'Total', 'Status']);
    const first = table.rows.filter((l) => l.startsWith('ORD-'));
    expect(first.map((l) => l.split(/\s{2,}/)[0])).toEqual(recs.map((r) => r.ref));
    for (const [i, r] of recs.entries()) {
      const cells = first[i]!.split(/\s{2,}/);
      if (i === 1) {
        expect(cells.slice(1, 4)).toEqual(['–', '20/11/2026', formatEuro('123.83')]);
        expect(cells[4]).toBe('refused');
        continue;
      }
      const invoice = invoiceOf(r);
      expect(cells.slice(1, 5)).toEqual([invoice.number, toItalianDate(invoice.issue_date), formatEuro(invoice.total_amount), 'created']);
    }
    expect([table.header, ...table.rows].join('\n')).not.toContain('http');
    // The refusal's reason: begun in the table where it has room (over two lines), whole below it in any case.
    if (columns === 100) expect(table.rows.join(' ')).toMatch(/HTTP 422: cliente\.pec/);
    expect(unwrapped(lines, wrapped)).toContain(
      `${recs[1]!.ref}: HTTP 422: cliente.pec: the certified e-mail address of the recipient is not valid for this client`,
    );
    // The preview above it fits the terminal too.
    const preview = lines.findIndex((l) => l.startsWith('Batch preview'));
    for (let row = preview + 1; row < table.start; row++) expect(wrapped, lines[row]).not.toContain(row);
  });

  it('--dry-run prints a table of ref, company, client, taxable, VAT and total, not the request bodies', { timeout: TIMEOUT }, async () => {
    const { recs, file } = batchFile(2);
    const from = h.emulator.store.requests.at(-1)?.seq ?? 0;
    const { exitCode, lines, wrapped, screen } = await onTerminal([file, '--dry-run'], columns);
    expect(exitCode, screen).toBe(0);
    const table = tableOf(lines, /^Ref\s+/);
    for (let row = table.start; row <= table.start + table.rows.length; row++) expect(wrapped, lines[row]).not.toContain(row);
    expect(table.header).toMatch(/^Ref\s+.*Client\s+.*Taxable\s+VAT\s+Total$/);
    expect(table.rows.map((l) => l.split(/\s{2,}/)[0])).toEqual([...recs.map((r) => r.ref), 'Total']);
    expect(table.rows[0]).toMatch(/180,50 €\s+39,71 €\s+220,21 €$/);
    expect(table.rows[2]).toMatch(/282,00 €\s+62,04 €\s+344,04 €$/);
    expect(screen).not.toContain('"body"');
    expect(screen).toContain('dry run: 2 invoices checked, nothing was sent');
    expect(creationPosts(h, from)).toEqual([]);
  });
});

it('a re-run of --send with nothing left to send says so and asks nothing', { timeout: TIMEOUT }, async () => {
  const { recs, file } = batchFile(3);
  const first = spawnPty('node', [BIN, '--no-pager', 'invoice', 'batch', file, '--send'], processEnv(h, harnessFolders(h)), { columns: 100, rows: 60 });
  await first.expect('SEND 3 invoices to the SDI (irreversible)');
  await first.expect('Type "send 3" to transmit them');
  first.send('send 3\r');
  expect(await first.exit()).toBe(0);
  const from = h.emulator.store.requests.at(-1)?.seq ?? 0;
  const again = await onTerminal([file, '--send'], 100);
  expect(again.exitCode, again.screen).toBe(0);
  expect(again.screen).toContain('nothing left to send: all 3 records of this batch were created by an earlier run; nothing is asked, nothing is sent again');
  expect(again.screen).not.toMatch(/SEND 3|Type "send/);
  expect(again.screen).toContain('3 of 3 created and sent to the SDI, 0 now, 3 by an earlier run');
  expect(creationPosts(h, from)).toEqual([]);
  const table = tableOf(again.lines, /^Ref\s+Number/);
  expect(table.rows.map((l) => l.split(/\s{2,}/).slice(0, 2))).toEqual(recs.map((r) => [r.ref, invoiceOf(r).number]));
});
