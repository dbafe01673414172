/**
 * Client-side pacing: at most `limit` request starts in any `windowMs`, per token, shared by every
 * concurrent request of this process, so a long `--all` export runs as fast as the service's
 * limit allows without ever meeting a 429. A 429 that still arrives (another process using the
 * same token) blocks the whole token until its Retry-After has passed.
 */
export interface PacerOptions {
  limit: number;
  windowMs: number;
  /**
   * Extra spacing so the service never sees a window overfilled: requests on a warm connection
   * arrive sooner after sending than the first one, which paid for the connection.
   * Default: 5% of the window, at most one second.
   */
  marginMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class Pacer {
  private readonly starts: number[] = [];
  private blockedUntil = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly windowMs: number;

  constructor(private readonly options: PacerOptions) {
    this.windowMs = options.windowMs + (options.marginMs ?? Math.min(1000, Math.round(options.windowMs * 0.05)));
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Resolves when a request may start; callers are served in arrival order. */
  acquire(): Promise<void> {
    const turn = this.queue.then(() => this.waitForSlot());
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Stop every request of this token until `untilMs` (from a Retry-After). */
  blockUntil(untilMs: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, untilMs);
  }

  private async waitForSlot(): Promise<void> {
    for (;;) {
      const now = this.now();
      if (now < this.blockedUntil) {
        await this.sleep(this.blockedUntil - now);
        continue;
      }
      while (this.starts.length > 0 && this.starts[0] <= now - this.windowMs) this.starts.shift();
      if (this.starts.length < this.options.limit) {
        this.starts.push(now);
        return;
      }
      await this.sleep(this.starts[0] + this.windowMs - now);
    }
  }
}

const pacers = new Map<string, Pacer>();

/** One pacer per token key for the whole process, whatever number of clients are created. */
export function pacerFor(key: string, options: PacerOptions): Pacer {
  let pacer = pacers.get(key);
  if (!pacer) {
    pacer = new Pacer(options);
    pacers.set(key, pacer);
  }
  return pacer;
}
