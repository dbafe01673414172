import { INVOICE_AMOUNTS, INVOICE_FIELDS, PAYMENT_AMOUNTS } from '../../api/invoices.js';
import type { Tone, View } from '../../output/view.js';
import { t } from '../../i18n/message.js';

/** "Due" of an amount (Italian "Residuo"), not of a date ("Scadenza"): the same English word, a key of its own. */
const AMOUNT_DUE = '';

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
    { key: 'number', label: t`Number`, isKey: true },
    { key: 'issue_date', label: t`Date`, kind: 'date', priority: 5 },
    { key: 'counterpart.name', label: t`Counterpart`, minWidth: 12 },
    { key: 'total_amount', label: t`Total`, kind: 'money', priority: 3 },
    { key: 'amount_paid', label: t`Paid`, kind: 'money', priority: 6, notApplicable: takesNoPayments },
    { key: 'amount_due', label: t`Due${AMOUNT_DUE}`, kind: 'money', notApplicable: takesNoPayments },
    { key: 'due_date', label: t`Due date`, kind: 'date', notApplicable: takesNoPayments },
    { key: 'payment_status', label: t`Payment`, tone: paymentTone, priority: 1 },
    { key: 'sdi_status', label: t`SDI`, tone: sdiTone, priority: 2 },
    { key: 'overdue', label: t`Overdue`, kind: 'bool', tone: (row) => ((row as { overdue?: boolean }).overdue ? 'danger' : undefined), priority: 7 },
    { key: 'uuid', label: t`UUID (invoice pay)`, shortLabel: t`UUID`, id: true, priority: 10 },
  ],
  amountFields: INVOICE_AMOUNTS,
  name: (row) => t`invoice ${(row as { number?: string }).number ?? '?'}`,
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
    { key: 'id', label: t`ID` },
    { key: 'number', label: t`Number` },
    { key: 'uuid', label: t`UUID` },
    { key: 'sent', label: t`Sent to SDI`, kind: 'bool' },
    { key: 'url', label: t`PDF` },
  ],
};

export const reconciledView: View = createdView;

export const paymentView: View = {
  columns: [
    { key: 'invoice.number', label: t`Invoice` },
    { key: 'payment.amount', label: t`Amount`, kind: 'money' },
    { key: 'payment.payment_date', label: t`Payment date`, kind: 'date' },
    { key: 'invoice.total', label: t`Total`, kind: 'money' },
    { key: 'invoice.amount_paid', label: t`Paid`, kind: 'money' },
    { key: 'invoice.amount_due', label: t`Due${AMOUNT_DUE}`, kind: 'money' },
    { key: 'invoice.payment_status', label: t`Payment status` },
  ],
  amountFields: PAYMENT_AMOUNTS,
  name: (row) => t`invoice ${(row as { invoice?: { number?: string } }).invoice?.number ?? '?'}`,
};

export const paymentMethodView: View = {
  columns: [
    { key: 'id', label: t`ID` },
    // What --payment-method takes.
    { key: 'name', label: t`Name`, isKey: true },
    { key: 'type', label: t`Type`, priority: 1 },
    { key: 'iban', label: t`IBAN` },
    { key: 'sdi_code', label: t`SDI code`, priority: 2 },
  ],
  empty: t`No payment methods.`,
};

export const numberingView: View = {
  columns: [
    { key: 'id', label: t`ID` },
    // What --numbering takes.
    { key: 'name', label: t`Name`, isKey: true },
    { key: 'type', label: t`Type`, priority: 1 },
    { key: 'default_payment_method', label: t`Default payment method`, priority: 2 },
  ],
  empty: t`No active numberings.`,
};
