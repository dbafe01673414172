/**
 * The driver every journaled command uses around its irreversible writes (bank apply, invoice
 * batch): never a loop of their own. Per step it writes 'sending' (flushed) BEFORE the request,
 * then the outcome; on a re-run it first settles whatever the last run left in flight, through
 * the command's own lookup (hooks.settle), and sends nothing while any remains unknown.
 */
import { InterruptedError } from '../errors.js';
import type { Journal, JournalEntry } from './journal.js';
import { NO_SIGNALS, type SignalSource as ProcessSignals } from '../io/signals.js';

export interface Step<T> {
  key: string;
  /** sha256 of the request body: a step whose 'done' entry has another hash is refused as changed. */
  hash?: string;
  item: T;
}

export type Sent = { state: 'done'; result: Record<string, unknown> } | { state: 'refused'; message: string } | { state: 'unknown'; message: string };
export type Settled = { state: 'done'; result: Record<string, unknown> } | { state: 'absent' } | { state: 'unknown'; message: string };

export interface RunHooks<T> {
  /** Settles an entry an earlier run (or this one) left in 'sending' or 'unknown': look the write up on the service. */
  settle(entry: JournalEntry, step: Step<T> | undefined): Promise<Settled>;
  /** Before a step's 'sending' write: what settling will need (a snapshot); stored in the entry's context. */
  prepare?(step: Step<T>): Promise<Record<string, unknown> | undefined>;
  /** Before sending: a reason to skip the step without sending (the invoice's residue changed). */
  check?(step: Step<T>): Promise<string | undefined>;
  /** Sends ONE write. A refusal returns 'refused'; an unknown outcome returns 'unknown'. A throw is treated as unknown, then rethrown. */
  send(step: Step<T>, context: Record<string, unknown> | undefined): Promise<Sent>;
  onProgress?(index: number, total: number, step: Step<T>, entry: JournalEntry): void;
}

export interface RunResult {
  /** Per step key, the latest entry after the run (steps never reached have none). */
  entries: Map<string, JournalEntry>;
  sentNow: string[];
  alreadyDone: string[];
  refused: string[];
  skipped: string[];
  /** Found not done when settled (a dropped write that never happened): a re-run sends them again. */
  absent: string[];
  /** Steps whose hash differs from the journaled 'done' entry: refused, never re-sent. */
  changed: string[];
  /** Keys still unknown after settling: the caller throws OutcomeUnknownError (exit 9) naming them. */
  unresolved: string[];
  interrupted?: 'SIGINT' | 'SIGTERM';
}

/** Where the driver listens for Ctrl-C and SIGTERM: the command's context.signals. */
export type SignalSource = Pick<ProcessSignals, 'on' | 'off'>;

export interface RunOptions {
  /** '<stage>:<n>' (FISCO_TEST_CRASH_AT, tests only): SIGKILL at that stage of the n-th step. */
  crashAt?: string;
  /** context.signals (the process's, from the launcher); without it a signal is not waited for here. */
  signals?: SignalSource;
}

export type CrashStage = 'before-sending' | 'after-sending' | 'after-response';

function crashPoint(crashAt: string | undefined): (stage: CrashStage, n: number) => void {
  const m = crashAt ? /^(before-sending|after-sending|after-response):(\d+)$/.exec(crashAt) : null;
  if (!m) return () => undefined;
  const [stage, n] = [m[1], Number(m[2])];
  return (at, index) => {
    if (at === stage && index === n) process.kill(process.pid, 'SIGKILL');
  };
}

