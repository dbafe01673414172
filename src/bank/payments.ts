/**
 * Registering accepted proposals, each allocation once: POST /fatture/{uuid}/pagamenti through the
 * one journal driver (src/journal/run.ts), as a job of the one runner (src/commands/job.ts). One
 * journal per profile and company; a step is one allocation, keyed by the movement's identity and
 * the invoice's uuid. Before each payment the invoice's residue must still be what the plan saw
 * (minus what this plan already registered on it).
 *
 * Payments are settled by amounts, never by `updated_since` (the contract does not say a payment
 * moves it): the journal records each invoice's amount paid before its request; a lookup reads the
 * invoice again (the invoices updated since the request, else every page until it is found) and
 * compares. Before the first payment of a run, every allocation the journal does not show as done
 * is looked up the same way: an invoice whose residue is already lower than the plan saw by exactly
 * the first allocations still pending had them registered (a run whose journal lost them).
 * Allocations on one invoice are never in flight together (serialKey).
 */
import { reason, type Reason } from '../journal/reason.js';
import { creditElsewhere, invoiceClosed, residueChanged, skipWords } from './skip-reasons.js';
import { LOOKUP_MARGIN_MS, serverSkewMs } from '../api/clock.js';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { ApiClient } from '../api/client.js';
import { ApiError, NetworkError, UnexpectedAnswerError } from '../errors.js';
import { journaled, unknownReason } from '../journal/words.js';
import type { Invoice } from '../api/invoices.js';
import { listInvoices, registerPayment } from '../api/invoices.js';
import { add, cmp, sub } from '../domain/money.js';
import type { Journal, JournalEntry } from '../journal/journal.js';
import type { RunHooks, RunResult, Settled, Sent, Step } from '../journal/run.js';
import { stepKey } from './plan.js';
import { stripUnsafeText } from '../domain/text.js';
import type { Allocation, Movement, Proposal } from './types.js';
import { day, joined, t, type Message } from '../i18n/message.js';

export const NOTE_LIMIT = 500;

export interface ApplyStep {
  proposal: Proposal;
  allocation: Allocation;
  /** The index of this allocation among the steps, to find the earlier ones on the same invoice. */
  index: number;
}

export interface OpenState {
  amountDue: string;
  amountPaid: string;
  number: string;
}

/** The bank journal keys a movement by; a step key is movement key + '>' + invoice uuid. */
export function movementOfKey(key: string): { movement: string; uuid: string } {
  const at = key.lastIndexOf('>');
  return at < 0 ? { movement: key, uuid: '' } : { movement: key.slice(0, at), uuid: key.slice(at + 1) };
}

/** Movements with at least one registered allocation in the journal, with what was registered (the matcher's `registered`). */
export function registeredMovements(entries: readonly JournalEntry[]): Map<string, Message> {
  const on = new Map<string, Message[]>();
  for (const entry of entries) {
    if (entry.state !== 'done') continue;
    const { movement } = movementOfKey(entry.key);
    const number = typeof entry.result?.number === 'string' ? entry.result.number : movementOfKey(entry.key).uuid;
    on.set(movement, [...(on.get(movement) ?? []), t`invoice ${number} on ${day(entry.at.slice(0, 10))}`]);
  }
  return new Map([...on].map(([movement, invoices]) => [movement, t`registered on ${joined(invoices, ', ')}`]));
}

/** The payment's note: the bank reference, the statement, the payer; a fee or an excess said. ≤ 500 characters. */
export function paymentNote(movement: Movement, proposal: Pick<Proposal, 'fee' | 'excess'>): string {
  const ref = movement.references.bank ?? movement.references.entry ?? movement.references.endToEnd ?? movement.key;
  const parts = [
    `Incasso da estratto conto ${basename(movement.source.file)} (${movement.source.format}), rif. banca ${ref}, del ${movement.bookingDate}, ${movement.amount} ${movement.currency}`,
  ];
  if (movement.payer?.name) parts.push(`ordinante ${movement.payer.name}`);
  if (proposal.fee) parts.push(`commissione bancaria ${proposal.fee} trattenuta: registrato il residuo`);
  if (proposal.excess) parts.push(`eccedenza ${proposal.excess} non registrata`);
  // The payer's name and the references come from the bank's file: no control or direction-changing character reaches the service.
  const note = stripUnsafeText(parts.join('; '));
  return note.length <= NOTE_LIMIT ? note : `${note.slice(0, NOTE_LIMIT - 1)}…`;
}

