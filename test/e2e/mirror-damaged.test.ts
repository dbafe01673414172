/**
 * The mirror in a damaged world (issue 38, point 4): a service clock far from the machine's, a
 * damaged or odd mirror file, and an offline read that a sync's commit must not split.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlite } from '../../src/mirror/sqlite.js';
import { KIND } from '../../src/mirror/kinds.js';
import { MirrorAnswers } from '../../src/mirror/answer.js';
import { spawnBin } from './batch-helpers.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import type { SyncRow } from '../../src/commands/sync/sync.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

async function sync(args: string[] = [], lang?: 'it') {
  const result = await h.run(['sync', ...args, '-o', 'json'], { token: TOKENS.prod, timeout: 60_000, lang });
  return { ...result, rows: result.stdout.trim() ? parseJson<SyncRow[]>(result.stdout) : [] };
}

async function knobs(body: Record<string, unknown>) {
  const response = await fetch(`${h.emulator.url}/__emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const YEAR_MS = 365 * 86_400_000;

describe('a service clock far from the machine', () => {
  it('is said on stderr, and no cursor is left where a later sync cannot see: a new invoice is mirrored once the clock is back', async () => {
    await knobs({ dateAheadMs: YEAR_MS });
    const first = await sync();
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/^warning: the service's clock \(its Date header\) says 20\d\d-.*more than 5 minutes apart/m);
    const second = await sync([], 'it');
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/l’orologio del servizio \(la sua intestazione `Date`\) segna .* più di 5 minuti di differenza/);
    await knobs({ dateAheadMs: 0 });
    const created = await h.run(['invoice', 'create', '--piva', '00743110157', '--item', 'Consulenza;1;100;22', '--draft', '-o', 'json'], {
      token: TOKENS.prod,
    });
    expect(created.exitCode, created.stderr).toBe(0);
    const id = parseJson<{ id: string }>(created.stdout).id;
    const third = await sync();
    expect(third.exitCode, third.stderr).toBe(0);
    expect(third.rows.find((row) => row.account_id === 'acc_rossi')!.new).toBeGreaterThanOrEqual(1);
    const offline = await h.run(['--offline', 'invoice', 'list', '--all', '-o', 'json'], { token: TOKENS.prod });
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(parseJson<{ id: string }[]>(offline.stdout).map((invoice) => String(invoice.id))).toContain(String(id));
  });
});

describe('a damaged, unreadable or odd mirror', () => {
  let data: string;
  let file: string;
  let good: Buffer;
  const bin = (args: string[]) => spawnBin(h, args, TOKENS.prod, { FISCO_DATA_DIR: data });

  beforeAll(async () => {
    data = mkdtempSync(join(h.home, 'damaged-'));
    const first = await bin(['sync']);
    expect(first.exitCode, String(first.stderr)).toBe(0);
    const dir = join(data, 'mirror');
    file = join(
      dir,
      readdirSync(dir).find((name) => name.endsWith('.sqlite'))!,
    );
    good = readFileSync(file);
  }, 120_000);

  /** The good mirror back in place, then `damage` done to it. */
  function damaged(damage: () => void): void {
    for (const name of readdirSync(join(data, 'mirror'))) rmSync(join(data, 'mirror', name), { recursive: true, force: true });
    writeFileSync(file, good, { mode: 0o600 });
    damage();
  }

  const inDb = (sql: string) => {
    const db = new (sqlite().DatabaseSync)(file);
    db.exec(sql);
    db.close();
  };

  const states: [string, () => void, RegExp][] = [
    ['a FIFO', () => (rmSync(file), execFileSync('mkfifo', [file])), /is not a regular file \(a named pipe \(FIFO\)\)/],
    ['a directory', () => (rmSync(file), mkdirSync(file)), /is not a regular file \(a directory\)/],
    ['a symbolic link to /dev/null', () => (rmSync(file), symlinkSync('/dev/null', file)), /is not a regular file \(a device\)/],
    [
      'garbled pages',
      () => {
        const bytes = readFileSync(file);
        bytes.fill(0xa5, Math.floor(bytes.length / 4), Math.floor((bytes.length * 3) / 4));
        writeFileSync(file, bytes);
      },
      /is damaged \(/,
    ],
    ['a dropped table', () => inDb('DROP TABLE records'), /is damaged \(no such table: records\)/],
    ['a truncated file', () => truncateSync(file, Math.floor(good.length / 2)), /is damaged \(/],
    [
      'a record that is not JSON',
      () => inDb(`UPDATE records SET json = substr(json, 1, 20) WHERE rid = (SELECT min(rid) FROM records WHERE kind = ${KIND.invoice} AND part = 0)`),
      /is damaged \(a record that is not JSON\)/,
    ],
  ];

  it.each(states)(
    '%s: every command that opens it exits 2 in one line naming the file, the cause and `sync --full`, which repairs it',
    async (_name, damage, cause) => {
      damaged(damage);
      // A read that never meets the damaged part (a search answered by an intact index) may answer: then with valid JSON.
      for (const [args, mustMeet] of [
        [['--offline', 'invoice', 'list', '-o', 'json'], true],
        [['--offline', 'invoice', 'list', '--all', '-o', 'json'], true],
        [['search', 'Rossi', '-o', 'json'], false],
        [['--offline', 'overview', '-o', 'json'], false],
        [['sync'], true],
      ] as const) {
        const result = await bin([...args]);
        const stderr = String(result.stderr);
        expect(stderr).not.toMatch(/bug in fisco/);
        if (!mustMeet && result.exitCode === 0) {
          expect(() => JSON.parse(String(result.stdout))).not.toThrow();
          continue;
        }
        expect(result.exitCode, `${args.join(' ')}: ${stderr}`).toBe(2);
        expect(String(result.stdout), args.join(' ')).toBe('');
        expect(stderr).not.toMatch(/bug in fisco/);
        const line = stderr.split('\n').find((l) => l.includes(file))!;
        expect(line, `${args.join(' ')}: ${stderr}`).toMatch(cause);
        expect(line).toMatch(/`fisco sync --full` \(online\) moves it aside to .*\.damaged-<time> and makes a new mirror/);
      }
      const full = await bin(['sync', '--full']);
      expect(full.exitCode, String(full.stderr)).toBe(0);
      expect(String(full.stderr)).toMatch(/moved aside to .*\.sqlite\.damaged-\d{4}-/);
      const aside = readdirSync(join(data, 'mirror')).find((name) => name.includes('.damaged-'))!;
      expect(existsSync(join(data, 'mirror', aside))).toBe(true);
      const read = await bin(['--offline', 'invoice', 'list', '--all', '-o', 'json']);
      expect(read.exitCode, String(read.stderr)).toBe(0);
      expect(parseJson<unknown[]>(String(read.stdout)).length).toBeGreaterThan(0);
    },
    120_000,
  );

  it('an empty file: a read says there is no mirror yet (exit 2, naming the file), and sync fills it', async () => {
    damaged(() => writeFileSync(file, ''));
    const read = await bin(['--offline', 'invoice', 'list', '-o', 'json']);
    expect(read.exitCode).toBe(2);
    expect(String(read.stderr)).toContain(file);
    expect(String(read.stderr)).not.toMatch(/bug in fisco/);
    const sync = await bin(['sync']);
    expect(sync.exitCode, String(sync.stderr)).toBe(0);
  }, 60_000);
});

