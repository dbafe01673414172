import { execa } from 'execa';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
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

  it('a port in use is a usage error saying so and what to do (exit 2), not a bug; nothing is started', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      for (const lang of ['en', 'it']) {
        const result = await execa('node', [BIN, 'emulator', '--port', String(port)], {
          reject: false,
          env: { NO_COLOR: '1', FISCO_LANG: lang, FISCO_I18N_STRICT: '1' },
          timeout: 20_000,
        });
        expect(result.exitCode, result.stderr).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).not.toMatch(/bug in fisco|unexpected error/);
        expect(result.stderr).toBe(
          lang === 'en'
            ? `fisco: --port: ${port} on 127.0.0.1 is already in use (another emulator or program listens there); nothing was started\n` +
                '  Pick another port with --port, or --port 0 for a free one (the address is printed).'
            : `fisco: --port: ${port} su 127.0.0.1 è già in uso (vi ascolta un altro emulatore o programma); non è stato avviato nulla\n` +
                '  Scegli un’altra porta con --port, o --port 0 per una libera (l’indirizzo viene stampato).',
        );
      }
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('refuses a non-loopback address', async () => {
    const result = await execa('node', [BIN, 'emulator', '--host', '0.0.0.0'], { reject: false, env: { NO_COLOR: '1' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--host: must be a loopback address');
  });
});