export function stepsOf(proposals: readonly Proposal[]): Step<ApplyStep>[] {
  const steps: Step<ApplyStep>[] = [];
  for (const proposal of proposals) {
    for (const allocation of proposal.allocations) {
      const key = stepKey(proposal.movement.key, allocation);
      const hash = createHash('sha256').update(`${allocation.uuid}|${allocation.amount}|${proposal.movement.bookingDate}`).digest('hex');
      steps.push({ key, hash, item: { proposal, allocation, index: steps.length } });
    }
  }
  return steps;
}

export interface ApplyRun {
  result: RunResult;
  steps: Step<ApplyStep>[];
  /** Why a step was skipped, per key, as data (src/bank/skip-reasons.ts; journaled with its English words). */
  skipped: Map<string, Reason>;
}

function stateOf(invoice: Pick<Invoice, 'amount_due' | 'amount_paid' | 'number' | 'total_amount'>): OpenState {
  return { amountDue: invoice.amount_due ?? invoice.total_amount, amountPaid: invoice.amount_paid ?? '0.00', number: invoice.number };
}

/** The company's open invoices by uuid, read once at the start (there is no single-invoice read). */
export async function readOpenInvoices(client: ApiClient): Promise<Map<string, OpenState>> {
  const open = new Map<string, OpenState>();
  for await (const invoice of listInvoices(client, { direction: 'outbound', payment_status: ['unpaid', 'partial'] }, { all: true })) {
    if (invoice.uuid) open.set(invoice.uuid, stateOf(invoice));
  }
  return open;
}

/**
 * The invoices `uuids` as the service has them now: those updated since `since` (when given), then
 * every page until each is found (a payment need not move `updated_since`). Missing ones are absent.
 */
