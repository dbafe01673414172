import { defineVerb } from '../verb.js';
import { SEARCH_FLAGS } from './flags.js';

const HELP = `
Searches the local mirror (\`fisco sync\` fills it; no request is sent) across every company it
holds, or those --accounts / --account name: invoices (number, counterpart, VAT number, total),
clients (name, VAT number, tax code, PEC, e-mail, city), F24 forms (description, period),
deadlines (title) and expenses (supplier, document number). Accents and case are ignored
(citta finds Città), a word finds the words it begins, VAT numbers match with or without IT,
invoice numbers as written (42/2026), amounts as you type them (1.234,50 finds 1234.50). Every
word must match; the best matches come first. Each hit names its company, kind and key fields.`;

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
