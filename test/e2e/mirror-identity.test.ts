/**
 * A mirror answers only for the credential and service that filled it, and never partially in
 * silence (an audit of issue 29, findings 3, 5, 6 and 8): another token or base URL reads nothing
 * from it; a sync by another token starts it over; logout takes it away; a firm mirror with
 * companies never synced lists them as the service did and refuses a read that covers one; an
 * offline --updated-since the mirror cannot place is refused; `--demo --offline X` prints what
 * `--demo X` prints.
 */
import { execa } from 'execa';
import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorFileName } from '../../src/mirror/locate.js';
import { sqlite } from '../../src/mirror/sqlite.js';
import { binEnv } from './batch-helpers.js';
import { BIN, harness, parseJson, TOKENS, type Harness, type RunOptions } from './harness.js';

let h: Harness;
let other: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
  other = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
}, 60_000);
afterAll(async () => {
  await h.close();
  await other.close();
});

/** A fresh data and config folder: each case starts with no mirror and no profile. */
function folders(): { FISCO_DATA_DIR: string; FISCO_CONFIG_DIR: string } {
  const root = mkdtempSync(join(h.home, 'id-'));
  return { FISCO_DATA_DIR: join(root, 'data'), FISCO_CONFIG_DIR: join(root, 'config') };
}

const profileRun = (env: Record<string, string>, extra: RunOptions = {}): RunOptions => ({
  token: null,
  baseUrl: null,
  timeout: 60_000,
  ...extra,
  env: { ...env, ...extra.env },
});

async function login(env: Record<string, string>, name: string, token: string, extra: string[] = []) {
  const result = await h.run(
    ['auth', 'login', '--with-token', '--base-url', h.emulator.url, '--name', name, ...extra],
    profileRun(env, { input: `${token}\n` }),
  );
  expect(result.exitCode, result.stderr).toBe(0);
  return result;
}

const ids = (stdout: string): string[] => [...new Set(parseJson<{ account_id?: string; id?: string }[]>(stdout).map((r) => r.account_id ?? r.id!))];

