/**
 * Every event of the catalog fires under its rule, with the field names of its sample (one
 * payload builder per event); drafts fire nothing until issued; date-driven events follow the
 * emulator's clock; a firm token gets ambiguous_account on every /v1/hooks route.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { EVENT_KEYS } from '../../src/webhooks/event-keys.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, start, TODAY } from './helpers.js';
import { fieldNames } from '../shared/field-names.js';

const ROSSI = { token: 'demo-prod-rossi' };
const FIRM = { token: 'demo-firm-bianchi' };
const VAT = '00743110157';

async function sampleFields(emu: RunningEmulator, key: string): Promise<string[]> {
  const r = await call(emu.url, `/v1/events/${key}/sample`, ROSSI);
  expect(r.status).toBe(200);
  expect(r.json.data.event).toBe(key);
  return fieldNames(r.json.data.data);
}

function eventsSince(emu: RunningEmulator, mark: number) {
  return emu.store.events.slice(mark);
}

async function createInvoice(emu: RunningEmulator, body: Record<string, unknown>) {
  const r = await call(emu.url, '/fatture/nuova/piva', {
    ...ROSSI,
    method: 'POST',
    body: { piva: VAT, articoli: [{ nome: 'Consulenza', quantita: 1, prezzo: 100, iva: 22 }], ...body },
  });
  expect(r.status).toBe(201);
  return r.json.data.id as number;
}

const control = (emu: RunningEmulator, path: string, body: unknown) => call(emu.url, `/__emulator${path}`, { method: 'POST', body });

describe('every event fires under its rule, shaped like its sample', () => {
  test('each of the 14 keys, with the same field names as GET /v1/events/{key}/sample', async () => {
    const emu = await start();
    const fired = new Map<string, Record<string, unknown>[]>();
    const collect = (from: number) => {
      for (const e of eventsSince(emu, from)) fired.set(e.key, [...(fired.get(e.key) ?? []), e.data]);
    };
    let mark = emu.store.events.length;

    // invoice.created, invoice.sent (sdi and email) — the creation's integer id in invoice_id
    const id = await createInvoice(emu, { emails: ['amministrazione@example.it'] });
    const created = eventsSince(emu, mark);
    expect(created.map((e) => [e.key, e.data.channel])).toEqual([
      ['invoice.created', undefined],
      ['invoice.sent', 'sdi'],
      ['invoice.sent', 'email'],
    ]);
    expect(created.every((e) => e.data.invoice_id === id)).toBe(true);
    expect(created[2]!.data.recipients).toEqual(['amministrazione@example.it']);
    collect(mark);

    // payment.received: uuid (not invoice_uuid), amounts as strings, is_fully_paid
    const invoice = emu.store.invoices.find((i) => i.numericId === id)!;
    mark = emu.store.events.length;
    expect((await call(emu.url, `/fatture/${invoice.uuid}/pagamenti`, { ...ROSSI, method: 'POST', body: { amount: 122 } })).status).toBe(201);
    expect(eventsSince(emu, mark)).toMatchObject([
      { key: 'payment.received', data: { invoice_id: id, uuid: invoice.uuid, amount: '122.00', is_fully_paid: true, amount_due: '0.00' } },
    ]);
    collect(mark);

    // client.created
    mark = emu.store.events.length;
    expect((await call(emu.url, '/clients/store/manual', { ...ROSSI, method: 'POST', body: { name: 'Nuovo Cliente S.r.l.' } })).status).toBe(201);
    collect(mark);

    // expense.created for one expense; a bulk import fires nothing
    mark = emu.store.events.length;
    const one = await control(emu, '/expenses', { account_id: 'acc_rossi', subtotal: '100.00', allocation_method: 'diretto' });
    expect(one.status).toBe(201);
    expect(one.json.data.events).toMatchObject([
      { event: 'expense.created', data: { expense_id: one.json.data.expense.id, needs_review: true, total: '122.00' } },
    ]);
    collect(mark);
    const bulk = await control(emu, '/expenses/import', { account_id: 'acc_rossi', count: 5 });
    expect(bulk.json.data).toMatchObject({ imported: 5, events: [] });

    // tax.created for a generated F24 and for a tax item
    mark = emu.store.events.length;
    const f24 = await control(emu, '/tax-slips', { account_id: 'acc_rossi', kind: 'f24', due_date: '2025-03-20', amount: '500.00' });
    const item = await control(emu, '/tax-slips', { account_id: 'acc_rossi', kind: 'tax_item', type: 'inps', due_date: '2025-03-25', amount: '80.00' });
    expect(f24.json.data.events).toMatchObject([{ event: 'tax.created', data: { kind: 'f24', slip_id: f24.json.data.slip.id, amount: '500.00' } }]);
    expect(item.json.data.events).toMatchObject([{ event: 'tax.created', data: { kind: 'tax_item', type: 'inps', due_date: '2025-03-25' } }]);
    expect((await call(emu.url, `/v1/f24s/${f24.json.data.slip.id}`, ROSSI)).json.data.status).toBe('ready');
    collect(mark);

    // tax.deadline_approaching: 5 days to go → 2 days on, 3 to go; past the due date, negative
    mark = emu.store.events.length;
    const twoDays = await control(emu, '/clock', { days: 2 });
    expect(twoDays.json.data.today).toBe('2025-03-17');
    const mine = (events: Array<{ event: string; data: any }>) =>
      events.filter((e) => e.event === 'tax.deadline_approaching' && e.data.slip_id === f24.json.data.slip.id);
    expect(mine(twoDays.json.data.events).map((e) => e.data.days_until_due)).toEqual([3]);
    const later = await control(emu, '/clock', { days: 4 });
    expect(mine(later.json.data.events).map((e) => e.data.days_until_due)).toEqual([-1]);
    collect(mark);

    // payment.overdue: once per invoice, when the clock passes its due date unpaid
    const unpaid = await createInvoice(emu, { issue_date: '2025-03-21' }); // due 2025-04-20
    const overdue = (events: Array<{ event: string; data: any }>) => events.filter((e) => e.event === 'payment.overdue' && e.data.invoice_id === unpaid);
    mark = emu.store.events.length;
    const pastDue = await control(emu, '/clock', { to: '2025-04-21' });
    expect(overdue(pastDue.json.data.events)).toMatchObject([{ data: { due_date: '2025-04-20', days_overdue: 1, amount_due: '122.00' } }]);
    expect(overdue((await control(emu, '/clock', { days: 3 })).json.data.events)).toEqual([]);
    expect(emu.store.events.filter((e) => e.key === 'payment.overdue' && e.data.invoice_id === unpaid)).toHaveLength(1);
    collect(mark);

    // the events the API has no endpoint for, through the control route
    mark = emu.store.events.length;
    for (const key of ['payment.failed', 'quote.accepted', 'quote.rejected', 'subscription.created', 'subscription.renewed', 'subscription.cancelled']) {
      const r = await control(emu, '/events', { account_id: 'acc_rossi', event: key, data: { reason: 'Troppo caro', ignored_field: 1 } });
      expect(r.status, key).toBe(201);
    }
    collect(mark);
    expect(emu.store.events.find((e) => e.key === 'quote.rejected')!.data.reason).toBe('Troppo caro');
    expect(emu.store.events.some((e) => 'ignored_field' in e.data)).toBe(false);
    const refused = await control(emu, '/events', { account_id: 'acc_rossi', event: 'invoice.created' });
    expect(refused.status).toBe(422);

    expect([...fired.keys()].sort()).toEqual([...EVENT_KEYS].sort());
    for (const key of EVENT_KEYS) {
      const want = await sampleFields(emu, key);
      for (const data of fired.get(key)!) expect(fieldNames(data), key).toEqual(want);
    }
  });

  test('what the spec names keeps its type: invoice_id integer, channel, is_fully_paid boolean, days_until_due integer', async () => {
    const emu = await start();
    const sample = async (key: string) => (await call(emu.url, `/v1/events/${key}/sample`, ROSSI)).json.data;
    expect(Number.isInteger((await sample('invoice.created')).data.invoice_id)).toBe(true);
    expect(['sdi', 'email']).toContain((await sample('invoice.sent')).data.channel);
    expect(typeof (await sample('payment.received')).data.is_fully_paid).toBe('boolean');
    expect(Number.isInteger((await sample('tax.deadline_approaching')).data.days_until_due)).toBe(true);
    expect((await sample('quote.rejected')).data).toHaveProperty('reason');
    const a = await sample('invoice.created');
    const b = await sample('invoice.created');
    expect(a.delivery_id).not.toBe(b.delivery_id);
    expect(a.delivery_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('a draft never fires invoice.created; issuing it (control route) does, with invoice.sent', async () => {
    const emu = await start();
    const mark = emu.store.events.length;
    const id = await createInvoice(emu, { invia_sdi: false, emails: ['x@example.it'] });
    expect(eventsSince(emu, mark)).toEqual([]);
    const issued = await control(emu, `/invoices/${id}/issue`, {});
    expect(issued.status).toBe(200);
    expect(issued.json.data.events.map((e: { event: string; data: { channel?: string } }) => [e.event, e.data.channel])).toEqual([
      ['invoice.created', undefined],
      ['invoice.sent', 'sdi'],
    ]);
    expect((await control(emu, `/invoices/${id}/issue`, {})).status).toBe(422); // not a draft any more
  });

  test('deliveries carry the recorded payload, byte for byte the builder’s', async () => {
    const bodies: string[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const emu = await start({ allowHttpHooks: true });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      expect(
        (await call(emu.url, '/v1/hooks', { ...ROSSI, method: 'POST', body: { target_url: url, events: ['payment.received', 'tax.created'] } })).status,
      ).toBe(201);
      const id = await createInvoice(emu, {});
      const uuid = emu.store.invoices.find((i) => i.numericId === id)!.uuid;
      await call(emu.url, `/fatture/${uuid}/pagamenti`, { ...ROSSI, method: 'POST', body: { amount: 22 } });
      await control(emu, '/tax-slips', { account_id: 'acc_rossi', kind: 'f24', due_date: '2025-04-16' });
      for (let i = 0; i < 400 && bodies.length < 2; i++) await new Promise((r) => setTimeout(r, 25));
      const delivered = bodies.map((b) => JSON.parse(b));
      expect(delivered.map((d) => d.event)).toEqual(['payment.received', 'tax.created']);
      const recorded = emu.store.events.filter((e) => e.key === 'payment.received' || e.key === 'tax.created');
      expect(delivered.map((d) => d.data)).toEqual(recorded.map((e) => e.data));
      expect(delivered[0].data).toMatchObject({ uuid, amount: '22.00', is_fully_paid: false, amount_due: '100.00' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('authentication rule 6: webhook subscriptions take a single company’s token', () => {
  test('a firm token gets ambiguous_account on every /v1/hooks route, with or without account_id', async () => {
    const emu = await start();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/v1/hooks'],
      ['GET', '/v1/hooks?account_id=acc_verdi'],
      ['POST', '/v1/hooks', { target_url: 'https://example.org/h', events: ['invoice.created'] }],
      ['POST', '/v1/hooks?account_id=acc_verdi', { target_url: 'https://example.org/h', events: ['invoice.created'] }],
      ['DELETE', '/v1/hooks/1'],
      ['DELETE', '/v1/hooks/1?account_id=acc_rossi'],
    ];
    for (const [method, path, body] of routes) {
      const r = await call(emu.url, path, { ...FIRM, method, body });
      expect(r.status, `${method} ${path}`).toBe(422);
      expect(r.json.error.code).toBe('ambiguous_account');
      expect(r.json.error.message).toMatch(/one company/);
      expect(r.json.error.accounts).toHaveLength(4);
    }
    expect(emu.store.hooks).toEqual([]);
    expect((await call(emu.url, '/v1/me', FIRM)).json.data).toMatchObject({ token_type: 'firm', webhooks_supported: true, webhooks_ready: false });
    expect((await call(emu.url, '/v1/me', ROSSI)).json.data.webhooks_ready).toBe(true);
    expect((await call(emu.url, '/v1/hooks', ROSSI)).status).toBe(200);
  });
});

describe('the clock', () => {
  test('GET/POST /__emulator/clock: forward only; the Date header follows it', async () => {
    const emu = await start();
    expect((await call(emu.url, '/__emulator/clock')).json.data.today).toBe(TODAY);
    expect((await control(emu, '/clock', { days: 10 })).json.data.today).toBe('2025-03-25');
    const me = await call(emu.url, '/v1/me', ROSSI);
    expect(new Date(me.headers.get('date')!).toISOString().slice(0, 10)).toMatch(/^2025-03-2[45]$/);
    expect((await control(emu, '/clock', { to: '2025-03-01' })).status).toBe(422);
  });
});
