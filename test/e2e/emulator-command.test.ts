import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnEmulator } from './emulator-process.js';
import { BIN, TOKENS } from './harness.js';

describe('fisco emulator', () => {
  it('serves the API on a free port, prints base URLs and tokens, keeps state, and stops on SIGINT', async () => {
    const emulator = await spawnEmulator((home) => ['--state', join(home, 'state.json')]);
    const { info, env } = emulator;
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.sandbox_url).toBe(`${info.url}/sandbox`);
    expect(info.tokens.map((t) => t.token)).toEqual(expect.arrayContaining(Object.values(TOKENS)));

    const whoami = await execa('node', [BIN, 'whoami'], {
      env: { ...env, FISCO_TOKEN: TOKENS.prod, FISCO_BASE_URL: info.url },
      extendEnv: false,
      reject: false,
    });
    expect(whoami.exitCode).toBe(0);
    expect(JSON.parse(whoami.stdout).company.name).toMatch(/Rossi/);

    expect(await emulator.stop()).toBe(0);
    expect(JSON.parse(readFileSync(join(emulator.home, 'state.json'), 'utf8')).accounts.length).toBeGreaterThan(0);
  });

  it('refuses a non-loopback address', async () => {
    const result = await execa('node', [BIN, 'emulator', '--host', '0.0.0.0'], { reject: false, env: { NO_COLOR: '1' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--host: must be a loopback address');
  });
});
