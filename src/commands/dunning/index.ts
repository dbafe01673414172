import { AGEING_FLAGS } from '../../flags/shared.js';
import { defineFlags, NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

export const PLAN_FLAGS = defineFlags({
  ...AGEING_FLAGS,
  minDays: {
    flag: '--min-days <n>',
    kind: 'int',
    min: 1,
    max: 100000,
    default: '1',
    invalid: 'must be a whole number of days, 1 or more',
    range: 'must be a whole number of days, 1 or more',
    description: 'a letter for each client with an invoice at least N days late (default 1)',
  },
  rates: {
    flag: '--rates <file>',
    kind: 'string',
    description: "the reference rates to use instead of fisco's table: a CSV of from,rate (percent), one half-year a line",
  },
  compensation: {
    flag: '--no-compensation',
    kind: 'boolean',
    default: true,
    description: 'leave out the flat 40 euro per invoice for recovery costs (art. 6 D.Lgs. 231/2002)',
  },
  out: {
    flag: '--out <dir>',
    kind: 'string',
    default: 'solleciti',
    description: 'where the letters are written, HTML and PDF, a folder per company (default: solleciti)',
  },
  plan: { flag: '--plan <file>', kind: 'string', description: 'the plan file that dunning send reads (default: piano.json in --out)' },
});

export const SEND_FLAGS = defineFlags({
  smtp: {
    flag: '--smtp <url>',
    kind: 'string',
    description:
      'the SMTP server: smtps://user@host:465 or smtp://user@host:587 (STARTTLS required); default FISCO_SMTP_URL. The password: FISCO_SMTP_PASSWORD, or asked (hidden)',
  },
  smtpInsecure: { flag: '--smtp-insecure', kind: 'boolean', description: 'plain SMTP without TLS, only to a server on 127.0.0.1 (tests, a local relay)' },
  from: {
    flag: '--from <address>',
    kind: 'list',
    description: 'the sender: ADDRESS for every company, or ACCOUNT=ADDRESS for one (repeatable); default FISCO_SMTP_FROM',
  },
  resolve: {
    flag: '--resolve <letter=outcome>',
    kind: 'list',
    description: 'after checking the mailbox: LETTER=sent (it went out) or LETTER=absent (it did not); LETTER as the result names it',
  },
});

const PLAN_HELP = `
One letter per client with overdue invoices (at least --min-days late), holding all that client's
overdue invoices of one company, in Italian: the creditor and the client with their VAT numbers,
each invoice (number, issue date, due date, residue, days late, interest), the totals, how to pay
(the company's IBAN) and the legal basis. Levels 1 sollecito, 2 secondo sollecito, 3 diffida ad
adempiere come from the letters already sent for those invoices (the dunning journal).

Interest (D.Lgs. 231/2002 as amended by D.Lgs. 192/2012): simple, on the residue, from the day after
the due date to --as-of, half-year by half-year at the reference rate + 8 points, actual days over
365, rounded to the cent once per invoice (half up); plus 40 euro per invoice (art. 6) unless
--no-compensation. The reference rates are fisco's table (fisco dunning rates) or --rates FILE; a
half-year neither covers is exit 2, never a guessed rate.

Each letter is written as HTML and PDF into --out, a folder per company; the plan file (atomic)
lists every letter. Nothing is sent: review, then fisco dunning send PLAN. A client with a PEC gets
it there, else at its --contacts e-mail, else it is listed for registered mail (its PDF to print);
a level-3 letter goes only to a PEC.`;

const SEND_HELP = `
Sends the plan's letters by SMTP (nodemailer): the PDF attached, the HTML as the body with a
plain-text part, to the PEC or the e-mail the plan names. The server: --smtp or FISCO_SMTP_URL
(smtps:// or smtp:// with STARTTLS required); the password: FISCO_SMTP_PASSWORD or a hidden prompt,
never written anywhere. The sender: --from or FISCO_SMTP_FROM; a firm's plan of several companies
is sent company by company, each letter from its own company's sender (--from ACCOUNT=ADDRESS).
Confirmation: the count, the clients and the total on a terminal; --yes otherwise (else exit 10).

Right before each letter the client's residues are read again: changed since the plan, no letter
("make a new plan"). Each letter is journaled before it leaves and sent once per client, level and
plan: a second send of the same plan sends nothing, a run killed at any instant never sends one
twice. A conversation that broke after the message was handed over is unknown (exit 9) and is
never sent again until --resolve LETTER=sent|absent says what the mailbox shows.`;

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
      args: [{ name: '<plan>', description: 'the plan file dunning plan wrote' }],
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
