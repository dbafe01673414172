import { defineVerb } from '../verb.js';
import { SEARCH_FLAGS } from './flags.js';

const HELP = `
Searches the local mirror (\`fisco sync\` fills it; no request is sent) across every company it
holds, or those --accounts / --account name: invoices (number, counterpart, VAT number, total),
clients (name, VAT number, tax code, PEC, e-mail, city), F24 forms (description, period),
deadlines (title) and expenses (supplier, document number). Accents and case are ignored
(citta finds Città), a word with a letter finds the words it begins (bian finds Bianchi, F800
finds F8002), a plain number is exact: VAT numbers with or without IT, invoice numbers as written
(42/2026), amounts as you type them (1.234,50 finds 1234.50). Every word must match. What is
named as typed comes first (a client by its name or VAT number, then the invoices naming it).
Each hit names its company, kind and key fields.`;

export const SEARCH = defineVerb({
  name: 'search',
  description: 'full-text search over the local mirror, across companies (no request)',
  args: [{ name: '<text...>', description: 'what to look for: names, VAT numbers, invoice numbers, amounts' }],
  flags: SEARCH_FLAGS,
  // It reads the mirror of every company it holds, or those --accounts / --account name.
  scope: 'firm',
  offline: true,
  help: HELP,
  examples: ['fisco search citta', 'fisco search 1.234,50 --in invoices', 'fisco search bianchi --in invoices,clients -o csv > bianchi.csv'],
  load: () => import('./search.js'),
});
