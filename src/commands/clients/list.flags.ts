/** `fisco clients list`: data only (read at registration, see src/commands/flags.ts). */
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

export const CLIENTS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  search: {
    flag: '--search <q>',
    kind: 'string',
    trim: true,
    empty: 'give some text to search for',
    description: 'only clients whose name or VAT number contains Q',
  },
});
