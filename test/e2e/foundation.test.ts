import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, harness, parseJson, TOKENS, type Harness, type RunOptions } from './harness.js';
import { processEnv } from './process-env.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

describe('basics', () => {
  it('prints the version and help with examples', async () => {
    const version = await h.run(['--version']);
    expect(version.exitCode).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await h.run(['--help']);
    expect(help.exitCode).toBe(0);
    for (const noun of ['auth', 'whoami', 'accounts', 'receipts', 'api', 'completion', 'emulator']) expect(help.stdout).toContain(noun);
    expect(help.stdout).toContain('Examples:');
  });

  it('refuses an unknown flag with one line and exit 2', async () => {
    const sent = h.mark();
    const result = await h.run(['whoami', '--frobnicate']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^fisco: unknown option '--frobnicate'/);
    expect(result.stderr).not.toMatch(/at .*\.js:\d+/);
    expect(sent()).toEqual([]);
  });

  it('refuses an unknown output format, a bad --per-page and a malformed --updated-since without sending anything', async () => {
    const sent = h.mark();
    const format = await h.run(['accounts', 'list', '-o', 'xml']);
    expect(format.exitCode).toBe(2);
    expect(format.stderr).toContain('--output: unknown format');
    const perPage = await h.run(['accounts', 'list', '--per-page', '101']);
    expect(perPage.exitCode).toBe(2);
    expect(perPage.stderr.trim()).toBe('fisco: --per-page: must be from 1 to 100 (items per page, the service allows at most 100)');
    const since = await h.run(['accounts', 'list', '--updated-since', 'yesterday']);
    expect(since.exitCode).toBe(2);
    expect(since.stderr).toMatch(/^fisco: --updated-since: /);
    expect(sent()).toEqual([]);
  });

  it('asks for a token it does not have with a usage error when there is no terminal', async () => {
    const result = await h.run(['whoami'], { token: null, baseUrl: null });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('not logged in');
    expect(result.stderr).toContain('FISCO_TOKEN');
  });
});

describe('whoami, accounts, receipts', () => {
  it('whoami prints the credentials info as JSON in a pipe and as a table with -o table', async () => {
    const json = await h.run(['whoami']);
    expect(json.exitCode).toBe(0);
    const me = parseJson(json.stdout);
    expect(me.company.name).toMatch(/Rossi Consulting/);
    expect(me.full_access).toBe(true);
    const table = await h.run(['whoami', '-o', 'table']);
    expect(table.stdout).toMatch(/Company\s+Rossi Consulting/);
    expect(table.stdout).toMatch(/Full access\s+yes/);
  });

  it('accounts list follows every page with --all and pages with --per-page', async () => {
    const all = await h.run(['accounts', 'list', '--all', '--per-page', '2'], { token: TOKENS.firm });
    expect(all.exitCode).toBe(0);
    const accounts = parseJson<{ id: string }[]>(all.stdout);
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    const one = await h.run(['accounts', 'list', '--per-page', '2', '--page', '2', '-o', 'ndjson'], { token: TOKENS.firm });
    const lines = one.stdout
      .trim()
      .split('\n')
      .map((l) => parseJson(l));
    expect(lines.map((a) => a.id)).toEqual(accounts.slice(2, 4).map((a) => a.id));
  });

  it('a table of one page of several says how to see the rest, on stderr', async () => {
    const result = await h.run(['accounts', 'list', '--per-page', '2', '-o', 'table'], { token: TOKENS.firm });
    expect(result.stderr).toContain('Showing 1–2 of 4; --page 2 for more, --all for everything.');
    expect(result.stdout).not.toContain('Showing');
    const json = await h.run(['accounts', 'list', '--per-page', '2'], { token: TOKENS.firm });
    expect(json.stderr).toBe('2 more items not fetched (this was 1–2 of 4); add --all for every page, or --page 2.\n');
    const quiet = await h.run(['accounts', 'list', '--per-page', '2', '-q'], { token: TOKENS.firm });
    expect(quiet.stderr).toBe('');
  });

  it('accounts get shows one company and exits 4 for an unknown one', async () => {
    const list = parseJson<{ id: string; name: string }[]>((await h.run(['accounts', 'list'])).stdout);
    const got = await h.run(['accounts', 'get', list[0].id]);
    expect(parseJson(got.stdout).name).toBe(list[0].name);
    const missing = await h.run(['accounts', 'get', 'acc_nope']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toMatch(/^fisco: /);
  });

  it('csv output uses dotted columns and --fields picks them', async () => {
    const csv = await h.run(['accounts', 'list', '-o', 'csv', '--fields', 'id,name'], { token: TOKENS.firm });
    const [header, ...rows] = csv.stdout.trim().split('\r\n');
    expect(header).toBe('id,name');
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it('receipts list says the service does not manage receipts and exits 0', async () => {
    const result = await h.run(['receipts', 'list']);
    expect(result.exitCode).toBe(0);
    expect(parseJson(result.stdout)).toEqual([]);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/Telematic receipts \(corrispettivi\) are not managed by this service/)]);
  });
});

