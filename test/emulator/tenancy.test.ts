import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/emulator/errors.js';
import { seedStore } from '../../src/emulator/runtime.js';
import type { TokenRecord } from '../../src/emulator/store.js';
import { resolveScope } from '../../src/emulator/tenancy.js';
import { call, start, TODAY } from './helpers.js';

const store = seedStore(1, TODAY, []);
const tokenNamed = (name: string): TokenRecord => store.tokens.find((t) => t.name === name)!;

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('resolveScope (unit)', () => {
  test('a firm token without account_id is ambiguous where one company is needed', () => {
    const err = thrown(() => resolveScope(store, tokenNamed('firm-bianchi'), undefined, { requireSingle: true }));
    expect(err.status).toBe(422);
    expect(err.body()).toEqual({
      error: {
        code: 'ambiguous_account',
        message:
          'This token manages 4 companies; say which with account_id: acc_rossi (Rossi Consulting S.r.l.), ' +
          'acc_verdi (Verdi Costruzioni S.p.A.), acc_neri (Neri Design di Anna Neri), acc_gialli (Gialli Alimentari S.n.c.)',
        accounts: [
          { id: 'acc_rossi', name: 'Rossi Consulting S.r.l.' },
          { id: 'acc_verdi', name: 'Verdi Costruzioni S.p.A.' },
          { id: 'acc_neri', name: 'Neri Design di Anna Neri' },
          { id: 'acc_gialli', name: 'Gialli Alimentari S.n.c.' },
        ],
      },
    });
  });

  test('a firm token reads across its companies, or narrows to one with account_id', () => {
    const all = resolveScope(store, tokenNamed('firm-bianchi'), undefined, { requireSingle: false });
    expect(all.account).toBeNull();
    expect([...all.accountIds]).toEqual(['acc_rossi', 'acc_verdi', 'acc_neri', 'acc_gialli']);
    const one = resolveScope(store, tokenNamed('firm-bianchi'), 'acc_verdi', { requireSingle: true });
    expect(one.account?.id).toBe('acc_verdi');
    expect(one.accounts).toHaveLength(1);
  });

  test('a single-company token always acts on its company; another company is 404', () => {
    const own = resolveScope(store, tokenNamed('prod-rossi'), undefined, { requireSingle: true });
    expect(own.account?.id).toBe('acc_rossi');
    expect(resolveScope(store, tokenNamed('prod-rossi'), 'acc_rossi', { requireSingle: true }).account?.id).toBe('acc_rossi');
    const other = thrown(() => resolveScope(store, tokenNamed('prod-rossi'), 'acc_verdi', { requireSingle: false }));
    expect(other.status).toBe(404);
    expect(other.code).toBe('not_found');
    // a company of the other environment is not "its" either
    expect(thrown(() => resolveScope(store, tokenNamed('prod-rossi'), 'acc_rossi_sandbox', { requireSingle: true })).status).toBe(404);
  });

  test('the legacy error shape is available to routes that use it', () => {
    const err = thrown(() => resolveScope(store, tokenNamed('firm-bianchi'), undefined, { requireSingle: true, shape: 'legacy' }));
    expect(err.body()).toEqual({ success: false, errors: [{ message: expect.stringContaining('account_id') }] });
  });
});

describe('tenancy over HTTP', () => {
  test('GET /v1/accounts/{id}: a firm token sees each of its companies; others are 404', async () => {
    const emu = await start();
    for (const id of ['acc_rossi', 'acc_verdi', 'acc_neri']) {
      const r = await call(emu.url, `/v1/accounts/${id}`, { token: 'demo-firm-bianchi' });
      expect(r.status).toBe(200);
      expect(Object.keys(r.json.data).sort()).toEqual(['fiscal_code', 'id', 'name', 'status', 'vat_number']);
    }
    const foreign = await call(emu.url, '/v1/accounts/acc_verdi', { token: 'demo-prod-rossi' });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe('not_found');
    expect((await call(emu.url, '/v1/accounts/acc_nobody', { token: 'demo-firm-bianchi' })).status).toBe(404);
  });

  test('a write needing one company: 422 ambiguous_account without account_id, accepted with it (query, on a POST)', async () => {
    const emu = await start();
    const ambiguous = await call(emu.url, '/v1/test-notes', { token: 'demo-firm-bianchi', method: 'POST', body: { n: 1 } });
    expect(ambiguous.status).toBe(422);
    expect(ambiguous.json.error.code).toBe('ambiguous_account');
    expect(ambiguous.json.error.accounts).toHaveLength(4);
    const ok = await call(emu.url, '/v1/test-notes?account_id=acc_neri', { token: 'demo-firm-bianchi', method: 'POST', body: { n: 2 } });
    expect(ok.status).toBe(201);
    expect(ok.json.data.account_id).toBe('acc_neri');
    expect(emu.store.events).toMatchObject([{ accountId: 'acc_neri', environment: 'production', key: 'test.note', data: { n: 2 } }]);
    const company = await call(emu.url, '/v1/test-notes', { token: 'demo-prod-rossi', method: 'POST', body: {} });
    expect(company.json.data.account_id).toBe('acc_rossi');
  });

  test('account_id narrows a firm list; a company token naming another company gets 404', async () => {
    const emu = await start();
    const one = await call(emu.url, '/v1/accounts?account_id=acc_verdi', { token: 'demo-firm-bianchi' });
    expect(one.json.data.map((a: { id: string }) => a.id)).toEqual(['acc_verdi']);
    expect((await call(emu.url, '/v1/accounts?account_id=acc_verdi', { token: 'demo-prod-rossi' })).status).toBe(404);
  });
});
