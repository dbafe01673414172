/**
 * The state file: loaded at start when present, rewritten durably after every mutating request
 * (src/io/durable.ts: a temporary file in the same folder, flushed, renamed, the folder flushed),
 * so a crash or a power cut never leaves half a file. Several processes may share it
 * (`fisco --demo` run in parallel): every write request is a read-modify-write under the one lock
 * between processes (src/io/lock.ts), so none is lost and ids never repeat; a lock not taken
 * within the bound is an error the request answers with. Both helpers import only node built-ins,
 * so the emulator stays a house of its own.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createFileDurableSync, writeFileDurableSync } from '../io/durable.js';
import { acquireLock, LockBusyError } from '../io/lock.js';
import { deserialiseStore, serialiseStore, type Store } from './store.js';

/** Writes the state durably; returns the stamp of what it wrote (the digest of its bytes). */
export function writeStateFile(path: string, store: Store): string {
  mkdirSync(dirname(path), { recursive: true });
  const text = serialiseStore(store);
  writeFileDurableSync(path, text, { mode: 0o600 });
  return digest(text);
}

/**
 * Writes the state only when no file is there yet (atomically: another process's file is never
 * replaced). Returns the stamp of what it wrote, or undefined when another process's file was there.
 */
export function createStateFile(path: string, store: Store): string | undefined {
  mkdirSync(dirname(path), { recursive: true });
  const text = serialiseStore(store);
  return createFileDurableSync(path, text, { mode: 0o600 }) ? digest(text) : undefined;
}

/**
 * The stored state with the stamp of the very bytes it was read from, or null when the file does not
 * exist. (A stamp taken by a second read could be of another process's later write: a store older
 * than its stamp would then be written back over that write, and the write lost.) Throws naming the
 * file when it is unusable.
 */
export function readStateFile(path: string, seed: number, today: string): { store: Store; stamp: string } | null {
  const read = readStateFileUnless(path, undefined, seed, today);
  return read === 'unchanged' ? null : read;
}

/**
 * The stored state as readStateFile reads it, or 'unchanged' when the file's bytes are still those
 * stamped `stamp` (nothing parsed). One read: what is parsed and what is stamped are the same bytes.
 */
export function readStateFileUnless(
  path: string,
  stamp: string | undefined,
  seed: number,
  today: string,
): { store: Store; stamp: string } | null | 'unchanged' {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return stamp === 'absent' ? 'unchanged' : null;
    throw new Error(`The emulator state file ${path} is unusable (${(err as Error).message}); delete it to start from the demo data.`);
  }
  if (stamp !== undefined && digest(bytes) === stamp) return 'unchanged';
  try {
    return { store: deserialiseStore(bytes.toString('utf8'), seed, today), stamp: digest(bytes) };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`The emulator state file ${path} is unusable (${reason}); delete it to start from the demo data.`);
  }
}

/** How long a write waits for another process's lock on the state file (FISCO_LOCK_TIMEOUT_MS, default 10 s). */
export const STATE_LOCK_TIMEOUT_MS = 10_000;

export class StateLockError extends Error {}

/**
 * A stamp: the digest of the file's bytes, changed when another process wrote it. (Size,
 * modification time and inode are not enough: two writes within the clock's granularity, the second
 * reusing the first's freed inode, look the same, and a stale state would then be written back.)
 */
const digest = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** Takes the lock on the state file, waiting (without blocking) up to `timeoutMs`; returns its release. */
export async function lockStateFile(path: string, timeoutMs = STATE_LOCK_TIMEOUT_MS): Promise<() => Promise<void>> {
  mkdirSync(dirname(path), { recursive: true });
  try {
    const lock = await acquireLock(`${path}.lock`, { timeoutMs });
    return async () => lock.release();
  } catch (error) {
    if (error instanceof LockBusyError)
      throw new StateLockError(`the state file ${path} is locked by another process; waited ${Math.round(timeoutMs / 1000)} s and changed nothing`);
    throw new StateLockError(`cannot lock the state file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