async function settleOne<T>(journal: Journal, entry: JournalEntry, step: Step<T> | undefined, hooks: RunHooks<T>): Promise<Settled> {
  let settled: Settled;
  try {
    settled = await hooks.settle(entry, step);
  } catch (error) {
    settled = { state: 'unknown', message: `the lookup failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const base = { key: entry.key, hash: entry.hash, context: entry.context };
  if (settled.state === 'done')
    await journal.write({ ...base, state: 'done', result: settled.result, message: 'settled by a lookup after an unknown outcome' });
  else if (settled.state === 'absent') await journal.write({ ...base, state: 'absent', message: 'not found by the lookup: the write did not happen' });
  else await journal.write({ ...base, state: 'unknown', message: settled.message });
  return settled;
}

export async function runJournaled<T>(journal: Journal, steps: Step<T>[], hooks: RunHooks<T>, options: RunOptions = {}): Promise<RunResult> {
  const result: RunResult = { entries: new Map(), sentNow: [], alreadyDone: [], refused: [], skipped: [], absent: [], changed: [], unresolved: [] };
  const byKey = new Map(steps.map((step) => [step.key, step]));
  const finish = () => {
    for (const step of steps) {
      const entry = journal.get(step.key);
      if (entry) result.entries.set(step.key, entry);
    }
    return result;
  };

  // 1. What the last run left in flight is settled before anything else is sent.
  for (const entry of journal.inFlight()) {
    const settled = await settleOne(journal, entry, byKey.get(entry.key), hooks);
    if (settled.state === 'unknown') result.unresolved.push(entry.key);
  }
  if (result.unresolved.length) return finish();

  // 2. Ctrl-C or SIGTERM: the request in flight finishes and is journaled, then the run stops.
  const signals = options.signals ?? NO_SIGNALS;
  const onInt = () => (result.interrupted ??= 'SIGINT');
  const onTerm = () => (result.interrupted ??= 'SIGTERM');
  signals.on('SIGINT', onInt);
  signals.on('SIGTERM', onTerm);
  const crash = crashPoint(options.crashAt);
  try {
    for (let i = 0; i < steps.length && !result.interrupted; i++) {
      const step = steps[i];
      const prior = journal.get(step.key);
      if (prior?.state === 'done') {
        if (step.hash !== undefined && prior.hash !== undefined && prior.hash !== step.hash) result.changed.push(step.key);
        else result.alreadyDone.push(step.key);
        continue;
      }
      const reason = await hooks.check?.(step);
      if (reason !== undefined) {
        await journal.write({ key: step.key, hash: step.hash, state: 'skipped', message: reason });
        result.skipped.push(step.key);
        hooks.onProgress?.(i, steps.length, step, journal.get(step.key)!);
        continue;
      }
      crash('before-sending', i + 1);
      const context = await hooks.prepare?.(step);
      await journal.write({ key: step.key, hash: step.hash, state: 'sending', context });
      crash('after-sending', i + 1);
      let sent: Sent;
      try {
        sent = await hooks.send(step, context);
      } catch (error) {
        await journal.write({ key: step.key, hash: step.hash, state: 'unknown', context, message: error instanceof Error ? error.message : String(error) });
        throw error;
      }
      crash('after-response', i + 1);
      if (sent.state === 'done') {
        await journal.write({ key: step.key, hash: step.hash, state: 'done', result: sent.result, context });
        result.sentNow.push(step.key);
      } else if (sent.state === 'refused') {
        await journal.write({ key: step.key, hash: step.hash, state: 'refused', message: sent.message, context });
        result.refused.push(step.key);
      } else {
        await journal.write({ key: step.key, hash: step.hash, state: 'unknown', message: sent.message, context });
        const settled = await settleOne(journal, journal.get(step.key)!, step, hooks);
        if (settled.state === 'done') result.sentNow.push(step.key);
        else if (settled.state === 'absent') result.absent.push(step.key);
        else {
          result.unresolved.push(step.key);
          break;
        }
      }
      hooks.onProgress?.(i, steps.length, step, journal.get(step.key)!);
    }
  } finally {
    signals.off('SIGINT', onInt);
    signals.off('SIGTERM', onTerm);
  }
  return finish();
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
export function interruptedError(signal: 'SIGINT' | 'SIGTERM', done: string): InterruptedError {
  return new InterruptedError(`interrupted by ${signal === 'SIGINT' ? 'Ctrl-C' : 'SIGTERM'} after the write in flight: ${done}`, signal, [
    'The journal is exact: run the same command again to continue where it stopped.',
  ]);
}
