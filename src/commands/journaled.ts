/**
 * What every journaled command (invoice batch, bank apply, invoice create, and the dunning letters)
 * shares around the journal driver: whose journal it is, opening it (--rebuild-from-service), the
 * driver's options from the factory (--timeout, --wait, signals), and the exit-9 error for records
 * that wait. Its two flags are declared, data only, in src/flags/shared.ts (JOURNAL_FLAGS).
 */
import { DEFAULT_TIMEOUT_MS } from '../api/client.js';
import { localInstant } from '../domain/dates.js';
import type { Factory } from '../factory/factory.js';
import { OutcomeUnknownError } from '../errors.js';
import type { Journal } from '../journal/journal.js';
import { waitingLines, type RunOptions, type Waiting } from '../journal/run.js';
import { safeLine } from '../output/safe-text.js';
import { t, instant, verbatim, type Text } from '../i18n/message.js';

/** Whose journal it is: the profile's name, or (a token from the environment) a digest of base URL and token. */
export async function journalOwner(factory: Factory): Promise<{ key: string; environment: string; baseUrl: string }> {
  return factory.journalOwner();
}

/** Who is applying: the profile's name ('env' for FISCO_TOKEN alone, 'demo' for --demo), the base URL. */
export async function applier(factory: Factory): Promise<{ profile: string; baseUrl: string }> {
  const credentials = await factory.credentials();
  return { profile: credentials.profile ?? 'env', baseUrl: await factory.service() };
}

/**
 * How a journal of one command's own attempts (`invoice create`, `invoice pay` without a request id:
 * the same command run again is a new write) is let go (a part's `close`): removed once every
 * attempt in it is settled — done or refused by the service — so that the next run is a new write;
 * kept while one is not (a run killed, an outcome unknown: the next run looks it up first), and
 * kept when the run failed after an attempt was done (its ending was not said: the next run says it).
 */
export async function discardWhenSettled(journal: Journal, failed: boolean): Promise<void> {
  const entries = journal.entries();
  const settled = entries.every((e) => e.state === 'done' || e.state === 'refused');
  const unsaid = failed && entries.some((e) => e.state === 'done');
  await (settled && !unsaid ? journal.discard() : journal.close());
}

/** The driver's options: the request deadline (--timeout), --wait, signals, and a line when it waits. */
export function runOptions(factory: Factory, options: { wait?: boolean }, journal?: Journal): RunOptions {
  return {
    timeoutMs: factory.timeoutMs() ?? DEFAULT_TIMEOUT_MS,
    wait: Boolean(options.wait),
    inFlightUntil: journal?.inFlightUntil,
    signals: factory.io.signals,
    onWait: (w: Waiting) =>
      factory.output.info(
        t`waiting until ${instant(localInstant(Math.ceil(w.until / 1000) * 1000, factory.env.TZ) ?? '')} (${Math.max(1, Math.ceil((w.until - Date.now()) / 1000))} s) before sending ${verbatim(safeLine(w.key))} again: its earlier request may still arrive`,
      ),
  };
}

/**
 * Exit 9 for records not sent because an earlier request of theirs may still reach the service:
 * which, until when (local time with its offset, in `timeZone` or the runtime's), what to run.
 */
export function waitingError(waiting: readonly Waiting[], name: (key: string) => Text, command: string, timeZone?: string): OutcomeUnknownError {
  const last = Math.max(...waiting.map((w) => w.until));
  const n = waiting.length;
  // To the second, rounded up: running again at the time named is never too early.
  const time = (ms: number) => localInstant(Math.ceil(ms / 1000) * 1000, timeZone)!;
  return new OutcomeUnknownError(
    n === 1
      ? t`1 record was not sent: its earlier request may still reach the service`
      : t`${n} records were not sent: their earlier request may still reach the service`,
    [
      ...waitingLines(waiting, name, Date.now(), time),
      t`Run \`${command}\` again after ${instant(time(last))}, or add --wait to wait for it: fisco looks again first and never sends twice.`,
    ],
  );
}
