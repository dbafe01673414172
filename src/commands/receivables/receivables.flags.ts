/** `fisco receivables`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';

/** The flags receivables and dunning plan share: the date the invoices are aged on and the contacts file. */
export const AGEING_FLAGS = defineFlags({
  asOf: { flag: '--as-of <date>', kind: 'date', description: "the date invoices are aged on (YYYY-MM-DD or dd/mm/yyyy; default: the service's today)" },
  contacts: {
    flag: '--contacts <file>',
    kind: 'string',
    description: "clients' e-mail addresses: a CSV of VAT number and address (the contract's client has no e-mail field)",
  },
});

export const RECEIVABLES_FLAGS = defineFlags({
  ...AGEING_FLAGS,
  by: {
    flag: '--by <rows>',
    kind: 'enum',
    choices: ['client', 'invoice', 'company'],
    default: 'client',
    description: 'one row per client (default), invoice or company',
  },
  minDays: {
    flag: '--min-days <n>',
    kind: 'int',
    min: 0,
    max: 100000,
    default: '0',
    invalid: 'must be a whole number of days, 0 or more',
    range: 'must be a whole number of days, 0 or more',
    description: 'client and invoice rows with at least N days late on one invoice (default 0: every open one; 1: overdue)',
  },
});
