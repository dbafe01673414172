import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { addFlags } from '../../flags/commander.js';
import { BATCH_FLAGS } from './batch.flags.js';
import { CREATE_FLAGS } from './create.flags.js';
import { GET_FLAGS } from './get.flags.js';
import { INVOICE_LIST_FLAGS } from './list.flags.js';
import { PAY_FLAGS } from './pay.flags.js';
import { PDF_FLAGS } from './pdf.flags.js';

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

export function registerInvoice(program: Command): void {
  const invoice = program.command('invoice').description('invoices: list, get, pdf, create (guided or scripted, guarded before the SDI), pay');
  addListFlags(invoice.command('list').description('list invoices (GET /v1/invoices)'), INVOICE_LIST_FLAGS)
    .addHelpText(
      'after',
      examples(
        [
          'fisco invoice list --payment-status overdue,unpaid',
          'fisco invoice list --issued-from 01/10/2026 --issued-to 31/10/2026 --fields number,issue_date,total_amount',
          'fisco invoice list --sdi-status rejected,delivery_failed --fields number,sdi_status,sdi_error',
          'fisco invoice list --all --query "[?overdue].{number: number, due: amount_due}"',
        ],
        [
          'The service has no issue-date filter: with --issued-from/--issued-to fisco reads every page (or the one --page',
          'names) and keeps, as they stream by, the invoices issued in the range; --limit counts the invoices kept.',
        ],
      ),
    )
    .action(lazy(() => import('./list.js')));

  addFlags(invoice.command('create').description('create an invoice (POST /fatture/nuova/manuale or /fatture/nuova/piva)'), CREATE_FLAGS)
    .addHelpText('after', `${CREATE_HELP}\n${examples(CREATE_EXAMPLES)}`)
    .action(lazy(() => import('./create.js')));

  addFlags(
    invoice
      .command('batch')
      .description('create one invoice per record of a CSV or NDJSON file, each exactly once (crash-safe journal)')
      .argument('<file>', 'CSV (one row per line item, grouped by ref) or NDJSON (one invoice a line); - for stdin'),
    BATCH_FLAGS,
  )
    .addHelpText('after', `${BATCH_HELP}\n${examples(BATCH_EXAMPLES)}`)
    .action(lazy(() => import('./batch.js')));

  addFlags(
    invoice
      .command('pay')
      .description('register a collection (POST /fatture/{uuid}/pagamenti); a number is looked up first')
      .argument('<invoice>', 'invoice number as the company writes it (42/2026) or UUID'),
    PAY_FLAGS,
  )
    .addHelpText(
      'after',
      examples(
        [
          'fisco invoice pay 42/2026 --amount 1.234,50 --date 24/11/2026 --method "Bonifico Intesa"',
          'fisco invoice pay "$(fisco invoice list --payment-status unpaid --limit 1 | jq -r \'.[0].uuid\')" --amount 100.00 --method "Bonifico Intesa"',
        ],
        [
          'A number that several invoices share (another year, another company of a firm token) is refused (exit 2)',
          'listing them with their dates and totals: add --year, --issued-from/--issued-to or --account, or give the UUID.',
        ],
      ),
    )
    .action(lazy(() => import('./pay.js')));

  addFlags(invoice.command('get').description('show one outbound invoice by its number (42/2026) or UUID (GET /v1/invoices)'), GET_FLAGS)
    .argument('<invoice>', 'invoice number as the company writes it (42/2026, or 42 for any year) or UUID')
    .addHelpText(
      'after',
      examples(
        ['fisco invoice get 42/2026', 'fisco invoice get 42 --year 2026 --fields number,issue_date,amount_due,uuid'],
        [
          'Looked up in the outbound invoices (every page, one pass). A number several invoices share is refused (exit 2)',
          'listing them with their dates and totals; --year or --issued-from/--issued-to say which.',
        ],
      ),
    )
    .action(lazy(() => import('./get.js')));

  addFlags(
    invoice.command('pdf').description("save outbound invoices' PDFs (their pdf_url) as <number>_<issue date>_<id>.pdf; complete files are skipped"),
    PDF_FLAGS,
  )
    .argument('<invoice...>', 'invoice numbers (42/2026) or UUIDs')
    .addHelpText(
      'after',
      examples(
        [
          'fisco invoice pdf 42/2026                   # into the current folder',
          'fisco invoice pdf 42/2026 43/2026 --dir ./fatture',
          'fisco invoice pdf 42 --year 2026 --dir ./fatture',
        ],
        [
          'Saved in the current folder unless --dir names another (created if missing).',
          'The folder is checked before any request; each PDF is written atomically (never half a file) and a re-run',
          'skips the files already complete. Stdout gets one record per invoice (id, file, result).',
        ],
      ),
    )
    .action(lazy(() => import('./pdf.js')));

  addListFlags(invoice.command('payment-methods').description('payment methods of the company (GET /fatture/metodi-pagamento)'), LIST_FLAGS)
    .addHelpText('after', examples(['fisco invoice payment-methods', "fisco invoice payment-methods --query '[].name'"]))
    .action(lazy(() => import('./payment-methods.js')));
  addListFlags(invoice.command('numberings').description('active numberings (GET /fatture/numerazioni)'), LIST_FLAGS)
    .addHelpText('after', examples(['fisco invoice numberings', 'fisco invoice numberings --query "[?type==\'invoice\'].name"']))
    .action(lazy(() => import('./numberings.js')));
}
