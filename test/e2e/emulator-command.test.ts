import { execa } from 'execa';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, TOKENS } from './harness.js';

describe('fisco emulator', () => {
  it('serves the API on a free port, prints base URLs and tokens, keeps state, and stops on SIGINT', async () => {
    const home = mkdtempSync(join(tmpdir(), 'fisco-emu-'));
    const state = join(home, 'state.json');
    const env = { PATH: process.env.PATH!, HOME: home, FISCO_CONFIG_DIR: join(home, 'cfg'), NO_COLOR: '1' };
    const server = execa('node', [BIN, 'emulator', '--port', '0', '--state', state, '--today', '2026-11-20', '-o', 'json'], { env, extendEnv: false, reject: false, buffer: false });
    let out = '';
    const info = await new Promise<{ url: string; sandbox_url: string; tokens: { token: string }[] }>((resolve, reject) => {
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        try {
          resolve(JSON.parse(out));
        } catch {
          /* wait for the whole object */
        }
      });
      server.on('exit', () => reject(new Error(`emulator exited early: ${out}`)));
    });
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.sandbox_url).toBe(`${info.url}/sandbox`);
    expect(info.tokens.map((t) => t.token)).toEqual(expect.arrayContaining(Object.values(TOKENS)));

    const whoami = await execa('node', [BIN, 'whoami'], { env: { ...env, FISCO_TOKEN: TOKENS.prod, FISCO_BASE_URL: info.url }, extendEnv: false, reject: false });
    expect(whoami.exitCode).toBe(0);
    expect(JSON.parse(whoami.stdout).company.name).toMatch(/Rossi/);

    server.kill('SIGINT');
    const ended = await server;
    expect(ended.exitCode).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8')).accounts.length).toBeGreaterThan(0);
  });

  it('refuses a non-loopback address', async () => {
    const result = await execa('node', [BIN, 'emulator', '--host', '0.0.0.0'], { reject: false, env: { NO_COLOR: '1' } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--host: must be a loopback address');
  });
});
