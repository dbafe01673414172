/**
 * The profile store (issue 8 point 7, issue 11 point 5): simultaneous logins never lose a profile;
 * a file of the wrong shape is reported and never rewritten; the format version and the
 * migration of the unversioned file; a held lock; logins that would replace a profile and
 * logouts that ask and never switch company silently.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN, harness, parseJson, TOKENS, type Harness } from './harness.js';
import { KEY, spawnPty } from './pty.js';

// Each test spawns several processes: room for a loaded machine (every wait is on an outcome, never a fixed time).
vi.setConfig({ testTimeout: 120_000 });

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

let dirs = 0;
const freshDir = () => join(h.home, `profiles-${++dirs}`);
const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

/** The three demo credentials of three different company/environment pairs. */
const LOGINS = {
  prod: { token: TOKENS.prod, args: [] as string[], profile: 'rossi-consulting-srl-production' },
  sandbox: { token: TOKENS.sandbox, args: ['--env', 'sandbox'], profile: 'rossi-consulting-srl-sandbox' },
  firm: { token: TOKENS.firm, args: [] as string[], profile: 'studio-bianchi-production' },
};

function login(dir: string, which: keyof typeof LOGINS, extra: string[] = [], token: string = LOGINS[which].token, env: Record<string, string> = {}) {
  const base = which === 'sandbox' ? h.emulator.sandboxUrl : h.emulator.url;
  return h.run(['auth', 'login', '--with-token', '--base-url', base, ...LOGINS[which].args, ...extra], {
    token: null,
    baseUrl: null,
    input: token,
    env: { FISCO_CONFIG_DIR: dir, ...env },
  });
}

const cli = (dir: string, args: string[], env: Record<string, string> = {}) =>
  h.run(args, { token: null, baseUrl: null, env: { FISCO_CONFIG_DIR: dir, ...env } });

describe('simultaneous logins keep every profile', () => {
  for (const group of [
    ['prod', 'sandbox'],
    ['prod', 'sandbox', 'firm'],
  ] as const) {
    it(`ten rounds of ${group.length} simultaneous \`auth login\` runs`, { timeout: 240_000 }, async () => {
      // The firm's profile name comes from its company: learn it once.
      if (group.includes('firm' as never)) {
        const probe = freshDir();
        expect((await login(probe, 'firm')).exitCode).toBe(0);
        LOGINS.firm.profile = stored(probe).active;
      }
      for (let round = 0; round < 10; round++) {
        const dir = freshDir();
        const results = await Promise.all(group.map((which) => login(dir, which)));
        for (const result of results) expect(result.exitCode, result.stderr).toBe(0);
        const file = stored(dir);
        expect(file.version).toBe(1);
        expect(Object.keys(file.profiles).sort(), `round ${round}`).toEqual(group.map((which) => LOGINS[which].profile).sort());
        expect(group.map((which) => LOGINS[which].profile)).toContain(file.active);
        expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
      }
    });
  }
});

describe('a profile file that is not the store', () => {
  const shapes: [string, string][] = [
    ['null', 'null'],
    ['an array', '[{"name":"x"}]'],
    ['a string', '"profiles"'],
    ['profiles as an array', '{"profiles":[]}'],
    [
      'a profile without a token',
      '{"version":1,"profiles":{"a":{"name":"a","environment":"production","baseUrl":"http://x","company":{"id":"c","name":"C"},"createdAt":"2026-01-01"}},"baseUrls":{}}',
    ],
    [
      'a profile under another name',
      '{"profiles":{"a":{"name":"b","token":"t","environment":"production","baseUrl":"http://x","company":{"id":"c","name":"C"},"createdAt":"2026-01-01"}}}',
    ],
    [
      'an unknown environment',
      '{"profiles":{"a":{"name":"a","token":"t","environment":"staging","baseUrl":"http://x","company":{"id":"c","name":"C"},"createdAt":"2026-01-01"}}}',
    ],
    ['a version that is not a number', '{"version":"1","profiles":{},"baseUrls":{}}'],
  ];
  for (const [index, [what, text]] of shapes.entries()) {
    it(`${what}: reported by path with exit 2 and never rewritten, by read-only and writing commands`, async () => {
      const dir = freshDir();
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, 'config.json');
      writeFileSync(file, text, { mode: 0o600 });
      const sent = h.mark();
      // Every kind of command on the first shapes; a reader and a writer on the others.
      const runs = await Promise.all([
        cli(dir, ['auth', 'list']),
        login(dir, 'prod'),
        ...(index < 2 ? [cli(dir, ['auth', 'status']), cli(dir, ['whoami']), cli(dir, ['auth', 'logout', '--yes']), cli(dir, ['auth', 'use', 'x'])] : []),
      ]);
      for (const run of runs) {
        expect(run.exitCode, run.stderr).toBe(2);
        expect(run.stderr).toContain(file);
        expect(run.stderr).not.toMatch(/\n\s+at /);
      }
      expect(readFileSync(file, 'utf8')).toBe(text);
      // The store is read first: not even the login's token check was sent.
      expect(sent()).toEqual([]);
    });
  }

  it('a file of a newer format is refused, not rewritten in an older shape', async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const text = JSON.stringify({ version: 2, profiles: {}, baseUrls: {}, vault: 'keychain' });
    writeFileSync(join(dir, 'config.json'), text, { mode: 0o600 });
    const result = await login(dir, 'prod');
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('format 2, written by a newer fisco');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(text);
  });
});

