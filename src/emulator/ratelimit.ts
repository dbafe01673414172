/**
 * Per-token rate limit over a sliding window: at most `limit` requests in any `windowMs`.
 * (A sliding window is the strict reading of "120 requests per minute": a client that paces
 * itself correctly never sees a 429, and one that bursts across a minute boundary does.)
 * Requests refused with 429 do not count. Answers carry X-RateLimit-Limit / -Remaining and
 * `RateLimit-Policy: <limit>;w=<window seconds>` (IETF draft "RateLimit header fields for HTTP"),
 * e.g. `120;w=60`: the configured limit, which a client may pace itself to.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.js';
import type { EmulatorEnv } from './types.js';

export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { limit: 120, windowMs: 60_000 };

export function rateLimitedError(retryAfterSeconds: number, message?: string): ApiError {
  return new ApiError(429, 'rate_limited', message ?? `Too many requests; retry after ${retryAfterSeconds} s`, { retry_after: retryAfterSeconds }, 'v1', {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** The RateLimit-Policy value of a configuration: `120;w=60` (the window in whole seconds, at least 1). */
export function rateLimitPolicy(config: RateLimitConfig): string {
  return `${config.limit};w=${Math.max(1, Math.ceil(config.windowMs / 1000))}`;
}

export class RateLimiter {
  private hits = new Map<string, number[]>();

  constructor(public config: RateLimitConfig = DEFAULT_RATE_LIMIT) {}

  configure(config: RateLimitConfig): void {
    this.config = config;
    this.hits.clear();
  }

  reset(): void {
    this.hits.clear();
  }

  /** Counts a request for `key`; returns the seconds to wait when over the limit, else null. */
  take(key: string, now = Date.now()): { retryAfter: number | null; remaining: number } {
    const { limit, windowMs } = this.config;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (recent.length >= limit) {
      this.hits.set(key, recent);
      const oldest = recent[0] as number;
      return { retryAfter: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)), remaining: 0 };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { retryAfter: null, remaining: limit - recent.length };
  }

  middleware(): MiddlewareHandler<EmulatorEnv> {
    return async (c, next) => {
      const { retryAfter, remaining } = this.take(c.var.token.token);
      c.header('X-RateLimit-Limit', String(this.config.limit));
      c.header('X-RateLimit-Remaining', String(remaining));
      c.header('RateLimit-Policy', rateLimitPolicy(this.config));
      if (retryAfter !== null) throw rateLimitedError(retryAfter);
      await next();
    };
  }
}
