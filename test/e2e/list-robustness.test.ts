/**
 * List commands outside the happy path: empty results in every format, CSV columns that do not
 * depend on the first record, inverted ranges and malformed ids refused before anything is
 * sent, receipts taking the list flags, and `--all` over many pages inside a small rate limit
 * without a single 429 reaching the emulator's request log (the proof of the pacing claim).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

const EMPTY: Array<{ args: string[]; header: string }> = [
  { args: ['f24', 'list', '--due-from', '2001-01-01', '--due-to', '2001-01-31'], header: 'id,account_id,taxpayer.name,taxpayer.vat_number,taxpayer.fiscal_code,description' },
  { args: ['expenses', 'list', '--period', '2001-01'], header: 'source,id,account_id,document_number' },
  { args: ['deadlines', 'list', '--from', '2001-01-01', '--to', '2001-01-31'], header: 'id,account_id,type,title,due_date,amount,status,related_resource.type,related_resource.id' },
  { args: ['clients', 'list', '--search', 'no-such-client-anywhere'], header: 'id,name,piva,codice_fiscale,sdi,pec' },
  { args: ['invoice', 'list', '--direction', 'inbound', '--sdi-status', 'error'], header: 'id,account_id,direction,number,issue_date,counterpart.name,counterpart.vat_number,total_amount' },
];

describe('an empty list', () => {
  it.each(EMPTY)('$args.0 $args.1: csv is the header only, json [], ndjson nothing, table says so', async ({ args, header }) => {
    const csv = await h.run([...args, '-o', 'csv']);
    expect(csv.exitCode, csv.stderr).toBe(0);
    expect(csv.stdout.startsWith(header)).toBe(true);
    expect(csv.stdout.trimEnd().split('\r\n')).toHaveLength(1);
    const json = await h.run([...args, '-o', 'json']);
    expect(parseJson(json.stdout)).toEqual([]);
    const ndjson = await h.run([...args, '-o', 'ndjson']);
    expect(ndjson.stdout).toBe('');
    const table = await h.run([...args, '-o', 'table']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toBe('');
    expect(table.stderr).toMatch(/^No .+\.\n/);
  });

  it('--fields gives the header of an empty csv', async () => {
    const csv = await h.run(['f24', 'list', '--due-from', '2001-01-01', '--due-to', '2001-01-31', '-o', 'csv', '--fields', 'id,total_amount']);
    expect(csv.stdout).toBe('id,total_amount\r\n');
  });
});

describe('csv columns come from the resource, not from the first record', () => {
  it('a payslip first (supplier null) does not drop supplier.id / supplier.name of the rows after it', async () => {
    const json = parseJson<Array<{ id: string; supplier: { id: string; name: string } | null }>>((await h.run(['expenses', 'list', '--period', '2026-09', '--all'])).stdout);
    expect(json[0]!.supplier).toBeNull();
    const withSupplier = json.filter((e) => e.supplier !== null);
    expect(withSupplier.length).toBeGreaterThan(0);

    const result = await h.run(['expenses', 'list', '--period', '2026-09', '--all', '-o', 'csv']);
    expect(result.exitCode, result.stderr).toBe(0);
    const rows = parse(result.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toContain('supplier.id');
    expect(Object.keys(rows[0]!)).not.toContain('supplier');
    expect(rows).toHaveLength(json.length);
    for (const expense of withSupplier) {
      const row = rows.find((r) => r.id === expense.id)!;
      expect(row['supplier.id']).toBe(expense.supplier!.id);
      expect(row['supplier.name']).toBe(expense.supplier!.name);
    }
    expect(rows[0]!['supplier.id']).toBe('');
  });
});

describe('bad input is refused before anything is sent (exit 2)', () => {
  const refused: Array<{ args: string[]; message: RegExp }> = [
    { args: ['f24', 'list', '--due-from', '2026-10-31', '--due-to', '2026-10-01'], message: /--due-from 2026-10-31 is after --due-to 2026-10-01/ },
    { args: ['f24', 'download', '--due-from', '2026-10-31', '--due-to', '2026-10-01', '--dir', 'unused'], message: /--due-from 2026-10-31 is after --due-to 2026-10-01/ },
    { args: ['deadlines', 'list', '--from', '2026-10-31', '--to', '2026-10-01'], message: /--from 2026-10-31 is after --to 2026-10-01/ },
    { args: ['hooks', 'delete', 'abc'], message: /ID: 'abc' is not a subscription id/ },
    { args: ['receipts', 'list', '--per-page', '101'], message: /--per-page/ },
    { args: ['receipts', 'list', '--limit', 'x'], message: /--limit/ },
  ];
  it.each(refused)('fisco $args.0 $args.1 $args.2 $args.3', async ({ args, message }) => {
    const sent = h.mark();
    const result = await h.run(args);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')[0]).toMatch(message);
    expect(sent()).toEqual([]);
  });
});

describe('receipts list', () => {
  it('takes --page, --per-page, --all and --limit like every list, and still says the service does not manage receipts', async () => {
    const sent = h.mark();
    const result = await h.run(['receipts', 'list', '--all', '--per-page', '10', '--limit', '5', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson(result.stdout)).toEqual([]);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/Telematic receipts \(corrispettivi\) are not managed by this service/)]);
    expect(sent().filter((r) => r.path !== '/v1/me')).toEqual([{ method: 'GET', path: '/v1/receipts-uploads', status: 200 }]);
    const page = await h.run(['receipts', 'list', '--page', '2', '-o', 'csv']);
    expect(page.exitCode).toBe(0);
    expect(page.stdout).toBe('');
  });
});

describe('--all inside the rate limit', () => {
  let small: Harness;
  beforeAll(async () => {
    small = await harness({ rateLimit: { limit: 10, windowMs: 2000 } });
  });
  afterAll(async () => small.close());

  it('expenses list --all over 25 pages with 10 requests per 2 s finishes without the emulator ever answering 429', async () => {
    const sent = small.mark();
    const started = Date.now();
    const result = await small.run(['expenses', 'list', '--all', '--per-page', '8', '-o', 'json'], { env: { FISCO_RATE_LIMIT: '10/2000' }, timeout: 30_000 });
    const elapsed = Date.now() - started;
    expect(result.exitCode, result.stderr).toBe(0);
    const items = parseJson<Array<{ id: string }>>(result.stdout);
    expect(items).toHaveLength(200);
    expect(new Set(items.map((e) => e.id)).size).toBe(200);
    // GET /v1/me: asked once per token (and remembered) so that a firm token's read names its companies.
    const requests = sent().filter((r) => r.path !== '/v1/me');
    expect(requests).toHaveLength(25);
    expect(requests.filter((r) => r.status !== 200)).toEqual([]);
    expect(small.emulator.store.requests.some((r) => r.status === 429)).toBe(false);
    // 25 requests at 10 per 2 s need two full windows: the pacer waited instead of bursting.
    expect(elapsed).toBeGreaterThanOrEqual(4000);
  }, 40_000);
});
