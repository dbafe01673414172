import { LIST_FLAGS } from '../../flags/shared.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';
import { EVENT_KEY } from '../../completion/values.js';

export const EVENTS = defineNoun({
  name: 'events',
  description: 'the webhook event catalog and sample deliveries',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'every event key with label, category and description (GET /v1/events)',
      flags: LIST_FLAGS,
      // The catalog is the service's: the same for every company.
      scope: 'token',
      examples: ['fisco events list', 'fisco events list --query "[?category==\'invoices\'].key"'],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'sample',
      description: 'an example delivery in the real envelope shape, to configure Zapier or n8n before any real event (GET /v1/events/{event}/sample)',
      args: [{ name: '<key>', description: 'event key, like invoice.created', complete: EVENT_KEY }],
      flags: NO_FLAGS,
      scope: 'token',
      examples: ['fisco events sample invoice.created', 'fisco events sample payment.received > payment-received.json'],
      load: () => import('./sample.js'),
    }),
  ],
});
