import { NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';
import { PLAN_FLAGS, SEND_FLAGS } from './flags.js';
import { FILE } from '../../completion/values.js';

const PLAN_HELP = `
One letter per client with overdue invoices (at least --min-days late), holding all that client's
overdue invoices of one company, in Italian: the creditor and the client with their VAT numbers,
each invoice (number, issue date, due date, residue, days late, interest), the totals, each rate
applied with the period it covers and that period's interest, how to pay (the company's IBAN) and
the legal basis. Levels 1 sollecito, 2 secondo sollecito, 3 diffida ad adempiere come from the
letters already sent for those invoices (the dunning journal). Cadence: the next level is proposed
only after the deadline the previous letter gave (15 days, 10 for a second reminder) plus
--min-interval days (default 7); until then the plan lists the client as waiting, and from when.

Interest (D.Lgs. 231/2002 as amended by D.Lgs. 192/2012): simple, on the residue, from the day after
the due date to --as-of, half-year by half-year at the reference rate + 8 points, actual days over
365, rounded to the cent once per invoice (half up); plus 40 euro per invoice (art. 6) unless
--no-compensation. The reference rates are fisco's table (fisco dunning rates) or --rates FILE; a
half-year neither covers is exit 2, never a guessed rate.

Each letter is written as HTML and PDF into --out, a folder per company; the plan file (atomic)
lists every letter. Nothing is sent: review, then fisco dunning send PLAN. A client with a PEC gets
it there, else at its --contacts e-mail, else it is listed for registered mail (its PDF to print,
the client's postal address from its record on the service; without one the plan says how to give
it); a level-3 letter goes only to a PEC. An address that is not exactly one mailbox is never used.
--rates and --contacts take CRLF or LF (mixed), a BOM, ; or ,; each a regular file of at most 4 MB.`;

const SEND_HELP = `
Sends the plan's letters by SMTP (nodemailer): the PDF attached, the HTML as the body with a
plain-text part, to the PEC or the e-mail the plan names. The server: --smtp or FISCO_SMTP_URL
(smtps:// or smtp:// with STARTTLS required); the password: FISCO_SMTP_PASSWORD or a hidden prompt,
never written anywhere (nor any form of it a server quotes back). The sender: --from or
FISCO_SMTP_FROM, one e-mail address; a firm's plan of several companies
is sent company by company, each letter from its own company's sender (--from ACCOUNT=ADDRESS).
A letter for registered mail is not sent (print its PDF); one whose client has no postal address is
refused, named, and the other letters still go (exit 11; 2 when none could go).
Confirmation: each letter's client and company, the count of letters and of clients and the total
on a terminal; --yes otherwise (else exit 10).

Right before each letter the client's residues are read again: changed since the plan, no letter
("make a new plan"); that read failing (401, 429, 5xx, network) ends the run with its exit code.
--timeout bounds each SMTP conversation whole. Each letter is journaled before it leaves and sent once per client, level and
plan: a second send of the same plan sends nothing, a run killed at any instant never sends one
twice. A conversation that broke after the message was handed over is unknown (exit 9) and is
never sent again until --resolve LETTER=sent|absent says what the mailbox shows; it also holds back
every later letter to the same client, a new plan's included (--resolve PLAN-ID/LETTER=… from
there). A resolution settles only a letter in doubt: repeated, it changes nothing.`;

export const DUNNING = defineNoun({
  name: 'dunning',
  description: 'reminder letters with statutory late interest, each sent once by PEC or e-mail',
  verbs: [
    defineVerb({
      name: 'plan',
      description: 'write a reminder letter (HTML and PDF) per client with overdue invoices, and the plan',
      flags: PLAN_FLAGS,
      // Every company of a firm token unless --accounts / --account say which.
      scope: 'firm',
      help: PLAN_HELP,
      examples: [
        'fisco dunning rates --fields from,rate -o csv > tassi.csv && echo "2026-07-01,2.15" >> tassi.csv && fisco dunning plan --rates tassi.csv --out solleciti',
        'fisco dunning plan --as-of 2026-06-30 --min-days 30 --no-compensation --out solleciti-giugno --plan giugno.json',
      ],
      load: () => import('./plan.js'),
    }),
    defineVerb({
      name: 'send',
      description: "send a plan's letters by SMTP, each once, journaled",
      args: [{ name: '<plan>', description: 'the plan file dunning plan wrote', complete: FILE }],
      flags: SEND_FLAGS,
      // Each company's letters from its own sender: a plan of a firm's companies is sent with the firm's token (--demo too).
      scope: 'routed',
      help: SEND_HELP,
      examples: [
        'fisco dunning send solleciti/piano.json --smtp smtps://solleciti@mail.example.it --from solleciti@example.it',
        'fisco dunning send solleciti/piano.json --yes --resolve 00743110157@L1=sent',
      ],
      load: () => import('./send.js'),
    }),
    defineVerb({
      name: 'rates',
      description: 'the reference rates table fisco ships, with its source',
      flags: NO_FLAGS,
      // fisco's own table: the same for every company.
      scope: 'token',
      help: '\nThe ECB main refinancing rate on 1 January / 1 July as the Ministry of Economy publishes it in the\nGazzetta Ufficiale, per half-year from 2013-H1; the interest rate is 8 points more.',
      examples: ['fisco dunning rates', 'fisco dunning rates --fields from,rate -o csv > tassi.csv'],
      load: () => import('./rates.js'),
    }),
  ],
});
