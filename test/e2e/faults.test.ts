/**
 * Fault injection through the emulator's fault rules: every command class against every fault.
 * For each pair: the exit code, one `fisco:` line on stderr and no stack trace, what stdout holds,
 * and the emulator's count of writes (never a duplicate). Each case gets its own emulator, so the
 * cases run concurrently. A new command joins by adding a row to COMMANDS.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { FaultRule } from '../../src/emulator/faults.js';
import { harness, type Harness, type RunResult } from './harness.js';

type Kind = 'read' | 'list' | 'download' | 'write';
type Format = 'json' | 'ndjson' | 'csv' | 'table';

/** What the service did: a write that ran its handler changed the state once. */
type Outcome = { exit: number; acted: boolean };

interface Fault {
  name: string;
  rule: Omit<FaultRule, 'method' | 'path' | 'query'>;
  /** Exit code of a read or list whose request keeps meeting this fault (transient faults: 0). */
  read: number;
  /** For a write: its exit code, and whether the service carried it out. */
  write: Outcome;
  /** invoice create looks up what it may have created: what it ends with. */
  create: Outcome;
}

const LONG = 50;
const HTML = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';

const FAULTS: Fault[] = [
  { name: '5xx burst', rule: { action: 'status', status: 503, times: 2 }, read: 0, write: { exit: 8, acted: false }, create: { exit: 9, acted: false } },
  {
    name: '429 storm with Retry-After',
    rule: { action: 'rate-limit', retryAfter: 1, times: LONG },
    read: 7,
    write: { exit: 7, acted: false },
    create: { exit: 7, acted: false },
  },
  {
    name: '429 storm without Retry-After',
    rule: { action: 'status', status: 429, times: LONG },
    read: 7,
    write: { exit: 7, acted: false },
    create: { exit: 7, acted: false },
  },
  {
    name: 'connection dropped before the service acted',
    rule: { action: 'drop-before', times: 1 },
    read: 0,
    write: { exit: 9, acted: false },
    create: { exit: 9, acted: false },
  },
  {
    name: 'connection dropped after the service acted',
    rule: { action: 'drop-after', times: 1 },
    read: 0,
    write: { exit: 9, acted: true },
    create: { exit: 0, acted: true },
  },
  {
    name: '200 with truncated JSON',
    rule: { action: 'raw', raw: '{"data": [{"id": "1", "numb', times: LONG },
    read: 8,
    write: { exit: 8, acted: true },
    create: { exit: 0, acted: true },
  },
  {
    name: '200 with HTML',
    rule: { action: 'raw', raw: HTML, contentType: 'text/html', times: LONG },
    read: 8,
    write: { exit: 8, acted: true },
    create: { exit: 0, acted: true },
  },
  { name: '200 with an empty body', rule: { action: 'raw', raw: '', times: LONG }, read: 8, write: { exit: 8, acted: true }, create: { exit: 0, acted: true } },
  { name: '200 with null', rule: { action: 'raw', raw: 'null', times: LONG }, read: 8, write: { exit: 8, acted: true }, create: { exit: 0, acted: true } },
  {
    name: '200 with the wrong shape',
    rule: { action: 'raw', raw: '{"data":[1,2]}', times: LONG },
    read: 8,
    write: { exit: 8, acted: true },
    create: { exit: 0, acted: true },
  },
  {
    name: 'trickling body',
    rule: { action: 'trickle', intervalMs: 300, times: LONG },
    read: 8,
    write: { exit: 8, acted: true },
    create: { exit: 0, acted: true },
  },
  { name: 'no answer', rule: { action: 'hang', times: LONG }, read: 8, write: { exit: 9, acted: false }, create: { exit: 9, acted: false } },
  {
    name: 'redirect to another origin',
    rule: { action: 'redirect', times: LONG },
    read: 8,
    write: { exit: 9, acted: false },
    create: { exit: 9, acted: false },
  },
];

interface Setup {
  args: string[];
  /** The state the write changes, counted. */
  count?: () => number;
  dir?: string;
}

interface Command {
  name: string;
  kind: Kind;
  format?: Format;
  method: string;
  path: string;
  query?: Record<string, string>;
  setup(h: Harness): Promise<Setup>;
}

const PER_PAGE = 10;
/** The paged list fails on a later page: items have been written when it does. */
const FAILING_PAGE = '3';
const WRITTEN_BEFORE = 2 * PER_PAGE;

