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
import { api, checkStderr, HTML, LONG, until } from './fault-helpers.js';
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
  /** For a write: its exit code, and whether the service carried it out (an unreadable 2xx answer is exit 9: fisco cannot tell). */
  write: Outcome;
  /** A write of the journal (invoice create, invoice pay) looks up on the service what it may have done: what it ends with. */
  journaled: Outcome;
}

const FAULTS: Fault[] = [
  { name: '5xx burst', rule: { action: 'status', status: 503, times: 2 }, read: 0, write: { exit: 8, acted: false }, journaled: { exit: 9, acted: false } },
  {
    name: '429 storm with Retry-After',
    rule: { action: 'rate-limit', retryAfter: 1, times: LONG },
    read: 7,
    write: { exit: 7, acted: false },
    journaled: { exit: 7, acted: false },
  },
  {
    name: '429 storm without Retry-After',
    rule: { action: 'status', status: 429, times: LONG },
    read: 7,
    write: { exit: 7, acted: false },
    journaled: { exit: 7, acted: false },
  },
  {
    name: 'connection dropped before the service acted',
    rule: { action: 'drop-before', times: 1 },
    read: 0,
    write: { exit: 9, acted: false },
    journaled: { exit: 9, acted: false },
  },
  {
    name: 'connection dropped after the service acted',
    rule: { action: 'drop-after', times: 1 },
    read: 0,
    write: { exit: 9, acted: true },
    journaled: { exit: 0, acted: true },
  },
  {
    name: '200 with truncated JSON',
    rule: { action: 'raw', raw: '{"data": [{"id": "1", "numb', times: LONG },
    read: 8,
    write: { exit: 9, acted: true },
    journaled: { exit: 0, acted: true },
  },
  {
    name: '200 with HTML',
    rule: { action: 'raw', raw: HTML, contentType: 'text/html', times: LONG },
    read: 8,
    write: { exit: 9, acted: true },
    journaled: { exit: 0, acted: true },
  },
  {
    name: '200 with an empty body',
    rule: { action: 'raw', raw: '', times: LONG },
    read: 8,
    write: { exit: 9, acted: true },
    journaled: { exit: 0, acted: true },
  },
  { name: '200 with null', rule: { action: 'raw', raw: 'null', times: LONG }, read: 8, write: { exit: 9, acted: true }, journaled: { exit: 0, acted: true } },
  {
    name: '200 with the wrong shape',
    rule: { action: 'raw', raw: '{"data":[1,2]}', times: LONG },
    read: 8,
    write: { exit: 9, acted: true },
    journaled: { exit: 0, acted: true },
  },
  {
    name: 'trickling body',
    rule: { action: 'trickle', intervalMs: 300, times: LONG },
    read: 8,
    write: { exit: 9, acted: true },
    journaled: { exit: 0, acted: true },
  },
  { name: 'no answer', rule: { action: 'hang', times: LONG }, read: 8, write: { exit: 9, acted: false }, journaled: { exit: 9, acted: false } },
  {
    name: 'redirect to another origin',
    rule: { action: 'redirect', times: LONG },
    read: 8,
    write: { exit: 9, acted: false },
    journaled: { exit: 9, acted: false },
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
  if (command.name.startsWith('invoice create') || command.name.startsWith('invoice pay')) return fault.journaled;
  // The contract answers DELETE 204 with no body: a 200 with anything (or nothing) proves nothing, exit 9.
  if (command.method === 'DELETE' && fault.rule.action === 'raw') return { exit: 9, acted: true };
  if (command.method === 'DELETE' && fault.rule.action === 'trickle') return { exit: 0, acted: true }; // a 204 has no body to trickle
  return fault.write;
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
            if (acted && exit !== 0) expect(result.stderr).toMatch(/probably carried out|may or may not have been carried out/);
            // Exit 9 for every write whose answer cannot be read; no message says it was carried out with another code.
            if (exit !== 9) expect(result.stderr).not.toMatch(/carried (it )?out/);
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

describe('a list shorter than its meta.total is never taken as complete', () => {
  test('an empty later page, or a page sent twice: exit 8 after the records read; the json list left open, --output-file not written, the overview’s figures missing', async () => {
    const h = await harness();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'fisco-short-'));
      const whole = await h.run(['--account', 'acc_rossi', 'invoice', 'list', '--all', '--per-page', '20', '-o', 'json']);
      expect(whole.exitCode, whole.stderr).toBe(0);
      const total = JSON.parse(whole.stdout).length as number;
      expect(total).toBeGreaterThan(40);
      /** Page 2 of 20 answered with `data` and the meta given. */
      const page2 = (data: unknown[], nextPage: number | null) =>
        h.emulator.injectFault({
          method: 'GET',
          path: '/v1/invoices',
          query: { page: '2' },
          times: LONG,
          action: 'raw',
          raw: JSON.stringify({ data, meta: { page: 2, per_page: 20, total, next_page: nextPage } }),
        });
      // Page 2 empty while page 1 announced the total (the contract's walk would end there, 20 records, exit 0).
      page2([], null);
      const short = await h.run(['--account', 'acc_rossi', 'invoice', 'list', '--all', '--per-page', '20', '-o', 'json']);
      expect(short.exitCode).toBe(8);
      expect(short.stderr).toContain(`fisco: 20 of ${total} listed: the pages announced meta.total ${total}, and the walk ended after 20`);
      expect(short.stderr).toContain('The list changed while it was read (records created or deleted)');
      expect(() => JSON.parse(short.stdout)).toThrow(); // never a complete-looking document
      expect(short.stdout.startsWith('[')).toBe(true);
      const file = join(dir, 'invoices.csv');
      const csv = await h.run(['--account', 'acc_rossi', '--output-file', file, 'invoice', 'list', '--all', '--per-page', '20', '-o', 'csv']);
      expect(csv.exitCode).toBe(8);
      expect(existsSync(file)).toBe(false);
      h.emulator.clearFaults();

      // One page that says it is the last, with fewer records than its total: the overview sums nothing.
      const cut = { data: JSON.parse(whole.stdout).slice(0, 20), meta: { page: 1, per_page: 100, total, next_page: null } };
      h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', query: { per_page: '100' }, times: LONG, action: 'raw', raw: JSON.stringify(cut) });
      const overview = await h.run(['--account', 'acc_rossi', 'overview', '-o', 'json']);
      // Partly done (exit 11): the figures built on the short list are missing (null), never a sum of 20 records.
      expect(overview.exitCode).toBe(11);
      const [row] = JSON.parse(overview.stdout) as { open_count: unknown; open_amount: unknown; missing: { reason: string; exit_code: number }[] }[];
      expect(row.open_count).toBeNull();
      expect(row.open_amount).toBeNull();
      expect(row.missing).toContainEqual(expect.objectContaining({ reason: expect.stringContaining(`20 of ${total} listed`), exit_code: 8 }));
      expect(overview.stderr).toContain(`20 of ${total} listed`);
      h.emulator.clearFaults();

      // Page 2 answered with page 1's records (a shift): as many records as announced, two of them the same.
      page2(JSON.parse(whole.stdout).slice(0, 20), 3);
      const twice = await h.run(['--account', 'acc_rossi', 'invoice', 'list', '--all', '--per-page', '20', '-o', 'ndjson']);
      expect(twice.exitCode).toBe(8);
      expect(twice.stderr).toContain(`${total - 20} of ${total} listed`);
      h.emulator.clearFaults();
      expect((await h.run(['--account', 'acc_rossi', 'invoice', 'list', '--all', '--per-page', '20', '-o', 'json'])).stdout).toBe(whole.stdout);
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

  test('hooks delete is done only when answered 204: a 202 (accepted, maybe later) or a 200 with no body is exit 9, never a success', async () => {
    const h = await harness();
    try {
      for (const [status, raw] of [
        [202, ''],
        [200, ''],
        [200, 'null'],
      ] as const) {
        const { data } = await api(h, 'POST', '/v1/hooks', { target_url: `https://receiver.example/d${status}${raw}`, events: ['invoice.created'] });
        h.emulator.injectFault({ method: 'DELETE', path: '/v1/hooks/\\d+', times: 1, action: 'raw', raw, status, afterHandler: true });
        const result = await h.run(['hooks', 'delete', String(data.id)]);
        expect(result.exitCode, `${status} ${JSON.stringify(raw)}`).toBe(9);
        expect(result.stderr).toContain(
          `DELETE /v1/hooks/${data.id}: the service answered HTTP ${status}, but its answer cannot be read (HTTP ${status} where the contract answers 204 with no body)`,
        );
        expect(result.stderr).toContain('fisco hooks list');
        expect(result.stderr).not.toContain('turned off');
      }
      // The contract's own answer, 204, is the success it always was.
      const { data } = await api(h, 'POST', '/v1/hooks', { target_url: 'https://receiver.example/d204', events: ['invoice.created'] });
      const done = await h.run(['hooks', 'delete', String(data.id)]);
      expect(done.exitCode).toBe(0);
      expect(done.stderr).toContain(`turned off subscription ${data.id}`);
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
