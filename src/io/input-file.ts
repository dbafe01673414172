/** A file a person named on the command line (`--from FILE`, a batch file): its bytes, or one clear line naming it. */
import { readFile } from 'node:fs/promises';
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
