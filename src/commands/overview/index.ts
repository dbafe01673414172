import { defineVerb } from '../verb.js';
import { OVERVIEW_FLAGS } from './flags.js';

const HELP = `
One row per company (every company of a firm token unless --accounts / --account say which):
open and overdue receivables, F24 forms to pay (ready or expired) with the nearest due date,
tax deadlines overdue and due within --days, expenses needing review this month and last,
invoices the SDI rejected with the nearest day a corrected one must be sent by ("Resend by",
five days from the rejection), and whether webhooks are ready. "Next F24" is the nearest form
not yet paid due today or later; expired ones are counted apart. After the table, on stderr,
each rejected invoice whose window is open or closed within 30 days is explained (the control,
what to do, the window's date); older ones are counted in one line. Attention cells are
coloured in the table; json, ndjson and csv carry the same figures (amounts as decimal
strings). A part the token may not read (a missing ability, a 404, a server error after
retries) leaves its figures n/a in the table and null in json, with "missing" saying what
failed and why; the others are shown, exit 11. The table fits the terminal: the least urgent
columns go first. Requests: 8 per company, plus 2.`;

export const OVERVIEW = defineVerb({
  name: 'overview',
  description: 'the morning view: receivables, F24s, deadlines, expenses to review and rejected invoices, one row per company',
  flags: OVERVIEW_FLAGS,
  // It takes the companies itself: every company of a firm token unless --accounts / --account say which.
  scope: 'firm',
  offline: true,
  help: HELP,
  examples: [
    'fisco overview',
    'fisco overview --days 30 -o csv --csv-dialect it > overview.csv',
    "fisco --accounts acc_rossi,acc_verdi overview -o json | jq '.[] | select(.overdue_count > 0)'",
  ],
  load: () => import('./overview.js'),
});
