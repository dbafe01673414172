/** Groups of flags several verbs take, declared once (data only): spread one into a verb's table. */
import { defineFlags } from './spec.js';
import { FILE } from '../completion/values.js';
import { t } from '../i18n/message.js';

/** --page, --per-page, --all, --limit: spread first into the table of every list command. */
export const LIST_FLAGS = defineFlags({
  page: {
    flag: '--page <n>',
    kind: 'int',
    min: 1,
    invalid: t`must be a whole number of 1 or more`,
    range: t`must be 1 or more (page number)`,
    description: 'page to show (from 1)',
  },
  perPage: {
    flag: '--per-page <n>',
    kind: 'int',
    min: 1,
    max: 100,
    invalid: t`must be a whole number from 1 to 100`,
    range: t`must be from 1 to 100 (items per page, the service allows at most 100)`,
    description: 'items per page (1..100)',
  },
  all: { flag: '--all', kind: 'boolean', description: 'follow every page (streams)' },
  limit: {
    flag: '--limit <n>',
    kind: 'int',
    min: 1,
    invalid: t`must be a whole number of 1 or more`,
    range: t`must be 1 or more (items)`,
    description: 'stop after N items (per company with --all-accounts or --accounts)',
  },
});

/** The flags every journaled command takes (invoice batch, bank apply, invoice create, and the dunning letters). */
export const JOURNAL_FLAGS = defineFlags({
  wait: {
    flag: '--wait',
    kind: 'boolean',
    description:
      'when a request of an interrupted run may still reach the service, wait until its deadline has passed, look again, then send (default: exit 9)',
  },
  rebuildFromService: {
    flag: '--rebuild-from-service',
    kind: 'boolean',
    description:
      'rebuild a damaged journal from its verified lines and a lookup on the service; for invoice batch also adopt the invoices found when journal and seal were both lost (never sends anything twice)',
  },
});

/** The flags receivables and dunning plan share: the date the invoices are aged on and the contacts file. */
export const AGEING_FLAGS = defineFlags({
  asOf: { flag: '--as-of <date>', kind: 'date', description: "the date invoices are aged on (YYYY-MM-DD or dd/mm/yyyy; default: the service's today)" },
  contacts: {
    flag: '--contacts <file>',
    kind: 'string',
    complete: FILE,
    description:
      "clients' e-mail addresses: a CSV of VAT number, e-mail and (optional) postal address for registered mail (the contract's client has no e-mail field)",
  },
});