describe('authentication errors', () => {
  it('a sandbox token on the production host gets exit 3 naming the sandbox host', async () => {
    const result = await h.run(['whoami'], { token: TOKENS.sandbox });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('wrong environment');
    expect(result.stderr).toContain(h.emulator.sandboxUrl);
  });

  it('an expired token gets exit 3 with what to do', async () => {
    const result = await h.run(['whoami'], { token: TOKENS.expired });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('fisco auth login');
  });

  it('a token limited to invoices:read gets exit 3 naming the missing ability', async () => {
    const result = await h.run(['accounts', 'list'], { token: TOKENS.readonly });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('accounts:read');
  });

  it('a firm token without --account on a single-company operation lists the companies (exit 6)', async () => {
    const sent = h.mark();
    const result = await h.run(['api', 'POST', '/clients/store/manual', '-f', 'name=Prova'], { token: TOKENS.firm });
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain('--account');
    expect(result.stderr).toMatch(/--account acc_\w+/);
    expect(sent().filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('reliability through the client', () => {
  it('a 429 then success: waits for Retry-After and succeeds', async () => {
    h.emulator.injectFault({ method: 'GET', path: '/v1/me', times: 1, action: 'rate-limit', retryAfter: 1 });
    const sent = h.mark();
    const started = Date.now();
    const result = await h.run(['whoami']);
    expect(result.exitCode).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(sent().map((r) => r.status)).toEqual([429, 200]);
  });

  it('a server error on a GET is retried', async () => {
    h.emulator.injectFault({ method: 'GET', path: '/v1/me', times: 2, action: 'status', status: 503 });
    const sent = h.mark();
    const result = await h.run(['whoami']);
    expect(result.exitCode).toBe(0);
    expect(sent().map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('a server error on a POST through fisco api is not retried (exit 8)', async () => {
    h.emulator.injectFault({ method: 'POST', path: '/clients/store/manual', times: 1, action: 'status', status: 503 });
    const sent = h.mark();
    const result = await h.run(['api', 'POST', '/clients/store/manual', '-f', 'name=Prova Srl']);
    expect(result.exitCode).toBe(8);
    expect(sent().filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('--debug traces the exchange on stderr with the token redacted', async () => {
    const result = await h.run(['whoami', '--debug']);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('> GET');
    expect(result.stderr).toContain('Bearer ***');
    expect(result.stderr).not.toContain(TOKENS.prod);
    expect(parseJson(result.stdout).company).toBeDefined();
  });
});

describe('pipes', () => {
  it('stops quietly with exit 0 when the reader closes the pipe early (| head)', async () => {
    const { execa } = await import('execa');
    const result = await execa('bash', ['--norc', '--noprofile', '-c', `set -o pipefail; node '${BIN}' invoice list --all -o csv | head -1`], {
      env: processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'pipe-cfg') }),
      extendEnv: false,
      reject: false,
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^id,account_id,direction,number/);
    expect(result.stderr).toBe('');
  });
});

describe('fisco api', () => {
  it('makes an authenticated GET with query fields', async () => {
    const result = await h.run(['api', 'GET', '/v1/accounts', '-f', 'per_page=1'], { token: TOKENS.firm });
    expect(result.exitCode).toBe(0);
    const body = parseJson(result.stdout);
    expect(body.data).toHaveLength(1);
    expect(body.meta.per_page).toBe(1);
  });

  it('--paginate prints every item of every page', async () => {
    const result = await h.run(['api', 'GET', '/v1/accounts?per_page=1', '--paginate'], { token: TOKENS.firm });
    const pages = parseJson<unknown[]>((await h.run(['accounts', 'list', '--all'], { token: TOKENS.firm })).stdout);
    expect(parseJson<unknown[]>(result.stdout)).toEqual(pages);
  });

  it('--paginate starts at the page given (-f page=N or ?page=N), as the request without it would; a page that is not a number is exit 2', async () => {
    const all = parseJson<{ id: string }[]>((await h.run(['api', 'GET', '/v1/invoices', '-f', 'per_page=10', '--paginate'])).stdout);
    expect(all.length).toBeGreaterThan(25);
    const fromThird = await h.run(['api', 'GET', '/v1/invoices', '-f', 'per_page=10', '-f', 'page=3', '--paginate']);
    expect(fromThird.exitCode, fromThird.stderr).toBe(0);
    expect(parseJson<{ id: string }[]>(fromThird.stdout)).toEqual(all.slice(20));
    const inPath = await h.run(['api', 'GET', '/v1/invoices?page=2&per_page=10', '--paginate']);
    expect(parseJson<{ id: string }[]>(inPath.stdout)).toEqual(all.slice(10));
    const since = h.mark();
    const bad = await h.run(['api', 'GET', '/v1/invoices', '-f', 'page=zero', '--paginate']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("page: 'zero' is not a page number (a whole number from 1)");
    expect(since()).toEqual([]);
  });

  it('refuses an absolute URL so the token never goes to another host', async () => {
    const result = await h.run(['api', 'GET', 'https://evil.example/v1/me']);
    expect(result.exitCode).toBe(2);
  });

  it('prints the error body and exits 4 on a 404', async () => {
    const result = await h.run(['api', 'GET', '/v1/accounts/acc_missing']);
    expect(result.exitCode).toBe(4);
    expect(parseJson(result.stdout).error.code).toBe('not_found');
  });
});

describe('auth and profiles', () => {
  const env = (dir: string) => ({ FISCO_CONFIG_DIR: dir });
  /** A run with no token or base URL of its own: only the profiles in `dir` (and `input` on stdin, when given). */
  const profiles = (dir: string, input?: string): RunOptions => ({ token: null, baseUrl: null, env: env(dir), ...(input === undefined ? {} : { input }) });

  it('logs in from stdin, names the profile after company and environment, and stores it 0600', async () => {
    const dir = join(h.home, 'profiles-a');
    const login = await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url], profiles(dir, `${TOKENS.prod}\n`));
    expect(login.exitCode).toBe(0);
    expect(login.stderr).toContain('rossi-consulting-srl-production');
    expect(login.stdout + login.stderr).not.toContain(TOKENS.prod);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const sandbox = await h.run(['auth', 'login', '--with-token', '--env', 'sandbox', '--base-url', h.emulator.sandboxUrl], profiles(dir, TOKENS.sandbox));
    expect(sandbox.exitCode).toBe(0);

    const list = parseJson<{ name: string; active: boolean }[]>((await h.run(['auth', 'list'], profiles(dir))).stdout);
    expect(list.map((p) => p.name)).toEqual(['rossi-consulting-srl-production', 'rossi-consulting-srl-sandbox']);
    expect(list.find((p) => p.active)?.name).toBe('rossi-consulting-srl-sandbox');
    expect(JSON.stringify(list)).not.toContain(TOKENS.sandbox);

    const whoSandbox = await h.run(['whoami'], profiles(dir));
    expect(parseJson(whoSandbox.stdout).company.name).toMatch(/sandbox/i);

    expect((await h.run(['auth', 'use', 'rossi-consulting-srl-production'], profiles(dir))).exitCode).toBe(0);
    const token = await h.run(['auth', 'token'], profiles(dir));
    expect(token.stdout.trim()).toBe(TOKENS.prod);

    const viaFlag = await h.run(['-p', 'rossi-consulting-srl-sandbox', 'whoami'], profiles(dir));
    expect(parseJson(viaFlag.stdout).company.name).toMatch(/sandbox/i);

    const status = await h.run(['auth', 'status'], profiles(dir));
    expect(status.exitCode).toBe(0);
    expect(status.stderr).toContain('Credential in use: profile rossi-consulting-srl-production');
    const checks = parseJson<{ profile: string; status: string; in_use: boolean }[]>(status.stdout);
    expect(checks.every((c) => c.status === 'ok')).toBe(true);
    expect(checks.find((c) => c.in_use)?.profile).toBe('rossi-consulting-srl-production');
  });

  it('auth status says when FISCO_TOKEN shadows a profile and fails when a check fails', async () => {
    const dir = join(h.home, 'profiles-b');
    await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url], profiles(dir, TOKENS.prod));
    const shadowed = await h.run(['auth', 'status'], { token: TOKENS.expired, env: env(dir) });
    expect(shadowed.stderr).toContain('FISCO_TOKEN shadows the active profile rossi-consulting-srl-production');
    expect(shadowed.exitCode).toBe(3);
    expect(shadowed.stdout).not.toContain(TOKENS.expired);
  });

  it('logout removes a profile; a corrupted store is reported and left unchanged', async () => {
    const dir = join(h.home, 'profiles-c');
    await h.run(['auth', 'login', '--with-token', '--base-url', h.emulator.url], profiles(dir, TOKENS.prod));
    const logout = await h.run(['auth', 'logout', '--yes'], profiles(dir));
    expect(logout.exitCode).toBe(0);
    expect(parseJson((await h.run(['auth', 'list'], profiles(dir))).stdout)).toEqual([]);

    const file = join(dir, 'config.json');
    writeFileSync(file, '{ not json');
    chmodSync(file, 0o600);
    const broken = await h.run(['auth', 'list'], profiles(dir));
    expect(broken.exitCode).toBe(2);
    expect(broken.stderr).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });

  it('a firm token logged in with --account keeps it as the default company, which --account overrides', async () => {
    const dir = join(h.home, 'profiles-firm');
    const bad = await h.run(['--account', 'acc_nope', 'auth', 'login', '--with-token', '--base-url', h.emulator.url], profiles(dir, TOKENS.firm));
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("does not manage a company with id 'acc_nope'");
    const single = await h.run(['--account', 'acc_rossi', 'auth', 'login', '--with-token', '--base-url', h.emulator.url], profiles(dir, TOKENS.prod));
    expect(single.exitCode).toBe(2);
    const login = await h.run(['--account', 'acc_verdi', 'auth', 'login', '--with-token', '--base-url', h.emulator.url], profiles(dir, TOKENS.firm));
    expect(login.exitCode).toBe(0);
    expect(parseJson((await h.run(['auth', 'list'], profiles(dir))).stdout)[0].account).toBe('acc_verdi');
    const sent = h.mark();
    await h.run(['api', 'GET', '/v1/cost-centers'], profiles(dir));
    await h.run(['--account', 'acc_neri', 'api', 'GET', '/v1/cost-centers'], profiles(dir));
    const requests = h.emulator.store.requests.slice(-2);
    expect(sent()).toHaveLength(2);
    expect(requests.map((r) => r.query.account_id)).toEqual(['acc_verdi', 'acc_neri']);
  });

  it('login with no token and no terminal is a usage error', async () => {
    const result = await h.run(['auth', 'login', '--base-url', h.emulator.url], profiles(join(h.home, 'profiles-d')));
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--with-token');
  });
});

describe('demo and completion', () => {
  it('--demo runs a command against the in-process emulator and keeps its state in the data folder', async () => {
    const result = await h.run(['--demo', 'whoami'], { token: null, baseUrl: null });
    expect(result.exitCode).toBe(0);
    expect(parseJson(result.stdout).company.name).toMatch(/Rossi/);
    expect(statSync(join(h.home, 'fisco-data', 'demo-state.json')).isFile()).toBe(true);
  });

  it('prints the completion scripts kept in completions/', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const result = await h.run(['completion', shell]);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain('fisco');
      expect(result.stdout).toContain('fisco __complete');
    }
    expect((await h.run(['completion', 'powershell'])).exitCode).toBe(2);
  });
});
