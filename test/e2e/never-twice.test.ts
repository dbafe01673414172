import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankAccount, camt053, openInvoices, validIban } from './bank-fixtures.js';
import { batchHarness, invoicesPerRecord, ndjson, piva, spawnBin, until, type Rec } from './batch-helpers.js';
import { parseJson, TOKENS, type Harness } from './harness.js';

/**
 * Issue 28's cases, one by one, on the emulator's unkind readings of the contract: creation ids
 * that differ from the list's, a service that applies a request after its client died, payments
 * that leave updated_since alone. (test/e2e/crash.test.ts runs them all at random.)
 */
let h: Harness;
let dir: string;
beforeAll(async () => {
  ({ h, dir } = await batchHarness({ rateLimit: { limit: 100_000, windowMs: 60_000 } }));
  h.emulator.setFaults({ creationIdOffset: 9_000, paymentsMoveUpdatedSince: false });
}, 30_000);
afterAll(async () => h?.close());

const SHORT = ['--timeout', '1'];
const IBAN = validIban('X0542811101000000123456');

describe('never twice', () => {
  it('two identical rows, the second killed before the service saw it: the re-run sends it, two invoices (ids differ from the list)', async () => {
    const twin: Rec = { ref: 'R05', client: 'Gemelli S.r.l.', vat: piva(600_001), items: [{ name: 'Canone', qty: '1', price: '100.00', vat: '22' }] };
    const file = join(dir, 'twins.ndjson');
    writeFileSync(file, ndjson([twin, { ...twin, ref: 'R06' }]));
    const crashed = await spawnBin(h, [...SHORT, 'invoice', 'batch', file, '--draft'], TOKENS.prod, { FISCO_TEST_CRASH_AT: 'after-sending:2' });
    expect(crashed.signal).toBe('SIGKILL');
    expect(invoicesPerRecord(h, [twin])).toEqual({ R05: 1 });
    const rerun = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--wait'], { timeout: 30_000 });
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain('2 of 2 created as drafts');
    expect(h.emulator.store.invoices.filter((i) => i.counterpart.name === twin.client)).toHaveLength(2);
    const rows = parseJson<{ ref: string; id: string }[]>(rerun.stdout);
    expect(rows[0]!.id).not.toBe(rows[1]!.id);
  }, 40_000);

  it('a slow service: a killed request that reaches it seconds later is found, not sent again', async () => {
    const rec: Rec = { ref: 'SLOW', client: 'Lenta S.r.l.', vat: piva(600_002), items: [{ name: 'Canone', qty: '1', price: '120.00', vat: '22' }] };
    const file = join(dir, 'slow.ndjson');
    writeFileSync(file, ndjson([rec]));
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'late', lateMs: 2_000, lateMaxMs: 3_000 });
    const child = spawnBin(h, [...SHORT, 'invoice', 'batch', file, '--draft'], TOKENS.prod);
    await until(() => h.emulator.holding() === 1, 'the request to be held');
    child.kill('SIGKILL');
    await child;
    const rerun = await h.run([...SHORT, 'invoice', 'batch', file, '--draft', '--wait'], { timeout: 30_000 });
    expect(rerun.exitCode, rerun.stderr).toBe(0);
    expect(rerun.stderr).toMatch(/waiting until .* before sending SLOW again/);
    expect(parseJson<{ message: string }[]>(rerun.stdout)[0]!.message).toContain('found by the lookup');
    await until(() => h.emulator.holding() === 0, 'nothing held');
    expect(invoicesPerRecord(h, [rec])).toEqual({ SLOW: 1 });
  }, 40_000);

  it('a payment whose answer was lost, when payments leave updated_since alone: settled by amounts; matching again proposes nothing', async () => {
    addBankAccount(h.emulator.store, 'acc_rossi', IBAN);
    const seen = new Set<string>();
    const [a] = openInvoices(h.emulator.store, 'acc_rossi').filter((i) => new Big(i.due).gt(700) && !seen.has(i.client) && seen.add(i.client));
    const partial = new Big(a!.due).minus('100.00').toFixed(2);
    const statement = join(dir, 'lost.xml');
    writeFileSync(statement, camt053(IBAN, [{ ref: 'LOST1', date: '2026-11-19', amount: partial, payer: a!.client, text: `acconto fatt. n. ${a!.number}` }]));
    const plan = join(dir, 'lost.json');
    expect((await h.run(['bank', 'match', statement, '--plan', plan])).exitCode).toBe(0);
    h.emulator.injectFault({ method: 'POST', path: `/fatture/${a!.uuid}/pagamenti`, times: 1, action: 'drop-after' });
    // A part payment is applied only when asked for (bank apply's default registers exact matches only).
    const apply = await h.run([...SHORT, 'bank', 'apply', plan, '--yes', '--min-confidence', '0.5', '-o', 'json']);
    expect(apply.exitCode, apply.stderr).toBe(0);
    const payments = () => h.emulator.store.payments.filter((p) => p.invoiceId === h.emulator.store.invoices.find((i) => i.uuid === a!.uuid)!.id);
    expect(payments()).toHaveLength(1);
    const again = await h.run(['bank', 'match', statement, '-o', 'json']);
    expect(parseJson<{ status: string }[]>(again.stdout)[0]!.status).toBe('already-registered');
    expect((await h.run(['bank', 'apply', plan, '--yes', '--min-confidence', '0.5'])).exitCode).toBe(0);
    expect(payments()).toHaveLength(1);
  }, 40_000);
});
