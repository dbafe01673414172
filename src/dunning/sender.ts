/**
 * Sending a plan's letters of one company, each once, through the one journal driver
 * (src/journal/run.ts), as a part of a job of the one runner (src/commands/job.ts). Before each letter the client's residues are read again from the service
 * (changed since the plan: no letter), its level checked against the journal, its files against
 * their hashes. A letter left in flight by an earlier run cannot be looked up anywhere: it stays
 * unknown (exit 9) until a person says what happened (--resolve LETTER=sent|absent).
 */
import { createHash } from 'node:crypto';
import type { Invoice } from '../api/invoices.js';
import { cmp, isCentExact } from '../domain/money.js';
import type { Journal, JournalEntry } from '../journal/journal.js';
import type { RunHooks, RunResult, Sent, Settled, Step } from '../journal/run.js';
import { letterKey, sentCounts } from './journal.js';
import { invoiceRef, levelOf } from './letter.js';
import type { DunningPlan, PlanLetter } from './plan-file.js';
import type { SmtpOutcome } from './smtp.js';
import { reason } from '../journal/reason.js';
import { journaled } from '../journal/words.js';

export const CHANGED = 'changed since the plan: make a new plan';
/** The journal's word for a letter the run did not reach because the service failed before it. */
export const NOT_ATTEMPTED = 'not sent: the service could not be read right before it';
const LOOKUP = ': whether it went out cannot be looked up';

export interface SendHooks {
  /** The company's open outbound invoices, read live (right before each letter). */
  openInvoices(): Promise<Invoice[]>;
  /** The letter's HTML and PDF files as the plan names them (relative to the plan). */
  readFile(path: string): Promise<Buffer>;
  /** Composes and sends one letter. */
  deliver(letter: PlanLetter, files: { html: string; pdf: Buffer }, messageId: string): Promise<SmtpOutcome>;
}

export interface SendRun {
  result: RunResult;
  steps: Step<PlanLetter>[];
  /** Why a letter was not sent, per key. */
  skipped: Map<string, string>;
  /** Keys whose refusal was the SMTP login: the whole run's credentials are wrong. */
  authFailed: boolean;
  /** The service's or the network's error that ended the run before a letter (its exit code is the run's). */
  failure?: { error: unknown };
  /** Letters neither checked nor sent because of `failure` (journaled 'skipped', never 'done'). */
  notAttempted: Set<string>;
  /** Letters not sent because a letter of another plan to the same client is in doubt: key → that letter's journal key. */
  blocked: Map<string, string>;
}

/** The journal's word for a letter held back by a letter in doubt to the same client. */
export const BLOCKED = 'not sent: a letter to the same client is in doubt; resolve it first';

