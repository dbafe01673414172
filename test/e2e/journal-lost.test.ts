import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchHarness, batchJournalOf, creationsFor, invoicesPerRecord, ndjson, oncePerRecord, records, spawnBin, type Rec } from './batch-helpers.js';
import { parseJson, TOKENS, type Harness } from './harness.js';

/**
 * A batch whose journal AND seal are both lost (a backup restore, a new machine, a wiped data
 * folder) cannot tell a first run from a re-run: before its first send it looks for invoices with
 * the same content on the service. Found: nothing is sent, exit 2, the matches listed and the two
 * ways on (--rebuild-from-service adopts them; --new-batch sends every record). Not found: a first
 * run, as before, with nothing more asked.
 */
let h: Harness;
let dir: string;
let n = 0;

beforeAll(async () => {
  ({ h, dir } = await batchHarness({ rateLimit: { limit: 100_000, windowMs: 60_000 } }));
}, 30_000);
afterAll(async () => h?.close());

const SHORT = ['--timeout', '1'];

/** `count` records of their own (a prefix and VAT numbers no other test uses), the last `twins` of them copies of the first (other refs, same content). */
function batch(count: number, twins = 0): { recs: Rec[]; file: string } {
  const k = ++n;
  const own = records(count, { prefix: `L${k}`, vatBase: 800_000 + k * 100 });
  const copies = Array.from({ length: twins }, (_, i) => ({ ...own[0]!, ref: `L${k}-T${i + 1}` }));
  const recs = [own[0]!, ...copies, ...own.slice(1)];
  const file = join(dir, `lost-${k}.ndjson`);
  writeFileSync(file, ndjson(recs));
  return { recs, file };
}

/** Removes the journal and its seal. */
function lose(file: string): string {
  const path = batchJournalOf(h, file);
  rmSync(path);
  rmSync(`${path}.seal`);
  return path;
}

const sentFor = (recs: Rec[], from: number) => creationsFor(h, recs, from);

const mark = () => h.emulator.store.requests.at(-1)?.seq ?? 0;

/** Invoices of each client (twins share one). */
const perClient = (recs: Rec[]) =>
  Object.fromEntries(recs.map((r) => [r.client, h.emulator.store.invoices.filter((i) => i.counterpart.name === r.client).length]));

