/** --all-accounts / --accounts: fan-out over a firm token's companies, partial failure, conflicts. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { apiList, COMPANY_IDS, firmCompanies, lastSeq, requestsSince, THREE } from './firm-helpers.js';

let h: Harness;
beforeAll(async () => {
  // The tests read the lists straight from the emulator too: their requests must not eat the CLI's rate limit.
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());
afterEach(() => h.emulator.clearFaults());

const firm = { token: TOKENS.firm };

describe('--all-accounts fan-out', () => {
  it('asks every company with its account_id, inside one run, and tags every record', async () => {
    const companies = await firmCompanies(h);
    const from = lastSeq(h);
    const result = await h.run(['--all-accounts', 'invoice', 'list', '--all', '-o', 'json'], firm);
    const rows = parseJson<{ id: string; account_id: string; company: string }[]>(result.stdout);
    const requests = requestsSince(h, from);
    const accounts = requests.filter((r) => r.path === '/v1/accounts');
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.query.account_id).toBeUndefined();
    // The one rule for a token's companies: GET /v1/me (once; remembered per token), then the company list.
    expect(requests.filter((r) => r.path === '/v1/me').length).toBeLessThanOrEqual(1);
    const reads = requests.filter((r) => r.path !== '/v1/accounts' && r.path !== '/v1/me');
    for (const r of reads) expect(companies, `${r.path} ${JSON.stringify(r.query)}`).toContain(r.query.account_id);
    expect(new Set(reads.map((r) => r.query.account_id))).toEqual(new Set(companies));
    // A company on which the firm token lacks invoices:read answers 403: the run is then partly done.
    const refused = new Set(reads.filter((r) => r.status === 403).map((r) => r.query.account_id));
    expect(result.exitCode, result.stderr).toBe(refused.size > 0 ? 11 : 0);
    for (const id of refused) expect(result.stderr).toContain(`(${id}):`);
    for (const id of companies.filter((c) => !refused.has(c))) {
      const expected = await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: id });
      const got = rows.filter((r) => r.account_id === id);
      expect(got.map((r) => r.id).sort()).toEqual(expected.map((i: { id: string }) => i.id).sort());
    }
    const names = (await apiList<{ id: string; name: string }>(h, TOKENS.firm, '/v1/accounts', {})).filter((a) => !refused.has(a.id)).map((a) => a.name);
    expect(new Set(rows.map((r) => r.company))).toEqual(new Set(names));
  });

  it('CSV and tables gain the company; --accounts picks some companies, in the order given', async () => {
    const from = lastSeq(h);
    const csv = await h.run(['--accounts', 'acc_neri,acc_verdi', 'deadlines', 'list', '--all', '-o', 'csv'], firm);
    expect(csv.exitCode, csv.stderr).toBe(0);
    const lines = csv.stdout.trim().split('\r\n');
    expect(lines[0]!.startsWith('account_id,company,')).toBe(true);
    const companies = lines.slice(1).map((l) => l.split(',')[0]);
    expect(new Set(companies)).toEqual(new Set(['acc_neri', 'acc_verdi']));
    expect(companies.indexOf('acc_verdi')).toBeGreaterThan(companies.lastIndexOf('acc_neri'));
    const reads = requestsSince(h, from).filter((r) => r.path !== '/v1/accounts');
    expect(new Set(reads.map((r) => r.query.account_id))).toEqual(new Set(['acc_neri', 'acc_verdi']));

    const table = await h.run([...THREE, 'cost-centers', 'list', '-o', 'table'], firm);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^Company\s+Code/);
    expect(table.stdout).toContain('Verdi Costruzioni S.p.A.');
  });

  it('a single read per company (expenses summary) becomes one record per company', async () => {
    const result = await h.run([...THREE, 'expenses', 'summary', '--period', '2026-10', '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    const summaries = parseJson<{ account_id: string; company: string; periodo: string }[]>(result.stdout);
    expect(summaries.map((s) => s.account_id)).toEqual([...COMPANY_IDS]);
    expect(summaries.every((s) => s.periodo === '2026-10')).toBe(true);
  });

  it('with a single-company token --all-accounts is that company', async () => {
    const from = lastSeq(h);
    const result = await h.run(['--all-accounts', 'f24', 'list', '--all', '-o', 'json'], { token: TOKENS.prod });
    expect(result.exitCode, result.stderr).toBe(0);
    const sent = requestsSince(h, from).filter((r) => r.path === '/v1/f24s');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.query.account_id === 'acc_rossi')).toBe(true);
    const rows = parseJson<{ account_id: string; company: string }[]>(result.stdout);
    expect(rows.length).toBe((await apiList(h, TOKENS.prod, '/v1/f24s', {})).length);
    expect(new Set(rows.map((r) => `${r.account_id} ${r.company}`))).toEqual(new Set(['acc_rossi Rossi Consulting S.r.l.']));
  });

  it('a company answering 403 never stops the others: exit 11, a summary naming it, the others complete', async () => {
    h.emulator.injectFault({ method: 'GET', path: '/v1/f24s', times: 1, action: 'status', status: 403 });
    const from = lastSeq(h);
    const result = await h.run([...THREE, 'f24', 'list', '--all', '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(11);
    const refused = requestsSince(h, from).find((r) => r.path === '/v1/f24s' && r.status === 403);
    expect(refused).toBeDefined();
    const failed = refused!.query.account_id!;
    expect(result.stderr).toMatch(/partly done: 1 of 3 companies failed/);
    expect(result.stderr).toContain(`(${failed}):`);
    expect(result.stderr).toMatch(/exit 3\)/);
    const rows = parseJson<{ id: string; account_id: string }[]>(result.stdout);
    for (const id of COMPANY_IDS.filter((c) => c !== failed)) {
      const expected = await apiList(h, TOKENS.firm, '/v1/f24s', { account_id: id });
      expect(
        rows
          .filter((r) => r.account_id === id)
          .map((r) => r.id)
          .sort(),
      ).toEqual(expected.map((f: { id: string }) => f.id).sort());
    }
    expect(rows.some((r) => r.account_id === failed)).toBe(false);
  });

  it('--all-accounts over one company file: deadlines export writes one calendar of every company', async () => {
    const result = await h.run([...THREE, 'deadlines', 'export', '--ics', '-', '--from', '2026-11-01', '--to', '2026-11-30'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
    expect(result.stdout).toContain('Verdi Costruzioni S.p.A.: ');
    expect(result.stdout).toContain('Rossi Consulting S.r.l.: ');
  });
});

it('--demo --all-accounts runs offline on the firm token', async () => {
  const result = await h.run(['--demo', ...THREE, 'invoice', 'list', '--limit', '1', '-o', 'json'], { token: null, baseUrl: null });
  expect(result.exitCode, result.stderr).toBe(0);
  expect(parseJson<{ account_id: string }[]>(result.stdout).map((r) => r.account_id)).toEqual([...COMPANY_IDS]);
});

describe('bad input: exit 2, nothing sent', () => {
  const cases: [string, string[], RegExp][] = [
    ['--all-accounts with --account', ['--all-accounts', '--account', 'acc_rossi', 'invoice', 'list'], /--all-accounts and --account conflict/],
    ['--accounts with --all-accounts', ['--all-accounts', '--accounts', 'acc_rossi', 'f24', 'list'], /--all-accounts and --accounts conflict/],
    [
      '--all-accounts on a write',
      ['--all-accounts', 'invoice', 'pay', 'abc', '--amount', '10.00'],
      /--all-accounts cannot be used with `fisco invoice pay`.*writes never fan out/,
    ],
    [
      '--all-accounts on hooks create',
      ['--all-accounts', 'hooks', 'create', '--url', 'https://example.com/h', '--event', 'invoice.created'],
      /cannot be used with `fisco hooks create`/,
    ],
    ['a bad flag of the verb', ['--all-accounts', 'expenses', 'list', '--period', '2026-13'], /--period: must be a month/],
    ['overview --days 0', ['overview', '--days', '0'], /--days: must be from 1 to 366/],
    ['overview --days x', ['overview', '--days', 'x'], /--days: must be a whole number/],
    ['export --period not a month', ['export', '--period', '2026-13', '--dir', '/tmp'], /--period: must be a month/],
    [
      'export into a folder that cannot be made (under a file)',
      ['export', '--period', '2026-10', '--dir', '/dev/null/month-end/2026-10'],
      /--dir: \/dev\/null\/month-end\/2026-10 is under a file, not a folder/,
    ],
    ['export without --dir', ['export', '--period', '2026-10'], /--dir: is required/],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const sent = h.mark();
      const result = await h.run(args, firm);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(sent()).toEqual([]);
    });
  }

  it('an unknown id in --accounts lists the companies the token manages', async () => {
    const result = await h.run(['--accounts', 'acc_rossi,acc_nope', 'invoice', 'list'], firm);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /--accounts: acc_nope is not a company this token manages; it manages: acc_rossi \(Rossi Consulting S\.r\.l\.\), acc_verdi \(Verdi Costruzioni S\.p\.A\.\), acc_neri/,
    );
  });
});
