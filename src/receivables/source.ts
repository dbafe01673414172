/**
 * Where receivables, dunning and cash read a company's records: one small interface, so that the
 * local mirror (`--offline`) can stand in for the service with the same figures. `onlineSource` reads
 * the service through the one client (the company's view of it), every page.
 */
import { collect } from '../api/paginate.js';
import type { ApiClient } from '../api/client.js';
import { listClients, type Client } from '../api/clients.js';
import { listDeadlines, type TaxDeadline } from '../api/deadlines.js';
import { listF24s, type F24 } from '../api/f24.js';
import { listInvoices, listPaymentMethods, type Invoice, type PaymentMethod } from '../api/invoices.js';

export interface CompanySource {
  /** Outbound documents not settled: payment_status unpaid or partial. */
  openReceivables(): Promise<Invoice[]>;
  /** Every outbound document (the DSO's sales). */
  outboundInvoices(): Promise<Invoice[]>;
  /** Inbound invoices not settled (payables). */
  openPayables(): Promise<Invoice[]>;
  clients(): Promise<Client[]>;
  paymentMethods(): Promise<PaymentMethod[]>;
  /** F24 forms to pay: status ready or expired. */
  f24sToPay(): Promise<F24[]>;
  /** Tax deadlines due from `from` to `to` (dates), any status. */
  deadlines(from: string, to: string): Promise<TaxDeadline[]>;
}

const ALL = { all: true, perPage: 100 } as const;
const OPEN = ['unpaid', 'partial'];

/** The service, through the company's view of the shared client. */
export function onlineSource(client: ApiClient): CompanySource {
  return {
    openReceivables: () => collect<Invoice>(listInvoices(client, { direction: 'outbound', payment_status: OPEN }, ALL)),
    outboundInvoices: () => collect<Invoice>(listInvoices(client, { direction: 'outbound' }, ALL)),
    openPayables: () => collect<Invoice>(listInvoices(client, { direction: 'inbound', payment_status: OPEN }, ALL)),
    clients: () => collect<Client>(listClients(client, {}, ALL)),
    paymentMethods: () => collect<PaymentMethod>(listPaymentMethods(client, ALL)),
    f24sToPay: async () => [
      ...(await collect<F24>(listF24s(client, { status: 'ready' }, ALL))),
      ...(await collect<F24>(listF24s(client, { status: 'expired' }, ALL))),
    ],
    deadlines: (from, to) => collect<TaxDeadline>(listDeadlines(client, { due_date_from: from, due_date_to: to }, ALL)),
  };
}
