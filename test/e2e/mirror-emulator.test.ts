/**
 * What the mirror's sync relies on in the emulator: `updated_since` honoured by every list that
 * has it, a payment recorded as an update of its invoice, and an invoice deleted by the control
 * route (which only a full read of the list can see).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, TOKENS, type Harness } from './harness.js';
import { apiList } from './firm-helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

const ids = (records: { id: string | number }[]) => records.map((r) => String(r.id)).sort();

describe('the emulator, as the mirror uses it', () => {
  it('every list with updated_since returns exactly the records updated at or after the instant', async () => {
    const since = '2026-11-01T00:00:00+01:00';
    const at = Date.parse(since);
    const store = h.emulator.store;
    const rossi = (r: { accountId: string }) => r.accountId === 'acc_rossi';
    const cases: [string, Record<string, string>, string[]][] = [
      [
        '/v1/invoices',
        { direction: 'outbound' },
        store.invoices.filter((i) => rossi(i) && i.direction === 'outbound' && Date.parse(i.updatedAt) >= at).map((i) => i.id),
      ],
      [
        '/v1/invoices',
        { direction: 'inbound' },
        store.invoices.filter((i) => rossi(i) && i.direction === 'inbound' && Date.parse(i.updatedAt) >= at).map((i) => i.id),
      ],
      ['/v1/f24s', {}, store.f24s.filter((f) => rossi(f) && Date.parse(f.updatedAt) >= at).map((f) => f.id)],
      ['/v1/tax-deadlines', {}, store.taxDeadlines.filter((d) => rossi(d) && Date.parse(d.updatedAt) >= at).map((d) => d.id)],
    ];
    for (const [path, query, expected] of cases) {
      const listed = await apiList<{ id: string }>(h, TOKENS.prod, path, { ...query, updated_since: since });
      expect(ids(listed), `${path} ${JSON.stringify(query)}`).toEqual([...expected].sort());
      const all = await apiList<{ id: string }>(h, TOKENS.prod, path, query);
      expect(all.length, path).toBeGreaterThan(listed.length);
    }
  });

  it('a payment is an update of its invoice: updated_since from just before it lists the invoice', async () => {
    const invoice = h.emulator.store.invoices.find(
      (i) =>
        i.accountId === 'acc_rossi' && i.direction === 'outbound' && i.amount_paid === '0.00' && i.sdi_status === 'accepted' && i.tipo_documento === 'TD01',
    )!;
    const clock = (await (await fetch(`${h.emulator.url}/__emulator/clock`)).json()) as { data: { now: string } };
    const before = await apiList<{ id: string }>(h, TOKENS.prod, '/v1/invoices', { updated_since: clock.data.now });
    expect(ids(before)).not.toContain(invoice.id);
    const paid = await fetch(`${h.emulator.url}/fatture/${invoice.uuid}/pagamenti`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1 }),
    });
    expect(paid.status).toBe(201);
    const after = await apiList<{ id: string; amount_paid: number }>(h, TOKENS.prod, '/v1/invoices', { updated_since: clock.data.now });
    expect(after.find((i) => i.id === invoice.id)).toEqual(expect.objectContaining({ amount_paid: 1 }));
  });

  it('DELETE /__emulator/invoices/{id} removes the invoice and its payments from every list; the lists keep their order and creations go on', async () => {
    const store = h.emulator.store;
    const victim = store.invoices.find((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound' && i.amount_paid !== '0.00')!;
    const before = await apiList<{ id: string }>(h, TOKENS.prod, '/v1/invoices', {});
    const gone = await fetch(`${h.emulator.url}/__emulator/invoices/${victim.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ data: { id: victim.id, number: victim.number, account_id: 'acc_rossi', deleted: true } });
    const after = await apiList<{ id: string }>(h, TOKENS.prod, '/v1/invoices', {});
    expect(after.map((i) => i.id)).toEqual(before.map((i) => i.id).filter((id) => id !== victim.id));
    expect(store.payments.some((p) => p.invoiceId === victim.id && p.accountId === 'acc_rossi')).toBe(false);
    expect((await fetch(`${h.emulator.url}/__emulator/invoices/${victim.id}`, { method: 'DELETE' })).status).toBe(404);
    // A creation after the deletion is listed first (newest issue date, newest id), as before.
    const created = await h.run(['invoice', 'create', '--piva', '00743110157', '--item', 'Consulenza;1;100;22', '--draft', '-o', 'json'], {
      token: TOKENS.prod,
    });
    expect(created.exitCode, created.stderr).toBe(0);
    const newest = store.invoices.at(-1)!;
    const relisted = await apiList<{ id: string }>(h, TOKENS.prod, '/v1/invoices', {});
    expect(relisted.map((i) => i.id)).toEqual([newest.id, ...after.map((i) => i.id)]);
  });
});
