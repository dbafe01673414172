/** A file a person named on the command line (`--from FILE`, a batch file): its bytes, or one clear line naming it. */
import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';

/** `label` names the file in the message (`--from x.json`, `x.csv`); `hint` says what is expected instead. */
export async function readInputFile(path: string, label: string, hint: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : code === 'EACCES'
            ? 'not allowed to read it'
            : (error as Error).message;
    throw new UsageError(`${label}: ${why}`, [hint]);
  }
}
