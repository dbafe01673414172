/**
 * Registering accepted proposals, each allocation once: POST /fatture/{uuid}/pagamenti through the
 * one journal driver (src/journal/run.ts). One journal per profile and company; a step is one
 * allocation, keyed by the movement's identity and the invoice's uuid. Before each payment the
 * invoice's residue must still be what the plan saw (minus what this plan already registered on it);
 * an outcome lost with a dropped connection is settled by re-reading the invoice's amount_paid.
 */
import { LOOKUP_MARGIN_MS, serverSkewMs } from '../api/clock.js';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type { ApiClient } from '../api/client.js';
import { ApiError, NetworkError, OutcomeUnknownError, UnexpectedAnswerError } from '../errors.js';
import { listInvoices, registerPayment } from '../api/invoices.js';
import { add, cmp, sub } from '../domain/money.js';
import type { Journal, JournalEntry } from '../journal/journal.js';
import { runJournaled, type RunResult, type Settled, type Sent, type SignalSource, type Step } from '../journal/run.js';
import { stepKey } from './plan.js';
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
  const note = parts.join('; ');
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

export interface ApplyOptions {
  client: ApiClient;
  journal: Journal;
  crashAt?: string;
  /** Where Ctrl-C and SIGTERM arrive (the context's signals). */
  signals?: SignalSource;
  onProgress?: (index: number, total: number, step: Step<ApplyStep>, entry: JournalEntry) => void;
}

export interface ApplyRun {
  result: RunResult;
  steps: Step<ApplyStep>[];
  /** Why a step was skipped, per key (also in the journal's message). */
  skipped: Map<string, string>;
}

