/**
 * Two `fisco export` runs into one folder (an overlapping cron job, a CI retry while the first still
 * runs): each file is written atomically, but not the folder: the second's files and the first's
 * manifest would be mixed, a manifest that does not describe the folder next to an exit 0. The
 * second refuses at once, naming the first, and writes nothing. A lock held by this test process
 * stands for the other export under way.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { acquireLock } from '../../src/io/lock.js';
import { harness, TOKENS, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

it('an export into a folder another export is writing refuses at once (exit 2) and writes nothing; once free, it exports', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fisco-export-lock-'));
  const args = ['--accounts', 'acc_verdi', 'export', '--period', '2026-10', '--dir', dir, '-o', 'json'];
  const other = await acquireLock(join(dir, '.fisco-export.lock'), { timeoutMs: 0 });
  try {
    const refused = await h.run(args, { token: TOKENS.firm });
    expect(refused.exitCode, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`is being written by fisco process ${process.pid} on .* \\(another export\\); nothing was written`));
    expect(readdirSync(dir)).toEqual(['.fisco-export.lock']);
  } finally {
    other.release();
  }
  const exported = await h.run(args, { token: TOKENS.firm });
  expect(exported.exitCode, exported.stderr).toBe(0);
  expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  expect(readdirSync(dir)).toContain('index.html');
});
