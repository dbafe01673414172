/**
 * Files written all or nothing: the data goes to a temporary file in the same folder (so the
 * final rename cannot cross file systems), flushed and renamed over the target on `commit()`
 * (src/io/durable.ts: fsync the file, rename, fsync the folder), removed on
 * `abort()`. Every temporary file still open is also removed when the process is interrupted
 * (`removeOpenTemporaryFiles`, called by cli.ts on SIGINT/SIGTERM and before any exit), so a CI
 * artifact is either whole or absent.
 */
import { createWriteStream, rm, rmSync, type WriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { FiscoError, LocalWriteError } from '../errors.js';
import { replaceFile } from './durable.js';
import { t } from '../i18n/message.js';

// Every command loads this module (cli.ts cleans up on signals), few write a file: node:crypto is
// loaded by the first AtomicFile only, and node:fs/promises (which loads readline) not at all.
const removeFile = promisify(rm);
let crypto: typeof import('node:crypto') | undefined;
function randomHex(bytes: number): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.randomBytes(bytes).toString('hex');
}

const open = new Set<string>();

export class AtomicFile {
  readonly temporary: string;
  readonly stream: WriteStream;
  private settled = false;

  /** `mode` is the new file's permissions (0600 for a secret): the temporary file has them from its creation. */
  constructor(
    readonly path: string,
    mode = 0o644,
  ) {
    this.temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomHex(4)}.tmp`);
    open.add(this.temporary);
    this.stream = createWriteStream(this.temporary, { flags: 'wx', mode });
  }

  /** Writes a chunk; resolves when the stream can take more (backpressure), rejects when the file cannot take it. */
  write(chunk: string | Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.stream.errored) return reject(this.stream.errored);
      const ok = this.stream.write(chunk, (error) => (error ? reject(error) : undefined));
      if (ok) resolve();
      else {
        // A file that fails (no space, file too large) never drains: the error settles it instead.
        const onError = (error: Error) => reject(error);
        this.stream.once('error', onError);
        this.stream.once('drain', () => {
          this.stream.off('error', onError);
          resolve();
        });
      }
    });
  }

  /** Closes, flushes to disk and renames over the target (durably); on failure the temporary file is removed. */
  async commit(): Promise<void> {
    if (this.settled) return;
    try {
      await new Promise<void>((resolve, reject) => {
        // An error before commit (the stream already failed) settles at once: never a promise left pending.
        if (this.stream.errored) return reject(this.stream.errored);
        this.stream.once('error', reject);
        this.stream.once('close', () => (this.stream.errored ? reject(this.stream.errored) : resolve()));
        this.stream.end();
      });
      await replaceFile(this.temporary, this.path);
      this.settled = true;
      open.delete(this.temporary);
    } catch (error) {
      await this.abort();
      throw error;
    }
  }

  /** Closes and removes the temporary file; the target is left as it was. */
  async abort(): Promise<void> {
    if (this.settled) return;
    this.settled = true;
    await new Promise<void>((resolve) => {
      if (this.stream.closed) resolve();
      else (this.stream.destroy(), this.stream.once('close', () => resolve()));
    });
    await removeFile(this.temporary, { force: true });
    open.delete(this.temporary);
  }
}

/** Writes a whole file atomically; a file that cannot be written is a LocalWriteError (exit 12) naming it. */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const file = new AtomicFile(path, options.mode);
  file.stream.on('error', () => undefined); // reported through write() / commit()
  try {
    await file.write(data);
    await file.commit();
  } catch (error) {
    await file.abort().catch(() => undefined);
    throw localWriteError(path, error);
  }
}

/** An error of the local file system (no permission, no space, read-only, gone): the command's work is done, the file is not. */
const LOCAL_CODES = new Set([
  'EACCES',
  'EPERM',
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EISDIR',
  'ENOTDIR',
  'ENOENT',
  'EEXIST',
  'EMFILE',
  'ENFILE',
  'EIO',
  'EFBIG',
  'EXDEV',
  'ENAMETOOLONG',
]);

export function isLocalFileError(error: unknown): boolean {
  return LOCAL_CODES.has((error as NodeJS.ErrnoException)?.code ?? '');
}

/** The one error for a local file that could not be written after the work was done (exit 12). */
export function localWriteError(path: string, error: unknown): Error {
  if (error instanceof FiscoError || !isLocalFileError(error)) return error as Error;
  const code = (error as NodeJS.ErrnoException).code;
  return new LocalWriteError(t`cannot write ${path} (${code}); nothing partial was left there`, [], code);
}

/** Synchronous clean-up for the moment the process is interrupted: no temporary file is left behind. */
export function removeOpenTemporaryFiles(): void {
  for (const path of open) rmSync(path, { force: true });
  open.clear();
}
