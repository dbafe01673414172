import { describe, expect, it } from 'vitest';
import { Pacer, parseRateLimitHeaders } from '../../../src/api/pacer.js';
import { ApiClient } from '../../../src/api/client.js';
import { json, scriptedServer } from './server.js';
import * as zAny from '../../../src/api/zod.js';
import { Redactor } from '../../../src/output/redact.js';

/** These tests are about the client's mechanics, not a resource's shape: any JSON answer. */
const ANY = zAny.unknown();

function fakeClock() {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
  };
}

describe('Pacer', () => {
  it('lets at most `limit` requests start in any window, in arrival order', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 3, windowMs: 1000, marginMs: 0, ...clock });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 7 }, () => pacer.acquire().then(() => starts.push(clock.now()))));
    expect(starts).toEqual([0, 0, 0, 1000, 1000, 1000, 2000]);
  });

  it('adds a small safety margin to the window by default', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 1, windowMs: 60_000, ...clock });
    await pacer.acquire();
    await pacer.acquire();
    expect(clock.now()).toBe(60_250);
  });

  it('counts the window from when the answer arrived, so latency can never overfill the service window', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 2, windowMs: 1000, marginMs: 0, ...clock });
    const first = await pacer.acquire();
    await pacer.acquire();
    void clock.sleep(300); // the first answer takes 300 ms
    first.done();
    await pacer.acquire();
    // The second slot (answered at once) frees at 1000; the first one only at 1300.
    expect(clock.now()).toBe(1000);
    await pacer.acquire();
    expect(clock.now()).toBe(1300);
  });

  it('paces to a limit the service announces, above the contract default', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 2, windowMs: 1000, marginMs: 0, ...clock });
    pacer.observe({ 'ratelimit-policy': '5;w=1' });
    const starts: number[] = [];
    for (let i = 0; i < 7; i++) starts.push((await pacer.acquire(), clock.now()));
    expect(starts).toEqual([0, 0, 0, 0, 0, 1000, 1000]);
  });

  it('paces to a lower announced limit and obeys every announced policy at once', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 120, windowMs: 60_000, marginMs: 0, ...clock });
    pacer.observe({ 'ratelimit-policy': '2;w=1, 3;w=10' });
    const starts: number[] = [];
    for (let i = 0; i < 5; i++) starts.push((await pacer.acquire(), clock.now()));
    expect(starts).toEqual([0, 0, 1000, 10_000, 10_000]);
  });

  it('keeps a limit the user configured as a ceiling whatever the service announces', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 2, windowMs: 1000, explicit: true, marginMs: 0, ...clock });
    pacer.observe({ 'ratelimit-policy': '100;w=1' });
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) starts.push((await pacer.acquire(), clock.now()));
    expect(starts).toEqual([0, 0, 1000]);
  });

  it('takes X-RateLimit-Limit, which names no window, only to lower the limit', () => {
    const pacer = new Pacer({ limit: 120, windowMs: 60_000 });
    pacer.observe({ 'x-ratelimit-limit': '100000', 'x-ratelimit-remaining': '99999' });
    expect(pacer.limits).toEqual([{ limit: 120, windowMs: 60_000 }]);
    pacer.observe({ 'x-ratelimit-limit': '60' });
    expect(pacer.limits).toEqual([{ limit: 60, windowMs: 60_000 }]);
  });

  it('reads both spellings of RateLimit-Policy and ignores what it cannot read', () => {
    expect(parseRateLimitHeaders({ 'ratelimit-policy': '120;w=60' })).toEqual({ policies: [{ limit: 120, windowMs: 60_000 }] });
    expect(parseRateLimitHeaders({ 'ratelimit-policy': '"default";q=600;w=60, "day";q=10000;w=86400' })).toEqual({
      policies: [
        { limit: 600, windowMs: 60_000 },
        { limit: 10_000, windowMs: 86_400_000 },
      ],
    });
    expect(parseRateLimitHeaders({ 'ratelimit-policy': 'nonsense' })).toBeUndefined();
    expect(parseRateLimitHeaders({})).toBeUndefined();
  });

  it('holds every request of the token after a Retry-After', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 100, windowMs: 1000, ...clock });
    pacer.blockUntil(5000);
    await pacer.acquire();
    expect(clock.now()).toBe(5000);
  });

  it('follows the limit a real server announces in its answers', async () => {
    const server = await scriptedServer((_req, res) => json(res, 200, { ok: true }, { 'RateLimit-Policy': '3;w=1' }));
    const client = new ApiClient({ redactor: new Redactor(), baseUrl: server.url, token: `announce-${Math.random()}`, userAgent: 'x' });
    for (let i = 0; i < 5; i++) await client.get('/v1/me', undefined, ANY);
    await client.close();
    await server.close();
    const times = server.seen.map((s) => s.at);
    // Without the announcement all five would pass under the contract's 120 a minute.
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(990);
  });

  it('does not charge signed file links to the token, but honours a 429 from their host', async () => {
    let files = 0;
    const server = await scriptedServer((req, res) => {
      if (req.url!.startsWith('/files/')) {
        files++;
        if (files === 1) return json(res, 429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'Retry-After': '0' });
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n');
        return;
      }
      json(res, 200, { ok: true });
    });
    const token = `files-${Math.random()}`;
    const client = new ApiClient({
      redactor: new Redactor(),
      baseUrl: server.url,
      token,
      userAgent: 'x',
      rateLimit: { limit: 1, windowMs: 60_000 },
      retry: { baseDelayMs: 1 },
    });
    await client.get('/v1/me', undefined, ANY); // the token's only request this minute
    const bodies = await Promise.all(
      [1, 2, 3].map(async (n) => (await client.download(`${server.url}/files/f24/${n}.pdf?expires=9&signature=abc`)).body.text()),
    );
    await client.close();
    await server.close();
    expect(bodies).toEqual(['%PDF-1.4\n', '%PDF-1.4\n', '%PDF-1.4\n']);
    // Three files and one retried 429, none waiting for the token's next minute.
    expect(server.seen.filter((s) => s.url.startsWith('/files/'))).toHaveLength(4);
    expect(server.seen.every((s) => !s.url.startsWith('/files/') || s.headers.authorization === undefined)).toBe(true);
  });

  it('keeps concurrent client requests inside the limit against a real server', async () => {
    const server = await scriptedServer((_req, res) => json(res, 200, { ok: true }));
    const client = new ApiClient({
      redactor: new Redactor(),
      baseUrl: server.url,
      token: `pace-${Math.random()}`,
      userAgent: 'x',
      rateLimit: { limit: 4, windowMs: 300 },
    });
    await Promise.all(Array.from({ length: 10 }, () => client.get('/v1/me', undefined, ANY)));
    await client.close();
    await server.close();
    const times = server.seen.map((s) => s.at).sort((a, b) => a - b);
    // Unpaced, all ten would arrive within a few milliseconds. Paced, any five arrivals span about a
    // window; the tolerance absorbs a loaded machine's event-loop lag in the server's own timestamps.
    for (let i = 4; i < times.length; i++) expect(times[i] - times[i - 4]).toBeGreaterThanOrEqual(200);
  });
});
