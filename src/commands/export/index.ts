import { defineVerb } from '../verb.js';
import { EXPORT_FLAGS } from './flags.js';

const HELP = `
For each company (every company of a firm token unless --accounts / --account say which) a
folder named after it (name + VAT number, stable across runs) with that month's:
  invoices-outbound / invoices-inbound .csv (Italian dialect) and .json   issued in the month
  expenses / expense-summary .csv and .json, receivables.json, f24s.json, deadlines.json
  f24/*.pdf (forms due in the month), deadlines.ics (with reminders), report.html for the client,
  note-studio.md for the firm (the service's codes and messages), manifest.json (size, sha256)
and index.html at the top linking every company's report. The pages are in Italian unless English
is chosen (--lang en, FISCO_LANG=en or the profile's lang; not the locale): codes in words, amounts and dates in Italian form, statuses as dates, "—" where
there is no figure, company, month and page number on every printed page; credit notes shown
apart and netted, void and undelivered documents named. A part the token may not read (a
missing ability, a 404, a server error after retries) is left out, named in report.html,
note-studio.md, index.html, manifest.json and the summary; the rest is written; exit 11. Files are written atomically; a
re-run skips what is complete and unchanged (updated_since from the previous manifest);
Ctrl-C leaves no partial file. Exit 11 when some companies failed (the others are complete).
A second export into the same --dir while one runs is refused at once (exit 2), never mixed with it.`;

export const EXPORT = defineVerb({
  name: 'export',
  description: "the month-end deliverable: each company's invoices, expenses, F24 PDFs, deadlines and report.html",
  flags: EXPORT_FLAGS,
  // It takes the companies itself: every company of a firm token unless --accounts / --account say which.
  scope: 'firm',
  help: HELP,
  examples: [
    'fisco export --period 2026-10 --dir month-end',
    'fisco --accounts acc_rossi,acc_verdi export --period 2026-10 --dir month-end',
    'fisco export --period "$(date -d \'last month\' +%Y-%m)" --dir out -o json > export-result.json',
    'fisco export --period 2026-10 --dir month-end --lang en',
  ],
  load: () => import('./export.js'),
});
