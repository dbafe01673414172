/**
 * The mirror's sync right under every reading of the contract (issue 29's audit, findings 1, 2, 4):
 * a payment seen offline after the next sync (same service day) whether or not it moves
 * `updated_since`, and the reading learned; an SDI change with a payment is no proof; a second
 * sync after the proof stays at ≤ 2 requests per resource; a list walk short of its meta.total
 * fails the company (nothing swept, no cursor moved, exit 11 naming "n of m listed"); expenses
 * re-read from the month before the previous sync, and `--status` claims only months read.
 */
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { lastSeq, requestsSince } from './firm-helpers.js';
import type { SyncRow } from '../../src/commands/sync/sync.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  topUp(h);
});

/** Forty more open invoices of acc_rossi (copies of a delivered one under new keys), so each test pays invoices no other test touched. */
function topUp(t: Harness): void {
  const model = t.emulator.store.invoices.find(
    (i) => i.accountId === 'acc_rossi' && i.direction === 'outbound' && i.sdi_status === 'delivered' && i.tipo_documento === 'TD01' && i.amount_paid === '0.00',
  )!;
  for (let n = 0; n < 40; n++) {
    t.emulator.store.invoices.push({
      ...model,
      id: String(900_000 + n),
      numericId: 900_000 + n,
      uuid: `00000000-0000-4000-8000-${String(900_000 + n).padStart(12, '0')}`,
      number: `R${n}/2026`,
      last_sdi_update: '2026-10-01T12:00:00+02:00',
      details: {},
    });
  }
}
afterAll(async () => h.close());

/**
 * A mirror of its own (a data folder per test): what one mirror learns is the test's alone. With
 * the firm token, acc_rossi and acc_verdi are synced and the reads name acc_rossi.
 */
