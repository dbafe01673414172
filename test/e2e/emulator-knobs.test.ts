import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, TOKENS, type Harness } from './harness.js';
import { until } from './batch-helpers.js';

/**
 * The emulator's readings of the contract where it is silent, set through the control API:
 * creation ids that differ from the list's, payments that leave updated_since alone, and a slow
 * service that applies a request after its client went away (`late`), a rule that lets requests
 * through first (`after`).
 */
let h: Harness;
beforeAll(async () => {
  h = await harness();
}, 30_000);
afterAll(async () => h?.close());

const auth = { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' };
const control = (body: unknown) =>
  fetch(`${h.emulator.url}/__emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
    r.json(),
  ) as Promise<{ data: { faults: Record<string, unknown>; holding: number } }>;
const create = async () => {
  const response = await fetch(`${h.emulator.url}/fatture/nuova/piva`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ piva: 'IT00743110157', invia_sdi: false, articoli: [{ nome: 'Prova', quantita: 1, prezzo: 10, iva: 22 }] }),
  });
  return ((await response.json()) as { data: { id: number; url: string } }).data;
};
const list = async (query = '') =>
  (
    (await (await fetch(`${h.emulator.url}/v1/invoices?per_page=100${query}`, { headers: auth })).json()) as {
      data: { id: string; pdf_url: string; uuid: string; amount_paid: number }[];
    }
  ).data;

describe('emulator knobs', () => {
  it('creationIdOffset: the creation answers another id than the list; its url is the list’s pdf_url', async () => {
    expect((await control({ creationIdOffset: 9000 })).data.faults).toMatchObject({ creationIdOffset: 9000 });
    const created = await create();
    const stored = h.emulator.store.invoices.at(-1)!;
    expect(String(created.id)).toBe(String(Number(stored.id) + 9000));
    const listed = (await list()).find((i) => i.pdf_url === created.url)!;
    expect(listed.id).toBe(stored.id);
    await control({ creationIdOffset: 0 });
  });

  it('paymentsMoveUpdatedSince false: a payment leaves what updated_since returns as it was', async () => {
    const clock = (await (await fetch(`${h.emulator.url}/__emulator/clock`)).json()) as { data: { now: string } };
    const since = new Date(Date.parse(clock.data.now)).toISOString();
    await control({ paymentsMoveUpdatedSince: false });
    const target = h.emulator.store.invoices.find((i) => i.accountId === 'acc_rossi' && i.sdi_status === 'sent' && i.amount_paid === '0.00')!;
    const paid = await fetch(`${h.emulator.url}/fatture/${target.uuid}/pagamenti`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 1 }) });
    expect(paid.status).toBe(201);
    expect((await list(`&updated_since=${since}`)).some((i) => i.uuid === target.uuid)).toBe(false);
    await control({ paymentsMoveUpdatedSince: true });
    await fetch(`${h.emulator.url}/fatture/${target.uuid}/pagamenti`, { method: 'POST', headers: auth, body: JSON.stringify({ amount: 1 }) });
    expect((await list(`&updated_since=${since}`)).find((i) => i.uuid === target.uuid)?.amount_paid).toBe(2);
  });

  it('late: a request whose client went away is still applied, 1–4 s later; `after` lets the first ones through', async () => {
    await control({ rule: { method: 'POST', path: '/fatture/nuova/piva', after: 1, times: 1, action: 'late', lateMs: 300, lateMaxMs: 600 } });
    await create(); // let through
    const before = h.emulator.store.invoices.length;
    const body = JSON.stringify({ piva: 'IT00743110157', invia_sdi: false, articoli: [{ nome: 'Tardi', quantita: 1, prezzo: 10, iva: 22 }] });
    const url = new URL(`${h.emulator.url}/fatture/nuova/piva`);
    await new Promise<void>((resolve) => {
      const req = request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { ...auth, 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => resolve());
      req.end(body);
      // The client goes away while the service holds its request.
      void until(() => h.emulator.holding() === 1, 'the request to be held').then(() => {
        req.destroy();
        resolve();
      });
    });
    expect(h.emulator.store.invoices.length).toBe(before);
    await until(() => h.emulator.holding() === 0, 'the held request to be applied');
    expect(h.emulator.store.invoices.length).toBe(before + 1);
    expect(h.emulator.store.requests.at(-1)).toMatchObject({ method: 'POST', fault: 'rule:late-after-client-left' });
  });
});
