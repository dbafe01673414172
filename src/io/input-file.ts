/** A file a person named on the command line (`--from FILE`, a batch file): its bytes, or one clear line naming it. */
import { constants } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { joined, t, type Text } from '../i18n/message.js';

/** `label` names the file in the message (`--from x.json`, `x.csv`); `hint` says what is expected instead. */
export async function readInputFile(path: string, label: string, hint: Text): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? t`no such file`
        : code === 'EISDIR'
          ? t`is a folder, not a file`
          : code === 'EACCES'
            ? t`not allowed to read it`
            : (error as Error).message;
    throw new UsageError(joined([label, why], ': '), [hint]);
  }
}

/** The most a file a person edits by hand may hold (a rates table, a contacts list of thousands of clients). */
export const EDITED_FILE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A small file a person edits (a rates table, a contacts list): a regular file (not a folder, a
 * device such as /dev/zero, a FIFO), at most `maxBytes`, read whole. Anything else: one line, exit 2.
 */
export async function readSmallFile(path: string, label: string, hint: Text, maxBytes: number): Promise<Buffer> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const info = await handle.stat();
    if (!info.isFile()) throw new UsageError(joined([label, info.isDirectory() ? t`is a folder, not a file` : t`is not a regular file`], ': '), [hint]);
    if (info.size > maxBytes) throw new UsageError(joined([label, t`is larger than ${Math.round(maxBytes / 1024)} KB: not a file of this kind`], ': '), [hint]);
    // Read at most one byte more than allowed: a file that grows while read is refused too.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw new UsageError(joined([label, t`is larger than ${Math.round(maxBytes / 1024)} KB: not a file of this kind`], ': '), [hint]);
    }
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    return readInputFile(path, label, hint);
  } finally {
    await handle?.close();
  }
}
