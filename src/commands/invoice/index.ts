import { PAYMENT_STATUS_VALUES } from '../../completion/values.js';
import { JOURNAL_FLAGS, LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags, text } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

/** The API's SDI statuses (src/api/invoices.ts SDI_STATUSES), then the name fisco shows for failed_delivery. */
export const SDI_STATUS_FILTERS = ['queued', 'sent', 'delivered', 'accepted', 'rejected', 'error', 'failed_delivery', 'delivery_failed'] as const;

export const INVOICE_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  direction: { flag: '--direction <direction>', kind: 'choice', choices: ['outbound', 'inbound'], description: 'outbound (default) or inbound' },
  sdiStatus: {
    flag: '--sdi-status <list>',
    kind: 'enumList',
    choices: SDI_STATUS_FILTERS,
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
    description: 'write ref, account, id, url, status, message, number, issue_date, total of every record to FILE (.csv or .json), atomically',
  },
  resolve: {
    flag: '--resolve <ref=outcome>',
    kind: 'list',
    description: 'settle a record whose outcome is unknown, after checking: REF=created:ID or REF=absent (repeatable)',
  },
  ...JOURNAL_FLAGS,
});

export const PAY_FLAGS = defineFlags({
  amount: {
    flag: '--amount <amount>',
    kind: 'amount',
    required: 'is required: the amount collected, like 150.00 or 1.234,50',
    description: 'amount collected: 150.00, 150,00 or 1.234,50 (required)',
  },
  date: { flag: '--date <date>', kind: 'date', description: 'payment date, YYYY-MM-DD or dd/mm/yyyy (default today)' },
  // The wording users saw before the table (zod's own), kept as it was.
  method: { flag: '--method <name>', kind: 'string', empty: 'Too small: expected string to have >=1 characters', description: 'payment method name' },
  // The contract's limit for payment notes (the service's API document, Limits).
  note: { flag: '--note <text>', kind: 'string', allowEmpty: true, maxLength: 500, description: 'note (at most 500 characters)' },
  year: { flag: '--year <yyyy>', kind: 'string', allowEmpty: true, description: 'the year of issue, when the number repeats across years' },
  issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'issued on or after this date, when the number repeats' },
  issuedTo: { flag: '--issued-to <date>', kind: 'date', description: 'issued on or before this date, when the number repeats' },
});

