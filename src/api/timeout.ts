import { UsageError } from '../errors.js';
import type { Env } from '../io/env.js';
import { t } from '../i18n/message.js';

/** The deadline of each request, and of each statement of a mirror on PostgreSQL, when neither --timeout nor FISCO_TIMEOUT says (src/factory/settings.ts). */
export const DEFAULT_TIMEOUT_MS = 30_000;

const SECONDS = /^\d+(\.\d+)?$/;

/**
 * `--timeout SECONDS` > FISCO_TIMEOUT, in ms; undefined for the default (DEFAULT_TIMEOUT_MS). A bad
 * value is a usage error naming where it came from. Here, not in the factory's settings, because
 * the fast path's PostgreSQL reader (src/mirror/pg-reader.ts) reads it too.
 */
export function timeoutMs(flag: string | undefined, env: Env): number | undefined {
  const [raw, source] = flag !== undefined ? [flag, '--timeout'] : [env.FISCO_TIMEOUT, 'FISCO_TIMEOUT'];
  if (raw === undefined || raw === '') return undefined;
  if (!SECONDS.test(raw.trim()) || Number(raw) <= 0 || Number(raw) > 3600) {
    throw new UsageError(t`${source}: '${raw}' is not a number of seconds from 0.1 to 3600 (the deadline of each request)`);
  }
  return Math.max(100, Math.round(Number(raw) * 1000));
}
