/**
 * `fisco emulator` takes the seed sizes as options and announces its rate limit in the
 * RateLimit-Policy header the client can pace to.
 */
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { spawnEmulator } from './emulator-process.js';
import { BIN, TOKENS } from './harness.js';

async function total(url: string, path: string): Promise<{ total: number; policy: string | null }> {
  const r = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${TOKENS.prod}` } });
  expect(r.status).toBe(200);
  return { total: ((await r.json()) as { meta: { total: number } }).meta.total, policy: r.headers.get('ratelimit-policy') };
}

describe('fisco emulator: seed sizes and the announced rate limit', () => {
  it('--invoices, --f24s, --expenses, --clients, --deadlines size the main company; --rate-limit shows in RateLimit-Policy', { timeout: 60_000 }, async () => {
    const emulator = await spawnEmulator(
      ['--invoices', '5000', '--f24s', '300', '--expenses', '400', '--clients', '150', '--deadlines', '90', '--rate-limit', '300'],
      'fisco-emu-sizes-',
    );
    const { info } = emulator;
    try {
      const outbound = await total(info.url, '/v1/invoices?per_page=1');
      const inbound = await total(info.url, '/v1/invoices?per_page=1&direction=inbound');
      expect(outbound.total + inbound.total).toBe(5000);
      expect(outbound.policy).toBe('300;w=60');
      expect((await total(info.url, '/v1/f24s?per_page=1')).total).toBe(300);
      expect((await total(info.url, '/v1/expenses?per_page=1')).total).toBe(400);
      expect((await total(info.url, '/clients?per_page=1')).total).toBe(150);
      expect((await total(info.url, '/v1/tax-deadlines?per_page=1')).total).toBe(90);
    } finally {
      await emulator.stop();
    }
    const bad = await execa('node', [BIN, 'emulator', '--invoices', 'many'], { reject: false, env: { NO_COLOR: '1' } });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--invoices');
  });
});
