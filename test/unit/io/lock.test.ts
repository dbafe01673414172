import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLock, claimPath, isDead, LockAbortedError, LockBusyError } from '../../../src/io/lock.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-lock-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const lockPath = () => join(dir, `lock-${++n}`);
/** A pid that no process has any more. */
const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());
const deadOwner = () => JSON.stringify({ pid: deadPid(), host: hostname(), nonce: 'gone', at: '2026-11-24T00:00:00Z' });

describe('the one lock', () => {
  it('is taken and released; a live owner is waited for, then named', async () => {
    const path = lockPath();
    const held = await acquireLock(path, { timeoutMs: 0 });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    const started = Date.now();
    const error = await acquireLock(path, { timeoutMs: 150 }).catch((e) => e);
    expect(error).toBeInstanceOf(LockBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((error as LockBusyError).owner?.pid).toBe(process.pid);
    held.release();
    expect(existsSync(path)).toBe(false);
    (await acquireLock(path, { timeoutMs: 0 })).release();
  });

  it.each([
    ['an empty lock', ''],
    ['an unreadable lock', '\u0000\u0001garbage'],
    ["a dead owner's lock", 'dead'],
  ])('%s (left by a crash, not just made) is taken over at once', async (_what, text) => {
    const path = lockPath();
    writeFileSync(path, text === 'dead' ? deadOwner() : text);
    const crashed = new Date(Date.now() - 60_000);
    utimesSync(path, crashed, crashed);
    // At once: no wait allowed at all (timeoutMs 0 tries once), so a lock not taken over would be a LockBusyError.
    const held = await acquireLock(path, { timeoutMs: 0 });
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    held.release();
  });

  it.each([
    ['lock', (path: string) => path],
    ['claim', (path: string) => claimPath(path, readFileSync(path, 'utf8'))],
  ])('a %s file just made and still empty is its owner writing it (a file system without hard links): never taken over then', async (what, file) => {
    // Without hard links a lock is created empty, then written: another process between the two steps stands here.
    const path = lockPath();
    if (what === 'claim') writeFileSync(path, deadOwner()); // a dead lock another process is taking over
    writeFileSync(file(path), '');
    await expect(acquireLock(path, { timeoutMs: 0 })).rejects.toBeInstanceOf(LockBusyError);
    expect(readFileSync(file(path), 'utf8')).toBe('');
    // Once it can no longer be an owner writing it (a crash left it empty), it is taken over at once.
    const crashed = new Date(Date.now() - 60_000);
    utimesSync(file(path), crashed, crashed);
    (await acquireLock(path, { timeoutMs: 0 })).release();
    expect(existsSync(path)).toBe(false);
  });

  it("an earlier fisco's lock folder (proper-lockfile's) is taken over; a reused pid is not its owner", async () => {
    const path = lockPath();
    mkdirSync(path);
    (await acquireLock(path, { timeoutMs: 1_000 })).release();
    expect(isDead({ pid: process.pid, host: hostname(), nonce: 'x', at: '', started: 'not-my-start-time' })).toBe(process.platform === 'linux');
    expect(isDead({ pid: process.pid, host: 'another-host', nonce: 'x', at: '' })).toBe(false);
    expect(isDead(undefined)).toBe(true);
  });

  it('a wait that is abandoned (Ctrl-C) ends at once, never blocking the event loop meanwhile', async () => {
    const path = lockPath();
    const held = await acquireLock(path, { timeoutMs: 0 });
    const controller = new AbortController();
    let settled = false;
    let settledAtAbort: boolean | undefined;
    let ended!: () => void;
    const abortedAndOneTurnLater = new Promise<void>((resolve) => (ended = resolve));
    // Timers run while it waits (the event loop is free): the fifth tick of this one abandons the wait.
    let ticks = 0;
    const ticker = setInterval(() => {
      if (++ticks < 5) return;
      clearInterval(ticker);
      settledAtAbort = settled;
      controller.abort();
      // At once: settled before the event loop's next turn (no timer, no attempt left to run out).
      setImmediate(ended);
    }, 10);
    const waiting = acquireLock(path, { timeoutMs: 60_000, signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    void waiting.finally(() => (settled = true));
    await abortedAndOneTurnLater;
    expect(settledAtAbort).toBe(false); // it was still waiting when the wait was abandoned
    expect(settled).toBe(true);
    expect(await waiting).toBeInstanceOf(LockAbortedError);
    held.release();
  });

  it('release never removes a lock that is not its own', async () => {
    const path = lockPath();
    const held = await acquireLock(path, { timeoutMs: 0 });
    writeFileSync(path, deadOwner());
    held.release();
    expect(existsSync(path)).toBe(true);
  });
});

describe('several processes racing on a stale lock', () => {
  let script: string;
  beforeAll(() => {
    // The lock module as the CLI ships it, bundled for plain node processes.
    const bundle = join(dir, 'lock.mjs');
    buildSync({
      entryPoints: [fileURLToPath(new URL('../../../src/io/lock.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: bundle,
      logLevel: 'silent',
    });
    script = join(dir, 'racer.mjs');
    writeFileSync(
      script,
      `import { appendFileSync } from 'node:fs';
import { acquireLock } from ${JSON.stringify(bundle)};
const [path, log] = process.argv.slice(2);
const lock = await acquireLock(path, { timeoutMs: 20000 });
appendFileSync(log, 'enter ' + process.pid + '\\n');
await new Promise((r) => setTimeout(r, 120));
appendFileSync(log, 'exit ' + process.pid + '\\n');
lock.release();
`,
    );
  });

  const race = (path: string, log: string, count: number) =>
    Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<number>((resolve) => {
            const child = spawn(process.execPath, [script, path, log], { stdio: 'ignore' });
            child.once('exit', (code) => resolve(code ?? -1));
          }),
      ),
    );

  for (const count of [2, 3]) {
    it(`${count} at once: the dead owner's lock is taken over once, and never held by two`, async () => {
      for (let round = 0; round < 4; round++) {
        const path = lockPath();
        const log = join(dir, `log-${n}`);
        writeFileSync(path, deadOwner());
        expect(await race(path, log, count)).toEqual(Array(count).fill(0));
        const lines = readFileSync(log, 'utf8').trim().split('\n');
        expect(lines).toHaveLength(2 * count);
        // Strictly one holder at a time: every "enter" is followed by the same process's "exit".
        for (let i = 0; i < lines.length; i += 2) {
          expect(lines[i]).toMatch(/^enter \d+$/);
          expect(lines[i + 1]).toBe(lines[i]!.replace('enter', 'exit'));
        }
        expect(existsSync(path)).toBe(false);
        // No claim and nothing moved aside is left beside it.
        expect(readdirSync(dir).filter((name) => name.includes(`lock-${n}`) && name !== `lock-${n}`)).toEqual([]);
      }
    }, 60_000);
  }
});
