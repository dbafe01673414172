/**
 * Taking over a dead lock never removes another owner's lock: a hook in the lock's reader
 * (LockOptions.read) makes a new owner's lock appear between the taker's last read of the dead lock
 * and its removal (what a second taker that removed the dead lock first, then a new owner, would do
 * in other processes).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { acquireLock, LockBusyError } from '../../../src/io/lock.js';

/** A lock reader (LockOptions.read) that, after the `after`-th read of `path` returning `dead`, runs `interleave` once. */
function hooked(path: string, dead: string, after: number, interleave: () => void): { read: (file: string) => string; ran: () => boolean } {
  let reads = 0;
  let ran = false;
  return {
    read: (file) => {
      const text = readFileSync(file, 'utf8');
      if (!ran && file === path && text === dead && ++reads === after) {
        ran = true;
        interleave();
      }
      return text;
    },
    ran: () => ran,
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-lock-takeover-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());

it("a new owner's lock made between the taker reading the dead lock and removing it is never removed", async () => {
  const path = join(dir, 'work.lock');
  const dead = JSON.stringify({ pid: deadPid(), host: hostname(), nonce: 'dead', at: '2026-11-24T00:00:00Z' });
  // A live owner (this very process, with a nonce of its own): what a new owner's lock holds.
  const newOwner = `${JSON.stringify({ pid: process.pid, host: hostname(), nonce: 'new-owner', at: new Date().toISOString() })}\n`;
  writeFileSync(path, dead);
  // The first read finds the lock dead (acquireLock); the second is the taker's last look before it removes it.
  const hook = hooked(path, dead, 2, () => {
    rmSync(path); // another taker removed the dead lock…
    writeFileSync(path, newOwner); // …and a new owner took the lock
  });
  const taking = await acquireLock(path, { timeoutMs: 0, read: hook.read }).then(
    (lock) => lock,
    (error: unknown) => error,
  );
  expect(hook.ran()).toBe(true);
  // The new owner still holds its lock, and the taker was told so: it never holds it beside the new owner.
  expect(readFileSync(path, 'utf8')).toBe(newOwner);
  expect(taking).toBeInstanceOf(LockBusyError);
  expect((taking as LockBusyError).owner?.nonce).toBe('new-owner');
  // Nothing is left beside it: no claim, nothing moved aside.
  expect(readdirSync(dir)).toEqual(['work.lock']);
});

it('a dead lock is taken over (the hook unarmed): the claim and the moved file are gone after', async () => {
  const path = join(dir, 'work.lock');
  writeFileSync(path, JSON.stringify({ pid: deadPid(), host: hostname(), nonce: 'dead', at: '2026-11-24T00:00:00Z' }));
  const lock = await acquireLock(path, { timeoutMs: 0 });
  expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
  expect(readdirSync(dir)).toEqual(['work.lock']);
  lock.release();
  expect(readdirSync(dir)).toEqual([]);
});
