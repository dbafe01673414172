import { ExitCode, FiscoError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { readInputFile } from '../../io/input-file.js';
import { readStdinBytes } from '../../io/stdin.js';
import { verifyDelivery } from '../../webhooks/signature.js';
import { verifyFailureText } from '../../webhooks/listen.js';
import type { VERIFY_FLAGS } from './flags.js';
import { readSecrets, DEFAULT_TOLERANCE_SECONDS } from './secrets.js';
import { t } from '../../i18n/message.js';

async function readRawBody(path: string | undefined, stdin: NodeJS.ReadStream): Promise<Buffer> {
  if (path === undefined && stdin.isTTY) throw new UsageError(t`--body: give the file holding the raw body, or pipe the body in (--body -)`);
  if (path === undefined || path === '-') {
    return readStdinBytes(stdin);
  }
  return readInputFile(path, `--body ${path}`, t`give the file holding the raw body, or - to read it from stdin`);
}

/**
 * Exit 0 when valid. An authentic-looking but wrong signature, or a timestamp outside the
 * tolerance, is "not authenticated": exit 3. A signature or timestamp that is not even of the
 * expected form is a usage error: exit 2.
 */
export async function run(_args: string[], options: FlagValues<typeof VERIFY_FLAGS>, factory: Factory): Promise<void> {
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const secrets = await readSecrets(options, factory);
  const body = await readRawBody(options.body, factory.io.stdin);
  const result = verifyDelivery({ secrets, signature: options.signature, timestamp: options.timestamp, rawBody: body, toleranceSeconds: tolerance });
  if (result.ok) {
    factory.output.success(
      t`valid: signature matches${secrets.length > 1 ? t` secret ${result.secretIndex + 1} of ${secrets.length}` : ''}, timestamp within ${tolerance} s`,
    );
    return;
  }
  const words = verifyFailureText(result);
  if (result.reason === 'malformed_signature') throw new UsageError(t`--signature: ${words}`);
  if (result.reason === 'malformed_timestamp') throw new UsageError(t`--timestamp: ${words}`);
  throw new FiscoError(t`invalid delivery (${result.reason}): ${words}`, ExitCode.auth, [
    result.reason === 'bad_signature'
      ? t`Check the secret and that the body is the raw bytes received (not re-serialised JSON).`
      : t`Check the clocks; a delivery older than the tolerance may be a replay (--tolerance changes the window).`,
  ]);
}
