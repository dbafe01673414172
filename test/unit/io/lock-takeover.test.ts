/**
 * Taking over a dead lock never removes another owner's lock: an fs hook makes a new owner's lock
 * appear between the taker's last read of the dead lock and its removal (what a second taker that
 * removed the dead lock first, then a new owner, would do in another process).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

/** Armed on a lock: after the `after`-th read that returns `dead`, `interleave` runs (it replaces the dead lock). */
const hook = vi.hoisted(() => ({ path: '', dead: '', after: 0, reads: 0, interleave: undefined as (() => void) | undefined }));

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const readFileSync = ((...args: Parameters<typeof fs.readFileSync>) => {
    const text = fs.readFileSync(...args);
    if (hook.interleave && args[0] === hook.path && String(text) === hook.dead && ++hook.reads === hook.after) {
      const interleave = hook.interleave;
      hook.interleave = undefined;
      interleave();
    }
    return text;
  }) as typeof fs.readFileSync;
  return { ...fs, default: { ...fs, readFileSync }, readFileSync };
});

const fs = await vi.importActual<typeof import('node:fs')>('node:fs');
const { acquireLock, LockBusyError } = await import('../../../src/io/lock.js');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-lock-takeover-'));
});
afterEach(() => {
  hook.interleave = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString());

it("a new owner's lock made between the taker reading the dead lock and removing it is never removed", async () => {
  const path = join(dir, 'work.lock');
  const dead = JSON.stringify({ pid: deadPid(), host: hostname(), nonce: 'dead', at: '2026-11-24T00:00:00Z' });
  // A live owner (this very process, with a nonce of its own): what a new owner's lock holds.
  const newOwner = `${JSON.stringify({ pid: process.pid, host: hostname(), nonce: 'new-owner', at: new Date().toISOString() })}\n`;
  fs.writeFileSync(path, dead);
  // The first read finds the lock dead (acquireLock); the second is the taker's last look before it removes it.
  Object.assign(hook, {
    path,
    dead,
    after: 2,
    reads: 0,
    interleave: () => {
      fs.rmSync(path); // another taker removed the dead lock…
      fs.writeFileSync(path, newOwner); // …and a new owner took the lock
    },
  });
  const taking = await acquireLock(path, { timeoutMs: 0 }).then(
    (lock) => lock,
    (error: unknown) => error,
  );
  expect(hook.interleave).toBeUndefined(); // the hook did run
  // The new owner still holds its lock, and the taker was told so: it never holds it beside the new owner.
  expect(fs.readFileSync(path, 'utf8')).toBe(newOwner);
  expect(taking).toBeInstanceOf(LockBusyError);
  expect((taking as InstanceType<typeof LockBusyError>).owner?.nonce).toBe('new-owner');
  // Nothing is left beside it: no claim, nothing moved aside.
  expect(readdirSync(dir)).toEqual(['work.lock']);
});

it('a dead lock is taken over (the hook unarmed): the claim and the moved file are gone after', async () => {
  const path = join(dir, 'work.lock');
  fs.writeFileSync(path, JSON.stringify({ pid: deadPid(), host: hostname(), nonce: 'dead', at: '2026-11-24T00:00:00Z' }));
  const lock = await acquireLock(path, { timeoutMs: 0 });
  expect(JSON.parse(fs.readFileSync(path, 'utf8')).pid).toBe(process.pid);
  expect(readdirSync(dir)).toEqual(['work.lock']);
  lock.release();
  expect(readdirSync(dir)).toEqual([]);
});
