/**
 * The driver every journaled command uses around its irreversible writes (bank apply, invoice
 * batch, invoice create, and any later one): never a loop of their own. Its rules:
 *
 * 1. The service is the truth, the journal a record of intent: before the first send of every run,
 *    every step the journal does not show as done is looked up on the service (hooks.lookup),
 *    whatever the journal says about it. Found: recorded done, not sent.
 * 2. Per step, 'sending' is written (flushed, with its instant and the request's deadline) BEFORE
 *    the request, then the outcome. An unknown outcome is looked up at once.
 * 3. A step whose earlier request may still reach the service (it was in flight when a run died,
 *    or its answer was lost) is sent again only once that request's deadline plus a margin has
 *    passed since its journaled 'sending' instant, and only if a lookup made right before the
 *    resend still finds nothing. Until then it waits: `wait` sleeps until then (Ctrl-C ends the
 *    sleep), otherwise the step is reported in `waiting` with the time (the command exits 9).
 */
import { ApiError, InterruptedError } from '../errors.js';
import type { Journal, JournalEntry } from './journal.js';
import { NO_SIGNALS, type SignalSource as ProcessSignals } from '../io/signals.js';
import { instant, type Message, t, type Text } from '../i18n/message.js';
import { reason, type Reason } from './reason.js';
import { journaled, lookupFailed } from './words.js';
import { crashPoint } from '../io/crash-point.js';

export interface Step<T> {
  key: string;
  /** sha256 of the request body: a step whose 'done' entry has another hash is refused as changed. */
  hash?: string;
  item: T;
}

const reasonOf = (sent: { reason?: Reason }) => (sent.reason ? { reason: sent.reason } : {});

/** What a send or a lookup came to; `reason`, when given, is its `message` as data (src/journal/words.ts words it in the run's language). */
export type Sent =
  | { state: 'done'; result: Record<string, unknown> }
  | { state: 'refused'; message: string; reason?: Reason }
  | { state: 'unknown'; message: string; reason?: Reason };
export type Settled =
  | { state: 'done'; result: Record<string, unknown>; message?: string; reason?: Reason }
  | { state: 'absent' }
  | { state: 'unknown'; message: string; reason?: Reason };

export interface RunHooks<T> {
  /**
   * Looks `steps` up on the service, whatever the journal says: per key, 'done' (it exists; its
   * result), 'absent' (not there) or 'unknown' (cannot tell, and why). A key left out is absent.
   * A throw ends the run with that error, before anything more is sent.
   */
  lookup(steps: Step<T>[]): Promise<Map<string, Settled>>;
  /** Before a step's 'sending' write: what settling will need; stored in the entry's context. */
  prepare?(step: Step<T>): Promise<Record<string, unknown> | undefined>;
  /**
   * Before sending: a reason to skip the step without sending (the invoice's residue changed), as
   * data (src/journal/reason.ts; a string only from jobs not yet ported to it).
   */
  check?(step: Step<T>): Promise<Reason | string | undefined>;
  /** A reason's English words, for the journal's `message` (the reason itself is journaled too). */
  describe?(reason: Reason): Text;
  /** Sends ONE write. A refusal returns 'refused'; an unknown outcome returns 'unknown'. A throw is journaled (a 4xx ApiError as refused, anything else as unknown), then rethrown. */
  send(step: Step<T>, context: Record<string, unknown> | undefined): Promise<Sent>;
  /**
   * The write a result names, as one string (an invoice's link), when the job can say: a lookup that
   * finds for a step a write another step of the work already holds is a lookup that cannot tell,
   * never a second step settled by one write (the step stays unknown: exit 9).
   */
  writeOf?(result: Record<string, unknown>): string | undefined;
  /** Steps that must never be in flight together (bank: one invoice): a step waits while an earlier one of its group waits. */
  serialKey?(step: Step<T>): string;
  onProgress?(index: number, total: number, step: Step<T>, entry: JournalEntry): void;
}