function mirrorRun(t: Harness = h, token: string = TOKENS.prod) {
  const env = { FISCO_DATA_DIR: mkdtempSync(join(t.home, 'data-')) };
  const firm = token === TOKENS.firm;
  const run = (args: string[]) => t.run(firm && args[0] !== 'sync' ? ['--account', 'acc_rossi', ...args] : args, { token, env, timeout: 60_000 });
  return {
    run,
    async sync(args: string[] = []) {
      const result = await run(['sync', ...(firm ? ['--accounts', 'acc_rossi,acc_verdi'] : []), ...args, '-o', 'json']);
      return { ...result, rows: result.stdout.trim() ? parseJson<SyncRow[]>(result.stdout) : [] };
    },
    async invoice(ref: string) {
      const result = await run(['--offline', 'invoice', 'get', ref, '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(0);
      return parseJson<Record<string, unknown>>(result.stdout);
    },
    async status() {
      const result = await run(['sync', '--status', '--offline', '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(0);
      return { row: parseJson<Record<string, unknown>[]>(result.stdout)[0]!, stderr: result.stderr };
    },
  };
}

const used = new Set<string>();
/** One of the invoices topUp() added that no test has paid yet. */
function freshInvoice() {
  const invoice = h.emulator.store.invoices.find((i) => i.numericId >= 900_000 && i.numericId < 900_040 && !used.has(i.id))!;
  used.add(invoice.id);
  return invoice;
}

async function pay(uuid: string, amount: string) {
  const response = await fetch(`${h.emulator.url}/fatture/${uuid}/pagamenti`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: Number(amount) }),
  });
  expect(response.status).toBe(201);
}

async function control(t: Harness, path: string, body: unknown) {
  const response = await fetch(`${t.emulator.url}/__emulator/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

/** Requests per resource of acc_rossi since `from` (the bench's grouping): path, direction, month. */
function perResource(t: Harness, from: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of requestsSince(t, from)) {
    if (r.path === '/v1/me' || r.path === '/v1/accounts') continue;
    const key = `${r.path}${r.query.direction ? ` ${r.query.direction}` : ''}${r.query.periodo ? ` ${r.query.periodo}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

const openReads = (from: number) => requestsSince(h, from).filter((r) => r.path === '/v1/invoices' && r.query.payment_status === 'unpaid,partial');

describe('payments under both readings of updated_since', () => {
  it('payments move it (the emulator default): the next sync sees the payment, learns it, and then reads no open list', async () => {
    const m = mirrorRun();
    expect((await m.sync()).exitCode).toBe(0);
    expect((await m.status()).stderr).toMatch(/^payments: not yet seen whether they move updated_since; the open invoices are read on every sync$/m);

    const first = freshInvoice();
    await pay(first.uuid!, '10.00');
    const learning = await m.sync();
    expect(learning.exitCode, learning.stderr).toBe(0);
    expect(await m.invoice(first.uuid!)).toEqual(expect.objectContaining({ amount_paid: '10.00', payment_status: 'partial' }));
    expect((await m.status()).stderr).toMatch(/^payments: seen moving updated_since; the open invoices are read once per service day$/m);

    // After the proof, a second sync after ten payments: at most 2 requests per resource, no open list.
    const paid = Array.from({ length: 10 }, () => freshInvoice());
    for (const invoice of paid) await pay(invoice.uuid!, invoice.total_amount);
    const from = lastSeq(h);
    const second = await m.sync();
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.rows[0]).toEqual(expect.objectContaining({ changed: 10 }));
    expect(openReads(from)).toEqual([]);
    expect(Math.max(...perResource(h, from).values())).toBeLessThanOrEqual(2);
    for (const invoice of paid) expect(await m.invoice(invoice.uuid!)).toEqual(expect.objectContaining({ payment_status: 'paid', amount_due: '0.00' }));
  }, 90_000);

  it('payments do not move it: the next sync on the same service day sees the payment, learns it, and keeps reading the open list', async () => {
    const m = mirrorRun();
    expect((await m.sync()).exitCode).toBe(0);
    h.emulator.setFaults({ paymentsMoveUpdatedSince: false });
    try {
      const partly = freshInvoice();
      const settled = freshInvoice();
      await pay(partly.uuid!, '5.00');
      await pay(settled.uuid!, settled.total_amount);
      const from = lastSeq(h);
      const same = await m.sync();
      expect(same.exitCode, same.stderr).toBe(0);
      expect(same.rows[0]).toEqual(expect.objectContaining({ result: 'synced', changed: 2 }));
      expect(await m.invoice(partly.uuid!)).toEqual(expect.objectContaining({ amount_paid: '5.00', payment_status: 'partial' }));
      expect(await m.invoice(settled.uuid!)).toEqual(expect.objectContaining({ payment_status: 'paid', amount_due: '0.00' }));
      expect(openReads(from)).toHaveLength(1);
      expect((await m.status()).stderr).toMatch(/^payments: seen not moving updated_since; the open invoices are read on every sync$/m);

      // Learned for good: the next payment is seen by the next sync too, through the open list.
      const later = freshInvoice();
      await pay(later.uuid!, '7.00');
      const next = lastSeq(h);
      expect((await m.sync()).exitCode).toBe(0);
      expect(await m.invoice(later.uuid!)).toEqual(expect.objectContaining({ amount_paid: '7.00' }));
      expect(openReads(next)).toHaveLength(1);
    } finally {
      h.emulator.setFaults({ paymentsMoveUpdatedSince: true });
    }
    // A payment that does move updated_since now is no proof against what was seen.
    const moved = freshInvoice();
    await pay(moved.uuid!, '3.00');
    expect((await m.sync()).exitCode).toBe(0);
    expect((await m.status()).stderr).toMatch(/^payments: seen not moving updated_since;/m);
  }, 90_000);

  it('an SDI change together with a payment is no proof that payments move updated_since', async () => {
    const m = mirrorRun();
    expect((await m.sync()).exitCode).toBe(0);
    const invoice = freshInvoice();
    await pay(invoice.uuid!, '12.00');
    const clock = (await (await fetch(`${h.emulator.url}/__emulator/clock`)).json()) as { data: { now: string } };
    // The SDI's notice is dated before the cursor (processed late): only the other change tells it from a payment alone.
    invoice.sdi_status = 'accepted';
    invoice.last_sdi_update = '2026-11-19T10:00:00+01:00';
    invoice.updatedAt = clock.data.now;
    const from = lastSeq(h);
    const both = await m.sync();
    expect(both.exitCode, both.stderr).toBe(0);
    expect(await m.invoice(invoice.uuid!)).toEqual(expect.objectContaining({ amount_paid: '12.00', sdi_status: 'accepted' }));
    expect((await m.status()).stderr).toMatch(/^payments: not yet seen whether they move updated_since;/m);
    // Still unknown: this sync read the open invoices too, and the next one will.
    expect(openReads(from)).toHaveLength(1);
  }, 90_000);
});

describe('a list walk that does not add up to its meta.total', () => {
  const shortPage = (path: string, query: Record<string, string>, total: number) => ({
    rule: {
      method: 'GET',
      path,
      query,
      times: 1,
      action: 'raw',
      raw: JSON.stringify({ data: [], meta: { page: Number(query.page ?? 1), per_page: 100, total, next_page: null } }),
    },
  });

  it('--full: page 2 of the expenses empty while meta.total says more: nothing removed, the company fails, exit 11 naming n of m', async () => {
    const m = mirrorRun(h, TOKENS.firm);
    expect((await m.sync()).exitCode).toBe(0);
    const held = async () => parseJson<unknown[]>((await m.run(['--offline', 'expenses', 'list', '--all', '-o', 'json', '-q'])).stdout).length;
    const before = await held();
    expect(before).toBeGreaterThan(100);
    await control(h, 'faults', shortPage('/v1/expenses', { account_id: 'acc_rossi', page: '2' }, before));
    const full = await m.sync(['--full']);
    expect(full.exitCode).toBe(11);
    expect(full.rows.map((r) => [r.account_id, r.result])).toEqual([
      ['acc_rossi', 'failed'],
      ['acc_verdi', 'synced'],
    ]);
    expect(full.rows[0]!.error).toMatch(new RegExp(`^expenses \\(GET /v1/expenses\\): 100 of ${before} listed`));
    expect(full.stderr).toMatch(
      new RegExp(`Rossi Consulting S\\.r\\.l\\. \\(acc_rossi\\): not read: expenses \\(GET /v1/expenses\\): 100 of ${before} listed`),
    );
    expect(await held()).toBe(before);
    const again = await m.sync(['--full']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.rows[0]).toEqual(expect.objectContaining({ removed: 0 }));
    expect(await held()).toBe(before);
  }, 90_000);

  it('an incremental listing cut short: the company fails and its cursor stays, so the next sync still sees the change', async () => {
    const m = mirrorRun(h, TOKENS.firm);
    expect((await m.sync()).exitCode).toBe(0);
    const invoice = freshInvoice();
    await pay(invoice.uuid!, '21.00');
    await control(h, 'faults', shortPage('/v1/invoices', { account_id: 'acc_rossi', direction: 'outbound' }, 1));
    const from = lastSeq(h);
    const cut = await m.sync();
    expect(cut.exitCode).toBe(11);
    expect(cut.rows[0]!.error).toMatch(/^outbound invoices \(GET \/v1\/invoices\): 0 of 1 listed/);
    expect(await m.invoice(invoice.uuid!)).toEqual(expect.objectContaining({ amount_paid: '0.00' }));
    const outbound = (r: { path: string; query: Record<string, string> }) =>
      r.path === '/v1/invoices' && r.query.account_id === 'acc_rossi' && r.query.direction === 'outbound';
    const cursor = requestsSince(h, from).find(outbound)!.query.updated_since;
    expect(cursor).toBeDefined();
    const next = lastSeq(h);
    const again = await m.sync();
    expect(again.exitCode, again.stderr).toBe(0);
    expect(requestsSince(h, next).find(outbound)!.query.updated_since).toBe(cursor);
    expect(await m.invoice(invoice.uuid!)).toEqual(expect.objectContaining({ amount_paid: '21.00' }));
  }, 90_000);
});

describe('expenses between syncs', () => {
  it('a gap of months: every month from the one before the previous sync is read again; --status claims only months read', async () => {
    const later = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
    try {
      const m = mirrorRun(later);
      expect((await m.sync()).exitCode).toBe(0);
      expect((await m.status()).row.expense_months).toBe('2024-12..2026-11');
      const expense = (number: string, month: string, date: string) => ({
        account_id: 'acc_rossi',
        document_number: number,
        document_date: date,
        periodo_competenza: month,
        allocation_method: 'struttura',
        subtotal: '1000.00',
        vat: '220.00',
        total: '1220.00',
      });
      // Booked after the sync: one for November, one for October (the month before the sync's).
      await control(later, 'expenses', expense('GAP-NOV-1', '2026-11', '2026-11-29'));
      await control(later, 'expenses', expense('GAP-OCT-1', '2026-10', '2026-10-30'));
      await control(later, 'clock', { to: '2027-01-05' });
      const from = lastSeq(later);
      const after = await m.sync();
      expect(after.exitCode, after.stderr).toBe(0);
      expect(
        requestsSince(later, from)
          .filter((r) => r.path === '/v1/expenses')
          .map((r) => [r.query.periodo_da, r.query.periodo_a]),
      ).toEqual([['2026-10', '2027-01']]);
      expect(
        requestsSince(later, from)
          .filter((r) => r.path === '/v1/expenses/summary')
          .map((r) => r.query.periodo),
      ).toEqual(['2026-10', '2026-11', '2026-12', '2027-01']);
      for (const [month, number] of [
        ['2026-11', 'GAP-NOV-1'],
        ['2026-10', 'GAP-OCT-1'],
      ]) {
        const listed = await m.run(['--offline', 'expenses', 'list', '--period', month!, '--all', '-o', 'json', '-q']);
        expect(listed.exitCode, listed.stderr).toBe(0);
        expect(parseJson<{ document_number: string }[]>(listed.stdout).map((e) => e.document_number)).toContain(number);
        const online = await later.run(['expenses', 'summary', '--period', month!, '-o', 'json'], { token: TOKENS.prod });
        const offline = await m.run(['--offline', 'expenses', 'summary', '--period', month!, '-o', 'json', '-q']);
        expect(offline.stdout).toBe(online.stdout);
      }
      expect((await m.status()).row.expense_months).toBe('2024-12..2027-01');
      // More than 24 months later: the last 24 are read, and only they are claimed.
      await control(later, 'clock', { to: '2029-03-10' });
      const far = lastSeq(later);
      expect((await m.sync()).exitCode).toBe(0);
      expect(requestsSince(later, far).filter((r) => r.path === '/v1/expenses/summary')).toHaveLength(24);
      expect((await m.status()).row.expense_months).toBe('2027-04..2029-03');
    } finally {
      await later.close();
    }
  }, 120_000);
});
