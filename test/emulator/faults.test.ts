import { describe, expect, test } from 'vitest';
import { call, start } from './helpers.js';
import { RateLimiter } from '../../src/emulator/ratelimit.js';

const ROSSI = { token: 'demo-prod-rossi' };

/** fetch's outcome as a word: the status, or 'socket-error' when the connection died. */
async function outcome(url: string, init: RequestInit = {}): Promise<number | 'socket-error'> {
  try {
    const res = await fetch(url, init);
    await res.text();
    return res.status;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    expect(['UND_ERR_SOCKET', 'ECONNRESET']).toContain(cause?.code);
    return 'socket-error';
  }
}

const auth = { headers: { authorization: 'Bearer demo-prod-rossi' } };

const postNote = (base: string) =>
  outcome(`${base}/v1/test-notes`, {
    method: 'POST',
    headers: { ...auth.headers, 'content-type': 'application/json' },
    body: '{"n":1}',
  });

describe('rate limit', () => {
  test('over the limit → 429 rate_limited with Retry-After; other tokens are not affected; the window frees up', async () => {
    const emu = await start({ rateLimit: { limit: 3, windowMs: 1000 } });
    for (let i = 0; i < 3; i++) expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
    const limited = await call(emu.url, '/v1/me', ROSSI);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await call(emu.url, '/v1/me', { token: 'demo-firm-bianchi' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1050));
    expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
  });

  test('the default is 120 a minute, and Retry-After counts down the window in seconds', async () => {
    const emu = await start();
    const results = await Promise.all(Array.from({ length: 121 }, () => call(emu.url, '/v1/me', ROSSI)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(120);
    const limited = results.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-policy')).toBe('120;w=60');
    // The countdown itself, at instants of its own clock: what is left of the window that opened with
    // the oldest request still in it, in whole seconds rounded up (never 0); a request refused does not count.
    const limiter = new RateLimiter();
    const at = (ms: number) => limiter.take('t', 1_000_000 + ms).retryAfter;
    for (let i = 0; i < 120; i++) expect(at(i * 100)).toBeNull();
    expect(at(12_000)).toBe(48);
    expect(at(12_001)).toBe(48);
    expect(at(58_999)).toBe(2);
    expect(at(59_950)).toBe(1);
    expect(at(60_000)).toBeNull(); // the first request has left the window; the 121st is let in
    expect(at(60_001)).toBe(1); // the second one leaves it at 60.1 s
    expect(limiter.take('another token', 1_000_000 + 60_001).retryAfter).toBeNull();
  });

  test('the rate-limit window can be changed through the control route', async () => {
    const emu = await start();
    await call(emu.url, '/__emulator/faults', { method: 'POST', body: { rateLimit: { limit: 1, windowMs: 5000 } } });
    expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
    const r = await call(emu.url, '/v1/me', ROSSI);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('5');
  });
});

describe('fault knobs', () => {
  test('errorRate 1 answers 503 server_error; 0 restores service', async () => {
    const emu = await start({ faults: { errorRate: 1 } });
    const r = await call(emu.url, '/v1/me', ROSSI);
    expect(r.status).toBe(503);
    expect(r.json.error.code).toBe('server_error');
    emu.setFaults({ errorRate: 0 });
    expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
  });

  test('errorRate draws from the seeded PRNG: the same pattern on every run', async () => {
    const pattern = async () => {
      const emu = await start({ faults: { errorRate: 0.5 } });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await call(emu.url, '/v1/me', ROSSI)).status);
      return statuses;
    };
    const first = await pattern();
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(await pattern()).toEqual(first);
  });

  test('latencyMs delays every answer', async () => {
    const emu = await start();
    emu.setFaults({ latencyMs: 150 });
    const t0 = performance.now();
    expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  test('dropRate 1 destroys the connection without an answer', async () => {
    const emu = await start({ faults: { dropRate: 1 } });
    expect(await outcome(`${emu.url}/v1/me`, auth)).toBe('socket-error');
    emu.clearFaults();
    expect(await outcome(`${emu.url}/v1/me`, auth)).toBe(200);
  });

  test('listOrders sets the order of each other list on its own (list-orders.ts); an unknown list or order is refused', async () => {
    const emu = await start();
    const ids = async (path: string) => ((await call(emu.url, path, ROSSI)).json.data as { id: string | number }[]).map((r) => String(r.id));
    const own = await ids('/v1/f24s?per_page=100');
    const set = await call(emu.url, '/__emulator/faults', { method: 'POST', body: { listOrders: { f24s: 'newest', clients: 'id' } } });
    expect(set.status).toBe(200);
    expect(set.json.data.faults.listOrders).toEqual({ f24s: 'newest', clients: 'id' });
    const newest = ((await call(emu.url, '/v1/f24s?per_page=100', ROSSI)).json.data as { id: string; due_date: string }[]).map((r) => [r.due_date, r.id]);
    expect(newest).toEqual([...newest].sort((a, b) => (a[0]! < b[0]! ? 1 : a[0]! > b[0]! ? -1 : a[1]! < b[1]! ? 1 : -1)));
    expect(newest.map((r) => r[1])).not.toEqual(own);
    // The invoices keep their own knob (listOrder), untouched.
    expect(set.json.data.faults.listOrder).toBe('newest');
    for (const body of [{ listOrders: { invoices: 'id' } }, { listOrders: { f24s: 'random' } }])
      expect((await call(emu.url, '/__emulator/faults', { method: 'POST', body })).status).toBe(422);
  });

  test('control routes are never faulted', async () => {
    const emu = await start({ faults: { errorRate: 1, dropRate: 1 } });
    expect((await call(emu.url, '/__emulator/faults')).json.data.faults).toEqual({
      latencyMs: 0,
      errorRate: 1,
      dropRate: 1,
      creationIdOffset: 0,
      paymentsMoveUpdatedSince: true,
      listOrder: 'newest',
      listOrders: {},
      dateAheadMs: 0,
    });
  });
});

describe('targeted fault rules', () => {
  test('status rule: fires `times` times on the matching method and path, then disappears', async () => {
    const emu = await start();
    emu.injectFault({ method: 'GET', path: '/v1/accounts(/.*)?', times: 2, action: 'status', status: 502, retryAfter: 2 });
    expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
    const first = await call(emu.url, '/v1/accounts/acc_rossi', ROSSI);
    expect(first.status).toBe(502);
    expect(first.json.error.code).toBe('server_error');
    expect(first.headers.get('retry-after')).toBe('2');
    expect((await call(emu.url, '/v1/accounts', ROSSI)).status).toBe(502);
    expect((await call(emu.url, '/v1/accounts', ROSSI)).status).toBe(200);
  });

  test('status rule with a custom body; rate-limit rule with Retry-After; rules over HTTP', async () => {
    const emu = await start();
    await call(emu.url, '/__emulator/faults', {
      method: 'POST',
      body: {
        rules: [
          { path: '/v1/me', times: 1, action: 'status', status: 400, body: { success: false, errors: [{ message: 'x' }] } },
          { path: '/v1/me', times: 1, action: 'rate-limit', retryAfter: 7 },
        ],
      },
    });
    const custom = await call(emu.url, '/v1/me', ROSSI);
    expect(custom).toMatchObject({ status: 400, json: { success: false, errors: [{ message: 'x' }] } });
    const limited = await call(emu.url, '/v1/me', ROSSI);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('7');
    expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
    expect((await call(emu.url, '/__emulator/faults')).json.data.rules).toEqual([]);
  });

  test('drop-before: the socket dies and the handler never runs', async () => {
    const emu = await start();
    emu.injectFault({ method: 'POST', path: '/v1/test-notes', times: 1, action: 'drop-before' });
    const result = await postNote(emu.url);
    expect(result).toBe('socket-error');
    expect(emu.store.events).toHaveLength(0);
    const log = (await call(emu.url, '/__emulator/requests')).json.data;
    expect(log).toMatchObject([{ method: 'POST', path: '/v1/test-notes', status: null, dropped: true, fault: 'rule:drop-before' }]);
  });

  test('drop-after: the handler runs (state changes) but no answer arrives', async () => {
    const emu = await start();
    emu.injectFault({ method: 'POST', path: '/v1/test-notes', times: 1, action: 'drop-after' });
    const result = await postNote(emu.url);
    expect(result).toBe('socket-error');
    expect(emu.store.events).toMatchObject([{ key: 'test.note', accountId: 'acc_rossi', data: { n: 1 } }]);
    const log = (await call(emu.url, '/__emulator/requests')).json.data;
    expect(log).toMatchObject([{ method: 'POST', status: 201, dropped: true, fault: 'rule:drop-after', body: { n: 1 } }]);
    // the next request is served normally
    expect(await outcome(`${emu.url}/v1/me`, auth)).toBe(200);
  });

  test('a RegExp path and the /sandbox prefix', async () => {
    const emu = await start();
    emu.injectFault({ path: /^\/sandbox\//, times: 1, action: 'status', status: 500 });
    expect((await call(emu.url, '/v1/me', ROSSI)).status).toBe(200);
    expect((await call(emu.sandboxUrl, '/v1/me', { token: 'demo-sandbox-rossi' })).status).toBe(500);
  });
});

describe('answers a real service might give', () => {
  const get = (url: string, init: RequestInit = {}) => fetch(url, { headers: auth.headers, ...init });

  test('raw: the exact text, status and content type; a query rule fails a later page only', async () => {
    const emu = await start();
    emu.injectFault({ method: 'GET', path: '/v1/accounts', query: { page: '2' }, times: 1, action: 'raw', raw: '<html>502</html>', contentType: 'text/html' });
    const first = await get(`${emu.url}/v1/accounts?page=1`);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: unknown }).data).toBeInstanceOf(Array);
    const second = await get(`${emu.url}/v1/accounts?page=2`);
    expect(second.headers.get('content-type')).toBe('text/html');
    expect(await second.text()).toBe('<html>502</html>');
    emu.injectFault({ method: 'GET', path: '/v1/me', times: 1, action: 'raw', raw: '' });
    const empty = await get(`${emu.url}/v1/me`);
    expect([empty.status, await empty.text()]).toEqual([200, '']);
  });

  test('raw with afterHandler: the write happens, only its answer is replaced', async () => {
    const emu = await start();
    const events = emu.store.events.length;
    emu.injectFault({ method: 'POST', path: '/v1/test-notes', times: 1, action: 'raw', raw: '{"data": {"id', status: 201, afterHandler: true });
    const res = await fetch(`${emu.url}/v1/test-notes`, { method: 'POST', headers: { ...auth.headers, 'content-type': 'application/json' }, body: '{"n":1}' });
    expect([res.status, await res.text()]).toEqual([201, '{"data": {"id']);
    expect(emu.store.events.length).toBe(events + 1);
  });

  test('redirect: a Location on another origin, nothing happens', async () => {
    const emu = await start();
    emu.injectFault({ method: 'GET', path: '/v1/me', times: 1, action: 'redirect' });
    const res = await get(`${emu.url}/v1/me`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://redirected.invalid/v1/me');
  });

  test('trickle: the real answer, its headers at once and its body a byte at a time', async () => {
    const emu = await start();
    emu.injectFault({ method: 'GET', path: '/v1/me', times: 1, action: 'trickle', intervalMs: 1 });
    const res = await get(`${emu.url}/v1/me`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const chunks: number[] = [];
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.length);
      text += Buffer.from(value).toString();
    }
    expect(chunks.length).toBeGreaterThan(10); // in pieces (the reader may join a few bytes), not at once
    expect(JSON.parse(text).data.company.id).toBe('acc_rossi');
  });

  test('hang: no answer until the client gives up; then the request is logged', async () => {
    const emu = await start();
    emu.injectFault({ method: 'GET', path: '/v1/me', times: 1, action: 'hang' });
    const logged = emu.store.requests.length;
    const controller = new AbortController();
    const pending = get(`${emu.url}/v1/me`, { signal: controller.signal }).catch((e: Error) => e.name);
    // The request has reached the emulator once the rule is used up.
    while ((await call(emu.url, '/__emulator/faults')).json.data.rules.length > 0) await new Promise((resolve) => setImmediate(resolve));
    expect(emu.store.requests.length).toBe(logged); // not answered, so not logged yet
    controller.abort();
    expect(await pending).toBe('AbortError');
    while (emu.store.requests.length === logged) await new Promise((resolve) => setImmediate(resolve));
    expect(emu.store.requests.at(-1)).toMatchObject({ path: '/v1/me', fault: 'rule:hang' });
  });
});