export interface Waiting {
  key: string;
  /** When its earlier request's deadline and the margin have passed (ms since the epoch). */
  until: number;
  /** The step it waits behind (same serial key), when it has no request of its own in flight. */
  behind?: string;
}

export interface RunResult {
  /** Per step key, the latest entry after the run (steps never reached have none). */
  entries: Map<string, JournalEntry>;
  sentNow: string[];
  alreadyDone: string[];
  /** Found on the service by a lookup (an earlier request that did arrive): done, without a request now. */
  found: string[];
  refused: string[];
  skipped: string[];
  /** Why each skipped step was skipped, as data (jobs whose `check` gives a Reason). */
  reasons: Map<string, Reason>;
  /** Steps whose hash differs from the journaled 'done' entry: refused, never re-sent. */
  changed: string[];
  /** Keys still unknown after a lookup: the caller throws OutcomeUnknownError (exit 9) naming them. */
  unresolved: string[];
  /** Not sent because an earlier request may still arrive: exit 9 naming them and the time, unless `wait`. */
  waiting: Waiting[];
  interrupted?: 'SIGINT' | 'SIGTERM';
}

/** Where the driver listens for Ctrl-C and SIGTERM: the command's context.signals. */
export type SignalSource = Pick<ProcessSignals, 'on' | 'off'>;

export interface RunOptions {
  /** The overall deadline of one request (--timeout), journaled with each 'sending'. */
  timeoutMs: number;
  /** --wait: sleep until a step that must wait may be sent (then look it up and send it), instead of reporting it. */
  wait?: boolean;
  /** Records not settled may have been in flight until this instant (a journal rebuilt from a damaged one). */
  inFlightUntil?: string;
  /** context.signals (the process's, from the launcher); without it a signal is not waited for here. */
  signals?: SignalSource;
  /** Told when the run starts waiting for a step (on stderr: which, until when). */
  onWait?: (waiting: Waiting) => void;
  now?: () => number;
}

/** A request's deadline is followed by this much again (at least RESEND_MARGIN_MIN_MS) before it is taken as never arriving. */
export const RESEND_MARGIN_MIN_MS = 5_000;

/** When a request sent at `sentAt` with deadline `timeoutMs` may be taken as never arriving: sentAt + deadline + max(deadline, 5 s). */
export function resendTime(sentAt: string, timeoutMs: number): number {
  return Date.parse(sentAt) + timeoutMs + Math.max(timeoutMs, RESEND_MARGIN_MIN_MS);
}

/** The fields of an entry that carry its attempt's request forward (when it was sent, its deadline). */
function attemptOf(entry: JournalEntry | undefined): Pick<JournalEntry, 'sentAt' | 'timeoutMs'> {
  if (!entry || entry.state === 'done' || entry.state === 'refused') return {};
  // Version 1 entries have no sentAt: their own instant is later than the request, so it errs on the side of waiting.
  const sentAt = entry.sentAt ?? (entry.state === 'sending' || entry.state === 'unknown' ? entry.at : undefined);
  return sentAt === undefined ? {} : { sentAt, ...(entry.timeoutMs === undefined ? {} : { timeoutMs: entry.timeoutMs }) };
}

/** A run's result before any step: every list empty. */
export function emptyRunResult(): RunResult {
  return {
    entries: new Map(),
    sentNow: [],
    alreadyDone: [],
    found: [],
    refused: [],
    skipped: [],
    reasons: new Map(),
    changed: [],
    unresolved: [],
    waiting: [],
  };
}

