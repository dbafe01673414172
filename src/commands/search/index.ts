import type { Command } from 'commander';
import { markScope } from '../../portfolio/scope.js';
import { lazy } from '../runner.js';
import { addFlags } from '../flags.js';
import { SEARCH_FLAGS } from './search.flags.js';

const HELP = `
Searches the local mirror (\`fisco sync\` fills it; no request is sent) across every company it
holds, or those --accounts / --account name: invoices (number, counterpart, VAT number, total),
clients (name, VAT number, tax code, PEC, e-mail, city), F24 forms (description, period),
deadlines (title) and expenses (supplier, document number). Accents and case are ignored
(citta finds Città), a word finds the words it begins, VAT numbers match with or without IT,
invoice numbers as written (42/2026), amounts as you type them (1.234,50 finds 1234.50). Every
word must match; the best matches come first. Each hit names its company, kind and key fields.

Examples:
  $ fisco search citta
  $ fisco search 1.234,50 --in invoices
  $ fisco search bianchi --in invoices,clients -o csv > bianchi.csv`;

export function registerSearch(program: Command): void {
  markScope(
    addFlags(program.command('search').description('full-text search over the local mirror, across companies (no request)'), SEARCH_FLAGS)
      .argument('<text...>', 'what to look for: names, VAT numbers, invoice numbers, amounts')
      .addHelpText('after', HELP),
    'portfolio',
  ).action(lazy(() => import('./search.js')));
}
