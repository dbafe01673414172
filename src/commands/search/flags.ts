/** The flags of `fisco search`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

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
