import type { ApiClient } from '../../api/client.js';
import { ApiError, ExitCode, OutcomeUnknownError, UsageError } from '../../errors.js';
import { registerPayment, VOID_SDI_STATUSES, type Invoice, type PaymentRequest, type PaymentResult } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { cmp, isCentExact } from '../../domain/money.js';
import type { PAY_FLAGS } from './flags.js';
import { companyLabel } from '../../portfolio/companies.js';
import { checkRef, directUuid, findInvoices, firmCompanies, matchesUuid, onlyOne } from './resolve.js';
import { nameHints } from './names.js';
import { paymentView } from './view.js';
import { assertText } from '../../domain/text.js';
import { asUsage } from '../usage.js';
import { t, enumValue, money, verbatim, type Message, type Text } from '../../i18n/message.js';
import { entryWords, journaled, stateWord, unknownCause } from '../../journal/words.js';
import { keyedOutcome, keyedPayment, paymentHash, type KeyedPayment } from '../../invoice/keyed-payment.js';
import { runJob, type Ending } from '../job.js';
import { discardWhenSettled, journalOwner } from '../journaled.js';
import { tallyOf } from '../../journal/outcome.js';
import { interruptedError, type RunResult } from '../../journal/run.js';
import type { Journal, JournalEntry } from '../../journal/journal.js';

async function findByUuid(client: ApiClient, uuid: string): Promise<Invoice | undefined> {
  const ref = `uuid:${uuid}`;
  return (await findInvoices(client, [ref], {})).get(ref)?.find((i) => matchesUuid(i, ref));
}

