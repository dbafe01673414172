/** `fisco search`: data only (read at registration, see src/commands/flags.ts). */
import { LIST_FLAGS } from '../declare.js';
import { defineFlags } from '../flags.js';

export const SEARCH_IN_VALUES = ['invoices', 'clients', 'f24', 'deadlines', 'expenses'] as const;

export const SEARCH_FLAGS = defineFlags({
  ...LIST_FLAGS,
  in: {
    flag: '--in <kinds>',
    kind: 'enumList',
    choices: SEARCH_IN_VALUES,
    description: 'comma list of what to search: invoices, clients, f24, deadlines, expenses (default: all)',
  },
});
