import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchHarness, batchJournalOf, creationsFor, invoicesPerRecord, ndjson, oncePerRecord, records, spawnBin } from './batch-helpers.js';
import { parseJson, TOKENS, type Harness } from './harness.js';

/**
 * A damaged journal (cut, its last lines lost, emptied, a line edited, deleted) never yields a
 * duplicate: the run stops with exit 2 naming the line and sends nothing; with
 * --rebuild-from-service it keeps the verified lines, looks every other record up on the service
 * and sends only what is not there. Each case has its own batch and runs beside the others.
 */
let h: Harness;
let dir: string;
let n = 0;

beforeAll(async () => {
  ({ h, dir } = await batchHarness({ rateLimit: { limit: 100_000, windowMs: 60_000 } }));
}, 30_000);
afterAll(async () => h?.close());

const SHORT = ['--timeout', '1'];

const journalOf = (file: string) => batchJournalOf(h, file);

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').slice(0, -1);
const put = (path: string, ls: string[]) => writeFileSync(path, ls.length ? `${ls.join('\n')}\n` : '');

const DAMAGE: [string, RegExp, (path: string) => void][] = [
  [
    'a line cut out of the middle',
    /damaged at line \d+: it carries sequence number/,
    (p) =>
      put(
        p,
        lines(p).filter((_, i) => i !== 3),
      ),
  ],
  ['its last lines lost', /its last lines are lost/, (p) => put(p, lines(p).slice(0, -4))],
  ['emptied', /the journal is empty, but its seal says/, (p) => put(p, [])],
  [
    'a done line edited to refused',
    /damaged at line \d+: line \d+ does not follow it: it was edited/,
    (p) => {
      const ls = lines(p);
      const first = ls.findIndex((l) => l.includes('"state":"done"'));
      put(
        p,
        ls.map((l, i) => (i === first ? l.replace('"state":"done"', '"state":"refused"') : l)),
      );
    },
  ],
  ['deleted', /the journal is missing \(deleted or moved\)/, (p) => rmSync(p)],
];

describe.concurrent('a damaged batch journal never yields a duplicate', () => {
  for (const [what, message, damage] of DAMAGE) {
    it(`${what}: exit 2 and nothing sent; --rebuild-from-service finishes the batch, each record once`, async () => {
      const recs = records(5, { prefix: `D${++n}`, vatBase: 500_000 + n * 100 });
      const file = join(dir, `damaged-${n}.ndjson`);
      writeFileSync(file, ndjson(recs));
      const crashed = await spawnBin(h, [...SHORT, 'invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: 'after-response:4' });
      expect(crashed.signal).toBe('SIGKILL');
      const path = journalOf(file);
      damage(path);
      const mine = (from: number) => creationsFor(h, recs, from);
      const from = h.emulator.store.requests.at(-1)?.seq ?? 0;
      const refused = await h.run([...SHORT, 'invoice', 'batch', file, '--draft']);
      expect(refused.exitCode, refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(message);
      expect(refused.stderr).toContain('--rebuild-from-service');
      expect(mine(from)).toHaveLength(0);
      const status = await h.run(['invoice', 'batch', file, '--status']);
      expect(status.exitCode).toBe(2);
      const rebuilt = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--rebuild-from-service', '--wait'], { timeout: 30_000 });
      expect(rebuilt.exitCode, rebuilt.stderr).toBe(0);
      expect(rebuilt.stderr).toMatch(/rebuilt the journal .* verified line/);
      expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
      expect(mine(from)).toHaveLength(1); // only the record no run had sent
      expect(parseJson<{ status: string }[]>(rebuilt.stdout).map((r) => r.status)).toEqual(Array(5).fill('created'));
      if (what !== 'deleted') expect(readdirSync(dirname(path)).some((f) => f.includes('.damaged-'))).toBe(true);
      const again = await h.run(['invoice', 'batch', file, '--draft']);
      expect(again.exitCode).toBe(0);
      expect(existsSync(path)).toBe(true);
    }, 45_000);
  }
});

describe('a damaged bank journal never registers a payment twice', () => {
  it('emptied after a partial run: apply and match refuse (exit 2); apply --rebuild-from-service finds what was registered', async () => {
    const { addBankAccount, camt053, openInvoices, validIban } = await import('./bank-fixtures.js');
    const iban = validIban('X0542811101000000777777');
    addBankAccount(h.emulator.store, 'acc_rossi', iban);
    h.emulator.setFaults({ paymentsMoveUpdatedSince: false });
    const seen = new Set<string>();
    const open = openInvoices(h.emulator.store, 'acc_rossi').filter((i) => Number(i.due) > 100 && !seen.has(i.client) && seen.add(i.client));
    const [a, b, c] = open;
    const credits = [a!, b!, c!].map((i, k) => ({ ref: `BD${k}`, date: '2026-11-19', amount: i.due, payer: i.client, text: `saldo fatt. n. ${i.number}` }));
    const statement = join(dir, 'bank-damage.xml');
    writeFileSync(statement, camt053(iban, credits));
    const plan = join(dir, 'bank-damage-plan.json');
    expect((await h.run(['bank', 'match', statement, '--plan', plan])).exitCode).toBe(0);
    const payments = (uuid: string) => {
      const invoice = h.emulator.store.invoices.find((i) => i.uuid === uuid)!;
      return h.emulator.store.payments.filter((p) => p.invoiceId === invoice.id).length;
    };
    const crashed = await spawnBin(h, [...SHORT, 'bank', 'apply', plan, '--yes'], TOKENS.prod, { FISCO_TEST_CRASH_AT: 'before-sending:3' });
    expect(crashed.signal).toBe('SIGKILL');
    expect([a, b, c].map((i) => payments(i!.uuid))).toEqual([1, 1, 0]);
    const journals = join(h.home, 'fisco-data', 'journals', 'bank', 'env');
    const path = join(
      journals,
      readdirSync(journals).find((f) => f.endsWith('.jsonl'))!,
    );
    writeFileSync(path, '');
    const refused = await h.run(['bank', 'apply', plan, '--yes']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/the journal is empty, but its seal says/);
    const match = await h.run(['bank', 'match', statement]);
    expect(match.exitCode).toBe(2);
    expect(match.stderr).toContain('--rebuild-from-service');
    const rebuilt = await h.run([...SHORT, 'bank', 'apply', plan, '--yes', '--rebuild-from-service', '--wait', '-o', 'json'], { timeout: 30_000 });
    expect(rebuilt.exitCode, rebuilt.stderr).toBe(0);
    expect([a, b, c].map((i) => payments(i!.uuid))).toEqual([1, 1, 1]);
    expect(parseJson<{ outcome: string }[]>(rebuilt.stdout).map((r) => r.outcome)).toEqual(['already-registered', 'already-registered', 'applied']);
    h.emulator.setFaults({ paymentsMoveUpdatedSince: true });
  }, 45_000);
});
