/**
 * The run's settings that come from the environment (and --timeout, --offline), each parsed by one
 * function: a bad value is a usage error naming where it came from, raised when it is first needed.
 */
import { UsageError } from '../errors.js';
import type { Env } from '../io/env.js';
import { t } from '../i18n/message.js';
import { timeoutMs } from '../api/timeout.js';

const SECONDS = /^\d+(\.\d+)?$/;

/** `--offline` or FISCO_OFFLINE (1, true, yes; 0, false, no or empty for off): reads answered by the mirror. */
export function offlineSetting(flag: boolean | undefined, env: Env): boolean {
  if (flag) return true;
  const raw = (env.FISCO_OFFLINE ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(raw)) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  throw new UsageError(t`FISCO_OFFLINE: '${env.FISCO_OFFLINE}' is not 1 or 0 (true or false)`);
}

/** FISCO_MAX_WAIT (seconds): the longest pacing wait sat through (default 60 s). */
export function maxWaitMs(env: Env): number | undefined {
  const raw = env.FISCO_MAX_WAIT;
  if (raw === undefined || raw === '') return undefined;
  if (!SECONDS.test(raw.trim())) throw new UsageError(t`FISCO_MAX_WAIT: '${raw}' is not a number of seconds, like 60`);
  return Math.round(Number(raw) * 1000);
}

/** FISCO_MAX_BODY_MB: the largest answer fisco parses (default 64 MB). */
export function maxBodyBytes(env: Env): number | undefined {
  const raw = env.FISCO_MAX_BODY_MB;
  if (raw === undefined || raw === '') return undefined;
  if (!SECONDS.test(raw.trim()) || Number(raw) <= 0) throw new UsageError(t`FISCO_MAX_BODY_MB: '${raw}' is not a size in megabytes, like 64`);
  return Math.round(Number(raw) * 1024 * 1024);
}

/** `--timeout SECONDS` > FISCO_TIMEOUT > 30 s (src/api/timeout.ts). */
export { timeoutMs };

/** FISCO_RATE_LIMIT as LIMIT/WINDOW_MS (an emulator with another limit). */
export function rateLimit(env: Env): { limit: number; windowMs: number } | undefined {
  const raw = env.FISCO_RATE_LIMIT;
  if (!raw) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new UsageError(t`FISCO_RATE_LIMIT: '${raw}' is not LIMIT/WINDOW_MS, like 120/60000`);
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) };
}

/** FISCO_RETRY_BASE_MS: the base delay of read retries (tests shorten it). */
export function retryBase(env: Env): { baseDelayMs: number } | undefined {
  return env.FISCO_RETRY_BASE_MS ? { baseDelayMs: Number(env.FISCO_RETRY_BASE_MS) } : undefined;
}
