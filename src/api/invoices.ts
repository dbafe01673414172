import * as z from './zod.js';
import { jsonNumber } from '../domain/json-number.js';
import { amount, nullableAmount } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { pathSegment } from './path.js';
import { t } from '../i18n/message.js';

export const INVOICE_AMOUNTS = ['total_amount', 'amount_paid', 'amount_due'] as const;

/** The Invoice list item's fields as the service's API document lists them: the CSV columns, even for an empty export. */
export const INVOICE_FIELDS = [
  'id',
  'account_id',
  'direction',
  'number',
  'issue_date',
  'counterpart.name',
  'counterpart.vat_number',
  'total_amount',
  'payment_status',
  'amount_paid',
  'amount_due',
  'due_date',
  'overdue',
  'sdi_status',
  'sdi_error',
  'last_sdi_update',
  'uuid',
  'pdf_url',
  'url',
] as const;
/** The values the list filter accepts (the service's API document, States). */
export const SDI_STATUSES = ['queued', 'sent', 'delivered', 'accepted', 'rejected', 'error', 'failed_delivery'] as const;
export const PAYMENT_FILTERS = ['paid', 'partial', 'unpaid', 'overdue'] as const;
/** The SDI statuses of a fiscally void invoice (the API document, States): no payment may be registered, `payment_status` is null. */
export const VOID_SDI_STATUSES: readonly string[] = ['draft', 'rejected', 'error'];
/** The spelling fisco shows for the delivery failure, whichever of the two the service emits. */
export const DELIVERY_FAILED = 'delivery_failed';

export interface InvoiceFilters {
  direction?: 'outbound' | 'inbound';
  sdi_status?: string[];
  payment_status?: string[];
  updated_since?: string;
}

/**
 * An Invoice list item of the service's API document (GET /v1/invoices): amounts normalised to "1234.50"; the
 * delivery failure spelled one way (docs/emulator.md, "Where the API document is silent": accept both, show one).
 */
export const invoiceSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    account_id: z.string().nullable().optional(),
    direction: z.string().nullable().optional(),
    number: z.string(),
    issue_date: z.string(),
    counterpart: z.looseObject({ name: z.string().nullable().optional(), vat_number: z.string().nullable().optional() }).nullable().optional(),
    total_amount: amount,
    payment_status: z.enum(['paid', 'partial', 'unpaid']).nullable(),
    amount_paid: nullableAmount.optional(),
    amount_due: nullableAmount.optional(),
    due_date: z.string().nullable().optional(),
    overdue: z.boolean().nullable().optional(),
    sdi_status: z.string(),
    sdi_error: z.string().nullable().optional(),
    last_sdi_update: z.string().nullable().optional(),
    uuid: z.string().nullable().optional(),
    pdf_url: z.string().nullable().optional(),
    url: z.string().nullable().optional(),
  })
  .transform((invoice) => (invoice.sdi_status === 'failed_delivery' ? { ...invoice, sdi_status: DELIVERY_FAILED } : invoice));
export type Invoice = z.output<typeof invoiceSchema>;

/** Decodes one Invoice list item (outside a list: tests, fixtures). */
export function normalizeInvoice(raw: unknown): Invoice {
  return invoiceSchema.parse(raw);
}

export function listInvoices(client: ApiClient, filters: InvoiceFilters, pages: PaginateOptions) {
  const query: Query = {
    direction: filters.direction,
    sdi_status: filters.sdi_status?.map((s) => (s === DELIVERY_FAILED ? 'failed_delivery' : s)),
    payment_status: filters.payment_status,
    updated_since: filters.updated_since,
  };
  return paginate(client, '/v1/invoices', query, pages, invoiceSchema);
}

export const paymentMethodSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  type: z.string().nullable().optional(),
  iban: z.string().nullable().optional(),
  sdi_code: z.string().nullable().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const numberingSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  type: z.string().nullable().optional(),
  default_payment_method: z.string().nullable().optional(),
});
export type Numbering = z.infer<typeof numberingSchema>;

/** The contract gives these two lists `meta` too; a service that leaves it out is still read whole. */
export function listPaymentMethods(client: ApiClient, pages: PaginateOptions = { all: true }) {
  return paginate(client, '/fatture/metodi-pagamento', {}, pages, paymentMethodSchema, 'optional');
}

export function listNumberings(client: ApiClient, pages: PaginateOptions = { all: true }) {
  return paginate(client, '/fatture/numerazioni', {}, pages, numberingSchema, 'optional');
}

export type CreateEndpoint = '/fatture/nuova/manuale' | '/fatture/nuova/piva';

const createdFields = z.looseObject({
  id: z.union([z.number().int(), z.string()]),
  url: z.string().nullable().optional(),
  // Not in the contract's answer; taken when a service sends them.
  number: z.string().nullable().optional().catch(undefined),
  uuid: z.string().nullable().optional().catch(undefined),
});
/** Both creation result shapes of the service's API document: top-level `id`, `url` (manual) or `data.id`, `data.url` (by VAT number). */
const creationAnswer = z.union([z.looseObject({ data: createdFields }).transform((a) => a.data), createdFields]);
export type Created = { id: number | string; url: string | null | undefined; number?: string | null; uuid?: string | null };

/** POSTs a creation body (never retried); both result shapes of the service's API document give `{ id, url }`. */
export async function createInvoice(client: ApiClient, endpoint: CreateEndpoint, body: Record<string, unknown>): Promise<Created> {
  const created = await client.post(endpoint, body, { schema: creationAnswer, seeWith: t`See it with: fisco invoice list.` });
  return { id: created.id, url: created.url, number: created.number, uuid: created.uuid };
}

const paymentSchema = z.looseObject({
  payment: z.looseObject({ id: z.union([z.number(), z.string()]), amount, payment_date: z.string().nullable().optional() }),
  invoice: z.looseObject({
    uuid: z.string().nullable().optional(),
    number: z.string(),
    total: amount,
    amount_paid: amount,
    amount_due: amount,
    payment_status: z.enum(['paid', 'partial', 'unpaid']),
  }),
});
export type PaymentResult = z.infer<typeof paymentSchema>;

export const PAYMENT_AMOUNTS = ['payment.amount', 'invoice.total', 'invoice.amount_paid', 'invoice.amount_due'] as const;

export interface PaymentRequest {
  amount: string;
  payment_date?: string;
  metodo_pagamento?: string;
  note?: string;
}

/**
 * POST /fatture/{uuid}/pagamenti; the amount (a checked decimal string) goes out as a JSON number
 * literal written from that string, as the API types it: never through a float.
 */
export async function registerPayment(client: ApiClient, uuid: string, request: PaymentRequest): Promise<PaymentResult> {
  const body = { ...request, amount: jsonNumber(request.amount) };
  return client.post(`/fatture/${pathSegment(uuid, 'UUID')}/pagamenti`, body, {
    schema: paymentSchema,
    seeWith: t`See it with: fisco invoice list --fields number,uuid,amount_paid,amount_due,payment_status (invoice ${uuid}).`,
  });
}
