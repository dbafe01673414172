import { defineNoun, defineVerb } from '../verb.js';
import { MATCH_FLAGS, APPLY_FLAGS } from './flags.js';
import { FILE } from '../../completion/values.js';

const MATCH_HELP = `
Formats are recognised from the content: camt.053 (.001.02 to .001.08), camt.054, the CBI XML
envelope, CBI RH fixed-width text, MT940, and CSV with a column mapping (--csv-* or --csv-mapping).
The company is the one whose payment methods carry the statement's IBAN; --account ID chooses it,
and a statement whose accounts are another company's is then refused, naming that company.
The whole run is read before anything is printed: a statement refused anywhere is exit 2 with
nothing on stdout and no plan. Only EUR credits that are not reversals are matched, chosen over the
whole run (an exact payment wins its invoice whatever the order of the lines); each proposal says
why (a number in the text, the amount, the payer's name, several invoices of one client, a partial,
an excess, a bank fee) and how it fits (exact, fee, partial, over). Nothing is sent to the service
unless --review is given and confirmed. Credits already registered from an earlier statement (the
company's bank journal) are marked so and never proposed again.`;

const APPLY_HELP = `
Registers the proposed credits of a plan (POST /fatture/{uuid}/pagamenti, the booking date as the
payment date, a note naming the bank reference): without --min-confidence only the sure ones (exact,
or less a bank fee) and those a person accepted in a review; a partial or an over-payment is left as
needs-review. Each payment is journaled first, so a re-run, an
overlapping statement or a crash never registers the same credit twice; an invoice whose residue
changed since the match is skipped. Without a terminal it needs --yes (else exit 10).
Exit codes: 9 when a payment's outcome stays unknown, 11 when some failed and others registered.`;

export const BANK = defineNoun({
  name: 'bank',
  description: 'collections from bank statements: match credits to open invoices, register them once',
  verbs: [
    defineVerb({
      name: 'match',
      description: 'propose, for every credit of a statement, the open invoices it pays (writes nothing to the service)',
      args: [{ name: '<statement...>', description: 'statement files (camt.053/054, CBI XML, CBI RH, MT940, CSV); - for stdin', complete: FILE }],
      flags: MATCH_FLAGS,
      // Each statement goes to the company whose IBAN it names, among the token's (--demo: the firm's token).
      scope: 'routed',
      help: MATCH_HELP,
      examples: [
        'fisco --demo emulator statement --format camt.053 > estratto.xml && fisco --demo bank match estratto.xml',
        'fisco --demo emulator statement --format cbi-rh > estratto.txt && fisco --demo bank match estratto.txt --fee-tolerance 5 --plan plan.json --unmatched da-verificare.csv',
        'fisco --demo emulator statement --format csv > movimenti.csv && fisco --demo --account acc_rossi bank match movimenti.csv --csv-date "Data contabile" --csv-credit Avere --csv-debit Dare --csv-description "Descrizione operazione" --csv-counterpart "Ordinante/Beneficiario" --csv-reference "Riferimento banca" -o csv',
      ],
      load: () => import('./match.js'),
    }),
    defineVerb({
      name: 'apply',
      description: 'register the accepted proposals of a plan, each credit once (POST /fatture/{uuid}/pagamenti)',
      args: [{ name: '<plan>', description: 'the plan file fisco bank match --plan wrote; - for stdin', complete: FILE }],
      flags: APPLY_FLAGS,
      // The same token as bank match (--demo: the firm's), so a plan of any of the token's companies applies.
      scope: 'routed',
      help: APPLY_HELP,
      examples: [
        'fisco --demo emulator statement --format camt.053 > estratto.xml && fisco --demo bank match estratto.xml --plan plan.json && fisco --demo bank apply plan.json --yes',
        'fisco --demo bank match estratto.xml --plan plan.json && fisco --demo bank apply plan.json --min-confidence 0.9 --yes -o json',
      ],
      load: () => import('./apply.js'),
    }),
  ],
});