describe('format version', () => {
  it('the unversioned file of earlier versions is read as is, and migrated to version 1 on its next change', async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const old = {
      active: 'old-sandbox',
      profiles: {
        'old-sandbox': {
          name: 'old-sandbox',
          token: TOKENS.sandbox,
          environment: 'sandbox',
          baseUrl: h.emulator.sandboxUrl,
          company: { id: 'acc_rossi_sandbox', name: 'Rossi Consulting S.r.l. (sandbox)' },
          tokenType: 'company',
          createdAt: '2026-01-01T00:00:00Z',
        },
      },
      baseUrls: { sandbox: h.emulator.sandboxUrl },
    };
    const text = JSON.stringify(old, null, '\t');
    writeFileSync(join(dir, 'config.json'), text, { mode: 0o600 });
    const list = await cli(dir, ['auth', 'list']);
    expect(list.exitCode).toBe(0);
    expect(parseJson(list.stdout)).toMatchObject([{ name: 'old-sandbox', active: true }]);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(text);

    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const migrated = stored(dir);
    expect(migrated.version).toBe(1);
    expect(Object.keys(migrated.profiles).sort()).toEqual(['old-sandbox', 'rossi-consulting-srl-production']);
    expect(migrated.profiles['old-sandbox']).toEqual(old.profiles['old-sandbox']);
  });
});

describe('the lock', () => {
  it('a lock held by another fisco: a bounded wait, a clear message, nothing changed', async () => {
    const dir = freshDir();
    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const before = readFileSync(join(dir, 'config.json'), 'utf8');
    // A live owner: this process holds the one lock (src/io/lock.ts) on the profile file.
    const { acquireLock } = await import('../../src/io/lock.js');
    const held = await acquireLock(join(dir, 'config.json.lock'), { timeoutMs: 0 });
    try {
      const result = await h.run(['auth', 'logout', '--yes'], { token: null, baseUrl: null, env: { FISCO_CONFIG_DIR: dir, FISCO_LOCK_TIMEOUT_MS: '300' } });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(`the profile file ${join(dir, 'config.json')} is locked by another fisco`);
      expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe(before);
    } finally {
      held.release();
    }
  });

  it('a lock left by a crashed fisco (or an earlier fisco’s lock folder) is taken over at once', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'config.json.lock'), { recursive: true });
    // No wait allowed at all (FISCO_LOCK_TIMEOUT_MS=0): a login that had to wait for that lock would fail.
    const result = await login(dir, 'prod', [], undefined, { FISCO_LOCK_TIMEOUT_MS: '0' });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(Object.keys(stored(dir).profiles)).toEqual(['rossi-consulting-srl-production']);
  });
});

