import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

export const RECEIPTS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only uploads updated since (ISO-8601)' },
});

export const RECEIPTS = defineNoun({
  name: 'receipts',
  description: 'telematic receipts (corrispettivi): not managed by the service',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list receipt uploads (GET /v1/receipts-uploads; always empty)',
      flags: RECEIPTS_LIST_FLAGS,
      scope: 'companies',
      notes: ['The service does not manage telematic receipts: the list is always empty, and fisco says so.'],
      examples: ['fisco receipts list'],
      load: () => import('./list.js'),
    }),
  ],
});
