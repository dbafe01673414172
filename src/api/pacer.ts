/**
 * Client-side pacing: at most `limit` requests in any `windowMs`, per token, shared by every
 * concurrent request of this process, so a long `--all` export runs as fast as the service's
 * limit allows without ever meeting a 429. A 429 that still arrives (another process using the
 * same token) blocks the whole token until its Retry-After has passed.
 *
 * The window is counted from when each answer arrived, not from when the request left: the
 * service counts a request at some moment between the two, so a slot that frees itself one
 * window after the answer can never overfill the service's window, whatever the latency.
 *
 * The limit starts as the contract's (120 a minute) and follows what the service announces
 * (`RateLimit-Policy: 120;w=60`, several policies at once, or `X-RateLimit-Limit`, which names
 * no window and so is only ever taken to lower the limit).
 */
import { ExitCode, FiscoError } from '../errors.js';
import { joined, t, type Text } from '../i18n/message.js';

/** The longest pacing wait fisco sits through by default (FISCO_MAX_WAIT, seconds). */
export const DEFAULT_MAX_WAIT_MS = 60_000;
/** Waits from this long on are shown: a countdown on a terminal, one note on stderr otherwise. */
export const NOTICE_WAIT_MS = 3_000;

/** A wait longer than the bound: exit 7 with the time to wait, nothing sent meanwhile. */
export class RateLimitWaitError extends FiscoError {
  constructor(
    readonly waitMs: number,
    readonly maxWaitMs: number,
    reason: Text,
  ) {
    super(
      t`${reason} asks to wait ${waitText(waitMs)}, longer than fisco waits (${waitText(maxWaitMs)}, FISCO_MAX_WAIT); nothing more was sent`,
      ExitCode.rateLimited,
      [t`Try again in ${waitText(waitMs)}, or allow a longer wait with FISCO_MAX_WAIT=SECONDS.`],
    );
  }
}

