import { mkdirSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/io/lock.js';
import { batchHarness, batchJournalOf, creationPosts, invoicesPerRecord, ndjson, oncePerRecord, records, spawnBin, until } from './batch-helpers.js';
import { TOKENS, type Harness } from './harness.js';

/**
 * Runs at once on a journal whose lock a killed fisco left behind: exactly one of them sends, the
 * others wait for it and find every record done; Ctrl-C while a run waits for a lock ends it at once.
 */
let h: Harness;
let dir: string;
let n = 0;

beforeAll(async () => {
  ({ h, dir } = await batchHarness({ rateLimit: { limit: 100_000, windowMs: 60_000 } }));
}, 30_000);
afterAll(async () => h?.close());

const journalOf = (file: string) => batchJournalOf(h, file);

function staleLock(path: string): void {
  const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.lock`, JSON.stringify({ pid: dead, host: hostname(), nonce: 'killed', at: '2026-11-20T08:00:00Z' }));
}

describe('runs at once on a stale lock', () => {
  for (const count of [2, 3]) {
    it(`${count} runs of the same batch at once: one sender, every record once`, async () => {
      const recs = records(4, { prefix: `L${++n}`, vatBase: 200_000 + n * 100 });
      const file = join(dir, `locked-${n}.ndjson`);
      writeFileSync(file, ndjson(recs));
      staleLock(journalOf(file));
      const from = h.emulator.store.requests.at(-1)?.seq ?? 0;
      const runs = await Promise.all(Array.from({ length: count }, () => spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod)));
      for (const run of runs) expect(run.exitCode, String(run.stderr)).toBe(0);
      expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
      expect(creationPosts(h, from)).toHaveLength(4);
      // The sender says "4 of 4 created"; each other run found them all created by an earlier run.
      const senders = runs.filter((r) => !String(r.stderr).includes('0 now, 4 by an earlier run'));
      expect(senders).toHaveLength(1);
    }, 60_000);
  }
});

describe('Ctrl-C while waiting for a lock', () => {
  it('ends the run at once (exit 130), nothing sent', async () => {
    const recs = records(2, { prefix: `W${++n}`, vatBase: 200_000 + n * 100 });
    const file = join(dir, `waiting-${n}.ndjson`);
    writeFileSync(file, ndjson(recs));
    const path = journalOf(file);
    mkdirSync(dirname(path), { recursive: true });
    // A live owner: this process holds the journal's lock.
    const held = await acquireLock(`${path}.lock`, { timeoutMs: 0 });
    try {
      const from = h.emulator.store.requests.at(-1)?.seq ?? 0;
      const child = spawnBin(h, ['invoice', 'batch', file, '--draft'], TOKENS.prod);
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // A run that finds the journal in use says so, and waits for it.
      await until(() => stderr.includes('is in use by fisco process'), 'the run to reach the journal');
      expect(stderr).toContain('waiting for it (up to 10 s)');
      child.kill('SIGINT');
      const result = await child;
      expect(result.exitCode).toBe(130);
      expect(String(result.stderr)).toContain('interrupted');
      // At once, not when the wait ran out: a wait that kept the signal from being handled would
      // have ended first, saying it waited and sent nothing (the lock is held until after this).
      expect(String(result.stderr)).not.toContain('waited 10 s');
      expect(creationPosts(h, from)).toHaveLength(0);
    } finally {
      held.release();
    }
  }, 30_000);
});
