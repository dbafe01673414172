/**
 * One order of outcomes for every write command (invoice create, invoice batch, bank apply, dunning
 * send, and the MCP server's writes through them): a run's step outcomes, worst first, and the exit code of the worst.
 * The table is docs/reliability.md ("One order of outcomes"); a unit test holds it and OUTCOME_ORDER equal.
 * Worst first: unknown (9) > interrupted (130/143) > failed (the error's own code) > partial (11) >
 * not confirmed (10) > refused (6, or 2) > done (0); why, in that table.
 */
import { ExitCode, type ExitCodeValue, type FiscoError } from '../errors.js';
import type { RunResult } from './run.js';

export const OUTCOME_ORDER = ['unknown', 'interrupted', 'failed', 'partial', 'not-confirmed', 'refused', 'done'] as const;
export type Outcome = (typeof OUTCOME_ORDER)[number];

/** What a run came to, counted by step, plus what stopped it. */
export interface Tally {
  /** Steps done: now, by an earlier run, or found on the service. */
  done: number;
  /** Steps refused (by the service, or by fisco: edited since done, invalid), or not sent because the run stopped short. */
  refused: number;
  /** Steps whose write may or may not exist: unresolved, or waiting for a request that may still arrive. */
  unknown: number;
  interrupted?: 'SIGINT' | 'SIGTERM';
  /** What ended the run early, or after (a result file not written). */
  failure?: FiscoError;
  notConfirmed?: boolean;
  /** The code of a run whose every step was refused: 6 (the service refused) unless said (2: fisco refused before sending). */
  refusedCode?: ExitCodeValue;
}

/** Every outcome the tally holds, worst first. */
export function outcomesOf(t: Tally): Outcome[] {
  const present: Record<Outcome, boolean> = {
    unknown: t.unknown > 0,
    interrupted: t.interrupted !== undefined,
    failed: t.failure !== undefined,
    partial: t.done > 0 && t.refused > 0,
    'not-confirmed': Boolean(t.notConfirmed),
    refused: t.done === 0 && t.refused > 0,
    done: true,
  };
  return OUTCOME_ORDER.filter((o) => present[o]);
}

/** The worst outcome of a run: the one that decides its exit code. */
export function worstOutcome(t: Tally): Outcome {
  return outcomesOf(t)[0]!;
}

/** The exit code of an outcome of this tally. */
export function exitCodeOf(outcome: Outcome, t: Tally): ExitCodeValue {
  switch (outcome) {
    case 'unknown':
      return ExitCode.outcomeUnknown;
    case 'interrupted':
      return t.interrupted === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
    case 'failed':
      return t.failure!.exitCode;
    case 'partial':
      return ExitCode.partial;
    case 'not-confirmed':
      return ExitCode.notConfirmed;
    case 'refused':
      return t.refusedCode ?? ExitCode.rejected;
    case 'done':
      return ExitCode.ok;
  }
}

/** The steps of one journal run, counted (`extra` adds what the command knows besides: invalid records, a failure…). */
export function tallyOf(results: readonly RunResult[], extra: Partial<Tally> = {}): Tally {
  const n = (pick: (r: RunResult) => readonly unknown[]) => results.reduce((sum, r) => sum + pick(r).length, 0);
  const interrupted = results.find((r) => r.interrupted)?.interrupted;
  return {
    done: n((r) => r.sentNow) + n((r) => r.alreadyDone) + n((r) => r.found),
    refused: n((r) => r.refused) + n((r) => r.changed),
    unknown: n((r) => r.unresolved) + n((r) => r.waiting),
    ...(interrupted ? { interrupted } : {}),
    ...extra,
  };
}

/**
 * Ends a run by the one order: the error of its worst outcome is thrown (each command words its
 * own); a run whose worst outcome is `done` returns. Every error given must carry the exit code the
 * order gives its outcome (a command cannot reorder it).
 */
export function endRun(t: Tally, errors: { [O in Exclude<Outcome, 'done'>]?: () => FiscoError }): void {
  const worst = worstOutcome(t);
  if (worst === 'done') return;
  const make = worst === 'failed' ? () => t.failure! : errors[worst];
  if (!make) throw new TypeError(`a run ended ${worst} with no error to say so`);
  const error = make();
  const code = exitCodeOf(worst, t);
  if (error.exitCode !== code) throw new TypeError(`a run ended ${worst} (exit ${code}) with an error of exit ${error.exitCode}`);
  throw error;
}