/** The journal entry in doubt (another plan's letter) that goes to the same client as `letter`: same client key, address or invoice. */
export function inDoubtFor(letter: PlanLetter, doubtful: readonly JournalEntry[]): JournalEntry | undefined {
  const refs = new Set(letter.invoices.map((i) => invoiceRef(i)));
  const to = letter.to?.toLowerCase();
  return doubtful.find((entry) => {
    const c = entry.context ?? {};
    if (typeof c.client === 'string' && c.client === letter.client.key) return true;
    if (to && typeof c.to === 'string' && c.to.toLowerCase() === to) return true;
    return Array.isArray(c.invoices) && c.invoices.some((ref) => typeof ref === 'string' && refs.has(ref));
  });
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** Why the letter must not go now, or undefined: a residue changed, its level is not the plan's any more, a file was edited. */
export async function letterCheck(
  letter: PlanLetter,
  open: readonly Invoice[],
  journal: Journal,
  files: { html: Buffer; pdf: Buffer },
  plan: { key: string; createdAt: string },
): Promise<string | undefined> {
  const byUuid = new Map(open.map((i) => [i.uuid ?? `id:${i.id}`, i]));
  for (const invoice of letter.invoices) {
    const now = byUuid.get(invoice.uuid ?? `id:${invoice.invoice_id}`) ?? open.find((i) => i.id === invoice.invoice_id);
    const due = now?.amount_due ?? null;
    if (!now || due === null || !isCentExact(due) || cmp(due, invoice.residue) !== 0)
      return `${CHANGED} (invoice ${invoice.number}: the plan saw ${invoice.residue} due, the service now says ${now ? (due ?? 'nothing') : 'it is no longer open'})`;
  }
  const level = levelOf(
    letter.invoices.map((i) => invoiceRef(i)),
    sentCounts(journal.entries()),
  );
  if (level !== letter.level) return `${CHANGED} (another letter about these invoices was sent since: this one would be level ${level})`;
  // The level stops at 3: a letter about these invoices recorded sent after the plan was made (a resolved one included) is one the plan did not see.
  const refs = new Set(letter.invoices.map((i) => invoiceRef(i)));
  const since = journal
    .entries()
    .find(
      (e) =>
        e.state === 'done' &&
        e.at > plan.createdAt &&
        Array.isArray(e.result?.invoices) &&
        e.result.invoices.some((ref) => typeof ref === 'string' && refs.has(ref)) &&
        e.key !== plan.key,
    );
  if (since) return `${CHANGED} (another letter about these invoices was recorded sent since: ${since.key})`;
  if (sha256(files.html) !== letter.files.html.sha256 || sha256(files.pdf) !== letter.files.pdf.sha256)
    return `${CHANGED} (the letter's HTML or PDF was edited since the plan: ${letter.files.pdf.path})`;
  return undefined;
}

function outcome(sent: SmtpOutcome, letter: PlanLetter, messageId: string, letterDate: string): Sent {
  if (sent.state === 'sent')
    return {
      state: 'done',
      result: {
        invoices: letter.invoices.map((i) => invoiceRef(i)),
        level: letter.level,
        // The date the letter bears (its plan's as-of): the cadence counts from it, or from the day it went out when later.
        letter_date: letterDate,
        channel: letter.channel,
        to: letter.to,
        message_id: messageId,
        response: sent.response.slice(0, 200),
      },
    };
  // The journal keeps its words in English (a record, read back by any later run).
  return { ...sent, message: String(sent.message) };
}

interface CheckState {
  plan: DunningPlan;
  journal: Journal;
  hooks: SendHooks;
  skipped: Map<string, string>;
  files: Map<string, { html: Buffer; pdf: Buffer }>;
  notAttempted: Set<string>;
  blocked: Map<string, string>;
  doubtful: JournalEntry[];
  failure?: { error: unknown };
}

/** Before each letter: its files, a letter in doubt to the same client, the live residues (a failure there ends the run). */
async function checkStep(step: Step<PlanLetter>, state: CheckState): Promise<string | undefined> {
  const { plan, journal, hooks, skipped, files, notAttempted, blocked, doubtful } = state;
  const letter = step.item;
  // After a failure of the service (or the network) no further letter is checked or sent: the run ends with that failure.
  if (state.failure !== undefined) {
    notAttempted.add(step.key);
    return NOT_ATTEMPTED;
  }
  let read: { html: Buffer; pdf: Buffer };
  try {
    read = { html: await hooks.readFile(letter.files.html.path), pdf: await hooks.readFile(letter.files.pdf.path) };
  } catch (error) {
    const reason = `${CHANGED} (the letter's file ${(error as NodeJS.ErrnoException).path ?? ''} cannot be read)`;
    skipped.set(step.key, reason);
    return reason;
  }
  files.set(step.key, read);
  // A letter in doubt (an earlier plan's, its outcome unknown) to the same client blocks this one until it is resolved.
  const doubt = inDoubtFor(letter, doubtful);
  if (doubt) {
    blocked.set(step.key, doubt.key);
    return `${BLOCKED} (${doubt.key})`;
  }
  let open: Invoice[];
  try {
    open = await hooks.openInvoices();
  } catch (error) {
    // Never a skip: the service's refusal (401, 429, 5xx) or the network is the run's failure, with its exit code.
    state.failure = { error };
    notAttempted.add(step.key);
    return NOT_ATTEMPTED;
  }
  const reason = await letterCheck(letter, open, journal, read, { key: step.key, createdAt: plan.createdAt });
  if (reason) skipped.set(step.key, reason);
  return reason;
}

/**
 * The letters of one company as the driver's steps and hooks (the runner runs them); `runOf` gives
 * what the run came to, with what the hooks learned (skipped, blocked, the service's failure…).
 */
export function letterSteps(
  plan: DunningPlan,
  letters: readonly PlanLetter[],
  journal: Journal,
  hooks: SendHooks,
): { steps: Step<PlanLetter>[]; hooks: RunHooks<PlanLetter>; runOf(result: RunResult): SendRun } {
  const steps: Step<PlanLetter>[] = letters.map((letter) => ({ key: letterKey(plan.id, letter.id), hash: sha256(JSON.stringify(letter)), item: letter }));
  const own = new Set(steps.map((s) => s.key));
  const state: CheckState = {
    plan,
    journal,
    hooks,
    skipped: new Map(),
    files: new Map(),
    notAttempted: new Set(),
    blocked: new Map(),
    doubtful: journal.inFlight().filter((e) => !own.has(e.key)),
  };
  const { skipped, files, notAttempted, blocked } = state;
  let authFailed = false;
  const runHooks: RunHooks<PlanLetter> = {
    check: (step) => checkStep(step, state),
    async prepare(step) {
      return {
        letter: step.item.id,
        client: step.item.client.key,
        to: step.item.to,
        channel: step.item.channel,
        invoices: step.item.invoices.map((i) => invoiceRef(i)),
        level: step.item.level,
      };
    },
    async send(step) {
      const read = files.get(step.key)!;
      const messageId = `<dunning.${plan.id}.${sha256(step.key).slice(0, 16)}@fisco.invalid>`;
      const sent = await hooks.deliver(step.item, { html: read.html.toString('utf8'), pdf: read.pdf }, messageId);
      if (sent.state === 'refused' && sent.auth) authFailed = true;
      return outcome(sent, step.item, messageId, plan.asOf);
    },
    lookup: async (pending) => lookupLetters(journal, pending),
  };
  return { steps, hooks: runHooks, runOf: (result) => ({ result, steps, skipped, authFailed, failure: state.failure, notAttempted, blocked }) };
}

/**
 * Nothing can ask an SMTP server whether a message went out: a letter whose sending began and
 * whose outcome is not journaled stays unknown (exit 9) until --resolve says which; one never
 * begun is absent (sent now).
 */
function lookupLetters(journal: Journal, pending: readonly Step<PlanLetter>[]): Map<string, Settled> {
  const found = new Map<string, Settled>();
  for (const step of pending) {
    const entry = journal.get(step.key);
    if (entry?.state !== 'sending' && entry?.state !== 'unknown') continue;
    // Why it is unknown, as the earlier lookup kept it (a journal of an earlier fisco: its words before LOOKUP).
    const kept = entry.reason?.code === 'letter-unconfirmed' ? entry.reason.params.cause : entry.message?.split(LOOKUP)[0];
    const letter = String(entry.context?.letter ?? entry.key);
    found.set(step.key, { state: 'unknown', ...journaled(reason('letter-unconfirmed', { letter, ...(kept !== undefined ? { cause: kept } : {}) })) });
  }
  return found;
}
