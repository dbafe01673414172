/**
 * A full and a read-only disk (issue 38, point 4), on a real file system: a tmpfs of a few hundred
 * kilobytes mounted over the data folder, filled up or remounted read-only. `fisco sync` ends with
 * one line naming the mirror and the cause (exit 2), the mirror keeps its previous state, and the
 * offline reads of the intact mirror still answer, the same bytes as before. Mounting needs root
 * and a system that allows it (CI's container may not): without it these tests are skipped with a
 * notice, and test/unit/mirror/store-disk.test.ts proves the same at the storage boundary with
 * SQLite's own SQLITE_FULL and SQLITE_READONLY.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, TOKENS, type Harness } from './harness.js';

/** Whether this machine lets the tests mount a tmpfs (root, and a system that allows it). */
function canMount(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'fisco-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const MOUNT = canMount();
// eslint-disable-next-line no-console -- a notice for the developer, as the PostgreSQL tests give
if (!MOUNT) console.warn('notice: cannot mount a tmpfs here (not root, or not allowed): the full and read-only disk tests are skipped');

const READS: string[][] = [
  ['--offline', 'invoice', 'list', '--all', '-o', 'json'],
  ['--offline', 'invoice', 'list', '-o', 'json'],
  ['--offline', 'clients', 'list', '--all', '-o', 'csv'],
  ['--offline', 'search', 'rossi', '-o', 'json'],
  ['--offline', 'overview', '-o', 'json'],
];

describe.skipIf(!MOUNT)('the mirror on a full or read-only disk', () => {
  let h: Harness;
  let data: string;
  const env = () => ({ FISCO_DATA_DIR: data });
  const run = (args: string[]) => h.run(args, { token: TOKENS.prod, env: env(), timeout: 60_000 });
  const mount = (options: string) => execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', data]);
  /** Every offline read, as stdout with its exit code. */
  const reads = async () => Promise.all(READS.map(async (read) => run(read).then((r) => `${r.exitCode}\n${r.stdout}`)));

  beforeAll(async () => {
    h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
    data = join(h.home, 'disk');
    mkdirSync(data);
  });
  afterAll(async () => {
    try {
      execFileSync('umount', ['-l', data], { stdio: 'ignore' });
    } catch {
      // not mounted
    }
    await h?.close();
  });

  it('a full disk: sync says so in one line, exit 2, the mirror keeps its previous state and reads on', async () => {
    mount('size=2m');
    try {
      const first = await run(['sync']);
      expect(first.exitCode, first.stderr).toBe(0);
      const before = await reads();
      expect(before.every((r) => r.startsWith('0\n'))).toBe(true);
      // Fill the disk: a file as large as it lets.
      const filler = join(data, 'filler');
      const block = Buffer.alloc(4096, 1);
      let written = 0;
      try {
        for (;;) {
          writeFileSync(filler, block, { flag: 'a' });
          written++;
        }
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
      }
      expect(written).toBeGreaterThan(16);
      // Room for the lock and a few pages, not for a full sync's rewrite: the disk fills while the sync writes, after its requests.
      truncateSync(filler, (written - 16) * 4096);
      const since = h.mark();
      const full = await run(['sync', '--full']);
      expect(since().length).toBeGreaterThan(1);
      expect(full.exitCode, full.stderr).toBe(2);
      const path = join(
        data,
        'mirror',
        readdirSync(join(data, 'mirror')).find((name) => name.endsWith('.sqlite'))!,
      );
      const lines = full.stderr.split('\n').filter((line) => line.startsWith('fisco:'));
      expect(lines).toEqual([`fisco: the mirror ${path} cannot be written: the disk is full; nothing was changed, it keeps its previous state`]);
      expect(full.stderr).not.toMatch(/cannot rollback|bug in fisco|not a fisco mirror/);
      // The reads of the intact mirror, on the full disk: the same bytes as before.
      expect(await reads()).toEqual(before);
      rmSync(filler);
      const again = await run(['sync']);
      expect(again.exitCode, again.stderr).toBe(0);
    } finally {
      execFileSync('umount', [data]);
    }
  }, 120_000);

  it('a read-only disk: sync says so before sending anything, exit 2; every offline read of the intact mirror works, the same bytes', async () => {
    mount('size=20m');
    try {
      const first = await run(['sync']);
      expect(first.exitCode, first.stderr).toBe(0);
      const before = await reads();
      execFileSync('mount', ['-o', 'remount,ro', data]);
      const since = h.mark();
      const refused = await run(['sync']);
      expect(refused.exitCode, refused.stderr).toBe(2);
      expect(since()).toEqual([]);
      const path = join(
        data,
        'mirror',
        readdirSync(join(data, 'mirror')).find((name) => name.endsWith('.sqlite'))!,
      );
      expect(refused.stderr.trim()).toBe(
        `fisco: the mirror ${path} cannot be written: it is read-only (EROFS); nothing was changed, it keeps its previous state`,
      );
      const italian = await h.run(['sync'], { token: TOKENS.prod, env: env(), lang: 'it' });
      expect(italian.exitCode).toBe(2);
      expect(italian.stderr).toContain(`la copia locale ${path} non si può scrivere: è in sola lettura (EROFS); non è stato modificato nulla, resta com’era`);
      const after = await reads();
      expect(after).toEqual(before);
      expect(after.every((r) => r.startsWith('0\n'))).toBe(true);
      // The fast path (a spawned bin) declines or answers; either way the same bytes, never an error.
      const spawned = await h.run(READS[1]!, { token: TOKENS.prod, env: env(), spawn: true });
      expect(`${spawned.exitCode}\n${spawned.stdout}`).toBe(before[1]);
    } finally {
      execFileSync('umount', [data]);
    }
  }, 120_000);
});
