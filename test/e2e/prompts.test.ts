import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';
import { processEnv } from './process-env.js';
import { KEY, spawnPty } from './pty.js';

/** Each wait has its own deadline (pty.ts); the whole flow gets room for a loaded machine. */
const GUIDED_TIMEOUT_MS = 180_000;

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

describe('prompts on a real terminal', () => {
  it('auth login asks for the token with a hidden prompt and never echoes it', { timeout: GUIDED_TIMEOUT_MS }, async () => {
    const dir = join(h.home, 'pty-profiles');
    const env = { PATH: process.env.PATH, HOME: h.home, FISCO_CONFIG_DIR: dir, NO_COLOR: '1' };
    const session = spawnPty('node', [BIN, 'auth', 'login', '--base-url', h.emulator.url], env);
    await session.expect('Token for production');
    session.send(`${TOKENS.prod}${KEY.enter}`);
    expect(await session.exit()).toBe(0);
    expect(session.screen()).toContain('Logged in to Rossi Consulting');
    expect(session.screen()).not.toContain(TOKENS.prod);
    const list = await h.run(['auth', 'list'], { token: null, baseUrl: null, env: { FISCO_CONFIG_DIR: dir } });
    expect(parseJson(list.stdout)[0].name).toBe('rossi-consulting-srl-production');
  });

  it('Ctrl-C at a prompt cancels with exit 10 and stores nothing', { timeout: GUIDED_TIMEOUT_MS }, async () => {
    const dir = join(h.home, 'pty-cancel');
    const env = { PATH: process.env.PATH, HOME: h.home, FISCO_CONFIG_DIR: dir, NO_COLOR: '1' };
    const session = spawnPty('node', [BIN, 'auth', 'login', '--base-url', h.emulator.url], env);
    await session.expect('Token for production');
    session.send(KEY.ctrlC);
    expect(await session.exit()).toBe(10);
    expect(session.screen()).toContain('cancelled');
  });

  it('--no-input on a terminal never prompts: the missing token is a usage error naming the flag', { timeout: GUIDED_TIMEOUT_MS }, async () => {
    const env = { PATH: process.env.PATH, HOME: h.home, FISCO_CONFIG_DIR: join(h.home, 'pty-noinput'), NO_COLOR: '1' };
    const session = spawnPty('node', [BIN, 'auth', 'login', '--no-input', '--base-url', h.emulator.url], env);
    expect(await session.exit()).toBe(2);
    expect(session.screen()).toContain('--with-token');
  });

  it('shows a table on a terminal', { timeout: GUIDED_TIMEOUT_MS }, async () => {
    const session = spawnPty('node', [BIN, 'accounts', 'list'], processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'pty-table') }, TOKENS.firm));
    expect(await session.exit()).toBe(0);
    expect(session.screen()).toMatch(/ID\s+Name\s+VAT number/);
  });
});
