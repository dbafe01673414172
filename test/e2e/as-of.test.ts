/**
 * As of means as of (issue 41): the October export and `receivables --as-of 2026-10-31`, run in
 * November in Italian, count only invoices issued by 31/10 and each residue as the mirror's sync
 * of 20/10 saw it; without a mirror they say plainly that the residues are today's. On SQLite, and
 * on PostgreSQL when a test server is given (test/e2e/pg.ts).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiList, total } from './firm-helpers.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { mirrorOn, noticeIfNoPg, STORES } from './pg.js';

interface Listed {
  id: string;
  uuid: string;
  number: string;
  issue_date: string;
  due_date: string | null;
  payment_status: string | null;
  amount_due: string | number | null;
}

const AS_OF = '2026-10-31';
const daysLate = (due: string) => Math.round((Date.parse(AS_OF) - Date.parse(due)) / 86_400_000);
const bucketOf = (due: string | null) => {
  const late = due ? daysLate(due) : 0;
  return late <= 0 ? 'not_due' : late <= 30 ? 'd1_30' : late <= 60 ? 'd31_60' : late <= 90 ? 'd61_90' : 'over_90';
};
const figure = (html: string, name: string) => new RegExp(`data-figure="${name.replace('.', '\\.')}" data-value="([^"]+)"`).exec(html)?.[1];

noticeIfNoPg();

describe.each(STORES)('as of means as of, the mirror on %s', (store) => {
  let h: Harness;
  /** The outbound invoices as the emulator listed them on 20/10, right after the first sync: the hand computation's source. */
  let october: Listed[];
  let paidSince: Listed;

  let database: Awaited<ReturnType<typeof mirrorOn>>;

  beforeAll(async () => {
    h = await harness({ today: '2026-10-20', rateLimit: { limit: 100_000, windowMs: 60_000 } });
    database = await mirrorOn(h, store);
    const first = await h.run(['sync'], { lang: 'it' });
    expect(first.exitCode, first.stderr).toBe(0);
    october = await apiList<Listed>(h, TOKENS.prod, '/v1/invoices', { direction: 'outbound' });
    // An invoice open on 20/10 is paid in full afterwards: on 31/10 (as far as the mirror knows) it was open.
    paidSince = october.find((i) => i.payment_status === 'unpaid' && i.issue_date <= AS_OF)!;
    const paid = await fetch(`${h.emulator.url}/fatture/${paidSince.uuid}/pagamenti`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
      // The contract types the amount as a number: its text, as JSON carries it.
      body: `{"amount":${String(paidSince.amount_due)}}`,
    });
    expect(paid.status, await paid.text()).toBe(201);
    const moved = await fetch(`${h.emulator.url}/__emulator/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: '2026-11-20' }),
    });
    expect(moved.status).toBe(200);
    // An invoice issued in November.
    const created = await h.run(
      ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'Consulenza novembre;1;500,00;22', '--date', '20/11/2026', '--send', '--yes'],
      { lang: 'it' },
    );
    expect(created.exitCode, created.stderr).toBe(0);
    const second = await h.run(['sync'], { lang: 'it' });
    expect(second.exitCode, second.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await h.close();
    await database?.drop();
  });

  /** What was open on 31/10 by the sync of 20/10: invoices issued by then, their residues on 20/10, by age on 31/10. */
  function handComputation() {
    const open = october.filter((i) => i.issue_date <= AS_OF && (i.payment_status === 'unpaid' || i.payment_status === 'partial'));
    const buckets = Object.fromEntries(
      ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90'].map((b) => [b, total(open.filter((i) => bucketOf(i.due_date) === b).map((i) => i.amount_due))]),
    );
    return { open, total: total(open.map((i) => i.amount_due)), buckets };
  }

  it('the October export: receivables equal the hand computation from the sync of 20/10, and the report says where they come from', async () => {
    const now = await apiList<Listed>(h, TOKENS.prod, '/v1/invoices', { direction: 'outbound' });
    expect(now.find((i) => i.id === paidSince.id)!.payment_status).toBe('paid');
    expect(now.some((i) => i.issue_date > AS_OF)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'fisco-asof-'));
    const result = await h.run(['export', '--period', '2026-10', '--dir', dir], { lang: 'it' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('residui al 31/10/2026 come li ha visti la sincronizzazione del 20/10/2026');
    const folder = readdirSync(dir, { withFileTypes: true }).find((e) => e.isDirectory())!.name;
    const html = readFileSync(join(dir, folder, 'report.html'), 'utf8');
    const expected = handComputation();
    expect(expected.open.some((i) => i.id === paidSince.id)).toBe(true);
    expect(figure(html, 'receivables.total')).toBe(expected.total);
    for (const [bucket, amount] of Object.entries(expected.buckets)) expect(figure(html, `receivables.${bucket}`) ?? '0.00', bucket).toBe(amount);
    expect(html).toContain('crediti al 31/10/2026 (residui letti il 20/10/2026)');
    expect(html).not.toContain('crediti calcolati al');
    expect(html).toContain('data-basis="snapshot"');
    const receivables = parseJson<Listed[]>(readFileSync(join(dir, folder, 'receivables.json'), 'utf8'));
    expect(receivables.map((i) => i.id).sort()).toEqual(expected.open.map((i) => i.id).sort());
    const manifest = parseJson<{ receivables_basis: { kind: string; snapshot_date: string } }>(readFileSync(join(dir, folder, 'manifest.json'), 'utf8'));
    expect(manifest.receivables_basis).toMatchObject({ kind: 'snapshot', snapshot_date: '2026-10-20' });
  });

  it('receivables --as-of 2026-10-31 gives the same total, offline too, and names its basis on stderr', async () => {
    const expected = handComputation();
    for (const offline of [[], ['--offline']]) {
      const result = await h.run([...offline, 'receivables', '--as-of', '31/10/2026', '--by', 'company', '-o', 'json'], { lang: 'it' });
      expect(result.exitCode, result.stderr).toBe(0);
      const [company] = parseJson<{ row: string; total: string; not_due: string; over_90: string }[]>(result.stdout);
      expect(company!.total).toBe(expected.total);
      expect(company!.not_due).toBe(expected.buckets.not_due);
      expect(result.stderr).toContain('come li ha visti la sincronizzazione del 20/10/2026');
    }
  });

  it('without a mirror the figures are said to be today’s, in the report and on stderr, never headed as of 31/10', async () => {
    const env = { FISCO_DATA_DIR: mkdtempSync(join(tmpdir(), 'fisco-asof-data-')), FISCO_MIRROR_URL: undefined };
    const result = await h.run(['receivables', '--as-of', AS_OF, '--by', 'invoice', '-o', 'json'], { lang: 'it', env });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('con i residui di oggi (20/11/2026), non quelli del 31/10/2026: il servizio non elenca i pagamenti di una fattura');
    const rows = parseJson<{ row: string; number: string | null; issue_date: string | null }[]>(result.stdout).filter((r) => r.row === 'invoice');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.issue_date! <= AS_OF)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'fisco-asof-'));
    const exported = await h.run(['export', '--period', '2026-10', '--dir', dir], { lang: 'it', env });
    expect(exported.exitCode, exported.stderr).toBe(0);
    const folder = readdirSync(dir, { withFileTypes: true }).find((e) => e.isDirectory())!.name;
    const html = readFileSync(join(dir, folder, 'report.html'), 'utf8');
    expect(html).toContain('crediti delle fatture emesse entro il 31/10/2026, con i residui al 20/11/2026');
    expect(html).toContain('il servizio non elenca i pagamenti di una fattura');
    expect(html).not.toContain('crediti calcolati al');
  });
});
