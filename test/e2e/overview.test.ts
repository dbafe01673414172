/** fisco overview: every figure equals what the lists say, computed here independently. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, previousMonth } from '../../src/domain/dates.js';
import { parse } from 'csv-parse/sync';
import { harness, parseJson, TODAY, TOKENS, type Harness } from './harness.js';
import { apiGet, apiList, COMPANY_IDS, firmCompanies, lastSeq, requestsSince, total } from './firm-helpers.js';
import { manualClientArgs } from './invoice-args.js';
import { partitaIvaCheckDigit } from '../../src/domain/identifiers.js';

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
  it('one row per company of the firm token, a company lacking an ability included; figures equal sums of the lists; 8 requests per company plus 2', async () => {
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
      ).toHaveLength(8);

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
      // The invoices the SDI rejected, and the nearest day a corrected one is due (five days from the rejection) not yet past.
      const rejected = invoices.filter((i) => i.sdi_status === 'rejected');
      expect(row.rejected_count, id).toBe(rejected.length);
      const windows = rejected.map((i) => addDays(String(i.last_sdi_update).slice(0, 10), 5)).filter((by) => by >= TODAY);
      expect(row.rejected_resend_by, id).toBe(windows.sort()[0] ?? null);
      const me = await apiGet<{ data: { webhooks_ready: boolean } }>(h, TOKENS.firm, '/v1/me', {});
      expect(row.webhooks_ready).toBe(me.data.webhooks_ready);
      for (const key of Object.keys(row).filter((k) => k.endsWith('_amount'))) if (row[key] !== null) expect(row[key]).toMatch(/^\d+\.\d{2}$/);
      if (row.missing.length === 0)
        for (const key of Object.keys(row).filter((k) => !['f24_nearest_due', 'f24_nearest_amount', 'vat_number', 'rejected_resend_by'].includes(k)))
          expect(row[key], key).not.toBeNull();
    }
    expect(rows.some((r) => Number(r.overdue_count) > 0)).toBe(true);
    expect(rows.some((r) => Number(r.rejected_count) > 0)).toBe(true);
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

describe('a rejected invoice in the overview: counted, its window dated, explained beside the service’s text', () => {
  /** A VAT number with a right check digit the tax register does not know: the emulator's SDI rejects it (00305) after the send. */
  const first10 = '0000000123';
  const unknownVat = `${first10}${partitaIvaCheckDigit(first10)}`;
  let number: string;
  let by: string;

  beforeAll(async () => {
    const created = await h.run(
      ['--account', 'acc_verdi', 'invoice', 'create', ...manualClientArgs({ piva: unknownVat }), '--item', 'Consulenza;1;100.00;22', '--send', '--yes'],
      { token: TOKENS.firm },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const invoice = h.emulator.store.invoices.at(-1)!;
    expect([invoice.accountId, invoice.sdi_status, invoice.sdi_error?.slice(0, 5)]).toEqual(['acc_verdi', 'rejected', '00305']);
    number = invoice.number;
    // Five days from the rejection, on the service's (the emulator's) calendar.
    by = addDays(String(invoice.last_sdi_update).slice(0, 10), 5);
    expect(by >= TODAY).toBe(true);
  });

  it('English: the count and the nearest window in json; after the table the control, what to do and the day, the company named', async () => {
    const json = await h.run(['--accounts', 'acc_rossi,acc_verdi', 'overview', '-o', 'json'], { token: TOKENS.firm });
    expect(json.exitCode, json.stderr).toBe(0);
    const verdi = parseJson<Row[]>(json.stdout).find((r) => r.account_id === 'acc_verdi')!;
    const listed = await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: 'acc_verdi', direction: 'outbound', sdi_status: 'rejected' });
    expect(listed.map((i) => i.number)).toContain(number);
    expect(verdi.rejected_count).toBe(listed.length);
    const open = listed.map((i) => addDays(String(i.last_sdi_update).slice(0, 10), 5)).filter((d) => d >= TODAY);
    expect(verdi.rejected_resend_by).toBe(open.sort()[0]);
    expect(String(verdi.rejected_resend_by) <= by).toBe(true);

    const table = await h.run(['--accounts', 'acc_rossi,acc_verdi', 'overview', '--wide', '-o', 'table'], { token: TOKENS.firm });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Rejected\s+F24 expired\s+Resend by/);
    const lines = table.stderr.split('\n');
    const ours = lines.filter((l) => l.includes(`invoice ${number} was rejected`));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatch(
      new RegExp(
        `^warning: Verdi Costruzioni S\\.p\\.A\\. \\(acc_verdi\\): invoice ${number} was rejected by the SDI: 00305 - IdFiscaleIVA del cessionario/committente non valido — `,
      ),
    );
    const at = lines.indexOf(ours[0]!);
    expect(lines[at]).toContain('; usually: ');
    expect(lines[at + 1]).toMatch(/^warning: Verdi Costruzioni S\.p\.A\. \(acc_verdi\): what to do: .*\(fisco sdi explain 00305\)$/);
    expect(lines[at + 2]).toContain(
      `warning: Verdi Costruzioni S.p.A. (acc_verdi): a rejected invoice counts as never issued: send the corrected one (same number and date) by ${by}`,
    );
    expect(lines[at + 2]).toContain('a credit note is not the fix');
    // Older rejections: counted in one line that says where to list them (the seeded ones of 2026 are months old).
    const older = lines.filter((l) => l.includes('are not explained here') || l.includes('is not explained here'));
    expect(older).toHaveLength(1);
    expect(older[0]).toMatch(/more than 30 days ago; `fisco --accounts? acc_\w+(,acc_\w+)? invoice list --sdi-status rejected` lists (it|them)$/);
    // The same lines whatever the format: warnings on stderr, the figures alone on stdout.
    expect(json.stderr).toContain(ours[0]!.slice('warning: '.length));
  });

  it('Italian (LANG=it_IT.UTF-8): the headers, the explanation and the day in Italian', async () => {
    const table = await h.run(['--accounts', 'acc_rossi,acc_verdi', 'overview', '--wide', '-o', 'table'], {
      token: TOKENS.firm,
      env: { LANG: 'it_IT.UTF-8' },
    });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Scartate\s+F24 scaduti\s+Reinvio entro/);
    expect(table.stdout).toContain('Totale studio');
    const [y, m, d] = by.split('-');
    expect(table.stderr).toContain(`attenzione: Verdi Costruzioni S.p.A. (acc_verdi): la fattura ${number} è stata scartata dallo SDI: 00305`);
    expect(table.stderr).toContain('cosa fare: ');
    expect(table.stderr).toContain(`invia quella corretta (stesso numero e stessa data) entro il ${d}/${m}/${y}`);
    expect(table.stderr).toMatch(/fatture? scartat[ae] di .* non (è spiegata|sono spiegate) qui/);
    expect(table.stderr).not.toMatch(/was rejected|what to do|not explained/);
    const csv = await h.run(['--accounts', 'acc_verdi', 'overview', '-o', 'csv', '--csv-dialect', 'it'], { token: TOKENS.firm, env: { LANG: 'it_IT.UTF-8' } });
    expect(csv.stdout.split('\r\n')[0]).toContain('Fatture scartate dallo SDI');
    expect(csv.stdout.split('\r\n')[0]).toContain('Reinvio scartate entro');
  });

  it('the rejected invoices not read: their figures null (never 0) and named in missing, no explanation, the rest shown, exit 11', async () => {
    h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', query: { sdi_status: 'rejected' }, times: 20, action: 'status', status: 500 });
    try {
      const json = await h.run(['--accounts', 'acc_verdi', 'overview', '-o', 'json'], { token: TOKENS.firm });
      expect(json.exitCode, json.stderr).toBe(11);
      const [row] = parseJson<Row[]>(json.stdout);
      expect(row!.rejected_count).toBeNull();
      expect(row!.rejected_resend_by).toBeNull();
      expect(row!.open_count).toEqual(expect.any(Number));
      expect(row!.missing).toEqual([
        expect.objectContaining({
          request: 'invoices rejected by the SDI (GET /v1/invoices)',
          figures: ['rejected_count', 'rejected_resend_by'],
          exit_code: 8,
        }),
      ]);
      expect(json.stderr).not.toContain('rejected by the SDI:');
      expect(json.stderr).toContain('Verdi Costruzioni S.p.A. (acc_verdi): not read: invoices rejected by the SDI (GET /v1/invoices)');
      const table = await h.run(['--accounts', 'acc_verdi', 'overview', '--wide', '-o', 'table'], { token: TOKENS.firm });
      expect(table.exitCode).toBe(11);
      const verdi = table.stdout.split('\n').find((l) => l.startsWith('Verdi'))!;
      expect(verdi).toMatch(/n\/a/);
    } finally {
      h.emulator.clearFaults();
    }
  });
});
