import { describe, expect, test } from 'vitest';
import { call, start } from './helpers.js';

const FIRM = { token: 'demo-firm-bianchi' };

describe('pagination and query validation', () => {
  test('meta over several pages of /v1/accounts', async () => {
    const emu = await start();
    const p1 = await call(emu.url, '/v1/accounts?per_page=3', FIRM);
    expect(p1.json.meta).toEqual({ page: 1, per_page: 3, total: 4, next_page: 2 });
    expect(p1.json.data.map((a: { id: string }) => a.id)).toEqual(['acc_rossi', 'acc_verdi', 'acc_neri']);
    const p2 = await call(emu.url, '/v1/accounts?per_page=3&page=2', FIRM);
    expect(p2.json.meta).toEqual({ page: 2, per_page: 3, total: 4, next_page: null });
    expect(p2.json.data.map((a: { id: string }) => a.id)).toEqual(['acc_gialli']);
    const past = await call(emu.url, '/v1/accounts?per_page=3&page=5', FIRM);
    expect(past.json).toEqual({ data: [], meta: { page: 5, per_page: 3, total: 4, next_page: null } });
    const dflt = await call(emu.url, '/v1/accounts', FIRM);
    expect(dflt.json.meta).toEqual({ page: 1, per_page: 50, total: 4, next_page: null });
  });

  test.each([
    ['per_page=101', 'per_page must be between 1 and 100'],
    ['per_page=0', 'per_page must be between 1 and 100'],
    ['per_page=ten', 'per_page must be between 1 and 100'],
    ['page=0', 'page must be an integer of at least 1'],
    ['page=-1', 'page must be an integer of at least 1'],
  ])('%s → 422 validation_error', async (query, message) => {
    const emu = await start();
    const r = await call(emu.url, `/v1/accounts?${query}`, FIRM);
    expect(r.status).toBe(422);
    expect(r.json.error).toMatchObject({ code: 'validation_error', message });
  });

  test('updated_since filters on the internal update instant; malformed → 422', async () => {
    const emu = await start(); // today 2025-03-15: rossi updated 3 days ago, neri 10, gialli 20, verdi 40
    const since = async (q: string) =>
      (await call(emu.url, `/v1/accounts?updated_since=${encodeURIComponent(q)}`, FIRM)).json.data.map((a: { id: string }) => a.id);
    expect(await since('2025-03-01T00:00:00+01:00')).toEqual(['acc_rossi', 'acc_neri']);
    expect(await since('2025-03-10')).toEqual(['acc_rossi']);
    expect(await since('2025-01-01T00:00:00Z')).toEqual(['acc_rossi', 'acc_verdi', 'acc_neri', 'acc_gialli']);
    expect(await since('2025-02-20')).toEqual(['acc_rossi', 'acc_neri', 'acc_gialli']);
    // an unencoded "+" arrives as a space: tolerated
    const raw = await call(emu.url, '/v1/accounts?updated_since=2025-03-01T00:00:00+01:00', FIRM);
    expect(raw.json.data).toHaveLength(2);
    const bad = await call(emu.url, '/v1/accounts?updated_since=yesterday', FIRM);
    expect(bad.status).toBe(422);
    expect(bad.json.error).toMatchObject({ code: 'validation_error', field: 'updated_since' });
    expect((await call(emu.url, '/v1/accounts?updated_since=2025-02-30', FIRM)).status).toBe(422);
  });

  test('/v1/receipts-uploads is always empty and unsupported', async () => {
    const emu = await start();
    const r = await call(emu.url, '/v1/receipts-uploads', FIRM);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      data: [],
      meta: { page: 1, per_page: 50, total: 0, next_page: null, supported: false, note: expect.any(String) },
    });
    expect((await call(emu.url, '/v1/receipts-uploads?updated_since=nope', FIRM)).status).toBe(422);
    expect((await call(emu.url, '/v1/receipts-uploads', { token: 'demo-readonly-invoices' })).status).toBe(403);
  });
});