/** The company's open invoices by uuid, read once at the start (there is no single-invoice read). */
export async function readOpenInvoices(client: ApiClient): Promise<Map<string, OpenState>> {
  const open = new Map<string, OpenState>();
  for await (const invoice of listInvoices(client, { direction: 'outbound', payment_status: ['unpaid', 'partial'] }, { all: true })) {
    if (invoice.uuid) open.set(invoice.uuid, { amountDue: invoice.amount_due ?? '0.00', amountPaid: invoice.amount_paid ?? '0.00', number: invoice.number });
  }
  return open;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A POST's failure: refused when the service said no or nothing left; unknown when it may have happened. */
export function sentOutcome(error: unknown): Sent {
  if (error instanceof OutcomeUnknownError) return { state: 'unknown', message: describe(error) };
  if (error instanceof UnexpectedAnswerError)
    return error.accepted ? { state: 'unknown', message: describe(error) } : { state: 'refused', message: describe(error) };
  if (error instanceof ApiError)
    return error.status >= 500 ? { state: 'unknown', message: `HTTP ${error.status}: ${describe(error)}` } : { state: 'refused', message: describe(error) };
  if (error instanceof NetworkError) return { state: 'refused', message: `not sent: ${describe(error)}` };
  throw error;
}

export async function applySteps(steps: Step<ApplyStep>[], options: ApplyOptions): Promise<ApplyRun> {
  const { client, journal } = options;
  const open = await readOpenInvoices(client);
  const skew = await serverSkewMs(client);
  const skipped = new Map<string, string>();
  const sentThisRun = new Set<string>();
  const byInvoice = new Map<string, Step<ApplyStep>[]>();
  for (const step of steps) byInvoice.set(step.item.allocation.uuid, [...(byInvoice.get(step.item.allocation.uuid) ?? []), step]);
  // Movements registered before this run, on which invoices: a credit is never registered on another invoice too.
  const before = new Map<string, Set<string>>();
  for (const entry of journal.entries()) {
    if (entry.state !== 'done') continue;
    const { movement, uuid } = movementOfKey(entry.key);
    if (!before.has(movement)) before.set(movement, new Set());
    before.get(movement)!.add(uuid);
  }

  const registered = (uuid: string, amount: string, result?: { amountDue: string; amountPaid: string }) => {
    const state = open.get(uuid);
    if (!state) return;
    if (result) open.set(uuid, { ...state, amountDue: result.amountDue, amountPaid: result.amountPaid });
    else open.set(uuid, { ...state, amountDue: sub(state.amountDue, amount), amountPaid: add(state.amountPaid, amount) });
  };

  /** Why a step must not be sent now, or undefined: the credit registered elsewhere, the invoice closed or its residue changed. */
  const skipReason = ({ item }: Step<ApplyStep>): string | undefined => {
    const { proposal, allocation } = item;
    const done = before.get(proposal.movement.key);
    const allocated = new Set(proposal.allocations.map((a) => a.uuid));
    const elsewhere = done ? [...done].filter((uuid) => !allocated.has(uuid)) : [];
    if (elsewhere.length > 0) {
      return `the credit ${proposal.movement.key} is already registered on another invoice (${elsewhere.map((u) => open.get(u)?.number ?? u).join(', ')})`;
    }
    const state = open.get(allocation.uuid);
    if (!state) return `invoice ${allocation.number} is no longer open (paid, or not payable): the plan saw ${allocation.amountDueSeen} due`;
    // The residue the plan saw, less what its earlier allocations on the same invoice registered (in this run or an earlier one).
    const earlier = (byInvoice.get(allocation.uuid) ?? []).filter((o) => o.item.index < item.index && journal.get(o.key)?.state === 'done');
    const expected = earlier.reduce((due, o) => sub(due, o.item.allocation.amount), allocation.amountDueSeen);
    if (cmp(state.amountDue, expected) !== 0)
      return `the residue of invoice ${allocation.number} is now ${state.amountDue}, the plan saw ${expected}: match the statement again`;
    return undefined;
  };

  const check = async (step: Step<ApplyStep>): Promise<string | undefined> => {
    const reason = skipReason(step);
    if (reason) skipped.set(step.key, reason);
    return reason;
  };

  const result = await runJournaled<ApplyStep>(
    journal,
    steps,
    {
      check,
      async prepare(step) {
        const { allocation } = step.item;
        const state = open.get(allocation.uuid);
        return {
          uuid: allocation.uuid,
          number: allocation.number,
          amount: allocation.amount,
          amountPaidBefore: state?.amountPaid ?? null,
          since: new Date(Date.now() + skew - LOOKUP_MARGIN_MS).toISOString(),
        };
      },
      async send(step): Promise<Sent> {
        const { proposal, allocation } = step.item;
        sentThisRun.add(step.key);
        try {
          const paid = await registerPayment(client, allocation.uuid, {
            amount: allocation.amount,
            payment_date: proposal.movement.bookingDate,
            note: paymentNote(proposal.movement, proposal),
          });
          registered(allocation.uuid, allocation.amount, { amountDue: paid.invoice.amount_due, amountPaid: paid.invoice.amount_paid });
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
      },
      async settle(entry): Promise<Settled> {
        const settled = await settleEntry(client, entry);
        // Only a payment sent by this run changes the residues read at its start.
        if (settled.state === 'done' && sentThisRun.has(entry.key)) {
          const uuid = String(entry.context?.uuid ?? '');
          const amount = String(entry.context?.amount ?? '0.00');
          registered(uuid, amount);
        }
        return settled;
      },
      onProgress: options.onProgress,
    },
    { crashAt: options.crashAt, signals: options.signals },
  );
  return { result, steps, skipped };
}

/**
 * An allocation left 'sending' or 'unknown': the invoice is read again (GET /v1/invoices updated
 * since just before the POST) and its amount_paid compared with the value before. Risen by the
 * amount: done. Unchanged (or the invoice not touched since): absent. Anything else: unknown.
 */
export async function settleEntry(client: ApiClient, entry: JournalEntry): Promise<Settled> {
  const context = entry.context ?? {};
  const uuid = typeof context.uuid === 'string' ? context.uuid : undefined;
  const amount = typeof context.amount === 'string' ? context.amount : undefined;
  const before = typeof context.amountPaidBefore === 'string' ? context.amountPaidBefore : undefined;
  const since = typeof context.since === 'string' ? context.since : undefined;
  const number = typeof context.number === 'string' ? context.number : uuid;
  if (!uuid || !amount || !before || !since) {
    return { state: 'unknown', message: `not enough recorded to check it: look at the payments of the invoice of ${entry.key} by hand` };
  }
  try {
    for await (const invoice of listInvoices(client, { direction: 'outbound', updated_since: since }, { all: true })) {
      if (invoice.uuid !== uuid) continue;
      const paidNow = invoice.amount_paid ?? '0.00';
      const rise = sub(paidNow, before);
      if (cmp(rise, amount) === 0)
        return {
          state: 'done',
          result: { uuid, number: invoice.number, amount, amount_due: invoice.amount_due ?? null, settled: `amount_paid rose from ${before} to ${paidNow}` },
        };
      if (cmp(rise, '0.00') === 0) return { state: 'absent' };
      return { state: 'unknown', message: `invoice ${number}: amount_paid went from ${before} to ${paidNow}, not by the ${amount} sent: check its payments` };
    }
    // Not updated since just before the POST: the payment was not registered.
    return { state: 'absent' };
  } catch (error) {
    return { state: 'unknown', message: `invoice ${number}: looking it up failed (${describe(error)})` };
  }
}