async function api(h: Harness, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${h.emulator.url}${path}`, {
    method,
    headers: { authorization: 'Bearer demo-prod-rossi', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

const list = (format: Format): Command => ({
  name: `invoice list --all -o ${format}`,
  kind: 'list',
  format,
  method: 'GET',
  path: '/v1/invoices',
  query: { page: FAILING_PAGE },
  setup: async () => ({ args: ['invoice', 'list', '--all', '--per-page', String(PER_PAGE), '-o', format] }),
});

const COMMANDS: Command[] = [
  { name: 'whoami', kind: 'read', method: 'GET', path: '/v1/me', setup: async () => ({ args: ['whoami', '-o', 'json'] }) },
  { name: 'f24 get', kind: 'read', method: 'GET', path: '/v1/f24s/f24_0001', setup: async () => ({ args: ['f24', 'get', 'f24_0001', '-o', 'json'] }) },
  list('json'),
  list('ndjson'),
  list('csv'),
  list('table'),
  {
    name: 'f24 download',
    kind: 'download',
    method: 'GET',
    path: '/files/f24/.*',
    setup: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fisco-faults-'));
      return { args: ['f24', 'download', 'f24_0001', '--dir', dir, '-o', 'json'], dir };
    },
  },
  {
    name: 'invoice create --send --yes',
    kind: 'write',
    method: 'POST',
    path: '/fatture/nuova/piva',
    setup: async (h) => ({
      args: ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'Consulenza;1;100.00;22', '--send', '--yes', '-o', 'json'],
      count: () => h.emulator.store.invoices.length,
    }),
  },
  {
    name: 'invoice pay',
    kind: 'write',
    method: 'POST',
    path: '/fatture/[^/]+/pagamenti',
    setup: async (h) => {
      const { data } = await api(h, 'GET', '/v1/invoices?payment_status=unpaid&per_page=1');
      return { args: ['invoice', 'pay', data[0].uuid, '--amount', '1.00', '-o', 'json'], count: () => h.emulator.store.payments.length };
    },
  },
  {
    name: 'clients add',
    kind: 'write',
    method: 'POST',
    path: '/clients/store/manual',
    setup: async (h) => ({
      args: ['clients', 'add', '--name', 'Guasti S.r.l.', '--country', 'DE', '-o', 'json'],
      count: () => h.emulator.store.clients.length,
    }),
  },
  {
    name: 'hooks create',
    kind: 'write',
    method: 'POST',
    path: '/v1/hooks',
    setup: async (h) => ({
      args: ['hooks', 'create', '--url', 'https://receiver.example/faults', '--event', 'invoice.created', '-o', 'json'],
      count: () => h.emulator.store.hooks.length,
    }),
  },
  {
    name: 'hooks delete',
    kind: 'write',
    method: 'DELETE',
    path: '/v1/hooks/\\d+',
    setup: async (h) => {
      const { data } = await api(h, 'POST', '/v1/hooks', { target_url: 'https://receiver.example/delete-me', events: ['invoice.created'] });
      return { args: ['hooks', 'delete', String(data.id)], count: () => h.emulator.store.hooks.filter((hook) => hook.state !== 'active').length };
    },
  },
];

function expectedExit(command: Command, fault: Fault): Outcome {
  if (command.kind !== 'write') return { exit: fault.read, acted: false };
  if (command.name.startsWith('invoice create')) return fault.create;
  if (command.method === 'DELETE' && fault.rule.action === 'raw' && !/^\s*[<{]/.test(fault.rule.raw ?? '')) return { exit: 0, acted: true }; // no body is what DELETE answers
  if (command.method === 'DELETE' && fault.rule.action === 'trickle') return { exit: 0, acted: true }; // a 204 has no body to trickle
  if (command.method === 'DELETE' && fault.name === '200 with the wrong shape') return { exit: 0, acted: true }; // DELETE's body is not read
  return fault.write;
}

/** Polls a condition (for what the emulator logs after fisco has exited); fails after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > 5_000) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function checkStderr(result: RunResult, exit: number): void {
  expect(result.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m); // no stack trace
  expect(result.stderr).not.toMatch(/bug in fisco|undefined|Unhandled|ERR_UNHANDLED/);
  const lines = result.stderr.split('\n').filter((l) => l.startsWith('fisco:'));
  expect(lines).toHaveLength(exit === 0 ? 0 : 1);
}

function checkList(command: Command, result: RunResult, exit: number, total: number): void {
  const out = result.stdout;
  const expected = exit === 0 ? total : WRITTEN_BEFORE;
  if (exit !== 0) expect(result.stderr).toMatch(exit === 0 ? /$/ : new RegExp(`after ${WRITTEN_BEFORE} items had been written|^`, 'm'));
  switch (command.format) {
    case 'json':
      if (exit === 0) expect(JSON.parse(out)).toHaveLength(total);
      else {
        expect(() => JSON.parse(out)).toThrow(); // a partial document never parses as complete
        expect(out.startsWith('[')).toBe(true);
        expect(out.split('\n').filter((l) => l.startsWith('  {'))).toHaveLength(expected);
        expect(result.stderr).toContain(`after ${WRITTEN_BEFORE} items had been written`);
      }
      break;
    case 'ndjson': {
      const lines = out.split('\n').filter(Boolean);
      expect(lines).toHaveLength(expected);
      for (const line of lines) JSON.parse(line);
      if (exit !== 0) expect(result.stderr).toContain(`after ${WRITTEN_BEFORE} items had been written`);
      break;
    }
    case 'csv':
      expect(out.split('\r\n').filter(Boolean)).toHaveLength(expected + 1);
      if (exit !== 0) expect(result.stderr).toContain(`after ${WRITTEN_BEFORE} items had been written`);
      break;
    case 'table':
      // The table needs every row first: on failure nothing at all reaches stdout.
      if (exit === 0) expect(out.split('\n').filter(Boolean).length).toBeGreaterThan(total);
      else expect(out).toBe('');
      break;
  }
}

describe.concurrent('fault injection: every command class against every fault', () => {
  for (const command of COMMANDS) {
    for (const fault of FAULTS) {
      test(`${command.name} × ${fault.name}`, async () => {
        const h = await harness();
        try {
          const setup = await command.setup(h);
          const total = command.kind === 'list' ? (await api(h, 'GET', '/v1/invoices?per_page=1')).meta.total : 0;
          const before = setup.count?.() ?? 0;
          const since = h.mark();
          // A write's garbled answer comes from a service that did act: the handler runs, only its answer is replaced.
          const acting = command.kind === 'write' && fault.rule.action === 'raw' ? { afterHandler: true, status: command.method === 'DELETE' ? 200 : 201 } : {};
          h.emulator.injectFault({ ...fault.rule, ...acting, method: command.method, path: command.path, query: command.query });
          // A short deadline only where the fault needs one, so ordinary answers on a loaded machine never meet it.
          const slow = ['trickle', 'hang'].includes(fault.rule.action);
          const result = await h.run([...(slow ? ['--timeout', '1.5'] : []), ...setup.args], { timeout: 50_000 });
          const { exit, acted } = expectedExit(command, fault);
          expect(result.exitCode, result.stderr).toBe(exit);
          checkStderr(result, exit);

          const pattern = new RegExp(`^(?:${command.path})$`);
          const sentNow = () => since().filter((r) => r.method === command.method && pattern.test(r.path));
          if (command.kind === 'write') {
            // A request left hanging is logged when its connection closes, just after fisco gave up.
            await until(() => sentNow().length > 0);
            expect(sentNow().length).toBe(1); // never retried, never a duplicate
            expect(setup.count!() - before).toBe(acted ? 1 : 0);
            if (exit === 0) expect(result.stdout.trim() === '' ? {} : JSON.parse(result.stdout)).toBeTypeOf('object');
            else if (!(exit === 9 && command.name.startsWith('invoice create'))) expect(result.stdout).toBe('');
            if (acted && exit !== 0) expect(result.stderr).toMatch(/carried it out|may or may not have been carried out/);
          } else if (command.kind === 'read') {
            if (exit === 0) expect(JSON.parse(result.stdout)).toBeTypeOf('object');
            else expect(result.stdout).toBe('');
          } else if (command.kind === 'list') {
            checkList(command, result, exit, total);
          } else {
            const records = JSON.parse(result.stdout) as { result: string }[];
            const files = readdirSync(setup.dir!);
            expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
            if (exit === 0) {
              expect(records.map((r) => r.result)).toEqual(['downloaded']);
              expect(files.filter((f) => f.endsWith('.pdf'))).toHaveLength(1);
            } else {
              expect(records.map((r) => r.result)).toEqual(['failed']);
              expect(files).toEqual([]);
            }
          }
          if (fault.rule.action === 'redirect') expect(result.stderr).toContain('redirect');
          if (['trickle', 'hang'].includes(fault.rule.action) && command.kind === 'read') expect(result.stderr).toContain('within 1.5 s');
          if (fault.rule.action === 'raw' && command.kind === 'read') expect(result.stderr).toContain('`--debug` shows the whole answer');
        } finally {
          await h.close();
        }
      }, 60_000);
    }
  }
});

describe('partial output and --output-file', () => {
  test('a first page that fails leaves stdout empty (no lone "[")', async () => {
    const h = await harness();
    try {
      h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', times: LONG, action: 'raw', raw: HTML, contentType: 'text/html' });
      const result = await h.run(['invoice', 'list', '--all', '-o', 'json']);
      expect(result.exitCode).toBe(8);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^fisco: GET \/v1\/invoices: unexpected answer \(HTTP 200, an HTML page/m);
    } finally {
      await h.close();
    }
  });

  test('--output-file is whole on success and absent when a later page fails; its path is checked before any request', async () => {
    const h = await harness();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'fisco-out-'));
      const file = join(dir, 'invoices.json');
      const ok = await h.run(['--output-file', file, 'invoice', 'list', '--all', '--per-page', '20']);
      expect(ok.exitCode).toBe(0);
      expect(ok.stdout).toBe('');
      const { readFileSync } = await import('node:fs');
      const total = (await api(h, 'GET', '/v1/invoices?per_page=1')).meta.total;
      expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(total);

      const failed = join(dir, 'failed.json');
      h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', query: { page: '2' }, times: LONG, action: 'raw', raw: 'null' });
      const bad = await h.run(['--output-file', failed, 'invoice', 'list', '--all', '--per-page', '20']);
      expect(bad.exitCode).toBe(8);
      expect(bad.stderr).toContain(`(after 20 items; nothing was written to ${failed})`);
      expect(existsSync(failed)).toBe(false);
      expect(readdirSync(dir).sort()).toEqual(['invoices.json']); // no temporary file left

      const since = h.mark();
      const nowhere = await h.run(['--output-file', join(dir, 'missing', 'x.json'), 'invoice', 'list']);
      expect(nowhere.exitCode).toBe(2);
      expect(nowhere.stderr).toContain('--output-file');
      expect(since()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe('secrets and hostile data never reach the terminal', () => {
  test("the service's own message echoing the token is redacted; control characters in its data are shown escaped", async () => {
    const h = await harness();
    try {
      h.emulator.injectFault({
        method: 'GET',
        path: '/v1/me',
        times: 1,
        action: 'raw',
        status: 401,
        raw: '{"error":{"code":"unauthorized","message":"token demo-prod-rossi is not valid \\u001b]0;owned\\u0007"}}',
      });
      const denied = await h.run(['whoami']);
      expect(denied.exitCode).toBe(3);
      expect(denied.stderr).not.toContain('demo-prod-rossi');
      expect(denied.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
      expect(denied.stderr).toContain('token *** is not valid \\x1b]0;owned\\x07');

      const me = await api(h, 'GET', '/v1/me');
      me.data.company.name = 'Evil \u001b[2J\u202eCorp';
      h.emulator.injectFault({ method: 'GET', path: '/v1/me', times: 1, action: 'raw', raw: JSON.stringify(me) });
      const table = await h.run(['whoami', '-o', 'table']);
      expect(table.exitCode).toBe(0);
      expect(table.stdout).toContain('Evil \\x1b[2J\\u202eCorp');
      expect(table.stdout).not.toMatch(/[\u001b\u202e]/);
    } finally {
      await h.close();
    }
  });

  test('a token a header cannot carry, and a base URL with a password, are exit 2 with nothing sent', async () => {
    const h = await harness();
    try {
      const since = h.mark();
      const spaced = await h.run(['whoami'], { token: 'demo-prod rossi' });
      expect(spaced.exitCode).toBe(2);
      expect(spaced.stderr).toMatch(/^fisco: FISCO_TOKEN holds a space/m);
      const withPassword = await h.run(['whoami'], { baseUrl: h.emulator.url.replace('http://', 'http://user:hunter22@') });
      expect(withPassword.exitCode).toBe(2);
      expect(withPassword.stderr).toContain('FISCO_BASE_URL');
      expect(withPassword.stderr).not.toContain('hunter22');
      expect(since()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

/**
 * Issue 22 (hostile data and odd hosts, round two): each test names its item (`#N`), so the
 * reliability matrix (scripts/test-matrix.mjs) counts it on that item's row.
 */
describe.concurrent('issue 22: hostile answers, waits, shared state, odd hosts', () => {
  const withHarness = async (body: (h: Harness) => Promise<void>, options: Parameters<typeof harness>[0] = {}) => {
    const h = await harness(options);
    try {
      await body(h);
    } finally {
      await h.close();
    }
  };
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  test('#3 an announced window of 100000 s: `invoice list --all` ends at once with exit 7 and the time to wait', () =>
    withHarness(
      async (h) => {
        const started = Date.now();
        const result = await h.run(['invoice', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], { timeout: 30_000 });
        expect(result.exitCode, result.stderr).toBe(7);
        expect(Date.now() - started).toBeLessThan(20_000);
        expect(result.stderr).toMatch(
          /^fisco: the rate limit \(1 request in 27 h 46 min\) asks to wait 27 h 46 min, longer than fisco waits \(1 min, FISCO_MAX_WAIT\)/m,
        );
        expect(result.stderr).toContain('Try again in 27 h 46 min');
      },
      { rateLimit: { limit: 1, windowMs: 100_000_000 } },
    ));

  test('#3 a 429 with Retry-After 999999 on a later page: exit 7 at once, no page left waiting', () =>
    withHarness(async (h) => {
      h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', query: { page: '3' }, times: LONG, action: 'rate-limit', retryAfter: 999_999 });
      const started = Date.now();
      const result = await h.run(['invoice', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], { timeout: 30_000 });
      expect(result.exitCode, result.stderr).toBe(7);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(result.stderr).toMatch(/asks to wait 999999 s, longer than fisco waits \(60 s, FISCO_MAX_WAIT\)/);
      expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(2 * 10);
    }));

  test('#3 a wait of a few seconds is sat through and noted once on stderr (no terminal); FISCO_MAX_WAIT lowers the bound', () =>
    withHarness(
      async (h) => {
        const result = await h.run(['invoice', 'list', '--all', '--per-page', '20', '-o', 'ndjson'], { timeout: 40_000 });
        expect(result.exitCode, result.stderr).toBe(0);
        expect(result.stdout.split('\n').filter(Boolean).length).toBeGreaterThan(40);
        expect(result.stderr.match(/^fisco: waiting \d+ s for the rate limit \(2 requests in 4 s\)/gm)).toHaveLength(1);
        const bounded = await h.run(['invoice', 'list', '--all', '--per-page', '20', '-o', 'ndjson'], { env: { FISCO_MAX_WAIT: '1' }, timeout: 40_000 });
        expect(bounded.exitCode, bounded.stderr).toBe(7);
        expect(bounded.stderr).toMatch(/longer than fisco waits \(1 s, FISCO_MAX_WAIT\)/);
      },
      { rateLimit: { limit: 2, windowMs: 4_000 } },
    ));

  test('#3 on a terminal, a wait of a few seconds is a countdown', () =>
    withHarness(
      async (h) => {
        const { spawnPty } = await import('./pty.js');
        const { BIN } = await import('./harness.js');
        const env = {
          PATH: process.env.PATH,
          HOME: h.home,
          FISCO_CONFIG_DIR: join(h.home, 'c'),
          FISCO_DATA_DIR: join(h.home, 'd'),
          FISCO_TOKEN: 'demo-prod-rossi',
          FISCO_BASE_URL: h.emulator.url,
          NO_COLOR: '1',
          FISCO_PAGER: '',
        };
        const session = spawnPty('node', [BIN, 'invoice', 'list', '--all', '--per-page', '20', '-o', 'ndjson'], env);
        try {
          await session.expect(/waiting \d+ s for the rate limit \(2 requests in 4 s\)…/);
          // Redrawn each second: the same line again, counting down.
          await session.expect(/waiting \d+ s for the rate limit/);
          expect(await session.exit()).toBe(0);
          const shown = [...session.screen().matchAll(/waiting (\d+) s for the rate limit/g)].map((m) => Number(m[1]));
          expect(shown.length).toBeGreaterThan(1);
          expect(shown[1]!).toBeLessThan(shown[0]!);
        } finally {
          session.kill();
        }
      },
      { rateLimit: { limit: 2, windowMs: 4_000 } },
    ));

  test("#3 over several companies, one company's long wait holds no other: it is reported not done, exit 11", () =>
    withHarness(async (h) => {
      h.emulator.injectFault({
        method: 'GET',
        path: '/v1/invoices',
        query: { account_id: 'acc_verdi' },
        times: LONG,
        action: 'rate-limit',
        retryAfter: 999_999,
      });
      const started = Date.now();
      const result = await h.run(['--all-accounts', 'invoice', 'list', '--all', '-o', 'json'], { token: 'demo-firm-bianchi', timeout: 40_000 });
      expect(result.exitCode, result.stderr).toBe(11);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(result.stderr).toMatch(/1 of \d+ companies failed/);
      expect(result.stderr).toMatch(/acc_verdi.*asks to wait 999999 s, longer than fisco waits.*\(exit 7\)/);
      const rows = JSON.parse(result.stdout) as { account_id: string }[];
      expect(new Set(rows.map((r) => r.account_id)).size).toBeGreaterThan(1);
      expect(rows.some((r) => r.account_id === 'acc_verdi')).toBe(false);
    }));

  test('#6 an answer nested 5000 deep: exit 8 "unusable answer", nothing on stdout (whoami -o json, clients list -o csv, fisco api)', () =>
    withHarness(async (h) => {
      const me = await api(h, 'GET', '/v1/me');
      me.data.company.extra = JSON.parse(deep(3000));
      h.emulator.injectFault({
        method: 'GET',
        path: '/v1/me',
        times: LONG,
        action: 'raw',
        raw: JSON.stringify(me)
          .replace('[[[', deep(2000).slice(0, 2000) + '[[[')
          .replace(/\]\]\]/, ']]]' + deep(2000).slice(2000)),
      });
      for (const args of [
        ['whoami', '-o', 'json'],
        ['api', 'GET', '/v1/me'],
      ]) {
        const result = await h.run(args);
        expect(result.exitCode, result.stderr).toBe(8);
        expect(result.stdout).toBe('');
        expect(result.stderr).toMatch(/^fisco: GET \/v1\/me: unexpected answer \(HTTP 200, an unusable answer: nested more than 64 levels deep\)/m);
        checkStderr(result, 8);
      }
      const clients = await api(h, 'GET', '/clients?per_page=5');
      clients.data[1].notes = JSON.parse(deep(4000));
      h.emulator.injectFault({ method: 'GET', path: '/clients', times: LONG, action: 'raw', raw: JSON.stringify(clients) });
      const csv = await h.run(['clients', 'list', '--per-page', '5', '-o', 'csv']);
      expect(csv.exitCode, csv.stderr).toBe(8);
      expect(csv.stdout).toBe('');
      expect(csv.stderr).toContain('unusable answer');
    }));

  test("#8 `f24 get` of a missing form shows the service's own 404 message, fisco's hint beside it", () =>
    withHarness(async (h) => {
      h.emulator.injectFault({
        method: 'GET',
        path: '/v1/f24s/f24_9999',
        times: 1,
        action: 'raw',
        status: 404,
        raw: '{"error":{"code":"not_found","message":"Modello F24 inesistente per questa azienda"}}',
      });
      const result = await h.run(['f24', 'get', 'f24_9999']);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(/^fisco: Modello F24 inesistente per questa azienda$/m);
      expect(result.stderr).toContain('fisco f24 list');
    }));

  test('#9 a 422 body echoing the token reaches stdout redacted; `api --show-secrets` prints it raw', () =>
    withHarness(async (h) => {
      const echo = '{"error":{"code":"invalid","message":"bad request","received":{"authorization":"Bearer demo-prod-rossi","copy":"demo-prod-rossi"}}}';
      h.emulator.injectFault({ method: 'POST', path: '/clients/store/manual', times: 2, action: 'raw', status: 422, raw: echo });
      const result = await h.run(['api', 'POST', '/clients/store/manual', '-f', 'name=Eco S.r.l.']);
      expect(result.exitCode).toBe(6);
      expect(result.stdout).not.toContain('demo-prod-rossi');
      expect(JSON.parse(result.stdout).error.received.copy).toBe('***');
      expect(result.stderr).not.toContain('demo-prod-rossi');
      const raw = await h.run(['api', 'POST', '/clients/store/manual', '-f', 'name=Eco S.r.l.', '--show-secrets']);
      expect(JSON.parse(raw.stdout).error.received.copy).toBe('demo-prod-rossi');
      expect(raw.stderr).not.toContain('demo-prod-rossi');
    }));

  test('#13 F24 ids that differ only in punctuation download into distinct files', () =>
    withHarness(async (h) => {
      const page = await api(h, 'GET', '/v1/f24s?status=ready&per_page=100');
      page.data = page.data
        .slice(0, 3)
        .map((f: { id: string }, i: number) => ({ ...f, id: ['f24/1', 'f24:1', 'f24 1'][i], period: '2026-Q3', due_date: '2026-11-16' }));
      page.meta = { ...page.meta, total: 3, next_page: null };
      h.emulator.injectFault({ method: 'GET', path: '/v1/f24s', times: LONG, action: 'raw', raw: JSON.stringify(page) });
      const dir = mkdtempSync(join(tmpdir(), 'fisco-f24-ids-'));
      const result = await h.run(['f24', 'download', '--status', 'ready', '--dir', dir, '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(0);
      const files = readdirSync(dir);
      expect(files.filter((f) => f.endsWith('.pdf'))).toHaveLength(3);
      expect(files.filter((f) => f.endsWith('.part'))).toEqual([]);
    }));

  test('#14 SIGTERM ends fisco with 143, with the clean-up of Ctrl-C (no temporary file of --output-file)', () =>
    withHarness(async (h) => {
      h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', query: { page: '2' }, times: LONG, action: 'hang' });
      const dir = mkdtempSync(join(tmpdir(), 'fisco-sigterm-'));
      const { execa } = await import('execa');
      const { BIN } = await import('./harness.js');
      const env = {
        PATH: process.env.PATH!,
        HOME: h.home,
        FISCO_CONFIG_DIR: join(h.home, 'c'),
        FISCO_DATA_DIR: join(h.home, 'd'),
        FISCO_TOKEN: 'demo-prod-rossi',
        FISCO_BASE_URL: h.emulator.url,
        NO_COLOR: '1',
      };
      const since = h.mark();
      const child = execa('node', [BIN, '--output-file', join(dir, 'out.json'), 'invoice', 'list', '--all', '--per-page', '10'], {
        env,
        extendEnv: false,
        reject: false,
      });
      await until(() => since().some((r) => r.path === '/v1/invoices'));
      // The first page is written to --output-file's temporary file before page 2 hangs: that is what must not be left.
      await until(() => readdirSync(dir).some((f) => f.endsWith('.tmp')));
      child.kill('SIGTERM');
      const result = await child;
      expect(result.exitCode, String(result.stderr)).toBe(143);
      expect(readdirSync(dir)).toEqual([]);
    }));

  test('#16 an F24 file_url of file:///etc/passwd is refused at once naming its scheme: exit 8, no retry', () =>
    withHarness(async (h) => {
      const page = await api(h, 'GET', '/v1/f24s?status=ready&per_page=1');
      page.data = [{ ...page.data[0], file_url: 'file:///etc/passwd' }];
      page.meta = { ...page.meta, total: 1, next_page: null };
      h.emulator.injectFault({ method: 'GET', path: '/v1/f24s', times: LONG, action: 'raw', raw: JSON.stringify(page) });
      const dir = mkdtempSync(join(tmpdir(), 'fisco-f24-scheme-'));
      const since = h.mark();
      const started = Date.now();
      const result = await h.run(['f24', 'download', '--status', 'ready', '--dir', dir, '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(8);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result.stderr).toMatch(/the file link file:\/\/\/etc\/passwd uses the scheme file; fisco follows https links only/);
      expect(since().filter((r) => r.path === '/v1/f24s')).toHaveLength(1);
      expect(readdirSync(dir)).toEqual([]);
    }));

  test('#17 a 422 in the { errors: { field: [...] } } shape keeps its field errors in `clients add`', () =>
    withHarness(async (h) => {
      h.emulator.injectFault({
        method: 'POST',
        path: '/clients/store/manual',
        times: 1,
        action: 'raw',
        status: 422,
        raw: '{"message":"The given data was invalid.","errors":{"name":["The name has already been taken."],"cap":["The cap must be 5 digits."]}}',
      });
      const result = await h.run(['clients', 'add', '--name', 'Bottega S.r.l.', '--country', 'DE']);
      expect(result.exitCode).toBe(6);
      expect(result.stderr).toContain('name: The name has already been taken.');
      expect(result.stderr).toContain('cap: The cap must be 5 digits.');
    }));

  test('#18 an answer beyond FISCO_MAX_BODY_MB is exit 8 without retry; a huge service message is cut', () =>
    withHarness(async (h) => {
      const me = await api(h, 'GET', '/v1/me');
      me.data.company.padding = 'x'.repeat(3 * 1024 * 1024);
      h.emulator.injectFault({ method: 'GET', path: '/v1/me', times: LONG, action: 'raw', raw: JSON.stringify(me) });
      const since = h.mark();
      const result = await h.run(['whoami', '-o', 'json'], { env: { FISCO_MAX_BODY_MB: '1' } });
      expect(result.exitCode, result.stderr).toBe(8);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/the answer is 3 MB, more than the 1 MB fisco reads \(FISCO_MAX_BODY_MB\)/);
      expect(since().filter((r) => r.path === '/v1/me')).toHaveLength(1);

      const message = 'y'.repeat(2_000_000);
      h.emulator.injectFault({
        method: 'POST',
        path: '/clients/store/manual',
        times: 1,
        action: 'raw',
        status: 422,
        raw: JSON.stringify({ error: { code: 'bad', message } }),
      });
      const added = await h.run(['clients', 'add', '--name', 'Bottega S.r.l.', '--country', 'DE']);
      expect(added.exitCode).toBe(6);
      expect(added.stderr.length).toBeLessThan(2_000);
      expect(added.stderr).toContain(`… ${2_000_000 - 500} more characters`);
    }));

  test('#7 a write that fails after the work (the file size limit) is exit 12 naming the path, no temporary file left', () =>
    withHarness(async (h) => {
      const dir = mkdtempSync(join(tmpdir(), 'fisco-localwrite-'));
      const out = join(dir, 'invoices.json');
      const { execa } = await import('execa');
      const { BIN } = await import('./harness.js');
      const env = {
        PATH: process.env.PATH!,
        HOME: h.home,
        FISCO_CONFIG_DIR: join(h.home, 'c'),
        FISCO_DATA_DIR: join(h.home, 'd'),
        FISCO_TOKEN: 'demo-prod-rossi',
        FISCO_BASE_URL: h.emulator.url,
        NO_COLOR: '1',
        FISCO_NO_CODE_CACHE: '1',
      };
      const result = await execa('bash', ['-c', 'ulimit -f 2; exec node "$@"', 'fisco', BIN, '--output-file', out, 'invoice', 'list', '--all'], {
        env,
        extendEnv: false,
        reject: false,
        timeout: 30_000,
      });
      expect(result.exitCode, String(result.stderr)).toBe(12);
      expect(String(result.stderr)).toContain(`--output-file ${out}: cannot write (EFBIG)`);
      expect(readdirSync(dir)).toEqual([]);
    }));

  test('#4 20 parallel `--demo` writes: every one kept, ids never repeat', { timeout: 180_000 }, () =>
    withHarness(async (h) => {
      // Real processes: the lock is between processes.
      const demo = (args: string[]) => h.run(['--demo', ...args], { token: null, baseUrl: null, timeout: 150_000, spawn: true });
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          demo(['invoice', 'create', '--piva', 'IT00743110157', '--item', `Parallela ${i};1;10.00;22`, '--draft', '-o', 'json']),
        ),
      );
      for (const r of created) expect(r.exitCode, r.stderr).toBe(0);
      const ids = created.map((r) => String(JSON.parse(r.stdout).id));
      expect(new Set(ids).size).toBe(20);
      const listed = JSON.parse((await demo(['invoice', 'list', '--all', '-o', 'json'])).stdout) as {
        id: string;
        uuid: string;
        sdi_status: string;
        amount_paid: string | null;
        amount_due: string | null;
        total_amount: string;
      }[];
      for (const id of ids) expect(listed.some((i) => String(i.id) === id)).toBe(true);
      // 20 parallel payments of 1.00 on one invoice: every one is kept.
      const target = listed.find(
        (i) =>
          /^\d+\/\d{4}$/.test((i as { number?: string }).number ?? '') &&
          ['accepted', 'delivered', 'sent', 'queued'].includes(i.sdi_status) &&
          Number(i.amount_due ?? 0) >= 30,
      )!;
      expect(target).toBeDefined();
      const paid = await Promise.all(Array.from({ length: 20 }, () => demo(['invoice', 'pay', target.uuid, '--amount', '1.00', '-o', 'json'])));
      for (const r of paid) expect(r.exitCode, r.stderr).toBe(0);
      const after = (JSON.parse((await demo(['invoice', 'list', '--all', '-o', 'json'])).stdout) as typeof listed).find((i) => i.uuid === target.uuid)!;
      expect(Number(after.amount_paid) - Number(target.amount_paid ?? 0)).toBeCloseTo(20, 2);
    }),
  );

  test('#4 a demo state lock not taken in the bound time is a clear error, nothing changed', () =>
    withHarness(async (h) => {
      const warm = await h.run(['--demo', 'whoami', '-o', 'json'], { token: null, baseUrl: null, timeout: 60_000 });
      expect(warm.exitCode, warm.stderr).toBe(0);
      const state = join(h.home, 'fisco-data', 'demo-state.json');
      const lockfile = (await import('proper-lockfile')).default;
      const release = await lockfile.lock(state, { realpath: false, lockfilePath: `${state}.lock`, stale: 60_000 });
      try {
        const result = await h.run(['--demo', 'invoice', 'create', '--piva', 'IT00743110157', '--item', 'Bloccata;1;10.00;22', '--draft'], {
          token: null,
          baseUrl: null,
          env: { FISCO_LOCK_TIMEOUT_MS: '500' },
          timeout: 60_000,
        });
        expect(result.exitCode, result.stderr).toBe(5);
        expect(result.stderr).toMatch(/the state file .*demo-state\.json is locked by another process; waited 1 s and changed nothing/);
      } finally {
        await release();
      }
    }));

  test('#5 companies whose folders would clash export into distinct folders, each manifest naming its own', { timeout: 120_000 }, () =>
    withHarness(async (h) => {
      const firm = h.emulator.store.accounts.filter((a) => ['acc_verdi', 'acc_bianchi_srl', 'acc_rossi'].includes(a.id) || a.environment === 'production');
      const [first, second] = h.emulator.store.accounts.filter((a) => a.environment === 'production' && a.id !== 'acc_rossi');
      expect(firm.length).toBeGreaterThan(1);
      second!.name = first!.name;
      second!.vat_number = first!.vat_number;
      const dir = mkdtempSync(join(tmpdir(), 'fisco-export-clash-'));
      const result = await h.run(['--accounts', `${first!.id},${second!.id}`, 'export', '--period', '2026-10', '--dir', dir, '-o', 'json'], {
        token: 'demo-firm-bianchi',
        timeout: 110_000,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      const rows = JSON.parse(result.stdout) as { account_id: string; folder: string }[];
      expect(new Set(rows.map((r) => r.folder)).size).toBe(2);
      const { readFileSync } = await import('node:fs');
      for (const row of rows) {
        const manifest = JSON.parse(readFileSync(join(dir, row.folder, 'manifest.json'), 'utf8'));
        expect(manifest.company.id).toBe(row.account_id);
        expect(manifest.folder).toBe(row.folder);
      }
    }),
  );
});
