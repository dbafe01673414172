/** The flags of `fisco invoice`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { PAYMENT_STATUS_VALUES } from '../../completion/values.js';
import { JOURNAL_FLAGS, LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags, text } from '../../flags/spec.js';
import { DIR, FILE, NATURA_VALUES, SDI_STATUS_VALUES, words } from '../../completion/values.js';
import { t } from '../../i18n/message.js';

/** The API's SDI statuses (src/api/invoices.ts SDI_STATUSES), then the name fisco shows for failed_delivery. */
export const SDI_STATUS_FILTERS = ['queued', 'sent', 'delivered', 'accepted', 'rejected', 'error', 'failed_delivery', 'delivery_failed'] as const;

export const INVOICE_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  direction: { flag: '--direction <direction>', kind: 'choice', choices: ['outbound', 'inbound'], description: 'outbound (default) or inbound' },
  sdiStatus: {
    flag: '--sdi-status <list>',
    kind: 'enumList',
    choices: SDI_STATUS_FILTERS,
    // Offered without failed_delivery, which the flag also accepts (the API's own name of delivery_failed).
    complete: words(SDI_STATUS_VALUES, true),
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

/** Values go to the draft as typed: create/body.ts checks them, each problem naming its field, all at once. */
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
  natura: { ...text('--natura <code>', 'VAT nature code for the 0% lines (N1 … N7; not with --piva)'), complete: words(NATURA_VALUES) },
});

export const CREATE_FLAGS = defineFlags({
  ...CREATE_DATA_FLAGS,
  from: { ...text('--from <file>', 'the request body as JSON (API field names); - for stdin'), complete: FILE },
  draft: { flag: '--draft', kind: 'boolean', description: 'create a draft: not sent to the SDI' },
  send: { flag: '--send', kind: 'boolean', description: 'transmit to the SDI (irreversible; asks first, or needs --yes without a terminal)' },
  dryRun: { flag: '--dry-run', kind: 'boolean', description: 'validate and print the exact request and totals; send nothing' },
  ...JOURNAL_FLAGS,
});

export const BATCH_FLAGS = defineFlags({
  draft: { flag: '--draft', kind: 'boolean', description: 'create drafts: nothing is sent to the SDI' },
  send: { flag: '--send', kind: 'boolean', description: 'transmit every invoice to the SDI (irreversible; asks once on a terminal, needs --yes otherwise)' },
  dryRun: {
    flag: '--dry-run',
    kind: 'boolean',
    description: 'check everything and show every invoice with its totals (a table; the request bodies with -o json); send nothing',
  },
  status: { flag: '--status', kind: 'boolean', description: "print the batch journal's state of every record; send nothing" },
  skipInvalid: {
    flag: '--skip-invalid',
    kind: 'boolean',
    description: 'send the valid records and list the invalid ones (default: one invalid record stops everything)',
  },
  result: {
    flag: '--result <file>',
    kind: 'string',
    complete: FILE,
    description: 'write ref, account, id, url, status, message, number, issue_date, total of every record to FILE (.csv or .json), atomically',
  },
  resolve: {
    flag: '--resolve <ref=outcome>',
    kind: 'list',
    description: 'settle a record whose outcome is unknown, after checking: REF=created:ID or REF=absent (repeatable)',
  },
  newBatch: {
    flag: '--new-batch',
    kind: 'boolean',
    description:
      "a batch with no journal whose content the service already holds: those invoices are not this batch's, send every record (see --rebuild-from-service for the other way)",
  },
  ...JOURNAL_FLAGS,
});

export const PAY_FLAGS = defineFlags({
  amount: {
    flag: '--amount <amount>',
    kind: 'amount',
    required: t`is required: the amount collected, like 150.00 or 1.234,50`,
    description: 'amount collected: 150.00, 150,00 or 1.234,50 (required)',
  },
  date: { flag: '--date <date>', kind: 'date', description: 'payment date, YYYY-MM-DD or dd/mm/yyyy (default today)' },
  // The wording users saw before the table (zod's own), kept as it was.
  method: { flag: '--method <name>', kind: 'string', empty: t`Too small: expected string to have >=1 characters`, description: 'payment method name' },
  // The contract's limit for payment notes (the service's API document, Limits).
  note: { flag: '--note <text>', kind: 'string', allowEmpty: true, maxLength: 500, description: 'note (at most 500 characters)' },
  year: { flag: '--year <yyyy>', kind: 'year', description: 'the year of issue, when the number repeats across years' },
  issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'issued on or after this date, when the number repeats' },
  issuedTo: { flag: '--issued-to <date>', kind: 'date', description: 'issued on or before this date, when the number repeats' },
  requestId: {
    flag: '--request-id <id>',
    kind: 'string',
    maxLength: 200,
    description: 'your key for this payment: run again with the same key and it is registered once (journaled; other arguments refused)',
  },
  ...JOURNAL_FLAGS,
});

/** --issued-from / --issued-to: which of several invoices sharing a number (get and pdf). */
export const ISSUED_FLAGS = defineFlags({
  issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  issuedTo: { flag: '--issued-to <date>', kind: 'date', description: 'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
});

export const GET_FLAGS = defineFlags({
  year: { flag: '--year <yyyy>', kind: 'year', description: 'the year of issue, when the number repeats across years' },
  ...ISSUED_FLAGS,
});

export const PDF_FLAGS = defineFlags({
  dir: {
    flag: '--dir <dir>',
    kind: 'string',
    complete: DIR,
    default: '.',
    empty: t`must name a folder (omit --dir for the current folder)`,
    description: 'folder to save the PDFs in (created if missing; default: the current folder)',
  },
  year: { flag: '--year <yyyy>', kind: 'year', description: 'the year of issue, when a number repeats across years' },
  ...ISSUED_FLAGS,
  concurrency: {
    flag: '--concurrency <n>',
    kind: 'int',
    min: 1,
    max: 16,
    range: t`must be from 1 to 16 (files downloaded at once)`,
    description: 'files downloaded at once, 1..16 (default: 4)',
  },
});
