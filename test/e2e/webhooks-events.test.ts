/**
 * Every event of the catalog reaches a subscribed receiver, with the field names of its sample
 * (`fisco events sample KEY`): fisco's own commands cause the ones the API has endpoints for
 * (invoice create --send with an e-mail recipient, invoice pay, clients add), the emulator's
 * control routes the others (an expense, a generated F24, the clock passing due dates, and the
 * events of quotes, subscriptions and failed debits).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KEYS } from '../../src/webhooks/event-keys.js';
import { harness, parseJson, TODAY, type Harness } from './harness.js';
import { receiver, until } from './webhooks-helpers.js';
import { fieldNames } from '../shared/field-names.js';

describe('webhooks: all 14 events', () => {
  let h: Harness;
  let hook: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    h = await harness({ allowHttpHooks: true, webhookDelivery: { retryDelaysMs: [20], timeoutMs: 2_000 } });
    hook = await receiver();
  });
  afterAll(async () => {
    await hook?.close();
    await h?.close();
  });

  const control = async (path: string, body: unknown) => {
    const r = await fetch(`${h.emulator.url}/__emulator${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(r.status, path).toBeLessThan(300);
    return r.json();
  };

  it('a receiver gets each event with the same field names as its sample', { timeout: 180_000 }, async () => {
    const created = await h.run(['hooks', 'create', '--url', hook.url, '--event', EVENT_KEYS.join(','), '--allow-http', '-o', 'json']);
    expect(created.exitCode, created.stderr).toBe(0);

    const invoice = await h.run([
      'invoice',
      'create',
      '--piva',
      '00743110157',
      '--item',
      'Consulenza;1;100.00;22',
      '--email',
      'amministrazione@example.it',
      '--send',
      '--yes',
    ]);
    expect(invoice.exitCode, invoice.stderr).toBe(0);
    // fisco prints ids as strings (as the lists give them); the events' payloads carry the integer.
    const invoiceId = Number(parseJson(invoice.stdout).id);
    const uuid = h.emulator.store.invoices.find((i) => String(i.numericId) === String(invoiceId))!.uuid!;
    const pay = await h.run(['invoice', 'pay', uuid, '--amount', '22.00']);
    expect(pay.exitCode, pay.stderr).toBe(0);
    const client = await h.run(['clients', 'add', '--piva', '01234567897']);
    expect(client.exitCode, client.stderr).toBe(0);

    await control('/expenses', { account_id: 'acc_rossi', subtotal: '80.00' });
    const dueIn5 = new Date(Date.parse(`${TODAY}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    await control('/tax-slips', { account_id: 'acc_rossi', kind: 'f24', due_date: dueIn5, amount: '300.00' });
    await control('/clock', { days: 2 }); // the F24 is 3 days from due: tax.deadline_approaching
    const due = h.emulator.store.invoices.find((i) => i.uuid === uuid)!.due_dates.at(-1)!;
    const dayAfter = new Date(Date.parse(`${due}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await control('/clock', { to: dayAfter }); // the invoice is past due, partly paid: payment.overdue
    for (const event of ['payment.failed', 'quote.accepted', 'quote.rejected', 'subscription.created', 'subscription.renewed', 'subscription.cancelled']) {
      await control('/events', { account_id: 'acc_rossi', event });
    }

    const deliveries = () => hook.received.map((r) => ({ headers: r.headers, body: JSON.parse(r.body.toString()) }));
    await until(() => EVENT_KEYS.every((k) => deliveries().some((d) => d.body.event === k)), 20_000, 'a delivery of every event');
    const mine = deliveries();
    for (const d of mine) expect(d.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(mine.find((d) => d.body.event === 'invoice.created')!.body.data.invoice_id).toBe(invoiceId);
    expect(
      mine
        .filter((d) => d.body.event === 'invoice.sent')
        .map((d) => d.body.data.channel)
        .sort(),
    ).toEqual(['email', 'sdi']);
    expect(mine.some((d) => d.body.event === 'payment.overdue' && d.body.data.invoice_id === invoiceId)).toBe(true);
    expect(mine.some((d) => d.body.event === 'tax.deadline_approaching' && d.body.data.days_until_due === 3)).toBe(true);

    const samples: Awaited<ReturnType<Harness['run']>>[] = [];
    for (let k = 0; k < EVENT_KEYS.length; k += 3) {
      samples.push(...(await Promise.all(EVENT_KEYS.slice(k, k + 3).map((key) => h.run(['events', 'sample', key], { timeout: 60_000 })))));
    }
    EVENT_KEYS.forEach((key, k) => {
      const result = samples[k]!;
      expect(result.exitCode, `${key}: ${result.stderr}`).toBe(0);
      const sample = parseJson(result.stdout);
      expect(sample.event).toBe(key);
      const want = fieldNames(sample.data);
      for (const d of mine.filter((x) => x.body.event === key)) expect(fieldNames(d.body.data), key).toEqual(want);
    });
  });
});
