/** `fisco invoice list`: data only (read at registration, see src/commands/flags.ts). */
import { PAYMENT_STATUS_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

/** The API's SDI statuses (src/api/invoices.ts SDI_STATUSES), then the name fisco shows for failed_delivery. */
export const SDI_STATUS_FILTERS = ['queued', 'sent', 'delivered', 'accepted', 'rejected', 'error', 'failed_delivery', 'delivery_failed'] as const;

export const INVOICE_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  direction: { flag: '--direction <direction>', kind: 'choice', choices: ['outbound', 'inbound'], description: 'outbound (default) or inbound' },
  sdiStatus: {
    flag: '--sdi-status <list>',
    kind: 'enumList',
    choices: SDI_STATUS_FILTERS,
    description: 'comma list: queued, sent, delivered, accepted, rejected, error, delivery_failed',
  },
  paymentStatus: {
    flag: '--payment-status <list>',
    kind: 'enumList',
    choices: PAYMENT_STATUS_VALUES,
    description: 'comma list: paid, partial, unpaid, overdue (excludes credit/debit notes and void documents)',
  },
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only invoices updated since (ISO-8601, or YYYY-MM-DD)' },
  issuedFrom: {
    flag: '--issued-from <date>',
    kind: 'date',
    description: 'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy; filtered by fisco, see below)',
  },
  issuedTo: {
    flag: '--issued-to <date>',
    kind: 'date',
    description: 'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy; filtered by fisco, see below)',
  },
});
