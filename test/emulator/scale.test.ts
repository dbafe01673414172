/**
 * The emulator at scale: seed sizes as options, 100,000 invoices generated at start, and a page
 * request whose cost does not grow with the collection — measured by counting the work of the
 * ordered views (sorts, comparisons, scope tests), never by the clock. And the announced rate limit.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_SEED_SIZES } from '../../src/emulator/runtime.js';
import { viewStats } from '../../src/emulator/views.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, start } from './helpers.js';

const ROSSI = { token: 'demo-prod-rossi' };

async function pageWork(emu: RunningEmulator, path: string) {
  const before = viewStats(emu.store);
  const r = await call(emu.url, path, ROSSI);
  expect(r.status).toBe(200);
  const after = viewStats(emu.store);
  return { json: r.json, builds: after.builds - before.builds, compared: after.compared - before.compared, tested: after.tested - before.tested };
}

describe('seed sizes', () => {
  test('each size is an option of the main company; the others keep theirs', async () => {
    const emu = await start({ sizes: { invoices: 300, f24s: 25, expenses: 50, clients: 7, deadlines: 9 } });
    const count = (items: Array<{ accountId: string }>) => items.filter((i) => i.accountId === 'acc_rossi').length;
    const s = emu.store;
    expect([count(s.invoices), count(s.f24s), count(s.expenses), count(s.clients), count(s.taxDeadlines)]).toEqual([300, 25, 50, 7, 9]);
    const defaults = await start();
    expect(defaults.store.invoices.filter((i) => i.accountId === 'acc_verdi')).toHaveLength(s.invoices.filter((i) => i.accountId === 'acc_verdi').length);
    expect(defaults.store.invoices.filter((i) => i.accountId === 'acc_rossi')).toHaveLength(DEFAULT_SEED_SIZES.invoices);
  });

  test('bad sizes are refused', async () => {
    await expect(start({ sizes: { invoices: -1 } })).rejects.toThrow(/invoices must be a whole number/);
    await expect(start({ sizes: { f24s: 1.5 } })).rejects.toThrow(/f24s must be a whole number/);
  });
});

describe('a page costs O(page size)', () => {
  test('100,000 invoices: after the first request, a page is a slice — no sort, no comparison, no scan', { timeout: 120_000 }, async () => {
    const big = await start({ sizes: { invoices: 100_000 } });
    expect(big.store.invoices.filter((i) => i.accountId === 'acc_rossi')).toHaveLength(100_000);
    const small = await start({ sizes: { invoices: 1_000 } });

    for (const emu of [small, big]) {
      const first = await pageWork(emu, '/v1/invoices?per_page=100');
      expect(first.builds).toBe(1); // the view: built once
      const deep = await pageWork(emu, '/v1/invoices?per_page=100&page=7');
      expect([deep.builds, deep.compared, deep.tested]).toEqual([0, 0, 0]);
      expect(deep.json.data).toHaveLength(100);
      // the order is the list's: newest issue date first
      const dates = deep.json.data.map((i: { issue_date: string }) => i.issue_date);
      expect([...dates].sort().reverse()).toEqual(dates);
      // a filtered list scans the ordered view, but never sorts
      const filtered = await pageWork(emu, '/v1/invoices?per_page=100&payment_status=unpaid');
      expect([filtered.builds, filtered.compared]).toEqual([0, 0]);
    }

    // a creation is placed by binary search: a few dozen comparisons, not a re-sort
    const created = await call(big.url, '/fatture/nuova/piva', {
      ...ROSSI,
      method: 'POST',
      body: { piva: '00743110157', articoli: [{ nome: 'A', quantita: 1, prezzo: 1, iva: 22 }] },
    });
    expect(created.status).toBe(201);
    const after = await pageWork(big, '/v1/invoices?per_page=5');
    expect(after.builds).toBe(0);
    expect(after.json.data[0].id).toBe(String(created.json.data.id));
    expect(after.json.meta.total).toBe(big.store.invoices.filter((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound').length);
  });

  test('every big list (clients, expenses, F24s, deadlines) pages from its view', async () => {
    const emu = await start();
    for (const path of [
      '/clients?per_page=10&page=2',
      '/v1/expenses?per_page=10&page=3',
      '/v1/f24s?per_page=10&page=2',
      '/v1/tax-deadlines?per_page=10&page=2',
    ]) {
      await pageWork(emu, path); // builds the view
      const again = await pageWork(emu, path);
      expect([again.builds, again.compared, again.tested], path).toEqual([0, 0, 0]);
      expect(again.json.data).toHaveLength(10);
    }
  });
});

describe('the announced rate limit', () => {
  test('RateLimit-Policy: <limit>;w=<window seconds>, beside X-RateLimit-Limit/-Remaining, also on a 429', async () => {
    const emu = await start();
    const r = await call(emu.url, '/v1/me', ROSSI);
    expect(r.headers.get('ratelimit-policy')).toBe('120;w=60');
    expect(r.headers.get('x-ratelimit-limit')).toBe('120');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('119');

    const tight = await start({ rateLimit: { limit: 2, windowMs: 30_000 } });
    expect((await call(tight.url, '/v1/me', ROSSI)).headers.get('ratelimit-policy')).toBe('2;w=30');
    await call(tight.url, '/v1/me', ROSSI);
    const limited = await call(tight.url, '/v1/me', ROSSI);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-policy')).toBe('2;w=30');
    tight.setRateLimit({ limit: 300, windowMs: 60_000 });
    expect((await call(tight.url, '/v1/me', ROSSI)).headers.get('ratelimit-policy')).toBe('300;w=60');
  });
});