describe.concurrent('a batch whose journal and seal are both lost never creates an invoice twice', () => {
  it("the auditor's case: all created (two of them twins), journal and seal deleted: exit 2, nothing sent, the matches named; --rebuild-from-service sends nothing", async () => {
    const { recs, file } = batch(3, 1);
    const first = await h.run(['invoice', 'batch', file, '--draft']);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(perClient(recs)[recs[0]!.client]).toBe(2);
    const path = lose(file);
    const from = mark();
    const again = await h.run(['invoice', 'batch', file, '--draft']);
    expect(again.exitCode, again.stderr).toBe(2);
    expect(again.stderr).toContain('no journal and no seal');
    expect(again.stderr).toMatch(/as 4 of its 4 records/);
    // The twins as one group, with both of their invoices; each other record with its own.
    const twins = h.emulator.store.invoices.filter((i) => i.counterpart.name === recs[0]!.client).map((i) => String(i.number));
    const line = again.stderr.split('\n').find((l) => l.includes(`${recs[0]!.ref}, ${recs[1]!.ref} (2 identical records)`));
    expect(line, again.stderr).toBeDefined();
    for (const number of twins) expect(line).toContain(`no. ${number} of 2026-11-20`);
    for (const r of recs.slice(2)) expect(again.stderr).toMatch(new RegExp(`${r.ref}: no\\. \\S+ of 2026-11-20, `));
    expect(again.stderr).toContain('--rebuild-from-service');
    expect(again.stderr).toContain('--new-batch');
    expect(again.stdout).toBe('');
    expect(sentFor(recs, from)).toHaveLength(0);
    expect(existsSync(path)).toBe(false); // asked again on the next run, never taken as answered
    expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(2);

    const adopted = await h.run(['invoice', 'batch', file, '--draft', '--rebuild-from-service']);
    expect(adopted.exitCode, adopted.stderr).toBe(0);
    expect(sentFor(recs, from)).toHaveLength(0);
    const rows = parseJson<{ status: string; message: string }[]>(adopted.stdout);
    expect(rows.map((r) => r.status)).toEqual(Array(4).fill('created'));
    expect(rows[2]!.message).toBe('found on the service by the lookup (the journal had no line of it)');
    expect(rows[0]!.message).toMatch(/^found by the lookup: one of 2 identical records/);
    expect(adopted.stderr).toMatch(/4 of 4 created as drafts, 0 now, 4 by an earlier run \(4 found on the service by the lookup\)/);
    expect(perClient(recs)).toEqual({ [recs[0]!.client]: 2, [recs[2]!.client]: 1, [recs[3]!.client]: 1 });
    // The answer is kept: the next run neither asks nor sends.
    const next = await h.run(['invoice', 'batch', file, '--draft']);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr).toContain('nothing left to send');
    expect(sentFor(recs, from)).toHaveLength(0);
  }, 45_000);

  it("--new-batch: the invoices found are not this batch's, every record is sent once more", async () => {
    const { recs, file } = batch(3, 1);
    expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(0);
    lose(file);
    const from = mark();
    expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(2);
    const both = await h.run(['invoice', 'batch', file, '--draft', '--new-batch', '--rebuild-from-service']);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--new-batch and --rebuild-from-service exclude each other');
    const fresh = await h.run(['invoice', 'batch', file, '--draft', '--new-batch']);
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    expect(sentFor(recs, from)).toHaveLength(4);
    expect(perClient(recs)[recs[0]!.client]).toBe(4);
    expect(perClient(recs)[recs[2]!.client]).toBe(2);
    // Its journal is whole now: a re-run sends nothing more.
    const again = await h.run(['invoice', 'batch', file, '--draft']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(sentFor(recs, from)).toHaveLength(4);
  }, 45_000);

  it('twins, a run killed half way, journal and seal deleted: --rebuild-from-service sends n − k of the group and the records never sent', async () => {
    const { recs, file } = batch(2, 2); // T, T1, T2 identical; then one more
    const crashed = await spawnBin(h, [...SHORT, 'invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: 'after-response:2' });
    expect(crashed.signal).toBe('SIGKILL');
    expect(perClient(recs)[recs[0]!.client]).toBe(2);
    lose(file);
    const from = mark();
    const stopped = await h.run([...SHORT, 'invoice', 'batch', file, '--draft']);
    expect(stopped.exitCode, stopped.stderr).toBe(2);
    expect(stopped.stderr).toMatch(/as 3 of its 4 records/);
    expect(stopped.stderr).toContain(`${recs[0]!.ref}, ${recs[1]!.ref}, ${recs[2]!.ref} (3 identical records)`);
    expect(sentFor(recs, from)).toHaveLength(0);
    const adopted = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--rebuild-from-service', '--wait'], { timeout: 30_000 });
    expect(adopted.exitCode, adopted.stderr).toBe(0);
    expect(adopted.stderr).toMatch(/2 found on the service, to send: /);
    expect(sentFor(recs, from)).toHaveLength(2);
    expect(perClient(recs)).toEqual({ [recs[0]!.client]: 3, [recs[3]!.client]: 1 });
  }, 45_000);

  const DAMAGE: [string, (path: string) => void, number][] = [
    ['emptied', (p) => writeFileSync(p, ''), 2],
    ['cut to its header', (p) => writeFileSync(p, `${readFileSync(p, 'utf8').split('\n')[0]}\n`), 2],
    // What is left still says when the batch began and what matched before it: the lookup settles the lost records by itself.
    ['cut (its last 3 lines lost)', (p) => writeFileSync(p, `${readFileSync(p, 'utf8').split('\n').slice(0, -4).join('\n')}\n`), 0],
    [
      'a done line edited',
      (p) => {
        const text = readFileSync(p, 'utf8');
        writeFileSync(p, text.replace('"state":"done"', '"state":"refused"'));
      },
      2,
    ],
  ];
  for (const [what, damage, code] of DAMAGE) {
    it(`the journal ${what} and its seal deleted: exit ${code}, nothing sent${code ? '; --rebuild-from-service sends nothing' : ', the lookup settles the rest'}`, async () => {
      const { recs, file } = batch(3);
      expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(0);
      const path = batchJournalOf(h, file);
      damage(path);
      rmSync(`${path}.seal`);
      const from = mark();
      const stopped = await h.run([...SHORT, 'invoice', 'batch', file, '--draft']);
      expect(stopped.exitCode, stopped.stderr).toBe(code);
      expect(sentFor(recs, from)).toHaveLength(0);
      if (code === 0) {
        expect(stopped.stderr).toMatch(/the seal of the journal .* was missing/);
        expect(stopped.stderr).toMatch(/3 of 3 created as drafts, 0 now/);
        return expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
      }
      expect(stopped.stderr).toContain('--rebuild-from-service');
      const rebuilt = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--rebuild-from-service', '--wait'], { timeout: 30_000 });
      expect(rebuilt.exitCode, rebuilt.stderr).toBe(0);
      expect(sentFor(recs, from)).toHaveLength(0);
      expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    }, 45_000);
  }
});

// Alone (not beside the cases above), so that every listing it sees is its own.
describe('a genuine first run', () => {
  it('a genuine first run whose content matches nothing: sent as before, nothing more asked or said', async () => {
    const { recs, file } = batch(3);
    const from = mark();
    const first = await h.run(['invoice', 'batch', file, '--draft']);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).not.toMatch(/no journal|--new-batch|--rebuild-from-service/);
    // The check read the company's drafts (drafts only match drafts), every page, with no window.
    const check = h.emulator.store.requests.filter(
      (r) => r.seq > from && r.path === '/v1/invoices' && r.query.updated_since === undefined && r.query.per_page !== '1',
    );
    expect(check.length).toBeGreaterThan(0);
    expect(check.every((r) => r.query.sdi_status === 'draft')).toBe(true);
    expect(first.stderr).toMatch(/3 of 3 created as drafts/);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  }, 45_000);
});
