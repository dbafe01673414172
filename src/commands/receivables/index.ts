import { defineVerb } from '../verb.js';
import { RECEIVABLES_FLAGS } from './flags.js';

const HELP = `
Open outbound invoices (amount due above zero; credit notes, debit notes and void documents never)
in buckets by days past due on --as-of: not yet due, 1–30, 31–60, 61–90, over 90. One row per
client (its counterpart on the invoices, joined to the company's clients by VAT number with or
without IT: the PEC comes from there, an e-mail from --contacts), then the company's total; with
several companies the firm's total comes last. --min-days filters the client and invoice rows;
company and firm totals are always every open invoice. A past --as-of counts the invoices issued
by then, each residue as the mirror's last sync on or before that date saw it (every fisco sync
keeps that history); without such a sync the residues are today's, and stderr says so and why.

DSO (days sales outstanding, per company and for the firm) = receivables open on --as-of ÷ what
was invoiced in the 90 days up to it (documents that take payments) × 90, in whole days; empty
when nothing was invoiced in those days.

An invoice whose amount has digits past the cent is named on stderr and left out of every figure.
Tables fit 80 columns (amounts in euro); json, ndjson and csv carry every figure as decimal
strings. Requests: 2 lists per company (outbound invoices, clients), every page.`;

export const RECEIVABLES = defineVerb({
  name: 'receivables',
  description: 'the scadenzario: open invoices by days past due, per client, company and firm, with DSO',
  flags: RECEIVABLES_FLAGS,
  // It takes the companies itself: every company of a firm token unless --accounts / --account say which.
  scope: 'firm',
  offline: true,
  help: HELP,
  examples: [
    'fisco receivables',
    'fisco --all-accounts receivables --min-days 1 -o csv --csv-dialect it > scadenzario.csv',
    'fisco receivables --by invoice --as-of 2026-11-20 -o json',
  ],
  load: () => import('./receivables.js'),
});
