import { describe, expect, test } from 'vitest';
import { call, start } from './helpers.js';

describe('authentication and environments', () => {
  test('401 unauthorized without a token, with an unknown token, with an expired token', async () => {
    const emu = await start();
    for (const token of [undefined, 'nope', 'demo-expired']) {
      const r = await call(emu.url, '/v1/me', { token });
      expect(r.status).toBe(401);
      expect(r.json.error.code).toBe('unauthorized');
      expect(typeof r.json.error.message).toBe('string');
    }
    expect((await call(emu.url, '/v1/me', { token: 'demo-expired' })).json.error.message).toMatch(/expired/);
  });

  test('403 wrong_environment names the right host, both directions', async () => {
    const emu = await start();
    const sandboxOnProd = await call(emu.url, '/v1/me', { token: 'demo-sandbox-rossi' });
    expect(sandboxOnProd.status).toBe(403);
    expect(sandboxOnProd.json.error).toEqual({
      code: 'wrong_environment',
      message: `This token belongs to the sandbox environment; use ${emu.sandboxUrl}`,
      host: emu.sandboxUrl,
    });
    const prodOnSandbox = await call(emu.sandboxUrl, '/v1/me', { token: 'demo-prod-rossi' });
    expect(prodOnSandbox.status).toBe(403);
    expect(prodOnSandbox.json.error.code).toBe('wrong_environment');
    expect(prodOnSandbox.json.error.host).toBe(emu.url);
    expect(prodOnSandbox.json.error.message).toContain(emu.url);
  });

  test('each environment serves its own companies', async () => {
    const emu = await start();
    const prod = await call(emu.url, '/v1/me', { token: 'demo-prod-rossi' });
    const sandbox = await call(emu.sandboxUrl, '/v1/me', { token: 'demo-sandbox-rossi' });
    expect(prod.json.data.company.id).toBe('acc_rossi');
    expect(sandbox.json.data.company).toMatchObject({ id: 'acc_rossi_sandbox', name: 'Rossi Consulting S.r.l. (sandbox)' });
    const accounts = await call(emu.sandboxUrl, '/v1/accounts', { token: 'demo-sandbox-rossi' });
    expect(accounts.json.data.map((a: { id: string }) => a.id)).toEqual(['acc_rossi_sandbox']);
  });

  test('403 forbidden names the missing ability; /v1/me needs none', async () => {
    const emu = await start();
    const r = await call(emu.url, '/v1/accounts', { token: 'demo-readonly-invoices' });
    expect(r.status).toBe(403);
    expect(r.json.error).toEqual({
      code: 'forbidden',
      message: "This token lacks the ability 'accounts:read'",
      ability: 'accounts:read',
    });
    const me = await call(emu.url, '/v1/me', { token: 'demo-readonly-invoices' });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ abilities: ['invoices:read'], full_access: false, webhooks_ready: false });
  });

  test('/v1/me for a company token and for a firm token', async () => {
    const emu = await start();
    const company = await call(emu.url, '/v1/me', { token: 'demo-prod-rossi' });
    expect(company.json.data).toMatchObject({
      token_type: 'company',
      company: { id: 'acc_rossi', name: 'Rossi Consulting S.r.l.' },
      accounts_count: 1,
      full_access: true,
      webhooks_supported: true,
      webhooks_ready: true,
    });
    const firm = await call(emu.url, '/v1/me', { token: 'demo-firm-bianchi' });
    expect(firm.json.data).toMatchObject({
      token_type: 'firm',
      company: { id: 'firm_bianchi', name: 'Studio Bianchi Commercialisti' },
      accounts_count: 4,
      full_access: false, // it lacks f24:read on acc_gialli
      webhooks_ready: false,
    });
    expect(Object.keys(firm.json.data.company).sort()).toEqual(['id', 'name', 'vat_number']);
  });

  test('unknown routes answer 404 not_found (after authentication); control routes need no token', async () => {
    const emu = await start();
    const r = await call(emu.url, '/v1/nothing-here', { token: 'demo-prod-rossi' });
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe('not_found');
    expect((await call(emu.sandboxUrl, '/v1/nothing', { token: 'demo-sandbox-rossi' })).status).toBe(404);
    expect((await call(emu.url, '/__emulator/tokens')).json.data).toHaveLength(5);
    expect((await call(emu.url, '/__emulator/bogus')).status).toBe(404);
  });

  test('the request log records method, path, query, token name and status, never the secret', async () => {
    const emu = await start();
    await call(emu.url, '/v1/accounts?per_page=1', { token: 'demo-firm-bianchi' });
    await call(emu.url, '/v1/me', { token: 'wrong' });
    const log = (await call(emu.url, '/__emulator/requests')).json.data;
    expect(log).toMatchObject([
      { method: 'GET', path: '/v1/accounts', query: { per_page: '1' }, token: 'firm-bianchi', status: 200, dropped: false },
      { method: 'GET', path: '/v1/me', token: null, status: 401 },
    ]);
    expect(JSON.stringify(log)).not.toContain('demo-firm-bianchi');
    expect((await call(emu.url, '/__emulator/requests', { method: 'DELETE' })).status).toBe(204);
    expect((await call(emu.url, '/__emulator/requests')).json.data).toEqual([]);
  });
});