describe('an offline read is one snapshot', () => {
  it('a sync committing between two pages of an --all walk: no record missing or twice', async () => {
    const data = mkdtempSync(join(h.home, 'snapshot-'));
    const env = { FISCO_DATA_DIR: data };
    const first = await h.run(['sync'], { token: TOKENS.prod, env, timeout: 60_000 });
    expect(first.exitCode, first.stderr).toBe(0);
    const args = ['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--all', '--per-page', '5', '-o', 'json'];
    const before = await h.run(args, { token: TOKENS.prod, env });
    expect(before.exitCode, before.stderr).toBe(0);
    const ids = parseJson<{ id: string }[]>(before.stdout).map((invoice) => invoice.id);
    expect(ids.length).toBeGreaterThan(10);
    const dir = join(data, 'mirror');
    const file = join(
      dir,
      readdirSync(dir).find((name) => name.endsWith('.sqlite'))!,
    );
    // After the first page is answered, another connection commits (as a sync does): the first page's
    // invoices leave the mirror, so every later page would shift by five.
    const answer = MirrorAnswers.prototype.answer;
    let pages = 0;
    const spy = vi.spyOn(MirrorAnswers.prototype, 'answer').mockImplementation(function (this: MirrorAnswers, ...call) {
      const result = answer.apply(this, call);
      if (call[1] === '/v1/invoices' && ++pages === 1) {
        const db = new (sqlite().DatabaseSync)(file, { timeout: 10_000 });
        db.exec('BEGIN IMMEDIATE');
        const stmt = db.prepare(`DELETE FROM records WHERE kind = ${KIND.invoice} AND json_extract(json, '$.id') = ?`);
        for (const id of ids.slice(0, 5)) stmt.run(id);
        db.exec('COMMIT');
        db.close();
      }
      return result;
    });
    try {
      const during = await h.run(args, { token: TOKENS.prod, env });
      expect(during.exitCode, during.stderr).toBe(0);
      expect(pages).toBeGreaterThan(2);
      expect(parseJson<{ id: string }[]>(during.stdout).map((invoice) => invoice.id)).toEqual(ids);
    } finally {
      spy.mockRestore();
    }
    // The commit is there: the next read sees it.
    const after = await h.run(args, { token: TOKENS.prod, env });
    expect(parseJson<{ id: string }[]>(after.stdout).map((invoice) => invoice.id)).toEqual(ids.slice(5));
  }, 120_000);
});
