/**
 * The Italian catalogue: English key (src/i18n/message.ts) → Italian, `{0}`, `{1}`… where the
 * arguments go (in any order). Checked by test/unit/i18n/catalogue.test.ts against every t`…` in
 * src/: each message has its translation with the same places, and none is left over. Loaded only
 * by an Italian run (a dynamic import). Flags, commands, field names and exit codes stay as they are.
 */
import type { Catalogue } from './message.js';

export const IT: Catalogue = {
  // batch/summary.ts
  '{0}, … {1} more': '{0}, … altri {1}',
  'ref {0}: {1}': 'ref {0}: {1}',
  '{0} records ({1}): {2}': '{0} record ({1}): {2}',
  // domain/dates.ts
  'must be a date written YYYY-MM-DD, e.g. 2026-11-20': 'deve essere una data scritta YYYY-MM-DD, per esempio 2026-11-20',
  '{0} is not a calendar date (write YYYY-MM-DD)': '{0} non è una data del calendario (scrivi YYYY-MM-DD)',
  'must be a month written YYYY-MM, e.g. 2026-11': 'deve essere un mese scritto YYYY-MM, per esempio 2026-11',
  'must be a date YYYY-MM-DD or an ISO-8601 instant with Z or an offset, e.g. 2026-11-20T09:30:00+01:00':
    'deve essere una data YYYY-MM-DD o un istante ISO-8601 con Z o un fuso, per esempio 2026-11-20T09:30:00+01:00',
  // domain/identifiers.ts
  'check digit is wrong: not a valid partita IVA (look for a typo)':
    'cifra di controllo errata: non è una partita IVA valida (controlla che non ci sia un errore di battitura)',
  'check digit is wrong: not a valid codice fiscale (look for a typo)':
    'cifra di controllo errata: non è un codice fiscale valido (controlla che non ci sia un errore di battitura)',
  'must be a partita IVA: 11 digits, with or without the IT prefix': 'deve essere una partita IVA: 11 cifre, con o senza il prefisso IT',
  'must be a codice fiscale: 16 letters and digits like RSSMRA85T10A562S, or 11 digits for a company':
    'deve essere un codice fiscale: 16 lettere e cifre come RSSMRA85T10A562S, o 11 cifre per una società',
  'check character is wrong: not a valid codice fiscale (look for a typo)':
    'carattere di controllo errato: non è un codice fiscale valido (controlla che non ci sia un errore di battitura)',
  '7 letters or digits (6 for a public administration office)': '7 lettere o cifre (6 per un ufficio della pubblica amministrazione)',
  '6 letters or digits (public administration office code)': '6 lettere o cifre (codice univoco ufficio della pubblica amministrazione)',
  '7 letters or digits ({0} for delivery by PEC, {1} for a foreign client)': '7 lettere o cifre ({0} per il recapito via PEC, {1} per un cliente estero)',
  'must be an SDI recipient code: {0}': 'deve essere un codice destinatario SDI: {0}',
  'must be a CAP (postal code) of 5 digits, e.g. 20121': 'deve essere un CAP di 5 cifre, per esempio 20121',
  'must be an Italian province code like MI or RM ({0} for abroad)': 'deve essere la sigla di una provincia italiana come MI o RM ({0} per l’estero)',
  'must be an e-mail address like nome@example.it': 'deve essere un indirizzo e-mail come nome@example.it',
  'must be a two-letter country code like IT or DE': 'deve essere un codice paese di due lettere come IT o DE',
  // domain/input.ts
  'like 1234.50, 1234,50 or 1.234,50 (at most two decimals)': 'come 1234.50, 1234,50 o 1.234,50 (al massimo due decimali)',
  'is empty: write an amount {0}': 'è vuoto: scrivi un importo {0}',
  '{0} or {1}': '{0} o {1}',
  "'{0}' has three decimals: an amount has at most two ({1}?)": "'{0}' ha tre decimali: un importo ne ha al massimo due ({1}?)",
  "'{0}' is ambiguous: write {1} or {2} for {3} euro (an amount has at most two decimals)":
    "'{0}' è ambiguo: scrivi {1} o {2} per {3} euro (un importo ha al massimo due decimali)",
  "'{0}' is not an amount: write it {1}": "'{0}' non è un importo: scrivilo {1}",
  "'{0}' has {1} decimals: an amount has at most two ({2})": "'{0}' ha {1} decimali: un importo ne ha al massimo due ({2})",
  '{0} is not a calendar date (write dd/mm/yyyy or YYYY-MM-DD)': '{0} non è una data del calendario (scrivi dd/mm/yyyy o YYYY-MM-DD)',
  '{0} is not a calendar date (write YYYY-MM-DD or dd/mm/yyyy)': '{0} non è una data del calendario (scrivi YYYY-MM-DD o dd/mm/yyyy)',
  'must be a date written YYYY-MM-DD or dd/mm/yyyy, e.g. 2026-11-24 or 24/11/2026':
    'deve essere una data scritta YYYY-MM-DD o dd/mm/yyyy, per esempio 2026-11-24 o 24/11/2026',
  'must be a month written YYYY-MM or mm/yyyy, e.g. 2026-11 or 11/2026': 'deve essere un mese scritto YYYY-MM o mm/yyyy, per esempio 2026-11 o 11/2026',
  // domain/invoice.ts
  'must not be empty': 'non deve essere vuoto',
  'must be empty on a {0}% line: nature codes are only for 0% VAT lines':
    'deve essere vuoto su una riga al {0}%: i codici natura sono solo per le righe con IVA allo 0%',
  'must have at least one line': 'deve avere almeno una riga',
  'must not exceed the taxable total of {0}': 'non deve superare l’imponibile totale di {0}',
  'line amount {0} is over {1}, the largest amount an e-invoice can carry':
    'l’importo della riga {0} supera {1}, il massimo che una fattura elettronica può riportare',
  'the invoice total {0} is over {1}, the largest amount an e-invoice can carry':
    'il totale della fattura {0} supera {1}, il massimo che una fattura elettronica può riportare',
  'give at least one due date, or leave it out for the default of 30 days':
    'indica almeno una scadenza, oppure omettila per la scadenza predefinita a 30 giorni',
  'must be percent or amount': 'deve essere percent o amount',
  'mixes percent and amount: use one type for all due dates': 'mescola percent e amount: usa un solo tipo per tutte le scadenze',
  'must not be before the issue date {0}': 'non deve essere precedente alla data di emissione {0}',
  'percentages add up to {0}; they must add up to exactly 100': 'le percentuali sommano a {0}; devono sommare esattamente a 100',
  'amounts add up to {0}; they must add up to the invoice total {1}': 'gli importi sommano a {0}; devono sommare al totale della fattura {1}',
  'must be a percentage above 0 and up to 100, like 50 or 33.33': 'deve essere una percentuale maggiore di 0 e fino a 100, come 50 o 33.33',
  'must not exceed the invoice total of {0}': 'non deve superare il totale della fattura di {0}',
  '{0} "{1}" has 0% VAT: the by-VAT variant (--piva) carries no nature code, so the service chooses one from the client and tax regime; to choose it yourself, use the manual variant with --natura':
    '{0} "{1}" ha IVA allo 0%: la variante per partita IVA (--piva) non porta un codice natura, quindi il servizio ne sceglie uno in base al cliente e al regime fiscale; per sceglierlo tu, usa la variante manuale con --natura',
  '{0} "{1}" has 0% VAT but no nature code (natura): the service chooses one from the client and tax regime; give --natura to choose it yourself (the SDI rejects a 0% line without one)':
    '{0} "{1}" ha IVA allo 0% ma nessun codice natura: il servizio ne sceglie uno in base al cliente e al regime fiscale; indica --natura per sceglierlo tu (lo SDI scarta una riga allo 0% senza codice natura)',
  '{0} "{1}" has VAT {2}%, not one of the ordinary rates {3}: right for a special regime, otherwise a typo':
    '{0} "{1}" ha IVA al {2}%, non una delle aliquote ordinarie {3}: corretto per un regime speciale, altrimenti è un errore di battitura',
  'VAT-exempt amounts total {0} EUR, over {1} EUR: a {2} EUR stamp duty (imposta di bollo) is due, unless these operations are exempt from it (e.g. exports, intra-EU supplies, reverse charge)':
    'le operazioni senza IVA ammontano a {0}, oltre {1}: è dovuta l’imposta di bollo di {2}, salvo che queste operazioni ne siano esenti (per esempio esportazioni, cessioni intracomunitarie, inversione contabile)',
  'issue date {0} is in the future (today is {1})': 'la data di emissione {0} è nel futuro (oggi è il {1})',
  'deferred invoice dated {0} should have reached the SDI by {1}: late transmission can be fined':
    'la fattura differita datata {0} doveva arrivare allo SDI entro il {1}: la trasmissione tardiva può essere sanzionata',
  'issue date {0} is {1} days ago: an invoice must reach the SDI within {2} days (by {3}); late transmission can be fined':
    'la data di emissione {0} è di {1} giorni fa: una fattura deve arrivare allo SDI entro {2} giorni (entro il {3}); la trasmissione tardiva può essere sanzionata',
  'client has both SDI code {0} and PEC {1}: the SDI delivers to the code and ignores the PEC':
    'il cliente ha sia il codice SDI {0} sia la PEC {1}: lo SDI recapita al codice e ignora la PEC',
  "SDI code {0} means delivery by PEC, but the client has no PEC: the invoice will only reach the client's tax drawer (cassetto fiscale)":
    'il codice SDI {0} indica il recapito via PEC, ma il cliente non ha una PEC: la fattura arriverà solo nel cassetto fiscale del cliente',
  'SDI code {0} is for foreign clients, but this client is Italian': 'il codice SDI {0} è per i clienti esteri, ma questo cliente è italiano',
  'CIG/CUP given but SDI code {0} has 7 characters: public administrations receive on 6-character office codes (codice univoco ufficio); check the recipient':
    'CIG/CUP indicati ma il codice SDI {0} ha 7 caratteri: le pubbliche amministrazioni ricevono su codici ufficio di 6 caratteri (codice univoco ufficio); controlla il destinatario',
  'foreign client with SDI code {0}: foreign clients normally use {1}': 'cliente estero con codice SDI {0}: i clienti esteri di norma usano {1}',
  // domain/money.ts
  'must be a decimal amount like 1234.50 (dot for decimals, no thousands separator)':
    'deve essere un importo decimale come 1234.50 (punto per i decimali, senza separatore delle migliaia)',
  'must be a unit price like 150.00 or 0.125 (dot for decimals, at most 8 decimals, no thousands separator)':
    'deve essere un prezzo unitario come 150.00 o 0.125 (punto per i decimali, al massimo 8 decimali, senza separatore delle migliaia)',
  'must be a positive quantity like 1, 1.5 or 0.25 (dot for decimals, at most 8 decimals)':
    'deve essere una quantità positiva come 1, 1.5 o 0.25 (punto per i decimali, al massimo 8 decimali)',
  'has more than {0} digits before the decimal point: the e-invoice format allows at most {1}':
    'ha più di {0} cifre prima della virgola: il formato della fattura elettronica ne ammette al massimo {1}',
  'must not be negative': 'non deve essere negativo',
  'must be greater than zero': 'deve essere maggiore di zero',
  'a rate in percent': 'un’aliquota in percentuale',
  'must be {0} from 0 to 100 with at most 2 decimals, like 22 or 10.5': 'deve essere {0} da 0 a 100 con al massimo 2 decimali, come 22 o 10.5',
  "'{0}' is ambiguous: write {1} (or {2}) for {3}, or {4} for {5} and {6} thousandths":
    "'{0}' è ambiguo: scrivi {1} (o {2}) per {3}, oppure {4} per {5} e {6} millesimi",
  'must be a number like 150,00 or 150.00 (1.234,50 with a thousands separator)':
    'deve essere un numero come 150,00 o 150.00 (1.234,50 con il separatore delle migliaia)',
  'a percentage': 'una percentuale',
  'a VAT rate in percent': 'un’aliquota IVA in percentuale',
  // domain/vat.ts
  'must be a VAT nature code: {0}': 'deve essere un codice natura IVA: {0}',
  // i18n/message.ts
  'the service said: {0}': 'il servizio ha risposto: «{0}»',
  // io/prompter.ts
  'missing {0}: pass {1}': 'manca un valore ({0}): indica {1}',
  'fisco asks for it only on a terminal (and not with --no-input).': 'fisco lo chiede solo su un terminale (e non con --no-input).',
  'a confirmation': 'una conferma',
  'cancelled at the prompt; nothing was sent': 'annullato alla richiesta di conferma; non è stato inviato nulla',
  // output/output.ts
  '--output-file {0}: cannot write ({1}); nothing was written there': '--output-file {0}: impossibile scrivere ({1}); lì non è stato scritto nulla',
  '1 item': '1 elemento',
  '{0} items': '{0} elementi',
  '{0} (after {1}; nothing was written to {2})': '{0} (dopo {1}; in {2} non è stato scritto nulla)',
  '{0} (after {1} had been written to stdout; the output is incomplete)': '{0} (dopo {1} già scritti su stdout; l’output è incompleto)',
  'No results.': 'Nessun risultato.',
  '{0} shortened': '{0} abbreviate',
  '{0} left out': '{0} omesse',
  '({0} to fit {1} columns; {2})': '({0} per stare in {1} colonne; {2})',
  '--fields or -o json show every field in full': '--fields o -o json mostrano ogni campo per intero',
  'warning:': 'attenzione:',
  '--fields: {0} is not a field of this resource': '--fields: {0} non è un campo di questa risorsa',
  '--fields: {0} are not fields of this resource': '--fields: {0} non sono campi di questa risorsa',
  'Fields: {0}': 'Campi: {0}',
  // output/table.ts
  'a record': 'un record',
  '{0} an amount with digits past the cent, shown exactly as the service sent it (never rounded): {1} and {2} more; -o json and -o csv carry it exactly':
    '{0} un importo con cifre oltre il centesimo, mostrato esattamente come l’ha inviato il servizio (mai arrotondato): {1} e altri {2}; -o json e -o csv lo riportano esatto',
  '{0} an amount with digits past the cent, shown exactly as the service sent it (never rounded): {1}; -o json and -o csv carry it exactly':
    '{0} un importo con cifre oltre il centesimo, mostrato esattamente come l’ha inviato il servizio (mai arrotondato): {1}; -o json e -o csv lo riportano esatto',
  // profiles/lang.ts
  "the profile's lang": 'la lingua del profilo',
  "{0}: '{1}' is not a language fisco speaks; use it (italiano) or en (English)": "{0}: '{1}' non è una lingua di fisco; usa it (italiano) o en (English)",
};
