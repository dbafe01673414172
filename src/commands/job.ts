/**
 * The one runner of every write command (issue 37): a command DECLARES a job — its parts (one
 * journal each: a company, a batch, the one invoice), the steps and hooks of the journal driver
 * (src/journal/run.ts), how a step is described while it runs, the confirmation's words, and how
 * the results become rows, a result file and the errors of its outcomes — and `runJob` does the
 * rest, the same for every job:
 *
 * 1. the confirmation, once (--yes passes it; without a terminal, the job's exit-10 error; a
 *    decline, its other one): before the first journal is opened, or (a confirmation that needs the
 *    journal, to count what is left) after the first part's journal is;
 * 2. part by part: its journal opened through Factory.journal (the lock named by the service and
 *    the work, FISCO_LOCK_TIMEOUT_MS, --rebuild-from-service), the driver run over its steps with
 *    the command's --timeout, --wait and signals, the progress line on a terminal (cleared after
 *    each part), the journal let go; a part whose outcome stops the run (unknown, interrupted)
 *    leaves the later parts unreached;
 * 3. the end: the result file (a failure to write it is the run's failure, with its own exit code),
 *    the result table through the output layer, the job's lines, and the exit code by the one order
 *    of outcomes (src/journal/outcome.ts, docs/reliability.md) through endRun.
 */
import type { FiscoError, NotConfirmedError } from '../errors.js';
import type { Factory } from '../factory/factory.js';
import type { Journal, JournalHeader, JournalKind } from '../journal/journal.js';
import { endRun, type Outcome, type Tally } from '../journal/outcome.js';
import { runJournaled, type RunHooks, type RunResult, type Step } from '../journal/run.js';
import { writeFileAtomic } from '../io/atomic.js';
import type { View } from '../output/view.js';
import type { Text } from '../i18n/message.js';
import { runOptions } from './journaled.js';

/** The confirmation of a job: its words, and the two ways it is not given. */
export interface Confirmation {
  /** Without a terminal and without --yes: exit 10, nothing sent. */
  noTerminal(): NotConfirmedError;
  /** On a terminal: what is shown and asked (default No); true when confirmed. */
  ask(): Promise<boolean>;
  /** Declined on the terminal. */
  declined(): NotConfirmedError;
}

/** Where a part's journal is: Factory.journal's kind, parts and header, --rebuild-from-service, and how an error of opening it is said (when not as it is). */
export interface JournalPlace {
  kind: JournalKind;
  parts: readonly string[];
  header: JournalHeader;
  rebuildFromService?: boolean;
  opening?(error: unknown): unknown;
}

/** What a part runs once its journal is open. */
export interface PartRun<T> {
  steps: Step<T>[];
  hooks: RunHooks<T>;
  /** A confirmation that needs the open journal (what is left to send); asked only when the job has asked none yet. */
  confirm?: Confirmation;
  /** After the driver (not when it threw): what the job keeps of the result, or a pass over the service that reads what the writes became (a batch's numbers). */
  after?(result: RunResult): Promise<void>;
}

export interface JobPart<T> {
  journal: JournalPlace;
  /** After the journal is open (resolutions, checks, a preview): what to run; undefined ends the job there, with nothing more said. */
  begin(journal: Journal): Promise<PartRun<T> | undefined>;
  /** How a step is named on the progress line (a terminal only). */
  progress?(index: number, total: number, step: Step<T>): Text;
  /**
   * How the journal is let go, when not closed as soon as the part has run: after the ending is said
   * (`invoice create` removes a settled one), or at once when the part threw (`failed`) or ran nothing.
   */
  close?(journal: Journal, failed: boolean): Promise<void>;
}

/** What one part came to. */
export interface PartResult<T> {
  part: JobPart<T>;
  journal: Journal;
  result: RunResult;
}

/** How a job ends: what it prints, and its outcomes for the one order. */
export interface Ending {
  /** The result file (--result): its path and content; a failure to write it is the run's failure. */
  file?: { path: string; content(): Promise<string | Uint8Array>; failed(error: unknown): FiscoError };
  /** The result table, one row per step (or per what the job names), through the output layer. */
  table?: { rows: readonly unknown[]; view: View };
  /** The job's lines after the table (a summary, notes); may itself end the run by throwing. */
  say?(): void | Promise<void>;
  tally: Tally;
  /** Each outcome's error, in the job's words (endRun checks its exit code against the order). */
  errors: { [O in Exclude<Outcome, 'done' | 'failed'>]?: () => FiscoError };
  /** The line of a run whose worst outcome is done. */
  success?: Text;
}

