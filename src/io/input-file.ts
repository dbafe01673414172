/**
 * A file a person named on the command line (`--from FILE`, a batch file, a statement, a mapping, a
 * plan, a secret file): the one way fisco opens it. Only a regular file is read — a folder, a pipe
 * (FIFO), a device (/dev/zero), a socket is refused in one clear line naming it (exit 2), before a
 * byte is read, so a reader never waits on a pipe nobody writes nor reads without end — and never
 * more than a bound: a file past it is refused, not read in part.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { decimal, joined, t, type Message, type Text } from '../i18n/message.js';

/** The most a file read whole holds (a request body, a batch, a mapping, a plan): far past any a person prepares. */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** `label` names the file in the message (`--from x.json`, `x.csv`); `hint` says what is expected instead. */
export async function readInputFile(path: string, label: string, hint: Text, maxBytes = MAX_INPUT_BYTES): Promise<Buffer> {
  const { handle, size } = await openInputFile(path, label, hint, maxBytes);
  try {
    // At most one byte past the bound: a file that grew since it was measured is refused all the same.
    const buffer = Buffer.alloc(Math.min(size, maxBytes) + 1);
    let read = 0;
    for (;;) {
      if (read === buffer.length) break;
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    if (read > maxBytes) throw tooLarge(label, hint, maxBytes);
    return buffer.subarray(0, read);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(joined([label, whyNot(error)], ': '), [hint]);
  } finally {
    await handle.close();
  }
}

/**
 * The file opened for reading once it is known to be a regular file of at most `maxBytes` (a
 * reader that streams it, as `bank match` does a statement, reads through the handle and closes
 * it). Opened without blocking, so that naming a pipe is refused at once rather than waited on.
 */
export async function openInputFile(path: string, label: string, hint: Text, maxBytes = MAX_INPUT_BYTES): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new UsageError(joined([label, whyNot(error)], ': '), [hint]);
  }
  try {
    const stat = await handle.stat();
    const kind = stat.isFile() ? undefined : notAFile(stat);
    if (kind) throw new UsageError(joined([label, kind], ': '), [hint]);
    if (stat.size > maxBytes) throw tooLarge(label, hint, maxBytes);
    return { handle, size: stat.size };
  } catch (error) {
    await handle.close();
    if (error instanceof UsageError) throw error;
    throw new UsageError(joined([label, whyNot(error)], ': '), [hint]);
  }
}

function notAFile(stat: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): Message {
  if (stat.isDirectory()) return t`is a folder, not a file`;
  if (stat.isFIFO()) return t`is a pipe, not a file (give - to read from stdin)`;
  if (stat.isSocket()) return t`is a socket, not a file`;
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return t`is a device, not a file`;
  return t`is not a regular file`;
}

function tooLarge(label: string, hint: Text, maxBytes: number): UsageError {
  return new UsageError(joined([label, t`is larger than ${decimal(maxBytes / 1024 / 1024)} MB, more than fisco reads`], ': '), [hint]);
}

function whyNot(error: unknown): Text {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT'
    ? t`no such file`
    : code === 'EISDIR'
      ? t`is a folder, not a file`
      : code === 'EACCES'
        ? t`not allowed to read it`
        : (error as Error).message;
}

/** The most a file a person edits by hand may hold (a rates table, a contacts list of thousands of clients). */
export const EDITED_FILE_MAX_BYTES = 4 * 1024 * 1024;