describe('a mirror answers only for the credential that filled it (finding 3)', () => {
  it('another token is refused offline; its sync starts the mirror over, keeping no company it does not manage', async () => {
    const env = folders();
    await login(env, 'studio', TOKENS.firm);
    await login(env, 'rossi', TOKENS.prod);
    expect([0, 11]).toContain((await h.run(['-p', 'studio', 'sync', '-q'], profileRun(env))).exitCode);
    // A mirror left under the profile's name by another token (an older fisco's login kept it, a restored backup).
    const mirrors = join(env.FISCO_DATA_DIR, 'mirror');
    copyFileSync(join(mirrors, 'studio-production.sqlite'), join(mirrors, 'rossi-production.sqlite'));

    for (const read of [['--account', 'acc_verdi', 'invoice', 'list'], ['whoami'], ['overview'], ['accounts', 'list']]) {
      const refused = await h.run(['-p', 'rossi', '--offline', ...read, '-o', 'json'], profileRun(env));
      expect(refused.exitCode, read.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(
        /rossi-production\.sqlite was filled with another token than this one; nothing was read: `fisco -p rossi sync` \(online\) starts it over/,
      );
    }
    const search = await h.run(['-p', 'rossi', 'search', 'zeta'], profileRun(env));
    expect(search.exitCode).toBe(2);
    expect(search.stderr).toMatch(/filled with another token/);

    // An ordinary sync (no --full) starts over: the firm's other companies do not survive it.
    const sync = await h.run(['-p', 'rossi', 'sync', '-o', 'json'], profileRun(env));
    expect(sync.exitCode, sync.stderr).toBe(0);
    expect(sync.stderr).toMatch(/rossi-production\.sqlite: it was filled with another token; started over with this credential \(4 companies removed\)/);
    expect(ids(sync.stdout)).toEqual(['acc_rossi']);
    const after = await h.run(['-p', 'rossi', 'search', 'zeta', '--all', '-q', '-o', 'json'], profileRun(env));
    expect(after.exitCode, after.stderr).toBe(0);
    expect(ids(after.stdout)).toEqual(['acc_rossi']);
    const accounts = await h.run(['-p', 'rossi', '--offline', 'accounts', 'list', '-o', 'json'], profileRun(env));
    expect(ids(accounts.stdout)).toEqual(['acc_rossi']);
    const verdi = await h.run(['-p', 'rossi', '--offline', '--account', 'acc_verdi', 'invoice', 'list'], profileRun(env));
    expect(verdi.exitCode).toBe(2);
    expect(verdi.stdout).toBe('');
  });

  it('another base URL is refused offline and by sync, naming `fisco sync --full`, which starts the mirror over from it', async () => {
    const env = folders();
    await login(env, 'studio', TOKENS.prod);
    expect((await h.run(['sync', '-q'], profileRun(env))).exitCode).toBe(0);
    // The active profile pointed elsewhere by FISCO_BASE_URL.
    const elsewhere = { env: { FISCO_BASE_URL: other.emulator.url } };
    const read = await h.run(['--offline', 'invoice', 'list', '-o', 'json'], profileRun(env, elsewhere));
    expect(read.exitCode).toBe(2);
    expect(read.stdout).toBe('');
    expect(read.stderr).toContain(
      `was filled from ${h.emulator.url}, not from this credential's base URL ${other.emulator.url}; nothing was read: \`fisco sync --full\``,
    );
    const sync = await h.run(['sync', '-o', 'json'], profileRun(env, elsewhere));
    expect(sync.exitCode).toBe(2);
    expect(sync.stderr).toContain(`run \`fisco sync --full\` to start the mirror over from ${other.emulator.url}`);
    const full = await h.run(['sync', '--full', '-o', 'json'], profileRun(env, elsewhere));
    expect(full.exitCode, full.stderr).toBe(0);
    expect(full.stderr).toContain(`it was filled from ${h.emulator.url}; started over with this credential (1 company removed)`);
    const now = await h.run(['--offline', 'invoice', 'list', '--per-page', '1', '-q', '-o', 'json'], profileRun(env, elsewhere));
    expect(now.exitCode, now.stderr).toBe(0);
    expect(parseJson<{ pdf_url: string }[]>(now.stdout)[0]!.pdf_url.startsWith(other.emulator.url)).toBe(true);
    // And the first service is now the stranger.
    expect((await h.run(['--offline', 'invoice', 'list'], profileRun(env))).exitCode).toBe(2);
  });

  it('auth logout removes the profile’s mirror and says so; a login replacing its token does too; the same token keeps it', async () => {
    const env = folders();
    const file = join(env.FISCO_DATA_DIR, 'mirror', 'solo-production.sqlite');
    await login(env, 'solo', TOKENS.prod);
    expect((await h.run(['-p', 'solo', 'sync', '-q'], profileRun(env))).exitCode).toBe(0);
    expect(existsSync(file)).toBe(true);
    await login(env, 'solo', TOKENS.prod);
    expect(existsSync(file)).toBe(true);
    const replaced = await login(env, 'solo', TOKENS.firm, ['--force']);
    expect(replaced.stderr).toContain(`Removed the local mirror ${file}: it held what the replaced token read; \`fisco sync\` fills it with this one.`);
    expect(existsSync(file)).toBe(false);
    expect([0, 11]).toContain((await h.run(['-p', 'solo', 'sync', '-q'], profileRun(env))).exitCode);
    expect(existsSync(file)).toBe(true);
    const logout = await h.run(['auth', 'logout', 'solo', '--yes'], profileRun(env));
    expect(logout.exitCode, logout.stderr).toBe(0);
    expect(logout.stderr).toContain(`Removed its local mirror ${file} (what \`fisco sync\` read with its token).`);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('a profile renamed with the same token keeps its mirror under the new name, and reads it offline', async () => {
    const env = folders();
    const mirrors = join(env.FISCO_DATA_DIR, 'mirror');
    await login(env, 'before', TOKENS.prod);
    expect((await h.run(['-p', 'before', 'sync', '-q'], profileRun(env))).exitCode).toBe(0);
    const offline = await h.run(['-p', 'before', '--offline', 'invoice', 'list', '--all', '-o', 'json'], profileRun(env));
    expect(offline.exitCode, offline.stderr).toBe(0);
    const renamed = await login(env, 'after', TOKENS.prod);
    expect(renamed.exitCode, renamed.stderr).toBe(0);
    expect(renamed.stderr).toContain(
      `Moved the local mirror ${join(mirrors, 'before-production.sqlite')} to ${join(mirrors, 'after-production.sqlite')}: profile after has the same token as before.`,
    );
    expect(renamed.stderr).not.toMatch(/replaced token/);
    expect(existsSync(join(mirrors, 'before-production.sqlite'))).toBe(false);
    expect(existsSync(join(mirrors, 'before-production.sqlite-wal'))).toBe(false);
    const read = await h.run(['-p', 'after', '--offline', 'invoice', 'list', '--all', '-o', 'json'], profileRun(env));
    expect(read.exitCode, read.stderr).toBe(0);
    expect(read.stdout).toBe(offline.stdout);
    expect(parseJson<unknown[]>(read.stdout).length).toBeGreaterThan(10);
  });

  it('a mirror of a fisco that did not record its owner: read by nobody; a profile’s sync starts it over, a FISCO_TOKEN one’s keeps it', async () => {
    const env = folders();
    const forget = (file: string) => {
      const { DatabaseSync } = sqlite();
      const db = new DatabaseSync(file);
      db.exec("DELETE FROM meta WHERE key IN ('owner', 'accounts')");
      db.close();
    };
    await login(env, 'old', TOKENS.prod);
    expect((await h.run(['-p', 'old', 'sync', '-q'], profileRun(env))).exitCode).toBe(0);
    forget(join(env.FISCO_DATA_DIR, 'mirror', 'old-production.sqlite'));
    const read = await h.run(['-p', 'old', '--offline', 'invoice', 'list'], profileRun(env));
    expect(read.exitCode).toBe(2);
    expect(read.stderr).toMatch(
      /does not record which token filled it \(an older fisco made it\); nothing was read: `fisco -p old sync` \(online\) starts it over/,
    );
    const resync = await h.run(['-p', 'old', 'sync', '-o', 'json'], profileRun(env));
    expect(resync.stderr).toMatch(
      /it does not record which token filled it \(an older fisco made it\); started over with this credential \(1 company removed\)/,
    );
    expect(parseJson<{ full: boolean }[]>(resync.stdout)[0]!.full).toBe(true);

    const token = { token: TOKENS.prod, env, timeout: 60_000 };
    expect((await h.run(['sync', '-q'], token)).exitCode).toBe(0);
    forget(join(env.FISCO_DATA_DIR, 'mirror', mirrorFileName({ environment: 'production', baseUrl: h.emulator.url, token: TOKENS.prod })));
    expect((await h.run(['--offline', 'invoice', 'list'], token)).exitCode).toBe(2);
    const kept = await h.run(['sync', '-o', 'json'], token);
    expect(kept.stderr).not.toMatch(/started over/);
    expect(parseJson<{ full: boolean; new: number }[]>(kept.stdout)[0]).toEqual(expect.objectContaining({ full: false, new: 0 }));
    expect((await h.run(['--offline', 'invoice', 'list', '-q'], token)).exitCode).toBe(0);
  });

  it('the fast path leaves a mirror filled with another token to the CLI, which refuses it', async () => {
    const env = folders();
    const run = (args: string[], token: string, extra: Record<string, string> = {}) =>
      execa('node', [BIN, ...args], { env: binEnv(h, token, { ...env, ...extra }), extendEnv: false, reject: false, input: '', stripFinalNewline: false });
    expect([0, 11]).toContain((await run(['sync', '-q'], TOKENS.firm)).exitCode);
    const mirrors = join(env.FISCO_DATA_DIR, 'mirror');
    const owner = { environment: 'production', baseUrl: h.emulator.url };
    copyFileSync(join(mirrors, mirrorFileName({ ...owner, token: TOKENS.firm })), join(mirrors, mirrorFileName({ ...owner, token: TOKENS.prod })));
    for (const args of [
      ['--offline', '--account', 'acc_rossi', 'invoice', 'list'],
      ['search', 'zeta'],
      ['--offline', '--account', 'acc_rossi', 'overview'],
    ]) {
      const fast = await run(args, TOKENS.prod);
      const cli = await run(args, TOKENS.prod, { FISCO_NO_FAST_PATH: '1' });
      expect(fast.exitCode, args.join(' ')).toBe(2);
      expect(fast.stdout).toBe('');
      expect(fast.stderr).toMatch(/filled with another token than this one/);
      expect([fast.stdout, fast.stderr, fast.exitCode]).toEqual([cli.stdout, cli.stderr, cli.exitCode]);
    }
  });
});

describe('a firm mirror with companies never synced (finding 6)', () => {
  let env: { FISCO_DATA_DIR: string; FISCO_CONFIG_DIR: string };
  const firm = (args: string[], extra: RunOptions = {}) => h.run(args, { token: TOKENS.firm, ...extra, env: { ...env, ...extra.env } });
  beforeAll(async () => {
    env = folders();
    expect((await firm(['--account', 'acc_rossi', 'sync', '-q'], { timeout: 60_000 })).exitCode).toBe(0);
  }, 60_000);

  it('offline, accounts list and get answer as online: every company the token manages', async () => {
    for (const read of [
      ['accounts', 'list', '-o', 'json'],
      ['accounts', 'list', '-o', 'csv'],
      ['accounts', 'get', 'acc_verdi', '-o', 'json'],
    ]) {
      const online = await firm(read);
      const offline = await firm(['--offline', ...read]);
      expect(offline.exitCode, offline.stderr).toBe(online.exitCode);
      expect(offline.stdout, read.join(' ')).toBe(online.stdout);
    }
    const whoami = parseJson<{ accounts_count: number }>((await firm(['--offline', 'whoami', '-o', 'json'])).stdout);
    expect(whoami.accounts_count).toBe(parseJson<unknown[]>((await firm(['--offline', 'accounts', 'list', '-o', 'json'])).stdout).length);
  });

  it('a read covering a company never synced is exit 2 naming them and `fisco sync`; one naming only synced companies answers', async () => {
    for (const read of [
      ['--offline', '--all-accounts', 'overview'],
      ['--offline', 'overview'],
      ['--offline', 'invoice', 'list'],
      ['search', 'zeta'],
    ]) {
      const result = await firm([...read, '-o', 'json']);
      expect(result.exitCode, read.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /the mirror never synced acc_verdi, acc_neri, acc_gialli, which this read covers; nothing was read: run `fisco sync` while online/,
      );
      expect(result.stderr).toMatch(/Or read only the companies it holds: --accounts acc_rossi\./);
    }
    const two = await firm(['--offline', '--accounts', 'acc_rossi,acc_verdi', 'overview', '-o', 'json']);
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toMatch(/never synced acc_verdi, which this read covers; nothing was read: run `fisco sync --account acc_verdi` while online/);
    const searchTwo = await firm(['search', 'zeta', '--accounts', 'acc_verdi,acc_neri']);
    expect(searchTwo.exitCode).toBe(2);
    expect(searchTwo.stderr).toMatch(/run `fisco sync --accounts acc_verdi,acc_neri` while online/);
    const verdi = await firm(['--offline', '--account', 'acc_verdi', 'overview']);
    expect(verdi.exitCode).toBe(2);
    expect(verdi.stderr).not.toMatch(/is not a company this token manages/);
    expect(verdi.stderr).toMatch(/fisco sync --account acc_verdi/);

    const named = await firm(['--offline', '--accounts', 'acc_rossi', 'overview', '-o', 'json', '-q']);
    expect(named.exitCode, named.stderr).toBe(0);
    expect(ids(named.stdout)).toEqual(['acc_rossi']);
    expect((await firm(['search', 'zeta', '--account', 'acc_rossi', '-q'])).exitCode).toBe(0);
  });

  it('a company the token does not manage is said so, not "run fisco sync --account"', async () => {
    for (const read of [
      ['--offline', '--account', 'acc_nobody', 'invoice', 'list'],
      ['--offline', '--accounts', 'acc_rossi,acc_nobody', 'overview'],
      ['search', 'zeta', '--account', 'acc_nobody'],
    ]) {
      const result = await firm(read);
      expect(result.exitCode, read.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/acc_nobody is not a company this token manages/);
      expect(result.stderr).not.toMatch(/sync --account acc_nobody/);
    }
  });

  it('the fast path answers none of it: the CLI’s bytes, refusal included', async () => {
    const run = (args: string[], extra: Record<string, string> = {}) =>
      execa('node', [BIN, ...args], {
        env: binEnv(h, TOKENS.firm, { ...env, ...extra }),
        extendEnv: false,
        reject: false,
        input: '',
        stripFinalNewline: false,
      });
    for (const args of [
      ['search', 'zeta'],
      ['--offline', '--all-accounts', 'overview'],
      ['--offline', 'overview'],
      ['search', 'zeta', '--account', 'acc_rossi', '-q'],
    ]) {
      const fast = await run(args);
      const cli = await run(args, { FISCO_NO_FAST_PATH: '1' });
      expect([fast.stdout, fast.stderr, fast.exitCode], args.join(' ')).toEqual([cli.stdout, cli.stderr, cli.exitCode]);
      // Every company by default: refused (three were never synced); acc_rossi alone: answered.
      expect(fast.exitCode, args.join(' ')).toBe(args.includes('--account') ? 0 : 2);
    }
  });
});

describe('--offline --updated-since (finding 8)', () => {
  it('an instant not after the first sync is refused (the mirror cannot place those records); one after it is answered', async () => {
    const env = folders();
    const run = (args: string[]) => h.run(args, { token: TOKENS.prod, env, timeout: 60_000 });
    expect((await run(['sync', '-q'])).exitCode).toBe(0);
    const status = parseJson<{ last_sync: string }[]>((await run(['sync', '--status', '-o', 'json'])).stdout)[0]!;
    const firstSync = Date.parse(status.last_sync);
    const before = new Date(firstSync - 2 * 60_000).toISOString();
    const refused = await run(['--offline', 'invoice', 'list', '--updated-since', before, '--all', '-o', 'json']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `--offline: the mirror can tell what changed only after ${status.last_sync} (the first sync of Rossi Consulting S.r.l. (acc_rossi), the service's clock); ${before} is not after it. Nothing was read`,
    );
    expect(refused.stderr).toMatch(/Run the command online: the service answers it\./);
    expect((await run(['--offline', 'f24', 'list', '--updated-since', status.last_sync])).exitCode).toBe(2);

    expect((await run(['sync', '-q'])).exitCode).toBe(0);
    const all = parseJson<unknown[]>((await run(['--offline', 'invoice', 'list', '--all', '-q', '-o', 'json'])).stdout);
    const after = await run(['--offline', 'invoice', 'list', '--updated-since', new Date(firstSync + 1).toISOString(), '--all', '-q', '-o', 'json']);
    expect(after.exitCode, after.stderr).toBe(0);
    expect(parseJson<unknown[]>(after.stdout).length).toBeLessThan(all.length);
  });
});

describe('--demo online and offline (finding 5)', () => {
  // The demo's emulator keeps the service's 120 requests a minute: a sync of its four companies takes about a minute.
  it('`--demo --offline X` prints what `--demo X` prints, for the demo reads', { timeout: 300_000 }, async () => {
    const env = { FISCO_DATA_DIR: mkdtempSync(join(h.home, 'demo-')) };
    const demo = (args: string[], timeout = 60_000) => h.run(['--demo', ...args], { token: null, baseUrl: null, env, timeout });
    expect((await demo(['sync', '-q'], 240_000)).exitCode).toBe(11);
    const reads = [
      ['invoice', 'list'],
      ['invoice', 'list', '--all', '-o', 'ndjson'],
      ['invoice', 'list', '--payment-status', 'overdue', '-o', 'csv'],
      ['whoami', '-o', 'json'],
      ['accounts', 'list', '-o', 'json'],
      ['clients', 'list', '-o', 'json'],
      ['overview', '-o', 'json'],
      ['--all-accounts', 'invoice', 'list', '--payment-status', 'unpaid', '-o', 'json'],
      ['--account', 'acc_neri', 'overview', '-o', 'json'],
    ];
    // The demo's emulator listens on a new port each run, and its links name it: two online runs differ there too.
    const port = (text: string) => text.replace(/http:\/\/127\.0\.0\.1:\d+\//g, 'http://127.0.0.1:PORT/');
    for (const read of reads) {
      const online = await demo(read);
      const offline = await demo(['--offline', ...read]);
      expect(offline.exitCode, `${read.join(' ')}: ${offline.stderr}`).toBe(online.exitCode);
      expect(online.stdout.length).toBeGreaterThan(2);
      expect(port(offline.stdout) === port(online.stdout), `${read.join(' ')}:\n${online.stdout.slice(0, 400)}\n${offline.stdout.slice(0, 400)}`).toBe(true);
    }
  });
});
