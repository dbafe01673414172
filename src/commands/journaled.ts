/**
 * What every journaled command (invoice batch, bank apply, invoice create, and the dunning letters)
 * shares around the journal driver: whose journal it is, opening it (--rebuild-from-service), the
 * driver's options from the context (--timeout, --wait, signals), and the exit-9 error for records
 * that wait. Its two flags are declared, data only, in journal.flags.ts.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_TIMEOUT_MS } from '../api/client.js';
import type { Context } from '../context.js';
import { OutcomeUnknownError } from '../errors.js';
import { Journal, type JournalHeader } from '../journal/journal.js';
import { waitingLines, type RunOptions, type Waiting } from '../journal/run.js';
import { safeLine } from '../output/safe-text.js';
import { storeOptions } from '../profiles/paths.js';

/** Whose journal it is: the profile's name, or (a token from the environment) a digest of base URL and token. */
export async function journalOwner(context: Context): Promise<{ key: string; environment: string; baseUrl: string }> {
  const credentials = await context.credentials();
  const key = credentials.profile ?? `env-${createHash('sha256').update(`${credentials.baseUrl}\n${credentials.token}`).digest('hex').slice(0, 12)}`;
  return { key, environment: credentials.environment, baseUrl: credentials.baseUrl };
}

/** Opens a command's journal: `--rebuild-from-service` rebuilds a damaged one; what opening did is said on stderr. */
export function openJournal(context: Context, path: string, header: JournalHeader, options: { rebuildFromService?: boolean }): Promise<Journal> {
  // FISCO_LOCK_TIMEOUT_MS bounds the wait for the lock, as for the profile store and the demo state.
  return Journal.open(path, header, {
    ...storeOptions(context.env),
    rebuild: Boolean(options.rebuildFromService),
    warn: (line) => context.output.warn(line),
  });
}

/** The driver's options: the request deadline (--timeout), --wait, signals, the crash points of the tests, and a line when it waits. */
export function runOptions(context: Context, options: { wait?: boolean }, journal?: Journal): RunOptions {
  return {
    timeoutMs: context.timeoutMs() ?? DEFAULT_TIMEOUT_MS,
    wait: Boolean(options.wait),
    inFlightUntil: journal?.rebuilt?.lastAt,
    crashAt: context.env.FISCO_TEST_CRASH_AT,
    signals: context.signals,
    onWait: (w: Waiting) =>
      context.output.info(
        safeLine(
          `waiting until ${new Date(w.until).toISOString()} (${Math.max(1, Math.ceil((w.until - Date.now()) / 1000))} s) before sending ${w.key} again: its earlier request may still arrive`,
        ),
      ),
  };
}

/** Exit 9 for records not sent because an earlier request of theirs may still reach the service: which, until when, what to run. */
export function waitingError(waiting: readonly Waiting[], name: (key: string) => string, command: string): OutcomeUnknownError {
  const last = Math.max(...waiting.map((w) => w.until));
  const n = waiting.length;
  return new OutcomeUnknownError(
    `${n} ${n === 1 ? 'record was' : 'records were'} not sent: ${n === 1 ? 'its' : 'their'} earlier request may still reach the service`,
    [
      ...waitingLines(waiting, name),
      `Run \`${command}\` again after ${new Date(last).toISOString()}, or add --wait to wait for it: fisco looks again first and never sends twice.`,
    ],
  );
}