export async function readInvoices(client: ApiClient, uuids: ReadonlySet<string>, since?: string): Promise<Map<string, OpenState>> {
  const found = new Map<string, OpenState>();
  const walk = async (filters: { updated_since?: string }) => {
    for await (const invoice of listInvoices(client, { direction: 'outbound', ...filters }, { all: true })) {
      if (invoice.uuid && uuids.has(invoice.uuid) && !found.has(invoice.uuid)) found.set(invoice.uuid, stateOf(invoice));
      if (found.size === uuids.size) return;
    }
  };
  if (since !== undefined) await walk({ updated_since: since });
  if (found.size < uuids.size) await walk({});
  return found;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A POST's failure: unknown when it may have happened (the one classifier: src/journal/words.ts); refused when the service said no or nothing left. */
export function sentOutcome(error: unknown): Sent {
  const why = unknownReason(error, 'payment');
  if (why !== undefined) return { state: 'unknown', ...journaled(why) };
  if (error instanceof UnexpectedAnswerError || error instanceof ApiError) return { state: 'refused', message: describe(error) };
  if (error instanceof NetworkError) return { state: 'refused', message: `not sent: ${describe(error)}` };
  throw error;
}

/**
 * One invoice's allocations against what the service has now. An allocation whose request was in
 * flight (its entry has amountPaidBefore) is done when amount_paid rose by exactly its amount since,
 * absent when it did not move, unknown otherwise. The others: the residue the plan saw, less what
 * the journal shows registered, less what the service shows now, is what was registered unseen; when
 * it is exactly the first pending allocations, they are done (found); otherwise nothing is found and
 * the residue check (skipped, "match the statement again") decides.
 */
export function settleInvoice(
  steps: readonly Step<ApplyStep>[],
  entryOf: (key: string) => JournalEntry | undefined,
  now: OpenState | undefined,
): Map<string, Settled> {
  const out = new Map<string, Settled>();
  const ordered = [...steps].sort((a, b) => a.item.index - b.item.index);
  const number = ordered[0]?.item.allocation.number ?? '';
  if (!now) return out; // not listed at all: nothing found; the residue check says it is no longer open
  const paidNow = now.amountPaid;
  const found = (step: Step<ApplyStep>, how: string, why: Reason): Settled => ({
    state: 'done',
    ...journaled(why),
    result: { uuid: step.item.allocation.uuid, number: now.number, amount: step.item.allocation.amount, amount_due: now.amountDue, settled: how },
  });
  for (const step of ordered) {
    const entry = entryOf(step.key);
    const before = typeof entry?.context?.amountPaidBefore === 'string' ? entry.context.amountPaidBefore : undefined;
    const inFlight = entry !== undefined && (entry.sentAt !== undefined || entry.state === 'sending' || entry.state === 'unknown');
    if (!inFlight || entry.state === 'done' || entry.state === 'refused' || before === undefined) continue;
    const rise = sub(paidNow, before);
    const { amount } = step.item.allocation;
    if (cmp(rise, amount) === 0) out.set(step.key, found(step, `amount_paid rose from ${before} to ${paidNow}`, reason('paid-rose', { before, now: paidNow })));
    else if (cmp(rise, '0.00') !== 0) out.set(step.key, { state: 'unknown', ...journaled(reason('paid-moved', { number, before, now: paidNow, amount })) });
    return out; // at most one allocation of an invoice is ever in flight
  }
  const seen = ordered[0]!.item.allocation.amountDueSeen;
  const registered = ordered.filter((s) => entryOf(s.key)?.state === 'done').reduce((due, s) => add(due, s.item.allocation.amount), '0.00');
  let unseen = sub(sub(seen, now.amountDue), registered);
  if (cmp(unseen, '0.00') <= 0) return out;
  const prefix: Step<ApplyStep>[] = [];
  for (const step of ordered) {
    if (entryOf(step.key)?.state === 'done') continue;
    prefix.push(step);
    unseen = sub(unseen, step.item.allocation.amount);
    if (cmp(unseen, '0.00') <= 0) break;
  }
  if (cmp(unseen, '0.00') !== 0) return out;
  const how = `the residue of invoice ${number} is ${now.amountDue}, lower than the ${seen} the plan saw by exactly these payments`;
  const why = reason('residue-lower', { number, due: now.amountDue, seen });
  for (const step of prefix) out.set(step.key, found(step, how, why));
  return out;
}

/** What a run knows while it applies: the open invoices (updated as it goes), the steps by invoice, the credits registered before it. */
interface ApplyState {
  client: ApiClient;
  journal: Journal;
  open: Map<string, OpenState>;
  byInvoice: Map<string, Step<ApplyStep>[]>;
  /** Movements registered before this run, on which invoices: a credit is never registered on another invoice too. */
  before: Map<string, Set<string>>;
  skew: number;
}

async function applyState(steps: readonly Step<ApplyStep>[], client: ApiClient, journal: Journal): Promise<ApplyState> {
  const open = await readOpenInvoices(client);
  const skew = await serverSkewMs(client);
  const byInvoice = new Map<string, Step<ApplyStep>[]>();
  for (const step of steps) byInvoice.set(step.item.allocation.uuid, [...(byInvoice.get(step.item.allocation.uuid) ?? []), step]);
  const before = new Map<string, Set<string>>();
  for (const entry of journal.entries()) {
    if (entry.state !== 'done') continue;
    const { movement, uuid } = movementOfKey(entry.key);
    if (!before.has(movement)) before.set(movement, new Set());
    before.get(movement)!.add(uuid);
  }
  return { client, journal, open, byInvoice, before, skew };
}

/** Why a step must not be sent now, or undefined: the credit registered elsewhere, the invoice closed or its residue changed. */
function skipReason(state: ApplyState, { item }: Step<ApplyStep>): Reason | undefined {
  const { open, journal } = state;
  const { proposal, allocation } = item;
  const done = state.before.get(proposal.movement.key);
  const allocated = new Set(proposal.allocations.map((a) => a.uuid));
  const elsewhere = done ? [...done].filter((uuid) => !allocated.has(uuid)) : [];
  if (elsewhere.length > 0) return creditElsewhere(proposal.movement.key, elsewhere.map((u) => open.get(u)?.number ?? u).join(', '));
  const now = open.get(allocation.uuid);
  if (!now || cmp(now.amountDue, '0.00') <= 0) return invoiceClosed(allocation.number, allocation.amountDueSeen);
  // The residue the plan saw, less what its earlier allocations on the same invoice registered (in this run or an earlier one).
  const earlier = (state.byInvoice.get(allocation.uuid) ?? []).filter((o) => o.item.index < item.index && journal.get(o.key)?.state === 'done');
  const expected = earlier.reduce((due, o) => sub(due, o.item.allocation.amount), allocation.amountDueSeen);
  if (cmp(now.amountDue, expected) !== 0) return residueChanged(allocation.number, now.amountDue, expected);
  return undefined;
}

/**
 * The lookup: the invoices of the asked steps as the service has them now. The first one uses the
 * open invoices just read; later ones (right before a resend, after a lost answer) read again.
 */
function lookupOf(state: ApplyState): (asked: Step<ApplyStep>[]) => Promise<Map<string, Settled>> {
  const { client, journal, open } = state;
  let fresh = true;
  return async (asked) => {
    const uuids = new Set(asked.map((s) => s.item.allocation.uuid));
    let states: Map<string, OpenState>;
    if (fresh) {
      fresh = false;
      states = new Map([...uuids].filter((u) => open.has(u)).map((u) => [u, open.get(u)!]));
      const missing = new Set([...uuids].filter((u) => !states.has(u)));
      if (missing.size) for (const [u, found] of await readInvoices(client, missing)) states.set(u, found);
    } else {
      const sentAt = asked
        .map((s) => journal.get(s.key)?.sentAt)
        .filter((t): t is string => t !== undefined)
        .sort()[0];
      const since = sentAt === undefined ? undefined : new Date(Date.parse(sentAt) + state.skew - LOOKUP_MARGIN_MS).toISOString();
      states = await readInvoices(client, uuids, since);
    }
    const out = new Map<string, Settled>();
    for (const uuid of uuids) {
      const now = states.get(uuid);
      if (now) open.set(uuid, now);
      else open.delete(uuid);
      for (const [key, settled] of settleInvoice(state.byInvoice.get(uuid) ?? [], (k) => journal.get(k), now))
        if (asked.some((s) => s.key === key)) out.set(key, settled);
    }
    return out;
  };
}

/** ONE payment: POST /fatture/{uuid}/pagamenti; the invoice's residue as the answer gives it. */
async function sendPayment(state: ApplyState, step: Step<ApplyStep>): Promise<Sent> {
  const { proposal, allocation } = step.item;
  try {
    const paid = await registerPayment(state.client, allocation.uuid, {
      amount: allocation.amount,
      payment_date: proposal.movement.bookingDate,
      note: paymentNote(proposal.movement, proposal),
    });
    const now = state.open.get(allocation.uuid);
    if (now) state.open.set(allocation.uuid, { ...now, amountDue: paid.invoice.amount_due, amountPaid: paid.invoice.amount_paid });
    return {
      state: 'done',
      result: {
        payment_id: paid.payment.id,
        uuid: allocation.uuid,
        number: paid.invoice.number,
        amount: paid.payment.amount,
        amount_due: paid.invoice.amount_due,
        payment_status: paid.invoice.payment_status,
      },
    };
  } catch (error) {
    return sentOutcome(error);
  }
}

/**
 * The journal driver's hooks for registering `steps` on one company (the runner, src/commands/job.ts,
 * runs them): the open invoices are read first; `skipped` fills with why a step was not sent.
 */
export async function applyHooks(
  steps: Step<ApplyStep>[],
  client: ApiClient,
  journal: Journal,
): Promise<{ hooks: RunHooks<ApplyStep>; skipped: Map<string, Reason> }> {
  const state = await applyState(steps, client, journal);
  const skipped = new Map<string, Reason>();
  const hooks: RunHooks<ApplyStep> = {
    lookup: lookupOf(state),
    serialKey: (step) => step.item.allocation.uuid,
    async check(step) {
      const reason = skipReason(state, step);
      if (reason) skipped.set(step.key, reason);
      return reason;
    },
    describe: skipWords,
    async prepare(step) {
      const { allocation } = step.item;
      const now = state.open.get(allocation.uuid);
      return { uuid: allocation.uuid, number: allocation.number, amount: allocation.amount, amountPaidBefore: now?.amountPaid ?? null };
    },
    send: (step) => sendPayment(state, step),
  };
  return { hooks, skipped };
}
