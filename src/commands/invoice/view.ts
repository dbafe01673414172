import { INVOICE_AMOUNTS, INVOICE_FIELDS, PAYMENT_AMOUNTS } from '../../api/invoices.js';
import type { Tone, View } from '../../output/view.js';

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

/**
 * The invoice table: the uuid that `invoice pay` takes is always shown and never cut; on a narrow
 * terminal the optional columns go first (highest priority number first), text is cut with `…`.
 */
export const invoiceView: View = {
  fields: INVOICE_FIELDS,
  columns: [
    { key: 'number', label: 'Number' },
    { key: 'issue_date', label: 'Date', kind: 'date', priority: 3 },
    { key: 'counterpart.name', label: 'Counterpart' },
    { key: 'total_amount', label: 'Total', kind: 'money' },
    { key: 'amount_paid', label: 'Paid', kind: 'money', priority: 6 },
    { key: 'amount_due', label: 'Due', kind: 'money', priority: 4 },
    { key: 'due_date', label: 'Due date', kind: 'date', priority: 5 },
    { key: 'payment_status', label: 'Payment', tone: paymentTone, priority: 2 },
    { key: 'sdi_status', label: 'SDI', tone: sdiTone, priority: 1 },
    { key: 'overdue', label: 'Overdue', kind: 'bool', tone: (row) => ((row as { overdue?: boolean }).overdue ? 'danger' : undefined), priority: 7 },
    { key: 'uuid', label: 'UUID (invoice pay)', id: true },
  ],
  amountFields: INVOICE_AMOUNTS,
  empty: 'No invoices.',
};

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
};

export const paymentMethodView: View = {
  columns: [
    { key: 'id', label: 'ID' },
    { key: 'name', label: 'Name' },
    { key: 'type', label: 'Type' },
    { key: 'iban', label: 'IBAN' },
    { key: 'sdi_code', label: 'SDI code' },
  ],
  empty: 'No payment methods.',
};

export const numberingView: View = {
  columns: [
    { key: 'id', label: 'ID' },
    { key: 'name', label: 'Name' },
    { key: 'type', label: 'Type' },
    { key: 'default_payment_method', label: 'Default payment method' },
  ],
  empty: 'No active numberings.',
};
