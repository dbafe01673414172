import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { addFlags } from '../../flags/commander.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { HOOKS_CREATE_FLAGS } from './create.flags.js';
import { LISTEN_FLAGS } from './listen.flags.js';
import { TRIGGER_FLAGS } from './trigger.flags.js';
import { VERIFY_FLAGS } from './verify.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerHooks(program: Command): void {
  const hooks = program.command('hooks').description('webhook subscriptions, and local tools to verify, receive and trigger deliveries');
  addListFlags(hooks.command('list').description("the company's subscriptions, active and inactive; never their secrets (GET /v1/hooks)"), LIST_FLAGS)
    .addHelpText('after', examples(['fisco hooks list', 'fisco hooks list --query "[?active].url"']))
    .action(lazy(() => import('./list.js')));
  addFlags(hooks.command('create').description('subscribe a URL to events (POST /v1/hooks); the secret is shown once'), HOOKS_CREATE_FLAGS)
    .addHelpText(
      'after',
      examples([
        'fisco hooks create --url https://hooks.zapier.com/hooks/catch/123/abc --event invoice.created --source zapier --secret-file zap.secret',
        'fisco hooks create --url https://example.org/hook --event payment.received,payment.overdue -o json | jq -r .secret > hook.secret',
      ]),
    )
    .action(lazy(() => import('./create.js')));
  addFlags(hooks.command('delete'), NO_FLAGS)
    .description('turn a subscription off (DELETE /v1/hooks/{id}); it is not erased')
    .argument('<id>', 'subscription id (fisco hooks list)')
    .addHelpText('after', examples(['fisco hooks delete "$(fisco hooks list --query \'[0].id\' | jq -r .)"      # the first subscription']))
    .action(lazy(() => import('./delete.js')));
  addFlags(
    hooks
      .command('verify')
      .description('check a delivery: HMAC-SHA256 signature over timestamp.body, and timestamp freshness (local; exit 0 valid, 3 invalid)'),
    VERIFY_FLAGS,
  )
    .addHelpText('after', examples(['fisco hooks verify --secret-file hook.secret --signature "$SIGNATURE" --timestamp "$TIMESTAMP" --body delivery.json']))
    .action(lazy(() => import('./verify.js')));
  addFlags(
    hooks.command('listen').description('local receiver on 127.0.0.1: verifies and prints each delivery (ndjson with -o ndjson or -o json)'),
    LISTEN_FLAGS,
  )
    .addHelpText(
      'after',
      examples([
        'fisco hooks listen --port 8787 --secret-file hook.secret -o ndjson',
        'fisco hooks listen --secret-file hook.secret --forward-to http://127.0.0.1:3000/hook --max-deliveries 1',
      ]),
    )
    .action(lazy(() => import('./listen.js')));
  addFlags(
    hooks
      .command('trigger')
      .description("send KEY's sample delivery (GET /v1/events/{event}/sample) to a URL, signed as the service would")
      .argument('<key>', 'event key, like invoice.created'),
    TRIGGER_FLAGS,
  )
    .addHelpText('after', examples(['fisco hooks trigger invoice.created --to http://127.0.0.1:8787/ --secret-file hook.secret']))
    .action(lazy(() => import('./trigger.js')));
}