class Driver<T> {
  readonly result: RunResult = emptyRunResult();
  private readonly now: () => number;
  /** Serial keys with a step that waits. */
  private readonly blocked = new Map<string, string>();
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(
    private readonly journal: Journal,
    private readonly steps: Step<T>[],
    private readonly hooks: RunHooks<T>,
    private readonly options: RunOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  interrupt(signal: 'SIGINT' | 'SIGTERM'): void {
    this.result.interrupted ??= signal;
    this.abort.abort();
  }

  private get halted(): boolean {
    return this.stopped || this.result.interrupted !== undefined;
  }

  /** When `key`'s earlier request may be taken as never arriving; undefined when nothing of it is in flight. */
  private resendAt(key: string): number | undefined {
    const entry = this.journal.get(key);
    if (entry?.state === 'done' || entry?.state === 'refused') return undefined;
    const attempt = attemptOf(entry);
    const sentAt = attempt.sentAt ?? this.options.inFlightUntil;
    return sentAt === undefined ? undefined : resendTime(sentAt, attempt.timeoutMs ?? this.options.timeoutMs);
  }

  /** Another step whose journaled result names the same write as `result`. */
  private holderOf(key: string, result: Record<string, unknown>): { key: string; write: string } | undefined {
    const writeOf = this.hooks.writeOf;
    const write = writeOf?.(result);
    if (write === undefined || writeOf === undefined) return undefined;
    for (const other of this.steps) {
      const entry = other.key === key ? undefined : this.journal.get(other.key);
      if (entry?.state === 'done' && entry.result && writeOf(entry.result) === write) return { key: other.key, write };
    }
    return undefined;
  }

  /** Writes what a lookup found for `step` and tells whether it may still be sent. */
  private async record(step: Step<T>, settled: Settled): Promise<'done' | 'absent' | 'unknown'> {
    const prior = this.journal.get(step.key);
    const base = { key: step.key, hash: prior?.hash ?? step.hash, context: prior?.context, ...attemptOf(prior) };
    const holder = settled.state === 'done' ? this.holderOf(step.key, settled.result) : undefined;
    if (holder !== undefined) settled = { state: 'unknown', ...journaled(reason('write-held', { write: holder.write, holder: holder.key })) };
    if (settled.state === 'done') {
      const why =
        settled.message !== undefined ? { message: settled.message, ...(settled.reason ? { reason: settled.reason } : {}) } : journaled(reason('found'));
      await this.journal.write({ ...base, state: 'done', result: settled.result, ...why });
      if (!this.result.found.includes(step.key)) this.result.found.push(step.key);
      return 'done';
    }
    if (settled.state === 'unknown') {
      await this.journal.write({ ...base, state: 'unknown', message: settled.message, ...(settled.reason ? { reason: settled.reason } : {}) });
      this.result.unresolved.push(step.key);
      this.stopped = true;
      return 'unknown';
    }
    if (prior?.state === 'sending' || prior?.state === 'unknown')
      await this.journal.write({ ...base, state: 'absent', ...journaled(reason('not-found', { at: new Date(this.now()).toISOString() })) });
    return 'absent';
  }

  private async lookup(steps: Step<T>[]): Promise<Map<string, Settled>> {
    return this.hooks.lookup(steps);
  }

  /** Rule 1: every step not done is looked up before anything is sent. */
  async lookupAll(): Promise<void> {
    const pending = this.steps.filter((s) => this.journal.get(s.key)?.state !== 'done');
    if (pending.length === 0) return;
    const found = await this.lookup(pending);
    for (const step of pending) await this.record(step, found.get(step.key) ?? { state: 'absent' });
  }

  private defer(step: Step<T>, until: number, behind?: string): void {
    const serial = this.hooks.serialKey?.(step);
    if (serial !== undefined && !this.blocked.has(serial)) this.blocked.set(serial, step.key);
    this.result.waiting.push({ key: step.key, until, ...(behind ? { behind } : {}) });
  }

  /** One step: done already, waits, looked up before a resend, skipped, or sent. */
  async process(step: Step<T>, index: number): Promise<void> {
    const prior = this.journal.get(step.key);
    if (prior?.state === 'done') {
      if (step.hash !== undefined && prior.hash !== undefined && prior.hash !== step.hash) this.result.changed.push(step.key);
      else if (!this.result.found.includes(step.key)) this.result.alreadyDone.push(step.key);
      return;
    }
    const serial = this.hooks.serialKey?.(step);
    const blocker = serial === undefined ? undefined : this.blocked.get(serial);
    if (blocker !== undefined) {
      const until = this.result.waiting.find((w) => w.key === blocker)?.until ?? this.now();
      return this.defer(step, until, blocker);
    }
    const until = this.resendAt(step.key);
    if (until !== undefined) {
      if (until > this.now()) return this.defer(step, until);
      // Its deadline has passed: it is sent again only if a lookup made right now still finds nothing.
      const state = await this.record(step, (await this.lookup([step])).get(step.key) ?? { state: 'absent' });
      if (state !== 'absent') return;
    }
    await this.sendStep(step, index);
  }

  private async sendStep(step: Step<T>, index: number): Promise<void> {
    const { journal, hooks } = this;
    const reason = await hooks.check?.(step);
    if (reason !== undefined) {
      const data = typeof reason === 'string' ? {} : { reason };
      const message = typeof reason === 'string' ? reason : String(hooks.describe?.(reason) ?? reason.code);
      await journal.write({ key: step.key, hash: step.hash, state: 'skipped', message, ...data, ...attemptOf(journal.get(step.key)) });
      this.result.skipped.push(step.key);
      if (typeof reason !== 'string') this.result.reasons.set(step.key, reason);
      hooks.onProgress?.(index, this.steps.length, step, journal.get(step.key)!);
      return;
    }
    crashPoint('before-sending', index + 1);
    const context = await hooks.prepare?.(step);
    await journal.write({ key: step.key, hash: step.hash, state: 'sending', context, timeoutMs: this.options.timeoutMs });
    const attempt = attemptOf(journal.get(step.key));
    crashPoint('after-sending', index + 1);
    let sent: Sent;
    try {
      sent = await hooks.send(step, context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // An answer 4xx (the token, the pace, the body refused) means the service did not act; anything else may have reached it.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        await journal.write({ key: step.key, hash: step.hash, state: 'refused', message, context });
      else await journal.write({ key: step.key, hash: step.hash, state: 'unknown', context, message, ...attempt });
      throw error;
    }
    crashPoint('after-response', index + 1);
    if (sent.state === 'done') {
      await journal.write({ key: step.key, hash: step.hash, state: 'done', result: sent.result, context, ...attempt });
      this.result.sentNow.push(step.key);
    } else if (sent.state === 'refused') {
      await journal.write({ key: step.key, hash: step.hash, state: 'refused', message: sent.message, ...reasonOf(sent), context });
      this.result.refused.push(step.key);
    } else {
      await journal.write({ key: step.key, hash: step.hash, state: 'unknown', message: sent.message, ...reasonOf(sent), context, ...attempt });
      await this.settleNow(step);
    }
    hooks.onProgress?.(index, this.steps.length, step, journal.get(step.key)!);
  }

  /** An answer lost: looked up at once; not found yet, it waits for its deadline (it may still arrive). */
  private async settleNow(step: Step<T>): Promise<void> {
    let settled: Settled;
    try {
      settled = (await this.lookup([step])).get(step.key) ?? { state: 'absent' };
    } catch (error) {
      settled = { state: 'unknown', ...journaled(lookupFailed(this.journal.get(step.key), String((error as Error).message ?? error))) };
    }
    const state = await this.record(step, settled);
    if (state === 'done') {
      this.result.found = this.result.found.filter((k) => k !== step.key);
      this.result.sentNow.push(step.key);
    } else if (state === 'absent') this.defer(step, this.resendAt(step.key) ?? this.now());
  }

  /** --wait: each waiting step, once its time has come, looked up again and sent (each at most once more in this run). */
  async waitForDeferred(): Promise<void> {
    const queue = this.result.waiting.splice(0);
    this.blocked.clear();
    for (const waiting of queue) {
      if (this.halted) {
        this.result.waiting.push(waiting);
        continue;
      }
      const step = this.steps.find((s) => s.key === waiting.key)!;
      const until = this.resendAt(step.key) ?? waiting.until;
      if (until > this.now() && !(await this.sleepUntil(waiting.key, until))) {
        this.result.waiting.push(waiting);
        continue;
      }
      await this.process(step, this.steps.indexOf(step));
    }
  }

  private async sleepUntil(key: string, until: number): Promise<boolean> {
    this.options.onWait?.({ key, until });
    const signal = this.abort.signal;
    // A timer may fire a little before the wall clock says the time has come: sleep again until it has.
    while (!signal.aborted && this.now() < until) {
      const ms = until - this.now() + 5;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done, { once: true });
      });
    }
    return !signal.aborted;
  }

  async run(): Promise<void> {
    await this.lookupAll();
    for (let i = 0; i < this.steps.length && !this.halted; i++) await this.process(this.steps[i]!, i);
    if (this.options.wait && this.result.waiting.length > 0 && !this.halted) await this.waitForDeferred();
  }

  finish(): RunResult {
    for (const step of this.steps) {
      const entry = this.journal.get(step.key);
      if (entry) this.result.entries.set(step.key, entry);
    }
    return this.result;
  }
}

