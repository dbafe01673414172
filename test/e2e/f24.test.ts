import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isCompletePdf } from '../../src/report/f24-files.js';
import { configureF24Files } from '../../src/emulator/resources/f24.js';
import { BIN, harness, parseJson, type Harness } from './harness.js';
import { processEnv } from './process-env.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());
afterEach(() => configureF24Files(h.emulator.store, { linkTtlSeconds: 900, chunkDelayMs: 0 }));

const freshDir = () => mkdtempSync(join(tmpdir(), 'fisco-f24-'));

interface F24 {
  id: string;
  period: string;
  due_date: string;
  status: string;
  amount: string;
  total_amount: string;
  file_url: string;
}

describe('f24 list and get', () => {
  it('lists every page, amounts normalised from JSON numbers to strings', async () => {
    const all = parseJson<F24[]>((await h.run(['f24', 'list', '--all', '--per-page', '15'])).stdout);
    expect(all).toHaveLength(40);
    expect(new Set(all.map((f) => f.status))).toEqual(new Set(['draft', 'ready', 'paid', 'expired', 'cancelled']));
    for (const f of all) expect([f.amount, f.total_amount].every((a) => /^\d+\.\d{2}$/.test(a))).toBe(true);
  });

  it('filters by status, due-date range and --updated-since', async () => {
    const paid = parseJson<F24[]>((await h.run(['f24', 'list', '--all', '--status', 'paid'])).stdout);
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.every((f) => f.status === 'paid')).toBe(true);
    const range = parseJson<F24[]>((await h.run(['f24', 'list', '--all', '--due-from', '2026-10-01', '--due-to', '2026-12-31'])).stdout);
    expect(range.length).toBeGreaterThan(0);
    expect(range.every((f) => f.due_date >= '2026-10-01' && f.due_date <= '2026-12-31')).toBe(true);
    const since = parseJson<F24[]>((await h.run(['f24', 'list', '--all', '--updated-since', '2026-11-01'])).stdout);
    expect(since.length).toBeLessThan(40);
    const bad = await h.run(['f24', 'list', '--status', 'pagato']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--status: use one of draft, ready, paid, expired, cancelled');
  });

  it('get shows whatever detail arrives, and explains a 404', async () => {
    const got = await h.run(['f24', 'get', 'f24_0012']);
    expect(got.exitCode).toBe(0);
    const detail = parseJson(got.stdout);
    expect(detail.id).toBe('f24_0012');
    expect(detail.sezioni.erario[0].codice_tributo).toMatch(/^\d{4}$/);
    expect(detail.amount).toMatch(/^\d+\.\d{2}$/);
    const table = await h.run(['f24', 'get', 'f24_0012', '-o', 'table']);
    expect(table.stdout).toMatch(/sezioni\.erario/);
    const missing = await h.run(['f24', 'get', 'f24_9999']);
    expect(missing.exitCode).toBe(4);
    expect(missing.stderr).toContain('F24 f24_9999 not found');
    expect(missing.stderr).toContain('fisco f24 list');
  });
});

