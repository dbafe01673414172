/**
 * Crash points: named instants in the life of a write (a journal step, a mirror's put or commit)
 * where the crash tests kill the process. In the product each is a documented no-op: it calls the
 * function at `globalThis[Symbol.for('fisco.crashPoint')]` when one is there, and nothing installs
 * one but the tests' loader (test/e2e/crash-loader.mjs, given to a spawned fisco with
 * `NODE_OPTIONS=--import=…`). No environment variable is read here and nothing is killed here.
 *
 * Stages: `before-sending`, `after-sending`, `after-response` with the step's 1-based place in the
 * run (src/journal/run.ts); `sync-put` with the company's place and the count of its record puts,
 * `sync-commit` with the company's place (src/mirror/sync.ts).
 */
export const CRASH_POINT = Symbol.for('fisco.crashPoint');

export type CrashStage = 'before-sending' | 'after-sending' | 'after-response' | 'sync-put' | 'sync-commit';

/** Reached at `stage` of the `at`-th step (or company), `n` its count within it when it has one. */
export function crashPoint(stage: CrashStage, at: number, n?: number): void {
  const hook = (globalThis as Record<symbol, unknown>)[CRASH_POINT];
  if (typeof hook === 'function') (hook as (stage: CrashStage, at: number, n?: number) => void)(stage, at, n);
}