export async function runJournaled<T>(journal: Journal, steps: Step<T>[], hooks: RunHooks<T>, options: RunOptions): Promise<RunResult> {
  const driver = new Driver(journal, steps, hooks, options);
  // Ctrl-C or SIGTERM: the request in flight finishes and is journaled (a wait ends at once), then the run stops.
  const signals = options.signals ?? NO_SIGNALS;
  const onInt = () => driver.interrupt('SIGINT');
  const onTerm = () => driver.interrupt('SIGTERM');
  signals.on('SIGINT', onInt);
  signals.on('SIGTERM', onTerm);
  try {
    await driver.run();
  } finally {
    signals.off('SIGINT', onInt);
    signals.off('SIGTERM', onTerm);
  }
  return driver.finish();
}

/** What `--resolve REF=created:ID` / `REF=absent` writes after a person checked on the service. */
export async function resolveEntry(
  journal: Journal,
  key: string,
  outcome: { state: 'done'; result: Record<string, unknown> } | { state: 'absent' },
): Promise<void> {
  const entry = journal.get(key);
  const base = { key, hash: entry?.hash, context: entry?.context, message: 'settled by hand (--resolve)' };
  if (outcome.state === 'done') await journal.write({ ...base, state: 'done', result: outcome.result });
  else await journal.write({ ...base, state: 'absent' });
}

/** The error a command throws after an interrupted run, once it has printed what was done. */
export function interruptedError(signal: 'SIGINT' | 'SIGTERM', done: Text): InterruptedError {
  return new InterruptedError(t`interrupted by ${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'} after the write in flight: ${done}`, signal, [
    t`The journal is exact: run the same command again to continue where it stopped.`,
  ]);
}

/**
 * One line per waiting step, for the exit-9 message: which, since when, until when (`time` writes the
 * instant, e.g. in local time with its offset; ISO-8601 UTC by default), in the run's language.
 */
export function waitingLines(
  waiting: readonly Waiting[],
  name: (key: string) => Text,
  now = Date.now(),
  time: (ms: number) => string = (ms) => new Date(ms).toISOString(),
): Message[] {
  return waiting.map((w) => {
    const secs = Math.max(1, Math.ceil((w.until - now) / 1000));
    const when = instant(time(w.until));
    return w.behind
      ? t`${name(w.key)}: waits behind ${name(w.behind)} (same invoice), until ${when} (in ${secs} s)`
      : t`${name(w.key)}: its request may still reach the service; sent again only after ${when} (in ${secs} s), if a lookup then still finds nothing`;
  });
}