export interface Job<T> {
  /** The parts, in order: each opens its journal when its turn comes. */
  parts: readonly JobPart<T>[];
  /** Asked once, before the first journal is opened; undefined asks nothing (nothing to confirm, or a part asks). */
  confirm?: Confirmation;
  /** --wait: sleep until a step that must wait may be sent, instead of ending with exit 9. */
  wait?: boolean;
  /** Whether a part's result leaves the later parts unreached (default: an unknown outcome, a wait or an interruption). */
  stops?(result: RunResult): boolean;
  /** The results of the parts reached, in order: the ending. */
  end(results: PartResult<T>[]): Promise<Ending>;
}

/** --yes passes; no terminal is the job's exit 10; on a terminal the job's question, a No is exit 10 too. */
async function confirmOnce(factory: Pick<Factory, 'globals' | 'io'>, confirmation: Confirmation | undefined): Promise<void> {
  if (confirmation === undefined || factory.globals.yes) return;
  if (!factory.io.canPrompt) throw confirmation.noTerminal();
  if (!(await confirmation.ask())) throw confirmation.declined();
}

const stopsByDefault = (r: RunResult) => r.unresolved.length > 0 || r.waiting.length > 0 || r.interrupted !== undefined;

async function openJournal(factory: Factory, place: JournalPlace): Promise<Journal> {
  try {
    return await factory.journal(place.kind, place.parts, place.header, { rebuildFromService: place.rebuildFromService });
  } catch (error) {
    throw place.opening ? place.opening(error) : error;
  }
}

/** Runs a job: confirmation, journals, the driver, progress, the result table and file, the exit code. */
export async function runJob<T>(factory: Factory, job: Job<T>): Promise<void> {
  let confirmed = job.confirm !== undefined;
  await confirmOnce(factory, job.confirm);
  const results: PartResult<T>[] = [];
  // A journal the job lets go itself (removed once settled) outlives the ending: a kill before the
  // result is said leaves the record of what was done, for the next run to say.
  const afterEnd: (() => Promise<void>)[] = [];
  try {
    for (const part of job.parts) {
      const journal = await openJournal(factory, part.journal);
      let failed = true;
      let run: PartRun<T> | undefined;
      let result: RunResult | undefined;
      try {
        run = await part.begin(journal);
        if (run === undefined) {
          failed = false;
          return;
        }
        if (!confirmed && run.confirm !== undefined) {
          confirmed = true;
          await confirmOnce(factory, run.confirm);
        }
        result = await runJournaled(journal, run.steps, withProgress(factory, part, run.hooks), runOptions(factory, { wait: job.wait }, journal));
        if (part.progress !== undefined) factory.io.progressDone();
        await run.after?.(result);
        failed = false;
      } finally {
        if (failed && part.progress !== undefined) factory.io.progressDone();
        const close = part.close;
        if (close === undefined) await journal.close();
        else if (failed || run === undefined) await close(journal, failed);
        else afterEnd.push(() => close(journal, false));
      }
      results.push({ part, journal, result: result! });
      if ((job.stops ?? stopsByDefault)(result!)) break;
    }
    await finish(factory, await job.end(results));
  } finally {
    for (const close of afterEnd) await close();
  }
}

/** The driver's hooks with the part's progress line. */
function withProgress<T>(factory: Factory, part: JobPart<T>, hooks: RunHooks<T>): RunHooks<T> {
  const describe = part.progress;
  if (describe === undefined) return hooks;
  return {
    ...hooks,
    onProgress(index, total, step, entry) {
      hooks.onProgress?.(index, total, step, entry);
      factory.io.progress(describe(index, total, step));
    },
  };
}

async function finish(factory: Factory, ending: Ending): Promise<void> {
  let failure: FiscoError | undefined;
  if (ending.file !== undefined) {
    try {
      await writeFileAtomic(ending.file.path, await ending.file.content());
    } catch (error) {
      failure = ending.file.failed(error);
    }
  }
  if (ending.table !== undefined) await factory.output.list(ending.table.rows, ending.table.view);
  await ending.say?.();
  endRun(failure ? { ...ending.tally, failure } : ending.tally, ending.errors);
  if (ending.success !== undefined) factory.output.success(ending.success);
}
