import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { api, checkStderr, LONG, until } from './fault-helpers.js';
import { harness, type Harness } from './harness.js';
import { processEnv } from './process-env.js';

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
        const sent = h.mark();
        // At once: no wait sat through (a wait of 3 s or more is noted on stderr, and the longest one
        // fisco sits through, 1 min, would outlast this run's 30 s); the first page would have had to wait, so none was asked for.
        const result = await h.run(['invoice', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], { timeout: 30_000 });
        expect(result.exitCode, result.stderr).toBe(7);
        expect(result.stderr).not.toMatch(/waiting .* for/);
        expect(sent().filter((r) => r.path === '/v1/invoices')).toEqual([]);
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
      const from = h.emulator.store.requests.at(-1)?.seq ?? 0;
      // At once: no wait sat through (noted on stderr from 3 s; the longest, 60 s, would outlast this
      // run's 30 s) and the refused page asked for once, never again.
      const result = await h.run(['invoice', 'list', '--all', '--per-page', '10', '-o', 'ndjson'], { timeout: 30_000 });
      expect(result.exitCode, result.stderr).toBe(7);
      expect(result.stderr).not.toMatch(/waiting .* for/);
      const pageThree = h.emulator.store.requests.filter((r) => r.seq > from && r.path === '/v1/invoices' && r.query.page === '3');
      expect(pageThree.map((r) => r.status)).toEqual([429]);
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
        const env = processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'c'), FISCO_DATA_DIR: join(h.home, 'd'), FISCO_PAGER: '' });
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
      // acc_verdi's hold is refused without a wait (none noted on stderr), and held no other company:
      // every other one was listed (a hold on them too would have failed them as well).
      const result = await h.run(['--all-accounts', 'invoice', 'list', '--all', '-o', 'json'], { token: 'demo-firm-bianchi', timeout: 40_000 });
      expect(result.exitCode, result.stderr).toBe(11);
      expect(result.stderr).not.toMatch(/waiting .* for/);
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
      const env = processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'c'), FISCO_DATA_DIR: join(h.home, 'd') });
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
      const result = await h.run(['f24', 'download', '--status', 'ready', '--dir', dir, '-o', 'json']);
      expect(result.exitCode, result.stderr).toBe(8);
      // At once: refused before any attempt (said once, no count of attempts, no wait between them).
      expect(result.stderr.match(/the file link file:\/\/\/etc\/passwd uses the scheme file; fisco follows https links only/g)).toHaveLength(1);
      expect(result.stderr).not.toMatch(/attempts|waiting .* for/);
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
      const env = processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'c'), FISCO_DATA_DIR: join(h.home, 'd'), FISCO_NO_CODE_CACHE: '1' });
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
      // The one lock between processes (src/io/lock.ts), held here by a live process: this one.
      const { acquireLock } = await import('../../src/io/lock.js');
      const lock = await acquireLock(`${state}.lock`, { timeoutMs: 0 });
      const release = async () => lock.release();
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