/** The numbers a message names (`100.00`, `100,00`, `1.234,50` aside: plain decimals), as decimal strings. */
function numbersIn(message: string): string[] {
  return [...message.matchAll(/-?\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.'));
}

/**
 * What fisco adds to a 422: never instead of the service's message, and an explanation only when
 * the invoice as listed agrees with one of the contract's reasons (amount over the residue, a void
 * document); otherwise only the facts it found. A debit note (TD05) is payable per the contract,
 * so "no payment status" alone explains nothing.
 */
export function explainRefusal(invoice: Invoice, amount: string, serviceMessage = ''): Message[] {
  const due = invoice.amount_due ?? undefined;
  const notStated = t`not stated`;
  const status = invoice.payment_status === null || invoice.payment_status === undefined ? t`none` : enumValue('payment_status', invoice.payment_status);
  const sdi = enumValue('sdi_status', invoice.sdi_status);
  const paid = invoice.amount_paid ? money(invoice.amount_paid) : notStated;
  const facts = t`fisco found invoice ${invoice.number}: total ${money(invoice.total_amount)}, paid ${paid}, still due ${due ? money(due) : notStated}, payment status ${status}, SDI status ${sdi}`;
  if (VOID_SDI_STATUSES.includes(invoice.sdi_status)) {
    return [t`fisco: invoice ${invoice.number} is fiscally void (SDI status ${sdi}): the contract allows no payment on a draft, rejected or failed document`];
  }
  if (due !== undefined && cmp(amount, due) > 0) {
    // The service's own message naming the residue already says it: said once.
    if (numbersIn(serviceMessage).some((n) => cmp(n, due) === 0)) return [];
    return [
      t`fisco: ${money(amount)} is over what is still due on invoice ${invoice.number}: ${money(due)} of ${money(invoice.total_amount)} (payment status ${status})`,
    ];
  }
  if (invoice.payment_status === null) {
    return [facts, t`no payment status: a credit note (TD04) takes no payments; a debit note (TD05) does, so the refusal may have another cause`];
  }
  return [facts];
}

/**
 * An invoice whose residue the service sent with digits past the cent (`100.125`): a payment that
 * compares exactly below it is a part payment and is sent; one at or over it is refused (exit 2,
 * nothing sent), since fisco cannot know which amount settles it (100.12 or 100.13) nor
 * whether the service would take it.
 */
export function checkInexactResidue(invoice: Invoice, amount: string): Message | undefined {
  const due = invoice.amount_due;
  if (due === null || due === undefined || isCentExact(due)) return undefined;
  if (cmp(amount, due) < 0)
    return t`invoice ${invoice.number}: its residue is ${money(due)} as the service sent it (digits past the cent); ${money(amount)} is below it, a part payment`;
  throw new UsageError(
    t`invoice ${invoice.number}: its residue is ${money(due)} as the service sent it, with digits past the cent; ${money(amount)} is not below it, and fisco cannot know which amount in cents settles it; nothing was sent`,
    [
      t`A part payment below ${money(due)} is sent as usual; to settle the invoice, ask the service (or its web application) what is due.`,
      t`See it with: ${`fisco invoice get ${invoice.number} -o json`}`,
    ],
  );
}

async function explain(client: ApiClient, uuid: string, amount: string, error: ApiError, method?: string): Promise<ApiError> {
  // The service's words, with the hints the client already added (ambiguous_account: --account), stand alone.
  if (error.code === 'ambiguous_account') return error;
  const invoice = await findByUuid(client, uuid).catch(() => undefined);
  const added = invoice ? explainRefusal(invoice, amount, error.message) : [];
  // A refused payment method: the names the service lists, and the one probably meant.
  if (method !== undefined) added.push(...(await nameHints(client, { metodo_pagamento: method }, error.message, '--method')));
  return new ApiError({
    status: error.status,
    code: error.code,
    message: t`payment refused by the service: ${error.text}`,
    method: error.method,
    path: error.path,
    body: error.body,
    hints: [...error.hints, ...added],
  });
}

/**
 * The invoice a reference names: a UUID (RFC 4122, or given as `uuid:ID`) is used as it is (no
 * lookup) with a company token or a company named; any other reference is looked up (GET
 * /v1/invoices) against both the uuids and the numbers. With a firm token and no company named
 * nothing is sent: the invoice is looked up in every company and the message names its company
 * and the --account that pays it.
 */
async function resolveTarget(
  ref: string,
  options: { year?: string; issuedFrom?: string; issuedTo?: string },
  factory: Factory,
): Promise<{ uuid: string; invoice?: Invoice }> {
  const filters = { year: options.year, issuedFrom: options.issuedFrom, issuedTo: options.issuedTo };
  const companies = await firmCompanies(factory);
  const direct = directUuid(ref);
  if (!companies && direct !== undefined) return { uuid: direct };
  const found = await findInvoices(await factory.client(), [ref], filters);
  const invoice = onlyOne(ref, found.get(ref) ?? [], filters, companies);
  if (companies) {
    const company = companies.find((c) => c.id === invoice.account_id);
    const owner = company ? companyLabel(company) : (invoice.account_id ?? t`a company of this token`);
    throw new UsageError(
      t`invoice ${invoice.number} belongs to ${owner}; this token manages several companies and a payment is written to one: say which with --account; nothing was sent`,
      [
        invoice.account_id
          ? verbatim(`fisco --account ${invoice.account_id} invoice pay ${ref} …`)
          : t`--account ID names the company (the API calls it account_id); fisco accounts list shows the ids.`,
      ],
    );
  }
  if (!invoice.uuid) throw new UsageError(t`invoice ${invoice.number} has no UUID in the list: the service takes payments by UUID`);
  return { uuid: invoice.uuid, invoice };
}

export async function run([ref]: string[], options: FlagValues<typeof PAY_FLAGS>, factory: Factory): Promise<void> {
  // A note may hold line breaks, never another control or direction-changing character.
  if (options.note !== undefined) asUsage(() => assertText(options.note!, '--note', { multiline: true }));
  const { uuid, invoice } = await resolveTarget(checkRef(ref), options, factory);
  const below = invoice ? checkInexactResidue(invoice, options.amount) : undefined;
  if (below) factory.output.info(below);
  const client = await factory.client();
  try {
    await (options.requestId !== undefined ? payKeyed(uuid, options, factory, client) : payOnce(uuid, options, factory, client));
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw await explain(client, uuid, options.amount, error, options.method);
    throw error;
  }
}

const requestOf = (options: FlagValues<typeof PAY_FLAGS>): PaymentRequest => ({
  amount: options.amount,
  payment_date: options.date,
  metodo_pagamento: options.method,
  note: options.note,
});

/**
 * A payment without a request id, registered once per run and never twice by a run killed at any
 * instant: a job of the runner (src/commands/job.ts) through a journal of its own (profile,
 * company, the payment's hash: invoice, amount, date, method, note), as `invoice create` does. An
 * attempt an earlier run left in flight is looked up on the service first (the invoice's amount
 * paid, journaled before the request, risen by exactly the amount: src/invoice/keyed-payment.ts)
 * and sent again only when it is not there and its request can no longer arrive; one an earlier
 * run registered and never reported is said, not sent again. A run that finishes removes the
 * journal: the same command run once more registers another payment (a second instalment).
 */
async function payOnce(uuid: string, options: FlagValues<typeof PAY_FLAGS>, factory: Factory, client: ApiClient): Promise<void> {
  const request = requestOf(options);
  const owner = await journalOwner(factory);
  const account = client.accountId ?? '';
  const hash = paymentHash({ uuid, request });
  const header = { kind: 'pay' as const, id: hash, profile: owner.key, ...(account ? { account } : {}) };
  let key = '';
  /** Why this run's request has an unknown outcome, when it has one (the lookup then writes its own finding in the journal). */
  let cause: Text | undefined;
  await runJob<KeyedPayment>(factory, {
    wait: options.wait,
    parts: [
      {
        journal: { kind: 'pay', parts: [owner.key, account || 'default', hash.slice(0, 32)], header, rebuildFromService: options.rebuildFromService },
        async begin(journal) {
          const unreported = journal.entries().find((e) => e.state === 'done');
          if (unreported && !journal.entries().some((e) => e.state !== 'done' && e.state !== 'refused')) {
            factory.output.warn(
              t`an earlier run of this same payment was interrupted after it was registered: not registered again; run the command once more to register another`,
            );
            await factory.output.item(await paymentShown(client, uuid, request, unreported.result), paymentView);
            return undefined;
          }
          const pending = journal.entries().find((e) => e.state !== 'done');
          if (pending)
            factory.output.warn(
              t`an earlier run of this same payment did not finish (${stateWord(pending.state)} since ${pending.sentAt ?? pending.at}): fisco looks the invoice up on the service before sending anything`,
            );
          key = pending?.key ?? `attempt-${journal.entries().length + 1}`;
          return keyedPayment(client, journal, { requestId: key, uuid, request }, async () => {
            try {
              // The journal keeps the service's whole answer: what this command prints.
              return { state: 'done', result: await registerPayment(client, uuid, request) };
            } catch (error) {
              const why = unknownCause(error, 'payment');
              if (why === undefined) throw error;
              cause = why.words;
              factory.output.warn(t`${why.words}; fisco does not retry, it looks the invoice up instead…`);
              return { state: 'unknown', ...journaled(why.reason) };
            }
          });
        },
        // Every run that finishes removes the journal: an attempt still done in it is one whose run was killed before saying so.
        close: discardWhenSettled,
      },
    ],
    end: async ([part]) => paymentEnding(factory, { client, uuid, request, key, cause, result: part!.result, journal: part!.journal }),
  });
}

/** What one plain payment's run came to (payOnce). */
interface PaymentRun {
  client: ApiClient;
  uuid: string;
  request: PaymentRequest;
  /** The journal's key of this run's attempt. */
  key: string;
  /** Why this run's request has an unknown outcome, when it has one. */
  cause: Text | undefined;
  result: RunResult;
  journal: Journal;
}

/** The payment as the service shows it (sent now, or found by the lookup), on stderr and stdout; the outcomes of what is not done. */
function paymentEnding(factory: Factory, r: PaymentRun): Ending {
  const { client, uuid, request, key, cause, result } = r;
  const entry = r.journal.get(key);
  if (entry?.state === 'done' && entry.result) {
    const answer = isAnswer(entry.result) ? entry.result : undefined;
    const byThisRun = result.sentNow.includes(key);
    return {
      async say() {
        if (answer && byThisRun) {
          // Sent by this run and answered: the service's answer as decoded.
          const paid = answer as PaymentResult;
          factory.output.success(
            t`Payment of ${money(paid.payment.amount)} registered on invoice ${paid.invoice.number}: ${paid.invoice.amount_due ? money(paid.invoice.amount_due) : t`not stated`} still due (${enumValue('payment_status', paid.invoice.payment_status)})`,
          );
        } else factory.output.warn(foundLine(entry, byThisRun, cause));
        await factory.output.item(await paymentShown(client, uuid, request, entry.result), paymentView);
      },
      tally: { done: 1, refused: 0, unknown: 0 },
      errors: {},
    };
  }
  const waiting = result.waiting.find((w) => w.key === key);
  const tally = tallyOf([result]);
  return {
    tally: tally.interrupted ? tally : { ...tally, unknown: Math.max(tally.unknown, 1) },
    errors: {
      unknown: () =>
        waiting
          ? new OutcomeUnknownError(
              t`${cause ?? t`the request of an earlier run may still reach the service`}; not found on the service: probably not registered`,
              [
                t`Do NOT register it by other means: run the same command after ${new Date(waiting.until).toISOString()}, or with --wait: fisco looks the invoice up first and never pays twice.`,
              ],
            )
          : new OutcomeUnknownError(t`the payment may or may not have been registered (${cause ?? entryWords(entry) ?? t`outcome unknown`})`, [
              t`Do NOT register it again by other means: run the same command: fisco looks the invoice up first and never pays twice.`,
            ]),
      interrupted: () => interruptedError(result.interrupted!, t`the payment is not known to be registered; the same command run again looks for it first`),
    },
  };
}

/** A payment the lookup found (its answer lost by this run, or an earlier run's): said with the invoice's amount paid before and now. */
function foundLine(entry: JournalEntry, byThisRun: boolean, cause: Text | undefined): Message {
  const before = entry.context?.amountPaidBefore;
  const now = entry.result?.amount_paid;
  const rose = typeof before === 'string' && typeof now === 'string';
  if (byThisRun)
    return rose
      ? t`${cause ?? t`the answer was lost`}; the payment is registered: found on the service (the invoice's amount paid rose from ${money(before)} to ${money(now)}); do not register it again`
      : t`${cause ?? t`the answer was lost`}; the payment is registered: found on the service; do not register it again`;
  return rose
    ? t`an earlier run of this same payment registered it: found on the service (the invoice's amount paid rose from ${money(before)} to ${money(now)}); not sent again`
    : t`an earlier run of this same payment registered it: found on the service; not sent again`;
}

/**
 * A payment as this command prints it: the service's answer (the payment and the invoice's new
 * state) when the journal kept one; otherwise (a payment found by the lookup, whose answer was
 * lost) the amount sent and the invoice as the service lists it now.
 */
/** A journaled result that is the service's answer to the payment (not a lookup's finding). */
const isAnswer = (kept: Record<string, unknown> | undefined): boolean =>
  kept !== undefined && typeof kept.payment === 'object' && typeof kept.invoice === 'object';

async function paymentShown(
  client: ApiClient,
  uuid: string,
  request: PaymentRequest,
  kept: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  if (kept && isAnswer(kept)) return kept;
  const invoice = await findByUuid(client, uuid).catch(() => undefined);
  return {
    payment: { amount: request.amount, payment_date: request.payment_date ?? null },
    invoice: {
      number: invoice?.number ?? uuid,
      total: invoice?.total ?? null,
      amount_paid: invoice?.amount_paid ?? kept?.amount_paid ?? null,
      amount_due: invoice?.amount_due ?? null,
      payment_status: invoice?.payment_status ?? null,
    },
  };
}

/**
 * `--request-id`: the payment registered once per key (src/invoice/keyed-payment.ts), in the journal
 * of the profile and company; a retry answers the first call's result.
 */
async function payKeyed(uuid: string, options: FlagValues<typeof PAY_FLAGS>, factory: Factory, client: ApiClient): Promise<void> {
  const key = options.requestId!;
  const request = requestOf(options);
  await runJob<KeyedPayment>(factory, {
    wait: options.wait,
    parts: [
      {
        journal: { ...(await factory.requestJournal('pay')), rebuildFromService: options.rebuildFromService },
        begin: async (journal) => keyedPayment(client, journal, { requestId: key, uuid, request }),
      },
    ],
    async end([part]) {
      const settled = keyedOutcome(part!.result, key);
      // Changed arguments are fisco's refusal (exit 2); anything else not done may or may not be registered (exit 9).
      if ('error' in settled)
        return part!.result.changed.includes(key)
          ? { tally: { done: 0, refused: 1, unknown: 0, refusedCode: ExitCode.usage }, errors: { refused: settled.error } }
          : { tally: { done: 0, refused: 0, unknown: 1 }, errors: { unknown: settled.error } };
      return {
        async say() {
          if (settled.how === 'sent') factory.output.success(t`Payment of ${money(options.amount)} registered (request ${key}).`);
          else factory.output.info(t`request ${key} was registered before: nothing was sent now.`);
          await factory.output.item({ ...settled.result, request_id: options.requestId, settled: settled.how });
        },
        tally: { done: 1, refused: 0, unknown: 0 },
        errors: {},
      };
    },
  });
}
