import { INVOICE_AMOUNTS, INVOICE_FIELDS, PAYMENT_AMOUNTS } from '../../api/invoices.js';
import type { Tone, View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

const paymentTone = (row: unknown): Tone => {
  const status = (row as { payment_status?: string | null }).payment_status;
  return status === 'paid' ? 'ok' : status === 'partial' ? 'warn' : status === 'unpaid' ? undefined : 'muted';
};

const sdiTone = (row: unknown): Tone => {
  const status = (row as { sdi_status?: string }).sdi_status;
  if (status === 'rejected' || status === 'error') return 'danger';
  if (status === 'delivery_failed' || status === 'draft') return 'warn';
  return status === 'accepted' || status === 'delivered' ? 'ok' : undefined;
};

/** A document that takes no payments (a credit or debit note, a draft, a void document): payment_status null. */
const takesNoPayments = (row: unknown): boolean => {
  const status = (row as { payment_status?: string | null }).payment_status;
  return status === null || status === undefined;
};

/**
 * The invoice table answers "what is owed, by whom, by when": the number (the key: `invoice pay`,
 * `invoice get` and `invoice pdf` take it; never left out or cut), the counterpart, the amount
 * due and the due date are always shown; on a narrow terminal the uuid goes first (shortened,
 * then left out: `-o json` and `--fields uuid` give it whole), then the columns with the highest
 * priority number. Text is cut with `…`, amounts and dates never. A document that takes no
 * payments (payment_status null: notes, drafts, void documents) shows no paid, due or due date.
 */
export const invoiceView: View = {
  fields: INVOICE_FIELDS,
  columns: [
    { key: 'number', label: 'Number', isKey: true },
    { key: 'issue_date', label: 'Date', kind: 'date', priority: 5 },
    { key: 'counterpart.name', label: 'Counterpart', minWidth: 12 },
    { key: 'total_amount', label: 'Total', kind: 'money', priority: 3 },
    { key: 'amount_paid', label: 'Paid', kind: 'money', priority: 6, notApplicable: takesNoPayments },
    { key: 'amount_due', label: 'Due', kind: 'money', notApplicable: takesNoPayments },
    { key: 'due_date', label: 'Due date', kind: 'date', notApplicable: takesNoPayments },
    { key: 'payment_status', label: 'Payment', tone: paymentTone, priority: 1 },
    { key: 'sdi_status', label: 'SDI', tone: sdiTone, priority: 2 },
    { key: 'overdue', label: 'Overdue', kind: 'bool', tone: (row) => ((row as { overdue?: boolean }).overdue ? 'danger' : undefined), priority: 7 },
    { key: 'uuid', label: 'UUID (invoice pay)', shortLabel: 'UUID', id: true, priority: 10 },
  ],
  amountFields: INVOICE_AMOUNTS,
  name: (row) => `invoice ${(row as { number?: string }).number ?? '?'}`,
  empty: t`No invoices.`,
};

/**
 * `--payment-status overdue` asks "what is late, by how much, since when": the due date and the
 * amount due stay, and the Overdue and Payment columns (the same answer on every row) go first.
 */
export const overdueInvoiceView: View = {
  ...invoiceView,
  columns: invoiceView.columns!.map((column) =>
    column.key === 'overdue'
      ? { ...column, priority: 9 }
      : column.key === 'payment_status'
        ? { ...column, priority: 8 }
        : column.key === 'issue_date'
          ? { ...column, priority: 4 }
          : column,
  ),
};

/** The view for a list's filters. */
export function invoiceViewFor(paymentStatus: readonly string[] | undefined): View {
  return paymentStatus?.length === 1 && paymentStatus[0] === 'overdue' ? overdueInvoiceView : invoiceView;
}

/** The creation answer carries only id and PDF link; number and UUID come from a lookup by id (null when not listed yet). */
export const createdView: View = {
  columns: [
    { key: 'id', label: 'ID' },
    { key: 'number', label: 'Number' },
    { key: 'uuid', label: 'UUID' },
    { key: 'sent', label: 'Sent to SDI', kind: 'bool' },
    { key: 'url', label: 'PDF' },
  ],
};

export const reconciledView: View = createdView;

export const paymentView: View = {
  columns: [
    { key: 'invoice.number', label: 'Invoice' },
    { key: 'payment.amount', label: 'Amount', kind: 'money' },
    { key: 'payment.payment_date', label: 'Payment date', kind: 'date' },
    { key: 'invoice.total', label: 'Total', kind: 'money' },
    { key: 'invoice.amount_paid', label: 'Paid', kind: 'money' },
    { key: 'invoice.amount_due', label: 'Due', kind: 'money' },
    { key: 'invoice.payment_status', label: 'Payment status' },
  ],
  amountFields: PAYMENT_AMOUNTS,
  name: (row) => `invoice ${(row as { invoice?: { number?: string } }).invoice?.number ?? '?'}`,
};

export const paymentMethodView: View = {
  columns: [
    { key: 'id', label: 'ID' },
    // What --payment-method takes.
    { key: 'name', label: 'Name', isKey: true },
    { key: 'type', label: 'Type', priority: 1 },
    { key: 'iban', label: 'IBAN' },
    { key: 'sdi_code', label: 'SDI code', priority: 2 },
  ],
  empty: t`No payment methods.`,
};

export const numberingView: View = {
  columns: [
    { key: 'id', label: 'ID' },
    // What --numbering takes.
    { key: 'name', label: 'Name', isKey: true },
    { key: 'type', label: 'Type', priority: 1 },
    { key: 'default_payment_method', label: 'Default payment method', priority: 2 },
  ],
  empty: t`No active numberings.`,
};
