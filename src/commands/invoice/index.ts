import { LIST_FLAGS } from '../../flags/shared.js';
import { defineNoun, defineVerb } from '../verb.js';
import { INVOICE_LIST_FLAGS, CREATE_FLAGS, BATCH_FLAGS, PAY_FLAGS, GET_FLAGS, PDF_FLAGS } from './flags.js';
import { FILE } from '../../completion/values.js';
import { NO_FLAGS } from '../../flags/spec.js';

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
      args: [{ name: '<file>', description: 'CSV (one row per line item, grouped by ref) or NDJSON (one invoice a line); - for stdin', complete: FILE }],
      flags: BATCH_FLAGS,
      // Each record names its company (its account column): the batch writes to each, never fanned out.
      scope: 'company',
      help: BATCH_HELP,
      examples: BATCH_EXAMPLES,
      load: () => import('./batch.js'),
    }),
    defineVerb({
      name: 'check',
      description: "check invoices against fisco's rules and the SDI's controls before sending (nothing is sent)",
      args: [{ name: '<file>', description: 'a JSON body (as invoice create --from takes) or a batch file (CSV or NDJSON); - for stdin', complete: FILE }],
      flags: NO_FLAGS,
      scope: 'local',
      notes: [
        'Every problem at once (exit 2): the SDI control code (fisco sdi controls lists them), the element of the e-invoice,',
        "the field of fisco's input and what is allowed. Limits are the official FatturaPA schema's. Exit 0 when all pass.",
      ],
      examples: ['fisco invoice check invoice.json', 'fisco invoice check month.ndjson -o table', 'cat month.ndjson | fisco invoice check -'],
      load: () => import('./check.js'),
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
