import { expect } from 'vitest';
import type { Harness, RunResult } from './harness.js';

/** What the fault tests share (faults.test.ts: the matrix and partial output; faults-hostile.test.ts: issue 22's cases). */

/** A fault that lasts longer than any retry budget. */
export const LONG = 50;
export const HTML = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';

export async function api(h: Harness, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${h.emulator.url}${path}`, {
    method,
    headers: { authorization: 'Bearer demo-prod-rossi', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

/**
 * Polls a condition (what the emulator logs, what a spawned fisco has done so far) every 10 ms;
 * fails after `timeoutMs`, a bound for a condition never met, not a wait: a spawned fisco on a
 * loaded machine (CI's suite on two cores) may take seconds to start. Polling on a timer leaves the
 * cores to the process waited for (a loop of setImmediate kept one busy).
 */
export async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function checkStderr(result: RunResult, exit: number): void {
  expect(result.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m); // no stack trace
  expect(result.stderr).not.toMatch(/bug in fisco|undefined|Unhandled|ERR_UNHANDLED/);
  const lines = result.stderr.split('\n').filter((l) => l.startsWith('fisco:'));
  expect(lines).toHaveLength(exit === 0 ? 0 : 1);
}
