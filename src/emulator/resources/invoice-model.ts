/**
 * The invoice record of the emulator and the rules every invoice route shares: payment status,
 * overdue, the list item shape (amounts as JSON numbers, a spec quirk), and recording a payment.
 */
import type { Context } from 'hono';
import { add, cmp, sub } from '../../domain/money.js';
import { publicUrl } from '../environments.js';
import { emit } from '../payloads.js';
import { nextId, type InvoiceRecord, type PaymentRecord, type Store } from '../store.js';
import { viewsOf, type OrderedViews } from '../views.js';
import { quirksOf } from '../quirks.js';
import type { EmulatorEnv, ListOrder } from '../types.js';
import { LIST_ORDERS, listComparator, type SortsOn } from '../list-orders.js';

/** Fiscally void: no collection may be registered, payment_status is null. */
export const VOID_SDI_STATUSES = ['draft', 'rejected', 'error'] as const;
/** Values the list filter accepts (plus the guidance text's spelling and draft, leniently). */
export const SDI_FILTER_VALUES = ['queued', 'sent', 'delivered', 'accepted', 'rejected', 'error', 'failed_delivery', 'delivery_failed', 'draft'] as const;
export const NOTES_WITHOUT_PAYMENT_STATUS = ['TD04', 'TD05'];

/** What the invoice lists' orders (the fault knob listOrder, list-orders.ts) sort on: the contract states no order. */
const SORTS_ON: SortsOn<InvoiceRecord> = { id: (r) => r.numericId, date: (r) => r.issue_date, label: (r) => r.number };

export function invoiceViews(store: Store, order: ListOrder = 'newest'): OrderedViews<InvoiceRecord> {
  return viewsOf<InvoiceRecord>(store, `invoices:${order}`, listComparator(order, SORTS_ON));
}

/** Adds an invoice to the store (and to the list views of every order). */
export function addInvoice(store: Store, inv: InvoiceRecord): void {
  store.invoices.push(inv);
  for (const order of LIST_ORDERS) invoiceViews(store, order).inserted(store.invoices, inv);
}

export function isVoid(inv: InvoiceRecord): boolean {
  return (VOID_SDI_STATUSES as readonly string[]).includes(inv.sdi_status);
}

export function paymentStatus(inv: InvoiceRecord): 'paid' | 'partial' | 'unpaid' | null {
  if (isVoid(inv) || NOTES_WITHOUT_PAYMENT_STATUS.includes(inv.tipo_documento)) return null;
  return computedPaymentStatus(inv);
}

function computedPaymentStatus(inv: InvoiceRecord): 'paid' | 'partial' | 'unpaid' {
  if (cmp(inv.amount_paid, inv.total_amount) >= 0) return 'paid';
  return cmp(inv.amount_paid, '0') > 0 ? 'partial' : 'unpaid';
}

export function amountDue(inv: InvoiceRecord): string {
  return sub(inv.total_amount, inv.amount_paid);
}

export function latestDueDate(inv: InvoiceRecord): string | null {
  return [...inv.due_dates].sort().at(-1) ?? null;
}

/** Not settled and latest due date in the past; outbound only. */
export function isOverdue(inv: InvoiceRecord, today: string): boolean {
  const status = paymentStatus(inv);
  const due = latestDueDate(inv);
  return inv.direction === 'outbound' && (status === 'unpaid' || status === 'partial') && due !== null && due < today;
}

export function pdfPath(inv: InvoiceRecord): string {
  return `/fatture/${inv.uuid ?? inv.id}/pdf`;
}

/** The list item of GET /v1/invoices. Amounts are JSON numbers, as the spec's examples show. */
export function invoiceJson(c: Context<EmulatorEnv>, inv: InvoiceRecord, today: string): Record<string, unknown> {
  const outbound = inv.direction === 'outbound';
  const quirks = quirksOf(c);
  const status = paymentStatus(inv);
  // Digits past the cent only on an open invoice's total and residue, so total = paid + due still holds.
  const of = { kind: 'invoice' as const, id: inv.id, pastCent: status === 'unpaid' || status === 'partial' };
  return {
    id: quirks.invoiceId(inv),
    account_id: inv.accountId,
    direction: inv.direction,
    number: inv.number,
    issue_date: inv.issue_date,
    counterpart: inv.counterpart,
    total_amount: quirks.number(inv.total_amount, of),
    payment_status: status,
    amount_paid: quirks.number(inv.amount_paid, { ...of, pastCent: false }),
    amount_due: quirks.number(amountDue(inv), of),
    due_date: latestDueDate(inv),
    overdue: isOverdue(inv, today),
    sdi_status: inv.sdi_status,
    sdi_error: inv.sdi_error,
    last_sdi_update: inv.last_sdi_update,
    ...(outbound ? { uuid: quirks.uuid(inv), pdf_url: publicUrl(c, pdfPath(inv)) } : {}),
    url: publicUrl(c, `/app/fatture/${inv.numericId}`),
  };
}

/**
 * Records a collection (also the `paid` of a creation) and the payment.received event. `touch`
 * false (the fault knob paymentsMoveUpdatedSince off) leaves the invoice's updatedAt as it was: a
 * reading of the contract in which a payment does not change what `updated_since` returns.
 */
export function recordPayment(
  store: Store,
  inv: InvoiceRecord,
  payment: { amount: string; payment_date: string; metodo_pagamento: string | null; note: string | null; at: string },
  options: { touch?: boolean } = {},
): PaymentRecord {
  const record: PaymentRecord = {
    id: nextId(store, 'payments'),
    accountId: inv.accountId,
    invoiceId: inv.id,
    amount: payment.amount,
    payment_date: payment.payment_date,
    metodo_pagamento: payment.metodo_pagamento,
    note: payment.note,
    createdAt: payment.at,
    updatedAt: payment.at,
  };
  store.payments.push(record);
  inv.amount_paid = add(inv.amount_paid, payment.amount);
  if (options.touch !== false) inv.updatedAt = payment.at;
  emit(store, inv.accountId, 'payment.received', inv, record);
  return record;
}
