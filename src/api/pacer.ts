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
  private blockedUntil = 0;
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
  }

  /** The limits in force: the announced (or contract) ones, plus the user's ceiling. */
  get limits(): RateLimit[] {
    return [...this.policies, ...this.ceiling.filter((c) => !this.policies.some((p) => p.limit === c.limit && p.windowMs === c.windowMs))];
  }

  /** Resolves when a request may start; callers are served in arrival order. */
  acquire(): Promise<Slot> {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  /** Stop every request of this token until `untilMs` (from a Retry-After). */
  blockUntil(untilMs: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, untilMs);
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

  private async waitForSlot(): Promise<Slot> {
    for (;;) {
      const now = this.now();
      if (now < this.blockedUntil) {
        await this.sleep(this.blockedUntil - now);
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
      await this.sleep(wait);
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
