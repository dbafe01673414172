import type { ApiClient } from '../../api/client.js';
import { ApiError, ExitCode, UsageError } from '../../errors.js';
import { registerPayment, VOID_SDI_STATUSES, type Invoice } from '../../api/invoices.js';
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
import { t, money, verbatim, type Message } from '../../i18n/message.js';
import { keyedOutcome, keyedPayment, type KeyedPayment } from '../../invoice/keyed-payment.js';
import { runJob } from '../job.js';

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
  const status = invoice.payment_status ?? t`none`;
  const paid = invoice.amount_paid ? money(invoice.amount_paid) : notStated;
  const facts = t`fisco found invoice ${invoice.number}: total ${money(invoice.total_amount)}, paid ${paid}, still due ${due ? money(due) : notStated}, payment status ${status}, SDI status ${invoice.sdi_status}`;
  if (VOID_SDI_STATUSES.includes(invoice.sdi_status)) {
    return [
      t`fisco: invoice ${invoice.number} is fiscally void (SDI status ${invoice.sdi_status}): the contract allows no payment on a draft, rejected or failed document`,
    ];
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
  if (options.requestId !== undefined) return payKeyed(uuid, options, factory, client);
  try {
    const result = await registerPayment(client, uuid, {
      amount: options.amount,
      payment_date: options.date,
      metodo_pagamento: options.method,
      note: options.note,
    });
    factory.output.success(
      t`Payment of ${money(result.payment.amount)} registered on invoice ${result.invoice.number}: ${result.invoice.amount_due ? money(result.invoice.amount_due) : t`not stated`} still due (${result.invoice.payment_status})`,
    );
    await factory.output.item(result, paymentView);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw await explain(client, uuid, options.amount, error, options.method);
    throw error;
  }
}

/**
 * `--request-id`: the payment registered once per key (src/invoice/keyed-payment.ts), in the journal
 * of the profile and company; a retry answers the first call's result.
 */
async function payKeyed(uuid: string, options: FlagValues<typeof PAY_FLAGS>, factory: Factory, client: ApiClient): Promise<void> {
  const key = options.requestId!;
  const request = { amount: options.amount, payment_date: options.date, metodo_pagamento: options.method, note: options.note };
  try {
    await runJob<KeyedPayment>(factory, {
      parts: [{ journal: await factory.requestJournal('pay'), begin: async (journal) => keyedPayment(client, journal, { requestId: key, uuid, request }) }],
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
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw await explain(client, uuid, options.amount, error, options.method);
    throw error;
  }
}
