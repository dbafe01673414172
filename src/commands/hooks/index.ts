import { LIST_FLAGS } from '../../flags/shared.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';
import { HOOKS_CREATE_FLAGS, VERIFY_FLAGS, LISTEN_FLAGS, TRIGGER_FLAGS } from './flags.js';
import { EVENT_KEY } from '../../completion/values.js';

export const HOOKS = defineNoun({
  name: 'hooks',
  description: 'webhook subscriptions, and local tools to verify, receive and trigger deliveries',
  verbs: [
    defineVerb({
      name: 'list',
      description: "the company's subscriptions, active and inactive; never their secrets (GET /v1/hooks)",
      flags: LIST_FLAGS,
      // Subscriptions belong to the company whose own token is used: a firm token cannot read them for any
      // company (company-token.ts), so the list runs once, never per company.
      scope: 'token',
      examples: ['fisco hooks list', 'fisco hooks list --query "[?active].url"'],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'create',
      description: 'subscribe a URL to events (POST /v1/hooks); the secret is shown once',
      flags: HOOKS_CREATE_FLAGS,
      scope: 'company',
      examples: [
        'fisco hooks create --url https://hooks.zapier.com/hooks/catch/123/abc --event invoice.created --source zapier --secret-file zap.secret',
        'fisco hooks create --url https://example.org/hook --event payment.received,payment.overdue -o json | jq -r .secret > hook.secret',
      ],
      load: () => import('./create.js'),
    }),
    defineVerb({
      name: 'delete',
      description: 'turn a subscription off (DELETE /v1/hooks/{id}); it is not erased',
      args: [{ name: '<id>', description: 'subscription id (fisco hooks list)' }],
      flags: NO_FLAGS,
      scope: 'company',
      examples: ['fisco hooks delete "$(fisco hooks list --query \'[0].id\' | jq -r .)"      # the first subscription'],
      load: () => import('./delete.js'),
    }),
    defineVerb({
      name: 'verify',
      description: 'check a delivery: HMAC-SHA256 signature over timestamp.body, and timestamp freshness (local; exit 0 valid, 3 invalid)',
      flags: VERIFY_FLAGS,
      scope: 'local',
      examples: ['fisco hooks verify --secret-file hook.secret --signature "$SIGNATURE" --timestamp "$TIMESTAMP" --body delivery.json'],
      load: () => import('./verify.js'),
    }),
    defineVerb({
      name: 'listen',
      description: 'local receiver on 127.0.0.1: verifies and prints each delivery (ndjson with -o ndjson or -o json)',
      flags: LISTEN_FLAGS,
      scope: 'local',
      examples: [
        'fisco hooks listen --port 8787 --secret-file hook.secret -o ndjson',
        'fisco hooks listen --secret-file hook.secret --forward-to http://127.0.0.1:3000/hook --max-deliveries 1',
      ],
      load: () => import('./listen.js'),
    }),
    defineVerb({
      name: 'trigger',
      description: "send KEY's sample delivery (GET /v1/events/{event}/sample) to a URL, signed as the service would",
      args: [{ name: '<key>', description: 'event key, like invoice.created', complete: EVENT_KEY }],
      flags: TRIGGER_FLAGS,
      scope: 'company',
      examples: ['fisco hooks trigger invoice.created --to http://127.0.0.1:8787/ --secret-file hook.secret'],
      load: () => import('./trigger.js'),
    }),
  ],
});
