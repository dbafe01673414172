import { defineNoun, defineVerb } from '../verb.js';
import { RECEIPTS_LIST_FLAGS } from './flags.js';

export const RECEIPTS = defineNoun({
  name: 'receipts',
  description: 'telematic receipts (corrispettivi): not managed by the service',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list receipt uploads, always empty (GET /v1/receipts-uploads)',
      flags: RECEIPTS_LIST_FLAGS,
      scope: 'companies',
      notes: ['The service does not manage telematic receipts: the list is always empty, and fisco says so.'],
      examples: ['fisco receipts list'],
      load: () => import('./list.js'),
    }),
  ],
});