/** --issued-from / --issued-to: which of several invoices sharing a number (get and pdf). */
export const ISSUED_FLAGS = defineFlags({
  issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  issuedTo: { flag: '--issued-to <date>', kind: 'date', description: 'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
});

export const GET_FLAGS = defineFlags({
  year: { flag: '--year <yyyy>', kind: 'string', description: 'the year of issue, when the number repeats across years' },
  ...ISSUED_FLAGS,
});

export const PDF_FLAGS = defineFlags({
  dir: {
    flag: '--dir <dir>',
    kind: 'string',
    default: '.',
    empty: 'must name a folder (omit --dir for the current folder)',
    description: 'folder to save the PDFs in (created if missing; default: the current folder)',
  },
  year: { flag: '--year <yyyy>', kind: 'string', description: 'the year of issue, when a number repeats across years' },
  ...ISSUED_FLAGS,
  concurrency: { flag: '--concurrency <n>', kind: 'int', description: 'files downloaded at once, 1..16 (default: 4)' },
});

const CREATE_HELP = `
Guided on a terminal when no data flag is given; scripted otherwise.
  --item "nome;quantita;prezzo;iva[;descrizione]"   repeatable; \\; for a semicolon in a field
  --due "YYYY-MM-DD=AMOUNT" or "YYYY-MM-DD=PCT%"    repeatable; all amounts (adding up to the
                                                    total) or all percentages (adding up to 100)
Amounts (--discount, --paid, --due) as 1234.50, 1234,50 or 1.234,50, up to 11 digits and 2
decimals; dates as YYYY-MM-DD or dd/mm/yyyy. In --item: unit prices and quantities up to 8 decimals (0.125); VAT rates 0 to 100 (an unusual
rate gets a warning). Every problem is reported at once, each with its field (articoli[1].prezzo).
--piva uses POST /fatture/nuova/piva, which carries no client data, --natura or --paid: for those
give the client with --client ID or --client-* (POST /fatture/nuova/manuale), or register a
payment afterwards with fisco invoice pay.
--send transmits to the SDI (irreversible): on a terminal it asks after a preview (default No);
without a terminal it needs --yes. --dry-run prints { endpoint, body, totals, warnings } only.

--numbering and --payment-method take the names that "fisco invoice numberings" and
"fisco invoice payment-methods" list (a new client needs --payment-method).`;

const CREATE_EXAMPLES = [
  'fisco invoice create                                      # guided, on a terminal',
  'fisco invoice create --piva IT00743110157 --numbering Standard --item "Consulenza;2;150.00;22" --draft',
  'fisco invoice create --client 3 --numbering Standard --payment-method "Bonifico Intesa" --item "Sviluppo;10;80.00;22" --due 2026-12-31=50% --due 2027-01-31=50% --send --yes',
  'fisco invoice create --client 3 --numbering Standard --payment-method "Bonifico Intesa" --item "Sviluppo;10;80.00;22" --dry-run | jq .body > invoice.json',
  'fisco invoice create --from invoice.json --draft',
  'fisco invoice create --client 3 --numbering Standard --payment-method "Bonifico Intesa" --item "Energia;1200;0.125;22" --dry-run   # unit prices up to 8 decimals',
];

const BATCH_HELP = `
Every record has a ref of your own (unique in the file) and, for a firm token, an account.
NDJSON: one invoice a line, the body "invoice create --from" takes, plus "ref" (and "account").
CSV: a header, then one row per line item; rows with the same ref are one invoice. Columns:
  ref, account, piva (by-VAT variant) or client_name, client_piva, client_address, client_cap,
  client_city, client_province, client_country, client_sdi, client_pec, client_email,
  numbering, date, type, payment_method, discount, paid, natura, header, note, emails, cig, cup,
  order_number, order_date, order_commitment, order_determination, order_job_code,
  due ("31/12/2026=50%|31/01/2027=50%"), and per row: item, quantity, price, vat, description.
  ';' with decimal comma and dd/mm/yyyy (--csv-dialect it, or detected), or ',' with decimal point.
Everything is checked before anything is sent (exit 2 listing every problem; --skip-invalid sends
the valid records). --send asks once on a terminal (type the count back: "send 143"), and needs
--yes without one. A journal records every request before it leaves: after a crash, Ctrl-C or a
dropped connection, run the same command again and nothing is sent twice (with nothing left to
send it says so and asks nothing); --status shows it. Each result carries the number the service
assigned (read from the invoice list after the sends), the issue date and the total.
See docs/batch.md.`;

const BATCH_EXAMPLES = [
  'fisco invoice create --client 3 --numbering Standard --payment-method "Bonifico Intesa" --item "Canone;1;500.00;22" --dry-run | jq -c \'.body + {ref: "C-0001"} | del(.invia_sdi)\' > month.ndjson',
  'fisco invoice batch month.ndjson --dry-run',
  'fisco invoice batch month.ndjson --dry-run -o json > bodies.json',
  'fisco invoice batch month.ndjson --draft --result result.csv',
  'fisco invoice batch month.ndjson --status',
];

export const INVOICE = defineNoun({
  name: 'invoice',
  description: 'invoices: list, get, pdf, create (guided or scripted, guarded before the SDI), pay',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list invoices (GET /v1/invoices)',
      flags: INVOICE_LIST_FLAGS,
      scope: 'companies',
      offline: true,
      notes: [
        'The service has no issue-date filter: with --issued-from/--issued-to fisco reads every page (or the one --page',
        'names) and keeps, as they stream by, the invoices issued in the range; --limit counts the invoices kept.',
      ],
      examples: [
        'fisco invoice list --payment-status overdue,unpaid',
        'fisco invoice list --issued-from 01/10/2026 --issued-to 31/10/2026 --fields number,issue_date,total_amount',
        'fisco invoice list --sdi-status rejected,delivery_failed --fields number,sdi_status,sdi_error',
        'fisco invoice list --all --query "[?overdue].{number: number, due: amount_due}"',
      ],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'create',
      description: 'create an invoice (POST /fatture/nuova/manuale or /fatture/nuova/piva)',
      flags: CREATE_FLAGS,
      scope: 'company',
      help: CREATE_HELP,
      examples: CREATE_EXAMPLES,
      load: () => import('./create.js'),
    }),
    defineVerb({
      name: 'batch',
      description: 'create one invoice per record of a CSV or NDJSON file, each exactly once (crash-safe journal)',
      args: [{ name: '<file>', description: 'CSV (one row per line item, grouped by ref) or NDJSON (one invoice a line); - for stdin' }],
      flags: BATCH_FLAGS,
      // Each record names its company (its account column): the batch writes to each, never fanned out.
      scope: 'company',
      help: BATCH_HELP,
      examples: BATCH_EXAMPLES,
      load: () => import('./batch.js'),
    }),
    defineVerb({
      name: 'pay',
      description: 'register a collection (POST /fatture/{uuid}/pagamenti); a number is looked up first',
      args: [{ name: '<invoice>', description: 'invoice number as the company writes it (42/2026) or UUID' }],
      flags: PAY_FLAGS,
      scope: 'company',
      notes: [
        'A number that several invoices share (another year, another company of a firm token) is refused (exit 2)',
        'listing them with their dates and totals: add --year, --issued-from/--issued-to or --account, or give the UUID.',
      ],
      examples: [
        'fisco invoice pay 42/2026 --amount 1.234,50 --date 24/11/2026 --method "Bonifico Intesa"',
        'fisco invoice pay "$(fisco invoice list --payment-status unpaid --limit 1 | jq -r \'.[0].uuid\')" --amount 100.00 --method "Bonifico Intesa"',
      ],
      load: () => import('./pay.js'),
    }),
    defineVerb({
      name: 'get',
      description: 'show one outbound invoice by its number (42/2026) or UUID (GET /v1/invoices)',
      args: [{ name: '<invoice>', description: 'invoice number as the company writes it (42/2026, or 42 for any year) or UUID' }],
      flags: GET_FLAGS,
      // With a firm token and no company named, the invoice is looked for in every company (resolve.ts).
      scope: 'company',
      offline: true,
      notes: [
        'Looked up in the outbound invoices (every page, one pass). A number several invoices share is refused (exit 2)',
        'listing them with their dates and totals; --year or --issued-from/--issued-to say which.',
      ],
      examples: ['fisco invoice get 42/2026', 'fisco invoice get 42 --year 2026 --fields number,issue_date,amount_due,uuid'],
      load: () => import('./get.js'),
    }),
    defineVerb({
      name: 'pdf',
      description: "save outbound invoices' PDFs (their pdf_url) as <number>_<issue date>_<id>.pdf; complete files are skipped",
      args: [{ name: '<invoice...>', description: 'invoice numbers (42/2026) or UUIDs' }],
      flags: PDF_FLAGS,
      scope: 'company',
      notes: [
        'Saved in the current folder unless --dir names another (created if missing).',
        'The folder is checked before any request; each PDF is written atomically (never half a file) and a re-run',
        'skips the files already complete. Stdout gets one record per invoice (id, file, result).',
      ],
      examples: [
        'fisco invoice pdf 42/2026                   # into the current folder',
        'fisco invoice pdf 42/2026 43/2026 --dir ./fatture',
        'fisco invoice pdf 42 --year 2026 --dir ./fatture',
      ],
      load: () => import('./pdf.js'),
    }),
    defineVerb({
      name: 'payment-methods',
      description: 'payment methods of the company (GET /fatture/metodi-pagamento)',
      flags: LIST_FLAGS,
      scope: 'companies',
      examples: ['fisco invoice payment-methods', "fisco invoice payment-methods --query '[].name'"],
      load: () => import('./payment-methods.js'),
    }),
    defineVerb({
      name: 'numberings',
      description: 'active numberings (GET /fatture/numerazioni)',
      flags: LIST_FLAGS,
      scope: 'companies',
      examples: ['fisco invoice numberings', 'fisco invoice numberings --query "[?type==\'invoice\'].name"'],
      load: () => import('./numberings.js'),
    }),
  ],
});
