/** fisco overview: every figure equals what the lists say, computed here independently. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, previousMonth } from '../../src/domain/dates.js';
import { parse } from 'csv-parse/sync';
import { harness, parseJson, TODAY, TOKENS, type Harness } from './harness.js';
import { apiGet, apiList, COMPANY_IDS, firmCompanies, lastSeq, requestsSince, total } from './firm-helpers.js';

let h: Harness;
beforeAll(async () => {
  // The tests read the lists straight from the emulator too: their requests must not eat the CLI's rate limit.
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

interface Row {
  account_id: string;
  company: string;
  missing: { request: string; figures: string[]; reason: string; exit_code: number }[];
  [figure: string]: string | number | boolean | null | Row['missing'];
}

describe('fisco overview', () => {
  it('one row per company of the firm token, a company lacking an ability included; figures equal sums of the lists; 7 requests per company plus 2', async () => {
    const companies = await firmCompanies(h);
    const from = lastSeq(h);
    const result = await h.run(['overview', '-o', 'json'], { token: TOKENS.firm });
    const requests = requestsSince(h, from);
    // A company on which the firm token lacks an ability answers 403 to that part: its row keeps
    // everything else, the part's figures are null (never zero), `missing` says why; exit 11.
    const refused = requests.filter((r) => r.status === 403);
    expect(refused.length).toBeGreaterThan(0); // the demo firm lacks f24:read on acc_gialli
    expect(result.exitCode, result.stderr).toBe(11);
    const rows = parseJson<Row[]>(result.stdout);
    expect(rows.map((r) => r.account_id)).toEqual(companies);
    const partial = rows.filter((r) => r.missing.length > 0);
    expect(partial.map((r) => r.account_id)).toEqual([...new Set(refused.map((r) => r.query.account_id))]);
    for (const row of partial) {
      expect(row.missing).toEqual([
        expect.objectContaining({
          request: expect.stringContaining('/v1/f24s'),
          reason: expect.stringContaining("lacks the ability 'f24:read'"),
          exit_code: 3,
        }),
      ]);
      for (const figure of row.missing[0]!.figures) expect(row[figure], figure).toBeNull();
      expect(row.missing[0]!.figures).toEqual(expect.arrayContaining(['f24_count', 'f24_amount', 'f24_nearest_due']));
      expect(row.open_count).toEqual(expect.any(Number));
      expect(result.stderr).toContain(`${row.company} (${row.account_id}): not read: F24 forms to pay (GET /v1/f24s): This token lacks the ability 'f24:read'`);
    }
    expect(result.stderr).toMatch(/partly done: of \d+ companies, 1 incomplete/);
    expect(rows.map((r) => r.account_id)).toEqual(expect.arrayContaining([...COMPANY_IDS]));
    expect(requests.filter((r) => r.path === '/v1/accounts' || r.path === '/v1/me')).toHaveLength(2);
    for (const id of COMPANY_IDS)
      expect(
        requests.filter((r) => r.query.account_id === id),
        id,
      ).toHaveLength(7);

    for (const row of rows) {
      const id = row.account_id;
      const invoices = await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: id, direction: 'outbound' });
      const open = invoices.filter((i) => i.payment_status === 'unpaid' || i.payment_status === 'partial');
      const overdue = open.filter((i) => i.overdue === true);
      expect(row.open_count, id).toBe(open.length);
      expect(row.open_amount, id).toBe(total(open.map((i) => i.amount_due)));
      expect(row.overdue_count, id).toBe(overdue.length);
      expect(row.overdue_amount, id).toBe(total(overdue.map((i) => i.amount_due)));

      if (row.missing.length === 0) {
        const f24s = (await apiList(h, TOKENS.firm, '/v1/f24s', { account_id: id })).filter((f) => f.status === 'ready' || f.status === 'expired');
        expect(row.f24_count, id).toBe(f24s.length);
        const expired = f24s.filter((f) => f.status === 'expired');
        expect(row.f24_expired_count, id).toBe(expired.length);
        expect(row.f24_expired_amount, id).toBe(total(expired.map((f) => f.total_amount)));
        expect(row.f24_amount, id).toBe(total(f24s.map((f) => f.total_amount)));
        // The next F24: the nearest not yet paid due today or later; the expired ones are counted apart.
        const nearest = f24s.filter((f) => f.status === 'ready' && f.due_date >= TODAY).sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
        expect(nearest, id).toBeDefined();
        expect(row.f24_nearest_due, id).toBe(nearest.due_date);
        expect(row.f24_nearest_amount, id).toBe(total([nearest.total_amount]));
        expect(String(row.f24_nearest_due) >= TODAY).toBe(true);
      }

      const deadlines = await apiList(h, TOKENS.firm, '/v1/tax-deadlines', { account_id: id });
      expect(row.deadlines_overdue, id).toBe(deadlines.filter((d) => d.status === 'overdue').length);
      const soon = deadlines.filter((d) => d.due_date >= TODAY && d.due_date <= addDays(TODAY, 14) && d.status !== 'done');
      expect(row.deadlines_due_soon, id).toBe(soon.length);

      for (const [month, count, amount] of [
        [TODAY.slice(0, 7), 'review_current_month', 'review_current_amount'],
        [previousMonth(TODAY), 'review_previous_month', 'review_previous_amount'],
      ] as const) {
        const review = (await apiList(h, TOKENS.firm, '/v1/expenses', { account_id: id, periodo: month })).filter((e) => e.needs_review === true);
        expect(row[count], `${id} ${month}`).toBe(review.length);
        expect(row[amount], `${id} ${month}`).toBe(total(review.map((e) => e.total)));
      }
      const me = await apiGet<{ data: { webhooks_ready: boolean } }>(h, TOKENS.firm, '/v1/me', {});
      expect(row.webhooks_ready).toBe(me.data.webhooks_ready);
      for (const key of Object.keys(row).filter((k) => k.endsWith('_amount'))) if (row[key] !== null) expect(row[key]).toMatch(/^\d+\.\d{2}$/);
      if (row.missing.length === 0)
        for (const key of Object.keys(row).filter((k) => k !== 'f24_nearest_due' && k !== 'f24_nearest_amount' && k !== 'vat_number'))
          expect(row[key], key).not.toBeNull();
    }
    expect(rows.some((r) => Number(r.overdue_count) > 0)).toBe(true);
  });

  it('--days widens the deadline window; csv carries the same figures; the table colours need attention', async () => {
    const json = parseJson<Row[]>((await h.run(['--accounts', 'acc_rossi', 'overview', '--days', '40', '-o', 'json'], { token: TOKENS.firm })).stdout);
    const deadlines = await apiList(h, TOKENS.firm, '/v1/tax-deadlines', { account_id: 'acc_rossi' });
    expect(json[0]!.deadlines_due_soon).toBe(deadlines.filter((d) => d.due_date >= TODAY && d.due_date <= addDays(TODAY, 40) && d.status !== 'done').length);

    const csv = await h.run(['--accounts', 'acc_rossi', 'overview', '--days', '40', '-o', 'csv'], { token: TOKENS.firm });
    const [header, line] = csv.stdout.trim().split('\r\n');
    const record = Object.fromEntries(header!.split(',').map((k, i) => [k, line!.split(',')[i]]));
    expect(record.open_amount).toBe(json[0]!.open_amount);
    expect(record.overdue_count).toBe(String(json[0]!.overdue_count));

    const table = await h.run(['--accounts', COMPANY_IDS.join(','), 'overview', '-o', 'table'], {
      token: TOKENS.firm,
      env: { FORCE_COLOR: '1', NO_COLOR: undefined },
    });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout.replace(/\u001b\[\d+m/g, '')).toMatch(/Company\s+Open/);
    expect(table.stdout).toContain('\u001b[31m'); // overdue counts in red
    expect(table.stdout).not.toContain('n/a');
  });

  it('a company refused one part keeps its row: n/a in the table (never 0), null in json and csv, the reason on stderr, exit 11', async () => {
    const table = await h.run(['--accounts', 'acc_rossi,acc_gialli', 'overview', '-o', 'table'], { token: TOKENS.firm });
    expect(table.exitCode, table.stderr).toBe(11);
    const gialli = table.stdout.split('\n').find((l) => l.startsWith('Gialli'))!;
    expect(gialli).toBeDefined();
    expect(gialli).toMatch(/n\/a/);
    expect(table.stdout.split('\n').find((l) => l.startsWith('Rossi'))).not.toMatch(/n\/a/);
    expect(table.stderr).toContain('n/a: a figure that could not be read (not a zero)');
    expect(table.stderr).toContain(
      "Gialli Alimentari S.n.c. (acc_gialli): not read: F24 forms to pay (GET /v1/f24s): This token lacks the ability 'f24:read' on company acc_gialli (exit 3)",
    );

    const csv = await h.run(['--accounts', 'acc_gialli', 'overview', '-o', 'csv'], { token: TOKENS.firm });
    expect(csv.exitCode).toBe(11);
    const [header, line] = csv.stdout.trim().split('\r\n');
    const cells = parse(`${header}\n${line}`, { columns: true })[0] as Record<string, string>;
    expect(cells.f24_count).toBe('');
    expect(cells.open_count).toMatch(/^\d+$/);
    expect(cells.missing).toContain('f24:read');

    // A company token refused one part: the same (here an injected 500 after retries on the deadlines).
    h.emulator.injectFault({ method: 'GET', path: '/v1/tax-deadlines', times: 20, action: 'status', status: 500 });
    try {
      const single = await h.run(['overview', '-o', 'json'], { token: TOKENS.prod });
      expect(single.exitCode, single.stderr).toBe(11);
      const [row] = parseJson<Row[]>(single.stdout);
      expect(row!.deadlines_overdue).toBeNull();
      expect(row!.deadlines_due_soon).toBeNull();
      expect(row!.open_count).toEqual(expect.any(Number));
      expect(row!.missing.map((m) => m.exit_code)).toEqual([8, 8]);
    } finally {
      h.emulator.clearFaults();
    }
  });

  it('--demo overview works offline on the firm token', async () => {
    const result = await h.run(['--demo', 'overview', '-o', 'json'], { token: null, baseUrl: null });
    // 11 when one of the demo firm's companies refuses the firm token an ability (named on stderr).
    expect([0, 11], result.stderr).toContain(result.exitCode);
    expect(parseJson<Row[]>(result.stdout).map((r) => r.account_id)).toEqual(expect.arrayContaining([...COMPANY_IDS]));
  });
});

describe('counts are checked like any other field', () => {
  it('a deadlines count without meta.total is an unusable answer: the figure is missing (null, named with exit 8), never "0 overdue"', async () => {
    h.emulator.injectFault({ method: 'GET', path: '/v1/tax-deadlines', query: { status: 'overdue' }, action: 'raw', raw: '{"data":[]}', times: 1 });
    const result = await h.run(['overview', '-o', 'json']);
    // The company's other figures were read: it is partial (exit 11), the unreadable count is not a zero.
    expect(result.exitCode, result.stderr).toBe(11);
    const [row] = parseJson<Row[]>(result.stdout);
    expect(row!.deadlines_overdue).toBeNull();
    const missing = row!.missing as unknown as { request: string; reason: string; exit_code: number }[];
    expect(missing).toEqual([
      expect.objectContaining({ request: expect.stringContaining('/v1/tax-deadlines'), exit_code: 8, reason: expect.stringMatching(/meta/) }),
    ]);
    expect(result.stderr).toContain('/v1/tax-deadlines');
  });
});
