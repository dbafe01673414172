/** fisco overview: every figure equals what the lists say, computed here independently. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, previousMonth } from '../../src/domain/dates.js';
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
  [figure: string]: string | number | boolean | null;
}

describe('fisco overview', () => {
  it('one row per company of the firm token; figures equal sums of the lists; 7 requests per company plus 2', async () => {
    const companies = await firmCompanies(h);
    const from = lastSeq(h);
    const result = await h.run(['overview', '-o', 'json'], { token: TOKENS.firm });
    const requests = requestsSince(h, from);
    // A company on which the firm token lacks an ability answers 403: its row is missing and the run exits 11.
    const refused = new Set(requests.filter((r) => r.status === 403).map((r) => r.query.account_id));
    expect(result.exitCode, result.stderr).toBe(refused.size > 0 ? 11 : 0);
    const rows = parseJson<Row[]>(result.stdout);
    expect(rows.map((r) => r.account_id)).toEqual(companies.filter((c) => !refused.has(c)));
    expect(rows.map((r) => r.account_id)).toEqual(expect.arrayContaining([...COMPANY_IDS]));
    expect(requests.filter((r) => r.path === '/v1/accounts' || r.path === '/v1/me')).toHaveLength(2);
    for (const id of COMPANY_IDS) expect(requests.filter((r) => r.query.account_id === id), id).toHaveLength(7);

    for (const row of rows) {
      const id = row.account_id;
      const invoices = await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: id, direction: 'outbound' });
      const open = invoices.filter((i) => i.payment_status === 'unpaid' || i.payment_status === 'partial');
      const overdue = open.filter((i) => i.overdue === true);
      expect(row.open_count, id).toBe(open.length);
      expect(row.open_amount, id).toBe(total(open.map((i) => i.amount_due)));
      expect(row.overdue_count, id).toBe(overdue.length);
      expect(row.overdue_amount, id).toBe(total(overdue.map((i) => i.amount_due)));

      const f24s = (await apiList(h, TOKENS.firm, '/v1/f24s', { account_id: id })).filter((f) => f.status === 'ready' || f.status === 'expired');
      expect(row.f24_count, id).toBe(f24s.length);
      expect(row.f24_expired_count, id).toBe(f24s.filter((f) => f.status === 'expired').length);
      expect(row.f24_amount, id).toBe(total(f24s.map((f) => f.total_amount)));
      const nearest = [...f24s].sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
      expect(row.f24_nearest_due, id).toBe(nearest?.due_date ?? null);
      expect(row.f24_nearest_amount, id).toBe(nearest ? total([nearest.total_amount]) : null);

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

    const table = await h.run(['--accounts', COMPANY_IDS.join(','), 'overview', '-o', 'table'], { token: TOKENS.firm, env: { FORCE_COLOR: '1', NO_COLOR: undefined } });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout.replace(/\u001b\[\d+m/g, '')).toMatch(/Company\s+Open/);
    expect(table.stdout).toContain('\u001b[31m'); // overdue counts in red
  });

  it('--demo overview works offline on the firm token', async () => {
    const result = await h.run(['--demo', 'overview', '-o', 'json'], { token: null, baseUrl: null });
    // 11 when one of the demo firm's companies refuses the firm token an ability (named on stderr).
    expect([0, 11], result.stderr).toContain(result.exitCode);
    expect(parseJson<Row[]>(result.stdout).map((r) => r.account_id)).toEqual(expect.arrayContaining([...COMPANY_IDS]));
  });
});

describe('counts are checked like any other field', () => {
  it('a deadlines count without meta.total is an unusable answer (exit 8), never "0 overdue"', async () => {
    h.emulator.injectFault({ method: 'GET', path: '/v1/tax-deadlines', query: { status: 'overdue' }, action: 'raw', raw: '{"data":[]}', times: 1 });
    const result = await h.run(['overview', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(8);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('/v1/tax-deadlines');
    expect(result.stderr).toMatch(/meta/);
  });
});