/** `45 s`, `27 min 47 s`, `277 h 46 min` */
export function waitText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  if (total < 60) return `${total} s`;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min${sec ? ` ${sec} s` : ''}`;
}

/** Told of a pacing wait worth showing (NOTICE_WAIT_MS or longer), before it starts. */
export type WaitNotice = (waitMs: number, reason: Text) => void;

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface PacerOptions {
  limit: number;
  windowMs: number;
  /**
   * A limit the user set (FISCO_RATE_LIMIT): a ceiling kept whatever the service announces.
   * Without it, an announced limit replaces `limit`/`windowMs` (the contract's default).
   */
  explicit?: boolean;
  /** Extra spacing added to every window. Default: 1% of the window, at most 250 ms. */
  marginMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** The longest wait sat through (default DEFAULT_MAX_WAIT_MS); a longer one throws RateLimitWaitError. */
  maxWaitMs?: number;
  /** Told of each wait of NOTICE_WAIT_MS or longer (a countdown, a note on stderr). */
  onWait?: WaitNotice;
}

/** A granted request: call `done()` when its answer (or failure) arrives. */
export interface Slot {
  done(): void;
}

interface Entry {
  at: number;
}

const NO_SLOT: Slot = { done: () => undefined };

export class Pacer {
  private entries: Entry[] = [];
  /** Retry-After holds, per company (a firm token's view; '' for the token's own requests). */
  private readonly blocked = new Map<string, number>();
  private maxWaitMs: number;
  private onWait?: WaitNotice;
  private queue: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly ceiling: RateLimit[];
  private policies: RateLimit[];

  constructor(private readonly options: PacerOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    const configured = Number.isFinite(options.limit) ? [{ limit: options.limit, windowMs: options.windowMs }] : [];
    this.ceiling = options.explicit ? configured : [];
    this.policies = configured;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.onWait = options.onWait;
  }

  /** The wait bound and notice of this process (the pacer is shared by every client of a token). */
  configure(settings: { maxWaitMs?: number; onWait?: WaitNotice }): void {
    if (settings.maxWaitMs !== undefined) this.maxWaitMs = settings.maxWaitMs;
    if (settings.onWait) this.onWait = settings.onWait;
  }

  get maxWait(): number {
    return this.maxWaitMs;
  }

  /** Sleeps `ms` for `reason`, or throws when that is longer than the bound; long waits are shown. */
  private async pause(ms: number, reason: Text): Promise<void> {
    // A second's grace: the contract's own window (60 s plus the margin) is always sat through.
    if (ms > this.maxWaitMs + 1_000) throw new RateLimitWaitError(ms, this.maxWaitMs, reason);
    if (ms >= NOTICE_WAIT_MS) this.onWait?.(ms, reason);
    await this.sleep(ms);
  }

  /** A company's Retry-After hold, sat through (or refused) outside the queue: it holds no other company. */
  private async waitBlock(scope: string): Promise<void> {
    for (;;) {
      const until = this.blockedFor(scope);
      const now = this.now();
      if (now >= until) return;
      await this.pause(until - now, t`the service (HTTP 429, Retry-After)`);
    }
  }

  /** The limits in force: the announced (or contract) ones, plus the user's ceiling. */
  get limits(): RateLimit[] {
    return [...this.policies, ...this.ceiling.filter((c) => !this.policies.some((p) => p.limit === c.limit && p.windowMs === c.windowMs))];
  }

  /** Resolves when a request may start; callers are served in arrival order. `scope`: the company of a firm token's view. */
  acquire(scope = ''): Promise<Slot> {
    if (this.now() < this.blockedFor(scope)) return this.waitBlock(scope).then(() => this.enqueue(scope));
    return this.enqueue(scope);
  }

  private blockedFor(scope: string): number {
    return Math.max(this.blocked.get(scope) ?? 0, scope ? (this.blocked.get('') ?? 0) : 0);
  }

  private enqueue(scope: string): Promise<Slot> {
    const turn = this.queue.then(() => this.waitForSlot(scope));
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /** Stop every request of this token (of one company, with `scope`) until `untilMs` (from a Retry-After). */
  blockUntil(untilMs: number, scope = ''): void {
    this.blocked.set(scope, Math.max(this.blocked.get(scope) ?? 0, untilMs));
  }

  /** Follows the limits a response announces; headers without an announcement change nothing. */
  observe(headers: Record<string, string | string[] | undefined>): void {
    const announced = parseRateLimitHeaders(headers);
    if (announced) this.announce(announced);
  }

  /** The service's own limits replace the contract's; an `X-RateLimit-Limit` alone only lowers. */
  announce(announced: { policies: RateLimit[]; lowerOnly?: boolean }): void {
    if (announced.policies.length === 0) return;
    if (!announced.lowerOnly) {
      this.policies = announced.policies;
      return;
    }
    this.policies = this.policies.map((p) => {
      const lower = announced.policies.find((a) => a.windowMs === p.windowMs && a.limit < p.limit);
      return lower ?? p;
    });
  }

  private margin(windowMs: number): number {
    return this.options.marginMs ?? Math.min(250, Math.round(windowMs * 0.01));
  }

  private async waitForSlot(scope: string): Promise<Slot> {
    for (;;) {
      const now = this.now();
      const until = this.blockedFor(scope);
      if (now < until) {
        await this.pause(until - now, t`the service (HTTP 429, Retry-After)`);
        continue;
      }
      const limits = this.limits;
      if (limits.length === 0) return NO_SLOT;
      const longest = Math.max(...limits.map((l) => l.windowMs + this.margin(l.windowMs)));
      this.entries = this.entries.filter((e) => e.at > now - longest);
      let wait = 0;
      for (const { limit, windowMs } of limits) {
        const span = windowMs + this.margin(windowMs);
        if (this.entries.length < limit) continue;
        const inWindow = this.entries.filter((e) => e.at > now - span);
        if (inWindow.length < limit) continue;
        // The slot that frees first frees when the (limit)-th most recent entry leaves the window.
        const times = inWindow.map((e) => e.at).sort((a, b) => b - a);
        wait = Math.max(wait, times[limit - 1]! + span - now);
      }
      if (wait <= 0) {
        const entry: Entry = { at: now };
        this.entries.push(entry);
        return {
          done: () => {
            entry.at = Math.max(entry.at, this.now());
          },
        };
      }
      await this.pause(
        wait,
        t`the rate limit (${joined(
          this.limits.map((l) => (l.limit === 1 ? t`1 request in ${waitText(l.windowMs)}` : t`${l.limit} requests in ${waitText(l.windowMs)}`)),
          ', ',
        )})`,
      );
    }
  }
}

/** One pacer per token key in a registry (a run's context owns one), whatever number of clients are created. */
export function pacerFor(pacers: Map<string, Pacer>, key: string, options: PacerOptions): Pacer {
  let pacer = pacers.get(key);
  if (!pacer) {
    pacer = new Pacer(options);
    pacers.set(key, pacer);
  }
  return pacer;
}

/**
 * The limits a response announces. `RateLimit-Policy` (IETF httpapi drafts) in either spelling,
 * `120;w=60` or `"default";q=120;w=60`, several comma-separated policies allowed; a policy
 * without `w` is read per minute. `X-RateLimit-Limit` states no window: taken per minute, and
 * only to lower the limit.
 */
export function parseRateLimitHeaders(headers: Record<string, string | string[] | undefined>): { policies: RateLimit[]; lowerOnly?: boolean } | undefined {
  const header = (name: string) => {
    const value = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const policy = header('ratelimit-policy');
  if (policy) {
    const policies: RateLimit[] = [];
    for (const item of policy.split(',')) {
      const parts = item.split(';').map((p) => p.trim());
      let limit: number | undefined;
      let windowS = 60;
      for (const [i, part] of parts.entries()) {
        const param = /^([a-z]+)=(\d+(?:\.\d+)?)$/i.exec(part);
        if (param) {
          if (param[1]!.toLowerCase() === 'q') limit = Number(param[2]);
          else if (param[1]!.toLowerCase() === 'w') windowS = Number(param[2]);
        } else if (i === 0 && /^\d+$/.test(part)) {
          limit = Number(part);
        }
      }
      if (limit !== undefined && limit >= 1 && windowS > 0) policies.push({ limit, windowMs: Math.round(windowS * 1000) });
    }
    if (policies.length > 0) return { policies };
  }
  const legacy = header('x-ratelimit-limit');
  if (legacy && /^\s*\d+\s*$/.test(legacy) && Number(legacy) >= 1) return { policies: [{ limit: Number(legacy), windowMs: 60_000 }], lowerOnly: true };
  return undefined;
}
