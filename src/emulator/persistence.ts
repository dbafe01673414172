/**
 * The state file: loaded at start when present, rewritten atomically (temporary file in the
 * same folder, then rename) after every mutating request, so a crash never leaves half a file.
 * Several processes may share it (`fisco --demo` run in parallel): every write request is a
 * read-modify-write under a lock between processes (proper-lockfile), so none is lost and ids
 * never repeat; a lock not taken within the bound is an error the request answers with.
 */
import { createRequire } from 'node:module';
import { linkSync, mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { deserialiseStore, serialiseStore, type Store } from './store.js';

let tmpCounter = 0;

/** Writes the store to a fresh temporary file beside `path` (0600), lets `place` move or link it into place, and removes what is left of it. */
function throughTempFile(path: string, store: Store, place: (tmp: string) => void): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
  try {
    writeFileSync(tmp, serialiseStore(store), { mode: 0o600 });
    place(tmp);
  } finally {
    rmSync(tmp, { force: true });
  }
}

export function writeStateFile(path: string, store: Store): void {
  throughTempFile(path, store, (tmp) => renameSync(tmp, path));
}

/** Writes the state only when no file is there yet (atomically: another process's file is never replaced). */
export function createStateFile(path: string, store: Store): void {
  throughTempFile(path, store, (tmp) => {
    try {
      linkSync(tmp, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  });
}

/** The stored state, or null when the file does not exist. Throws naming the file when it is unusable. */
export function readStateFile(path: string, seed: number, today: string): Store | null {
  if (!existsSync(path)) return null;
  try {
    return deserialiseStore(readFileSync(path, 'utf8'), seed, today);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`The emulator state file ${path} is unusable (${reason}); delete it to start from the demo data.`);
  }
}

/** How long a write waits for another process's lock on the state file (FISCO_LOCK_TIMEOUT_MS, default 10 s). */
export const STATE_LOCK_TIMEOUT_MS = 10_000;

export class StateLockError extends Error {}

/** The file's identity as last seen (size and modification time): changed when another process wrote it. */
export function stateStamp(path: string): string {
  try {
    const info = statSync(path);
    return `${info.size}:${info.mtimeMs}:${info.ino}`;
  } catch {
    return 'absent';
  }
}

/** Takes the lock on the state file, waiting up to `timeoutMs`; returns its release. */
export async function lockStateFile(path: string, timeoutMs = STATE_LOCK_TIMEOUT_MS): Promise<() => Promise<void>> {
  // Loaded on first use: it installs exit handlers that drop its locks.
  const lockfile = createRequire(import.meta.url)('proper-lockfile') as typeof import('proper-lockfile');
  mkdirSync(dirname(path), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await lockfile.lock(path, { realpath: false, lockfilePath: `${path}.lock`, stale: 10_000, onCompromised: () => undefined });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED')
        throw new StateLockError(`cannot lock the state file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
      if (Date.now() >= deadline) {
        throw new StateLockError(`the state file ${path} is locked by another process; waited ${Math.round(timeoutMs / 1000)} s and changed nothing`);
      }
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.floor(Math.random() * 30)));
    }
  }
}
