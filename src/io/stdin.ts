import { UsageError } from '../errors.js';
import { decimal, t } from '../i18n/message.js';
import { MAX_INPUT_BYTES } from './input-file.js';

/** Reads all of stdin as text (for --with-token, --input -, --from -, a plan from -), at most `maxBytes`: more is refused, not held. */
export async function readStdin(stdin: NodeJS.ReadableStream, maxBytes = MAX_INPUT_BYTES): Promise<string> {
  return (await readStdinBytes(stdin, maxBytes)).toString('utf8');
}

/** All of stdin as bytes, at most `maxBytes`. */
export async function readStdinBytes(stdin: NodeJS.ReadableStream, maxBytes = MAX_INPUT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += bytes.length;
    if (size > maxBytes) throw new UsageError(t`stdin holds more than ${decimal(maxBytes / 1024 / 1024)} MB, more than fisco reads`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
