import type { Invoice } from '../../../src/api/invoices.js';

/** An outbound invoice list item as the client decodes it, with the fields a test gives. */
export const invoice = (fields: Partial<Invoice>): Invoice => ({
  id: '1',
  account_id: 'acc_x',
  direction: 'outbound',
  number: '1/2026',
  issue_date: '2026-10-10',
  counterpart: { name: 'C', vat_number: '1' },
  total_amount: '0.10',
  payment_status: 'unpaid',
  amount_paid: '0.00',
  amount_due: '0.10',
  due_date: '2026-10-31',
  overdue: false,
  sdi_status: 'accepted',
  sdi_error: null,
  last_sdi_update: '2026-10-10T10:00:00Z',
  url: '',
  ...fields,
});
