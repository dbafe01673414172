/**
 * The Italian catalogue: English key (src/i18n/message.ts) → Italian, `{0}`, `{1}`… where the
 * arguments go (in any order). Checked by test/unit/i18n/catalogue.test.ts against every t`…` in
 * src/: each message has its translation with the same places, and none is left over. Loaded only
 * by an Italian run (a dynamic import). Flags, commands, field names and exit codes stay as they are.
 */
import type { Catalogue } from './message.js';

export const IT: Catalogue = {
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