describe('f24 download', () => {
  it('saves PDFs under <period>_<due date>_<id>.pdf and skips complete files on a re-run', async () => {
    const dir = freshDir();
    const ready = parseJson<F24[]>((await h.run(['f24', 'list', '--all', '--status', 'ready'])).stdout);
    const first = await h.run(['f24', 'download', '--status', 'ready', '--dir', dir]);
    expect(first.exitCode, first.stderr).toBe(0);
    const results = parseJson<{ id: string; file: string; result: string }[]>(first.stdout);
    expect(results.map((r) => r.result)).toEqual(ready.map(() => 'downloaded'));
    for (const f of ready) {
      const file = join(dir, `${f.period.replace(/[^A-Za-z0-9._-]+/g, '-')}_${f.due_date}_${f.id}.pdf`);
      expect(await isCompletePdf(file), file).toBe(true);
      expect(readFileSync(file, 'latin1')).toContain(f.id);
    }
    const sent = h.mark();
    const again = await h.run(['f24', 'download', '--status', 'ready', '--dir', dir]);
    expect(again.exitCode).toBe(0);
    expect(parseJson<{ result: string }[]>(again.stdout).every((r) => r.result === 'skipped')).toBe(true);
    expect(sent().filter((r) => r.path.startsWith('/files/'))).toEqual([]);
    expect(again.stderr).toContain(`0 downloaded, ${ready.length} already complete`);
  });

  it('downloads by id, and reports an unknown id with exit 4 while saving the others', async () => {
    const dir = freshDir();
    const result = await h.run(['f24', 'download', 'f24_0012', 'f24_nope', '--dir', dir]);
    expect(result.exitCode).toBe(4);
    expect(readdirSync(dir)).toEqual(['Saldo-2025_2026-05-16_f24_0012.pdf']);
    expect(parseJson<{ id: string; result: string }[]>(result.stdout).map((r) => [r.id, r.result])).toEqual([
      ['f24_0012', 'downloaded'],
      ['f24_nope', 'failed'],
    ]);
  });

  it('needs --dir and a selection', async () => {
    const noDir = await h.run(['f24', 'download', 'f24_0001']);
    expect(noDir.exitCode).toBe(2);
    expect(noDir.stderr).toContain('--dir');
    const nothing = await h.run(['f24', 'download', '--dir', freshDir()]);
    expect(nothing.exitCode).toBe(2);
    expect(nothing.stderr).toMatch(/say which F24s/);
  });

  it('retries a transfer whose connection dropped and leaves no partial file', async () => {
    const dir = freshDir();
    h.emulator.injectFault({ method: 'GET', path: '/files/f24/.*', times: 2, action: 'drop-after' });
    const result = await h.run(['f24', 'download', 'f24_0001', 'f24_0002', 'f24_0003', '--dir', dir]);
    expect(result.exitCode, result.stderr).toBe(0);
    const files = readdirSync(dir);
    expect(files).toHaveLength(3);
    expect(files.some((f) => f.endsWith('.part'))).toBe(false);
  });

  it('says a link has expired, saves nothing, and a re-run with fresh links succeeds', async () => {
    const dir = freshDir();
    configureF24Files(h.emulator.store, { linkTtlSeconds: -60 });
    const expired = await h.run(['f24', 'download', 'f24_0001', '--dir', dir]);
    expect(expired.exitCode).toBe(3);
    expect(expired.stderr).toMatch(/F24 f24_0001: the download link has expired/);
    expect(expired.stderr).toMatch(/run the same command again; it lists the F24s anew for fresh links/);
    expect(readdirSync(dir)).toEqual([]);
    configureF24Files(h.emulator.store, { linkTtlSeconds: 900 });
    expect((await h.run(['f24', 'download', 'f24_0001', '--dir', dir])).exitCode).toBe(0);
  });

  it('interrupted with Ctrl-C leaves only complete PDFs, and the re-run completes the rest', async () => {
    const dir = freshDir();
    const paid = parseJson<F24[]>((await h.run(['f24', 'list', '--all', '--status', 'paid'])).stdout);
    configureF24Files(h.emulator.store, { chunkDelayMs: 25 });
    const child = execa('node', [BIN, 'f24', 'download', '--status', 'paid', '--dir', dir], {
      env: processEnv(h, { FISCO_CONFIG_DIR: join(h.home, 'cfg') }),
      extendEnv: false,
      reject: false,
      input: '',
    });
    const started = Date.now();
    while (!readdirSync(dir).some((f) => f.endsWith('.pdf')) || !readdirSync(dir).some((f) => f.endsWith('.part'))) {
      if (Date.now() - started > 15_000) throw new Error('no download in progress');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGINT');
    const interrupted = await child;
    expect(interrupted.exitCode).toBe(130);
    expect(String(interrupted.stderr)).toMatch(/interrupted; \d+ partial downloads? removed/);
    // One summary, not a warning per transfer that was cut ("This operation was aborted" ×3).
    expect(String(interrupted.stderr)).not.toMatch(/aborted|F24 \S+: /);
    const left = readdirSync(dir);
    expect(left.some((f) => f.endsWith('.part'))).toBe(false);
    expect(left.length).toBeGreaterThan(0);
    expect(left.length).toBeLessThan(paid.length);
    for (const file of left) expect(await isCompletePdf(join(dir, file)), file).toBe(true);

    configureF24Files(h.emulator.store, { chunkDelayMs: 0 });
    const resumed = await h.run(['f24', 'download', '--status', 'paid', '--dir', dir]);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const results = parseJson<{ result: string }[]>(resumed.stdout);
    expect(results.filter((r) => r.result === 'skipped')).toHaveLength(left.length);
    expect(results.filter((r) => r.result === 'downloaded')).toHaveLength(paid.length - left.length);
    const all = readdirSync(dir);
    expect(all).toHaveLength(paid.length);
    for (const file of all) expect(await isCompletePdf(join(dir, file))).toBe(true);
    expect(existsSync(join(dir, `${all[0]}.part`))).toBe(false);
  }, 40_000);
});

describe('f24 download --concurrency', () => {
  it('--concurrency 1 fetches the files one after another, in the order listed', async () => {
    const dir = freshDir();
    const ready = parseJson<F24[]>((await h.run(['f24', 'list', '--all', '--status', 'ready'])).stdout);
    const sent = h.mark();
    const result = await h.run(['f24', 'download', '--status', 'ready', '--concurrency', '1', '--dir', dir]);
    expect(result.exitCode, result.stderr).toBe(0);
    const files = sent().filter((r) => r.path.startsWith('/files/f24/'));
    expect(files.map((r) => decodeURIComponent(r.path).replace(/^\/files\/f24\/|\.pdf$/g, ''))).toEqual(ready.map((f) => f.id));
    expect(readdirSync(dir)).toHaveLength(ready.length);
  });

  it('refuses a concurrency outside 1..16 before sending anything', async () => {
    const sent = h.mark();
    const result = await h.run(['f24', 'download', '--status', 'ready', '--concurrency', '0', '--dir', freshDir()]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--concurrency: .*1 to 16/);
    expect(sent()).toEqual([]);
  });
});

describe('f24 download and the rate limit', () => {
  let limited: Harness;
  beforeAll(async () => {
    // Four API requests a minute: the listing fits, and the signed links must not wait for the next minute.
    limited = await harness({ rateLimit: { limit: 4, windowMs: 60_000 } });
  });
  afterAll(async () => limited.close());

  it('downloads more files than the token may make requests in a minute, without a 429', async () => {
    const dir = freshDir();
    const sent = limited.mark();
    const result = await limited.run(['f24', 'download', '--status', 'paid,ready', '--dir', dir], { timeout: 30_000 });
    expect(result.exitCode, result.stderr).toBe(0);
    const requests = sent();
    const files = requests.filter((r) => r.path.startsWith('/files/'));
    expect(files.length).toBeGreaterThan(4);
    expect(files.every((r) => r.status === 200)).toBe(true);
    expect(requests.some((r) => r.status === 429)).toBe(false);
    expect(readdirSync(dir)).toHaveLength(files.length);
  }, 40_000);
});
