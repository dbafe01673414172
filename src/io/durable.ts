/**
 * The one way a file is replaced, and the only module that renames (the lint forbids `rename`
 * anywhere else): the data goes to a temporary file in the target's folder, which is flushed to
 * disk (fsync), renamed over the target, and then the folder itself is flushed, so that after a
 * crash or a power cut the target is either the old file or the whole new one, and the new name
 * survives. `link` stands in for the rename where a file must be created only if absent.
 *
 * It imports nothing but node:fs, so the emulator (a house of its own) uses it too.
 */
import { close, closeSync, fsync, fsyncSync, linkSync, mkdirSync, open, openSync, rename, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const openFile = promisify(open);
const fsyncFile = promisify(fsync);
const closeFile = promisify(close);
const renameFile = promisify(rename);

let counter = 0;

/** A fresh temporary name beside `path` (same folder, so the rename never crosses file systems). */
export function temporaryBeside(path: string, suffix = 'tmp'): string {
  counter += 1;
  const unique = `${process.pid}.${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return join(dirname(path), `.${basename(path)}.${unique}.${suffix}`);
}

/** Codes of a folder that cannot be opened or flushed on this platform (Windows, some network file systems): nothing more can be done. */
const DIR_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EINVAL', 'EPERM', 'EACCES', 'ENOTSUP', 'EBADF']);

/** Flushes a folder's entries (a new or renamed name in it) to disk. */
export function fsyncDirSync(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch (error) {
    if (DIR_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } catch (error) {
    if (!DIR_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    closeSync(fd);
  }
}

/** Flushes a written file's data to disk. */
function fsyncPathSync(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function fsyncPath(path: string): Promise<void> {
  const fd = await openFile(path, 'r');
  try {
    await fsyncFile(fd);
  } finally {
    await closeFile(fd);
  }
}

/** Puts a complete temporary file in place of `path`: fsync it, rename it, fsync the folder. */
export function replaceFileSync(temporary: string, path: string): void {
  fsyncPathSync(temporary);
  renameSync(temporary, path);
  fsyncDirSync(dirname(path));
}

/** The same, without blocking the event loop on the file's flush (downloads, --output-file). */
export async function replaceFile(temporary: string, path: string): Promise<void> {
  await fsyncPath(temporary);
  await renameFile(temporary, path);
  fsyncDirSync(dirname(path));
}

/** Writes `data` to a new temporary file beside `path` (mode `mode` from its creation), flushed; returns its name. */
function writeTemporarySync(path: string, data: string | Uint8Array, mode: number): string {
  const temporary = temporaryBeside(path);
  const fd = openSync(temporary, 'wx', mode);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  return temporary;
}

/** Replaces (or creates) `path` with `data`, durably: whole or not at all, even after a power cut. */
export function writeFileDurableSync(path: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const temporary = writeTemporarySync(path, data, options.mode ?? 0o644);
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  fsyncDirSync(dirname(path));
}

/** What `link` answers on a file system without hard links (some network and FUSE mounts). */
export const NO_HARD_LINKS: ReadonlySet<string> = new Set(['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP']);

/**
 * Creates `path` with `data` only when no file is there (another process's is never replaced);
 * false when one was. Written whole beside it, then linked to its name in one step; where the file
 * system has no hard links, an exclusive create, written and flushed, does it.
 */
export function createFileDurableSync(path: string, data: string | Uint8Array, options: { mode?: number } = {}): boolean {
  const mode = options.mode ?? 0o644;
  const temporary = writeTemporarySync(path, data, mode);
  try {
    linkSync(temporary, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code)) throw error;
    return createExclusiveSync(path, data, mode);
  } finally {
    rmSync(temporary, { force: true });
  }
  fsyncDirSync(dirname(path));
  return true;
}

/** `path` created only when absent (`wx`), then written and flushed; false when one was there. */
function createExclusiveSync(path: string, data: string | Uint8Array, mode: number): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let offset = 0; offset < bytes.length;) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  fsyncDirSync(dirname(path));
  return true;
}

/** Moves a file to another name in the same folder (a damaged journal kept aside), durably. */
export function moveFileSync(path: string, to: string): void {
  renameSync(path, to);
  fsyncDirSync(dirname(to));
}

/** Creates `dir` (and missing parents) and flushes each new name into its parent folder. */
export function mkdirDurableSync(dir: string, mode = 0o700): void {
  const first = mkdirSync(dir, { recursive: true, mode });
  if (first === undefined) return;
  // Every folder from the first one created down to `dir` is a new entry of its parent.
  for (let current = dir; ; current = dirname(current)) {
    fsyncDirSync(dirname(current));
    if (current === first || dirname(current) === current) break;
  }
}
