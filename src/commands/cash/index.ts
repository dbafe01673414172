import { defineVerb } from '../verb.js';
import { CASH_FLAGS } from './flags.js';

const HELP = `
Week by week from the service's today: receivables by due date, payables (inbound invoices not
settled), F24 forms to pay (ready; expired ones in the first week) and tax deadlines with an amount
(not done; a deadline of an F24 form is counted through the form), the week's net and a running
balance from --opening-balance or the closing balance of --from-statement (camt.053, MT940, CBI),
else from zero. An overdue receivable goes on the day its client usually pays (issue date plus the
client's usual delay, from the payments the mirror saw), or apart as "overdue, date unknown". With
several companies, each company's weeks, then the firm's (a balance needs one company).
The monthly report (fisco export) has the same section. Requests: 5 lists per company.`;

export const CASH = defineVerb({
  name: 'cash',
  description: 'the coming weeks: receivables in, payables, F24s and deadlines out, with a running balance',
  flags: CASH_FLAGS,
  // It takes the companies itself: every company of a firm token unless --accounts / --account say which.
  scope: 'firm',
  offline: true,
  help: HELP,
  examples: [
    'fisco cash',
    'fisco cash --opening-balance 12.500,00',
    'fisco cash --weeks 8 -o csv --csv-dialect it > cassa.csv',
    'fisco --accounts acc_rossi,acc_verdi cash --weeks 4 -o json',
  ],
  load: () => import('./cash.js'),
});
