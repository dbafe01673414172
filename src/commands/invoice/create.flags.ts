/**
 * `fisco invoice create`: data only (read at registration, see src/commands/flags.ts). Values go
 * to the draft as typed: create/body.ts checks them, each problem naming its field, all at once.
 */
import { defineFlags, text } from '../flags.js';
import { JOURNAL_FLAGS } from '../journal.flags.js';

/** The flags that carry invoice data: their presence means "scripted", not guided. */
export const CREATE_DATA_FLAGS = defineFlags({
  piva: text('--piva <vat>', 'client by VAT number: data from the business register (by-VAT variant)'),
  client: text('--client <id>', 'an existing client (fisco clients list)'),
  clientName: text('--client-name <name>', 'new client: name'),
  clientPiva: text('--client-piva <vat>', 'new client: VAT number (foreign ids with their country prefix)'),
  clientCf: {
    flag: '--client-cf <code>',
    kind: 'string',
    allowEmpty: true,
    hidden: true,
    description: 'not sendable: the manual variant has no codice fiscale field',
  },
  clientAddress: text('--client-address <text>', 'new client: street address'),
  clientCap: text('--client-cap <cap>', 'new client: postal code'),
  clientCity: text('--client-city <city>', 'new client: city'),
  clientProvince: text('--client-province <code>', 'new client: province (MI, RM; optional)'),
  clientCountry: text('--client-country <code>', 'new client: country, two letters (default IT)'),
  clientSdi: text('--client-sdi <code>', 'new client: SDI code (7 characters, 6 for a public administration)'),
  clientPec: text('--client-pec <email>', 'new client: PEC address'),
  clientEmail: text('--client-email <email>', 'new client: e-mail'),
  numbering: text('--numbering <name>', 'numbering (fisco invoice numberings)'),
  date: text('--date <date>', 'issue date, YYYY-MM-DD or dd/mm/yyyy (default today)'),
  type: { flag: '--type <type>', kind: 'choice', choices: ['TD01', 'TD01_ACC', 'TD24', 'TD25'], description: 'document type (default TD01)' },
  paymentMethod: text('--payment-method <name>', 'payment method (fisco invoice payment-methods)'),
  item: { flag: '--item <spec>', kind: 'list', allowEmpty: true, description: 'line "nome;quantita;prezzo;iva[;descrizione]" (repeatable)' },
  discount: text('--discount <amount>', 'global discount in euro (100.00, 100,00)'),
  due: {
    flag: '--due <spec>',
    kind: 'list',
    allowEmpty: true,
    description: 'due date "DATE=AMOUNT" or "DATE=PCT%", DATE as YYYY-MM-DD or dd/mm/yyyy (repeatable; default 30 days)',
  },
  paid: text('--paid <amount>', 'amount already collected (recorded at once; not with --draft or --piva)'),
  cig: text('--cig <cig>', 'PA: CIG (at most 15 characters)'),
  cup: { flag: '--cup <cup>', kind: 'list', allowEmpty: true, description: 'PA: CUP (repeatable for several; at most 15 characters each)' },
  orderNumber: text('--order-number <text>', 'purchase order number (at most 20 characters)'),
  orderDate: text('--order-date <date>', 'purchase order date (YYYY-MM-DD or dd/mm/yyyy)'),
  orderCommitment: text('--order-commitment <text>', 'purchase order: impegno (at most 100)'),
  orderDetermination: text('--order-determination <text>', 'purchase order: determina (at most 100)'),
  orderJobCode: text('--order-job-code <text>', 'purchase order: codice commessa (at most 100)'),
  header: text('--header <text>', 'header note (intestazione)'),
  note: text('--note <text>', 'notes printed on the invoice'),
  email: { flag: '--email <address>', kind: 'list', allowEmpty: true, description: 'extra recipient (repeatable)' },
  natura: text('--natura <code>', 'VAT nature code for the 0% lines (N1 … N7; not with --piva)'),
});

export const CREATE_FLAGS = defineFlags({
  ...CREATE_DATA_FLAGS,
  from: text('--from <file>', 'the request body as JSON (API field names); - for stdin'),
  draft: { flag: '--draft', kind: 'boolean', description: 'create a draft: not sent to the SDI' },
  send: { flag: '--send', kind: 'boolean', description: 'transmit to the SDI (irreversible; asks first, or needs --yes without a terminal)' },
  dryRun: { flag: '--dry-run', kind: 'boolean', description: 'validate and print the exact request and totals; send nothing' },
  ...JOURNAL_FLAGS,
});
