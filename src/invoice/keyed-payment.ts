/**
 * A payment keyed by the caller's request id (`fisco invoice pay --request-id`, and `fisco mcp`'s
 * pay_invoice): registered once whatever happens, through the one journal driver
 * (src/journal/run.ts) as a job of the one runner (src/commands/job.ts). One journal per profile and company; one step per request id. The invoice's
 * amount paid is journaled before the request; a later call with the same id looks the invoice up
 * on the service (the rule of bank apply: a rise of exactly the amount is the payment) before it
 * would send again. The same id with other arguments is refused, nothing sent.
 */
import { createHash } from 'node:crypto';
import type { ApiClient } from '../api/client.js';
import { registerPayment, type PaymentRequest, type PaymentResult } from '../api/invoices.js';
import { readInvoices, sentOutcome } from '../bank/payments.js';
import { cmp, sub } from '../domain/money.js';
import { type FiscoError, OutcomeUnknownError, UsageError } from '../errors.js';
import type { Journal } from '../journal/journal.js';
import type { RunHooks, RunResult, Sent, Settled, Step } from '../journal/run.js';
import { t } from '../i18n/message.js';
import { reason } from '../journal/reason.js';
import { entryWords, journaled } from '../journal/words.js';

export interface KeyedPayment {
  requestId: string;
  uuid: string;
  request: PaymentRequest;
}

export interface KeyedOutcome {
  result: Record<string, unknown>;
  /** How it was settled: sent now, an earlier call's result, or found on the service. */
  how: 'sent' | 'replayed' | 'found';
}

/** The arguments a request id stands for: a retry must bring the same. */
export function paymentHash(payment: Omit<KeyedPayment, 'requestId'>): string {
  const { amount, payment_date, metodo_pagamento, note } = payment.request;
  return createHash('sha256')
    .update(JSON.stringify([payment.uuid, amount, payment_date ?? null, metodo_pagamento ?? null, note ?? null]))
    .digest('hex');
}

/**
 * The one step and the driver's hooks that register `payment` once per request id (a job of the
 * runner, src/commands/job.ts): a retry finds the first call's result in the journal, a lookup
 * comes before any second request. The same id with other arguments is refused, nothing sent.
 */
export function keyedPayment(
  client: ApiClient,
  journal: Journal,
  payment: KeyedPayment,
  /** The one request (default: the request id's, which keeps a summary of the answer); `invoice pay` without an id keeps the whole answer and says why an outcome is unknown in its own words. */
  send: () => Promise<Sent> = () => sendPayment(client, payment),
): { steps: Step<KeyedPayment>[]; hooks: RunHooks<KeyedPayment> } {
  const hash = paymentHash(payment);
  const key = payment.requestId;
  const earlier = journal.get(key);
  if (earlier?.hash !== undefined && earlier.hash !== hash)
    throw new UsageError(
      t`request_id ${key} was used for another payment (other invoice, amount, date, method or note): a retry must repeat the same arguments; nothing was sent`,
      [t`Choose a new request_id for a new payment.`],
    );
  const paidNow = () => amountPaidNow(client, payment.uuid);
  return {
    steps: [{ key, hash, item: payment }],
    hooks: {
      lookup: () => lookupPayment(journal, payment, paidNow),
      async prepare() {
        return { uuid: payment.uuid, amount: payment.request.amount, amountPaidBefore: (await paidNow()) ?? null };
      },
      send,
    },
  };
}

/** What the run came to for the request id: its result and how it was settled, or (not done) the error that says why. */
export function keyedOutcome(run: RunResult, key: string): KeyedOutcome | { error: () => FiscoError } {
  const entry = run.entries.get(key);
  if (run.changed.includes(key))
    return { error: () => new UsageError(t`request_id ${key} was used for another payment: a retry must repeat the same arguments; nothing was sent`) };
  if (entry?.state === 'done' && entry.result) {
    const how = run.sentNow.includes(key) ? 'sent' : run.found.includes(key) ? 'found' : 'replayed';
    return { result: entry.result, how };
  }
  if (run.waiting.length > 0) {
    const until = new Date(Math.max(...run.waiting.map((w) => w.until))).toISOString();
    return {
      error: () =>
        new OutcomeUnknownError(t`request_id ${key}: its earlier request may still reach the service; nothing was sent now`, [
          t`Call again with the same request_id after ${until}: fisco looks the invoice up first and never pays twice.`,
        ]),
    };
  }
  return {
    error: () =>
      new OutcomeUnknownError(t`request_id ${key}: the payment may or may not have been registered (${entryWords(entry) ?? t`no answer`})`, [
        t`Call again with the same request_id: fisco looks the invoice up first and never pays twice.`,
      ]),
  };
}

async function amountPaidNow(client: ApiClient, uuid: string): Promise<string | undefined> {
  return (await readInvoices(client, new Set([uuid]))).get(uuid)?.amountPaid;
}

/** The lookup: the invoice's amount paid against the one journaled before the request; a rise of exactly the amount is the payment. */
async function lookupPayment(journal: Journal, payment: KeyedPayment, paidNow: () => Promise<string | undefined>): Promise<Map<string, Settled>> {
  const key = payment.requestId;
  const entry = journal.get(key);
  const before = typeof entry?.context?.amountPaidBefore === 'string' ? entry.context.amountPaidBefore : undefined;
  if (before === undefined) return new Map();
  const now = await paidNow();
  if (now === undefined) return new Map([[key, { state: 'unknown', ...journaled(reason('no-longer-listed', { uuid: payment.uuid })) }]]);
  const rise = sub(now, before);
  if (cmp(rise, payment.request.amount) === 0)
    return new Map([
      [
        key,
        {
          state: 'done',
          ...journaled(reason('paid-rose', { before, now })),
          result: { uuid: payment.uuid, amount: payment.request.amount, amount_paid: now },
        },
      ],
    ]);
  if (cmp(rise, '0.00') === 0) return new Map([[key, { state: 'absent' }]]);
  return new Map([[key, { state: 'unknown', ...journaled(reason('paid-moved', { before, now, amount: payment.request.amount })) }]]);
}

/** What a request id's journal keeps of the service's answer (and answers a retry with): the payment and the invoice's new state. */
function summary(paid: PaymentResult, payment: KeyedPayment): Record<string, unknown> {
  return {
    payment_id: paid.payment.id,
    uuid: payment.uuid,
    number: paid.invoice.number,
    amount: paid.payment.amount,
    amount_paid: paid.invoice.amount_paid,
    amount_due: paid.invoice.amount_due,
    payment_status: paid.invoice.payment_status,
  };
}

/** ONE payment; the service's refusal thrown as the terminal shows it, a lost answer 'unknown'. */
async function sendPayment(client: ApiClient, payment: KeyedPayment): Promise<Sent> {
  try {
    const paid = await registerPayment(client, payment.uuid, payment.request);
    return { state: 'done', result: summary(paid, payment) };
  } catch (error) {
    const outcome = sentOutcome(error);
    if (outcome.state === 'refused') throw error;
    return outcome;
  }
}
