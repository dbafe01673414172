import { UsageError } from '../../errors.js';
import type { Env } from '../../io/env.js';
import { readInputFile } from '../../io/input-file.js';
import type { Redactor } from '../../output/redact.js';
import { t } from '../../i18n/message.js';

/** A file of secrets is a few lines. */
const MAX_SECRET_FILE_BYTES = 64 * 1024;

export interface SecretFlags {
  secret?: string[];
  secretFile?: string;
}

/**
 * The webhook secrets of verify, listen and trigger: `--secret` (repeatable), `--secret-file`
 * (one secret a line; blank lines and `#` comments skipped), else FISCO_WEBHOOK_SECRET. Several
 * secrets serve a rotation. Secrets are never echoed, also not in error messages.
 */
export async function readSecrets(flags: SecretFlags, { env, redactor }: { env: Env; redactor: Redactor }): Promise<string[]> {
  const secrets = [...(flags.secret ?? [])];
  if (flags.secretFile !== undefined) {
    const text = (
      await readInputFile(flags.secretFile, `--secret-file ${flags.secretFile}`, t`give a file holding the webhook secrets, one a line`, MAX_SECRET_FILE_BYTES)
    ).toString('utf8');
    const lines = text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#'));
    if (lines.length === 0) throw new UsageError(t`--secret-file: ${flags.secretFile} holds no secret`);
    secrets.push(...lines);
  }
  if (secrets.length === 0 && env.FISCO_WEBHOOK_SECRET) secrets.push(env.FISCO_WEBHOOK_SECRET);
  if (secrets.some((s) => s.trim() === '')) throw new UsageError(t`--secret: a secret cannot be empty`);
  for (const secret of secrets) redactor.add(secret); // the run's one redactor never prints them
  if (secrets.length === 0) {
    throw new UsageError(t`no webhook secret: pass --secret-file FILE (preferred: not on the command line), --secret S, or set FISCO_WEBHOOK_SECRET`, [
      t`The secret is shown once by \`fisco hooks create\` (or written with --secret-file).`,
    ]);
  }
  return secrets;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK.has(url.hostname);
}

/** An http(s) URL; `localOnly` demands a loopback host (forwarding never leaves the machine). */
export function parseUrlFlag(flag: string, value: string, localOnly = false): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(t`${flag}: '${value}' is not a URL, like http://127.0.0.1:3000/hook`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(t`${flag}: use an http or https URL`);
  if (localOnly && !isLoopbackUrl(url)) throw new UsageError(t`${flag}: only a local URL (127.0.0.1, localhost or [::1]) is allowed`);
  return url;
}

/** The accepted clock distance and replay window when --tolerance does not say. */
export const DEFAULT_TOLERANCE_SECONDS = 300;
