import { jsonNumber } from '../domain/json-number.js';
import { normalizeAmounts } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

/** An Invoice list item of api-spec.md (GET /v1/invoices); amounts normalised to "1234.50". */
export interface Invoice {
  id: string;
  account_id: string;
  direction: 'outbound' | 'inbound';
  number: string;
  issue_date: string;
  counterpart: { name: string; vat_number: string };
  total_amount: string;
  payment_status: 'paid' | 'partial' | 'unpaid' | null;
  amount_paid: string;
  amount_due: string;
  due_date: string | null;
  overdue: boolean;
  sdi_status: string;
  sdi_error: string | null;
  last_sdi_update: string;
  uuid?: string;
  pdf_url?: string;
  url: string;
}

export const INVOICE_AMOUNTS = ['total_amount', 'amount_paid', 'amount_due'] as const;

/** The Invoice list item's fields as api-spec.md lists them: the CSV columns, even for an empty export. */
export const INVOICE_FIELDS = [
  'id', 'account_id', 'direction', 'number', 'issue_date', 'counterpart.name', 'counterpart.vat_number', 'total_amount',
  'payment_status', 'amount_paid', 'amount_due', 'due_date', 'overdue', 'sdi_status', 'sdi_error', 'last_sdi_update',
  'uuid', 'pdf_url', 'url',
] as const;
/** The values the list filter accepts (api-spec.md, States). */
export const SDI_STATUSES = ['queued', 'sent', 'delivered', 'accepted', 'rejected', 'error', 'failed_delivery'] as const;
export const PAYMENT_FILTERS = ['paid', 'partial', 'unpaid', 'overdue'] as const;
/** The spelling fisco shows for the delivery failure, whichever of the two the service emits. */
export const DELIVERY_FAILED = 'delivery_failed';

export interface InvoiceFilters {
  direction?: 'outbound' | 'inbound';
  sdi_status?: string[];
  payment_status?: string[];
  updated_since?: string;
}

/** Amounts as decimal strings; the delivery failure spelled one way (PRODUCT.md: accept both, show one). */
export function normalizeInvoice(raw: unknown): Invoice {
  const invoice = normalizeAmounts(raw as Invoice, INVOICE_AMOUNTS);
  if (invoice.sdi_status === 'failed_delivery') invoice.sdi_status = DELIVERY_FAILED;
  return invoice;
}

export function listInvoices(client: ApiClient, filters: InvoiceFilters, pages: PaginateOptions) {
  const query: Query = {
    direction: filters.direction,
    sdi_status: filters.sdi_status?.map((s) => (s === DELIVERY_FAILED ? 'failed_delivery' : s)),
    payment_status: filters.payment_status,
    updated_since: filters.updated_since,
  };
  return paginate<Invoice>(client, '/v1/invoices', query, pages, normalizeInvoice);
}

export interface PaymentMethod {
  id: number;
  name: string;
  type: string;
  iban: string;
  sdi_code: string;
}

export interface Numbering {
  id: number;
  name: string;
  type: string;
  default_payment_method?: string | null;
}

export function listPaymentMethods(client: ApiClient, pages: PaginateOptions = { all: true }) {
  return paginate<PaymentMethod>(client, '/fatture/metodi-pagamento', {}, pages);
}

export function listNumberings(client: ApiClient, pages: PaginateOptions = { all: true }) {
  return paginate<Numbering>(client, '/fatture/numerazioni', {}, pages);
}

export type CreateEndpoint = '/fatture/nuova/manuale' | '/fatture/nuova/piva';

export interface Created {
  id: number;
  url: string;
}

/** POSTs a creation body (never retried); both result shapes of api-spec.md give `{ id, url }`. */
export async function createInvoice(client: ApiClient, endpoint: CreateEndpoint, body: Record<string, unknown>): Promise<Created> {
  const result = await client.post<{ id?: number; url?: string; data?: { id: number; url: string } }>(endpoint, body);
  const created = result?.data ?? result;
  return { id: created.id as number, url: created.url as string };
}

export interface PaymentResult {
  payment: { id: number; amount: string; payment_date: string };
  invoice: { uuid: string; number: string; total: string; amount_paid: string; amount_due: string; payment_status: 'paid' | 'partial' | 'unpaid' };
}

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
  const result = await client.post<PaymentResult>(`/fatture/${encodeURIComponent(uuid)}/pagamenti`, body);
  return normalizeAmounts(result, PAYMENT_AMOUNTS);
}