describe('a login never replaces a profile silently', () => {
  it('without a terminal it needs --force, says what it would replace and calls out a narrower token', async () => {
    const dir = freshDir();
    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const refused = await login(dir, 'prod', [], TOKENS.readonly);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('this login replaces profile rossi-consulting-srl-production: Rossi Consulting S.r.l. (production, full access)');
    expect(refused.stderr).toContain('the new token can do less than the one it replaces: the stored token has full access, the new one only invoices:read');
    expect(refused.stderr).toContain('--force');
    expect(stored(dir).profiles['rossi-consulting-srl-production'].token).toBe(TOKENS.prod);

    const forced = await login(dir, 'prod', ['--force'], TOKENS.readonly);
    expect(forced.exitCode).toBe(0);
    expect(forced.stderr).toContain('replacing its previous token');
    expect(stored(dir).profiles['rossi-consulting-srl-production'].token).toBe(TOKENS.readonly);
  });

  it('a profile of the same company and environment under another name is named, and replaced only with --force', async () => {
    const dir = freshDir();
    expect((await login(dir, 'prod', ['--name', 'rossi'])).exitCode).toBe(0);
    const refused = await login(dir, 'prod', [], TOKENS.readonly);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('profile rossi already holds another token');
    const forced = await login(dir, 'prod', ['--force'], TOKENS.readonly);
    expect(forced.exitCode).toBe(0);
    expect(forced.stderr).toContain('Profile rossi is replaced by rossi-consulting-srl-production');
    expect(Object.keys(stored(dir).profiles)).toEqual(['rossi-consulting-srl-production']);
  });

  it('logging in again with the same token needs no confirmation', async () => {
    const dir = freshDir();
    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const again = await login(dir, 'prod');
    expect(again.exitCode).toBe(0);
    expect(again.stderr).not.toContain('replaces');
  });

  it('on a terminal it asks, default no: declining keeps the stored token (exit 10), accepting replaces it', async () => {
    const dir = freshDir();
    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const env = { PATH: process.env.PATH, HOME: h.home, FISCO_CONFIG_DIR: dir, NO_COLOR: '1' };
    const declined = spawnPty('node', [BIN, 'auth', 'login', '--base-url', h.emulator.url], env);
    await declined.expect('Token for production');
    declined.send(`${TOKENS.readonly}${KEY.enter}`);
    await declined.expect('can do less than the one it replaces');
    await declined.expect('Replace profile rossi-consulting-srl-production?');
    declined.send(KEY.enter);
    expect(await declined.exit()).toBe(10);
    expect(stored(dir).profiles['rossi-consulting-srl-production'].token).toBe(TOKENS.prod);

    const accepted = spawnPty('node', [BIN, 'auth', 'login', '--base-url', h.emulator.url], env);
    await accepted.expect('Token for production');
    accepted.send(`${TOKENS.readonly}${KEY.enter}`);
    await accepted.expect('Replace profile rossi-consulting-srl-production?');
    accepted.send(`y${KEY.enter}`);
    expect(await accepted.exit()).toBe(0);
    expect(stored(dir).profiles['rossi-consulting-srl-production'].token).toBe(TOKENS.readonly);
  });
});

describe('logout asks and never switches company silently', () => {
  it('without a terminal it needs --yes; removing the active profile leaves none active and says so', async () => {
    const dir = freshDir();
    expect((await login(dir, 'sandbox')).exitCode).toBe(0);
    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const refused = await cli(dir, ['auth', 'logout']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(Object.keys(stored(dir).profiles)).toHaveLength(2);

    const out = await cli(dir, ['auth', 'logout', '--yes']);
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toContain('Removed profile rossi-consulting-srl-production');
    expect(out.stderr).toContain('No profile is active now: `fisco auth use NAME` picks one of rossi-consulting-srl-sandbox');
    const list = parseJson<{ name: string; active: boolean }[]>((await cli(dir, ['auth', 'list'])).stdout);
    expect(list).toMatchObject([{ name: 'rossi-consulting-srl-sandbox', active: false }]);
    const who = await cli(dir, ['whoami']);
    expect(who.exitCode).toBe(2);
    expect(who.stderr).toContain('no profile is active');
  });

  it('removing another profile says the active one is still active', async () => {
    const dir = freshDir();
    expect((await login(dir, 'sandbox')).exitCode).toBe(0);
    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const out = await cli(dir, ['auth', 'logout', 'rossi-consulting-srl-sandbox', '--yes']);
    expect(out.exitCode).toBe(0);
    expect(out.stderr).toContain('The active profile is still rossi-consulting-srl-production (Rossi Consulting S.r.l. (production))');
  });

  it('on a terminal it asks first', async () => {
    const dir = freshDir();
    expect((await login(dir, 'prod')).exitCode).toBe(0);
    const env = { PATH: process.env.PATH, HOME: h.home, FISCO_CONFIG_DIR: dir, NO_COLOR: '1' };
    const session = spawnPty('node', [BIN, 'auth', 'logout'], env);
    await session.expect('Log out of profile rossi-consulting-srl-production');
    session.send(`y${KEY.enter}`);
    expect(await session.exit()).toBe(0);
    expect(session.screen()).toContain('No profiles are left');
    expect(stored(dir).profiles).toEqual({});
  });
});

describe('nothing configured', () => {
  it('auth status and auth token exit 3', async () => {
    const dir = freshDir();
    const status = await cli(dir, ['auth', 'status']);
    expect(status.exitCode).toBe(3);
    expect(status.stderr).toContain('not logged in');
    const token = await cli(dir, ['auth', 'token']);
    expect(token.exitCode).toBe(3);
    expect(token.stdout).toBe('');
  });
});
