import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isValidVat } from '../../src/emulator/italian.js';
import { call, start } from './helpers.js';

const ROSSI = { token: 'demo-prod-rossi' };
const withoutLog = (state: Record<string, unknown>) => ({ ...state, requests: undefined });

describe('state', () => {
  test('the state file is written after a write and loaded by the next run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fisco-emu-'));
    const stateFile = join(dir, 'nested', 'state.json');
    const first = await start({ stateFile });
    expect((await call(first.url, '/v1/test-notes', { ...ROSSI, method: 'POST', body: { n: 42 } })).status).toBe(201);
    await first.close();
    const saved = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(saved.events).toMatchObject([{ key: 'test.note', data: { n: 42 } }]);
    expect(saved.requests).toBeUndefined();
    expect(readdirSync(join(dir, 'nested'))).toEqual(['state.json']); // no temporary files left

    const second = await start({ stateFile });
    expect(second.store.events).toMatchObject([{ id: 'evt_1', data: { n: 42 } }]);
    await call(second.url, '/v1/test-notes', { ...ROSSI, method: 'POST', body: { n: 43 } });
    expect(second.store.events.map((e) => e.id)).toEqual(['evt_1', 'evt_2']); // sequences survive
    second.reset();
    expect(second.store.events).toEqual([]);
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).events).toEqual([]);
  });

  test('a state file that is not an emulator state is refused with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fisco-emu-'));
    const stateFile = join(dir, 'state.json');
    writeFileSync(stateFile, '{"hello":1}');
    await expect(start({ stateFile })).rejects.toThrow(/state\.json is unusable.*delete it/);
  });

  test('the seed is deterministic: two starts give the same data', async () => {
    const a = await start();
    const b = await start();
    const stateA = (await call(a.url, '/__emulator/state')).json;
    const stateB = (await call(b.url, '/__emulator/state')).json;
    expect(withoutLog(stateA)).toEqual(withoutLog(stateB));
    expect(stateA.accounts.length).toBeGreaterThanOrEqual(4);
  });

  test('seed dates follow `today`', async () => {
    const emu = await start({ today: '2030-06-10' });
    const rossi = emu.store.accounts.find((a) => a.id === 'acc_rossi')!;
    expect(rossi.updatedAt.startsWith('2030-06-07T')).toBe(true);
    // the expired token is still expired on the virtual clock
    expect((await call(emu.url, '/v1/me', { token: 'demo-expired' })).status).toBe(401);
  });

  test('seeded companies carry valid VAT numbers; tokens are listed', async () => {
    const emu = await start();
    for (const account of emu.store.accounts) expect(isValidVat(account.vat_number)).toBe(true);
    expect(emu.tokens.map((t) => t.token)).toEqual(['demo-prod-rossi', 'demo-sandbox-rossi', 'demo-firm-bianchi', 'demo-readonly-invoices', 'demo-expired']);
    expect(emu.tokens.find((t) => t.name === 'sandbox-rossi')?.environment).toBe('sandbox');
  });

  test('POST /__emulator/reset re-seeds and clears the request log', async () => {
    const emu = await start();
    await call(emu.url, '/v1/test-notes', { ...ROSSI, method: 'POST', body: {} });
    const r = await call(emu.url, '/__emulator/reset', { method: 'POST' });
    expect(r.json.data.reset).toBe(true);
    expect(emu.store.events).toEqual([]);
    expect(emu.store.requests).toEqual([]);
  });
});
