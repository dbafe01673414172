import { describe, expect, it } from 'vitest';
import { Pacer } from '../../../src/api/pacer.js';
import { ApiClient } from '../../../src/api/client.js';
import { json, scriptedServer } from './server.js';

function fakeClock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => { now += ms; } };
}

describe('Pacer', () => {
  it('lets at most `limit` requests start in any window, in arrival order', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 3, windowMs: 1000, marginMs: 0, ...clock });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 7 }, () => pacer.acquire().then(() => starts.push(clock.now()))));
    expect(starts).toEqual([0, 0, 0, 1000, 1000, 1000, 2000]);
  });

  it('adds a safety margin to the window by default', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 1, windowMs: 60_000, ...clock });
    await pacer.acquire();
    await pacer.acquire();
    expect(clock.now()).toBe(61_000);
  });

  it('holds every request of the token after a Retry-After', async () => {
    const clock = fakeClock();
    const pacer = new Pacer({ limit: 100, windowMs: 1000, ...clock });
    pacer.blockUntil(5000);
    await pacer.acquire();
    expect(clock.now()).toBe(5000);
  });

  it('keeps concurrent client requests inside the limit against a real server', async () => {
    const server = await scriptedServer((_req, res) => json(res, 200, { ok: true }));
    const client = new ApiClient({ baseUrl: server.url, token: `pace-${Math.random()}`, userAgent: 'x', rateLimit: { limit: 4, windowMs: 300 } });
    await Promise.all(Array.from({ length: 10 }, () => client.get('/v1/me')));
    await client.close();
    await server.close();
    const times = server.seen.map((s) => s.at).sort((a, b) => a - b);
    for (let i = 4; i < times.length; i++) expect(times[i] - times[i - 4]).toBeGreaterThanOrEqual(290);
  });
});
