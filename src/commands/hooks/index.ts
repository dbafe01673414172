import { Option, type Command } from 'commander';
import { addListOptions, repeatable } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

const SECRET_FILE = '--secret-file <file>';
const SECRET_FILE_HELP = 'file holding the secret (one a line for a rotation); preferred over --secret';

export function registerHooks(program: Command): void {
  const hooks = program.command('hooks').description('webhook subscriptions, and local tools to verify, receive and trigger deliveries');
  addListOptions(hooks.command('list').description("the company's subscriptions, active and inactive; never their secrets (GET /v1/hooks)"))
    .addHelpText('after', examples(['fisco hooks list', 'fisco hooks list --query "[?active].url"']))
    .action(lazy(() => import('./list.js')));
  hooks
    .command('create')
    .description('subscribe a URL to events (POST /v1/hooks); the secret is shown once')
    .requiredOption('--url <url>', 'https URL that receives the deliveries')
    .requiredOption('--event <key>', 'event key (repeatable, or a comma list); see `fisco events list`', repeatable)
    .option('--name <name>', 'readable label')
    .addOption(new Option('--source <source>', 'who consumes it').choices(['zapier', 'n8n', 'custom']))
    .option(SECRET_FILE, 'write the secret to this new file (mode 0600) instead of printing it')
    .option('--allow-http', 'allow an http://127.0.0.1 or localhost URL (for the local emulator only)')
    .addHelpText(
      'after',
      examples([
        'fisco hooks create --url https://hooks.zapier.com/hooks/catch/123/abc --event invoice.created --source zapier --secret-file zap.secret',
        'fisco hooks create --url https://example.org/hook --event payment.received,payment.overdue -o json | jq -r .secret > hook.secret',
      ]),
    )
    .action(lazy(() => import('./create.js')));
  hooks
    .command('delete')
    .description('turn a subscription off (DELETE /v1/hooks/{id}); it is not erased')
    .argument('<id>', 'subscription id (fisco hooks list)')
    .addHelpText('after', examples(['fisco hooks delete "$(fisco hooks list --query \'[0].id\' | jq -r .)"      # the first subscription']))
    .action(lazy(() => import('./delete.js')));
  hooks
    .command('verify')
    .description('check a delivery: HMAC-SHA256 signature over timestamp.body, and timestamp freshness (local; exit 0 valid, 3 invalid)')
    .option('--secret <secret>', 'subscription secret (repeatable during a rotation)', repeatable)
    .option(SECRET_FILE, SECRET_FILE_HELP)
    .requiredOption('--signature <value>', 'the X-Service-Signature header (sha256=<hex|base64>, several comma separated)')
    .requiredOption('--timestamp <value>', 'the X-Service-Timestamp header (Unix seconds or ISO-8601)')
    .option('--body <file>', 'the raw body, byte for byte (- or absent: stdin)')
    .option('--tolerance <seconds>', 'accepted clock distance either way (default 300)')
    .addHelpText('after', examples(['fisco hooks verify --secret-file hook.secret --signature "$SIGNATURE" --timestamp "$TIMESTAMP" --body delivery.json']))
    .action(lazy(() => import('./verify.js')));
  hooks
    .command('listen')
    .description('local receiver on 127.0.0.1: verifies and prints each delivery (ndjson with -o ndjson or -o json)')
    .option('--port <n>', 'port (default 8787; 0 picks a free one)')
    .option('--secret <secret>', 'subscription secret (repeatable)', repeatable)
    .option(SECRET_FILE, SECRET_FILE_HELP)
    .option('--forward-to <url>', 'forward each verified delivery, raw body and headers, to this local URL')
    .option('--tolerance <seconds>', 'accepted timestamp distance and replay window (default 300)')
    .option('--max-deliveries <n>', 'exit after N deliveries')
    .addHelpText(
      'after',
      examples([
        'fisco hooks listen --port 8787 --secret-file hook.secret -o ndjson',
        'fisco hooks listen --secret-file hook.secret --forward-to http://127.0.0.1:3000/hook --max-deliveries 1',
      ]),
    )
    .action(lazy(() => import('./listen.js')));
  hooks
    .command('trigger')
    .description("send KEY's sample delivery (GET /v1/events/{event}/sample) to a URL, signed as the service would")
    .argument('<key>', 'event key, like invoice.created')
    .requiredOption('--to <url>', 'receiver URL')
    .option('--secret <secret>', 'secret to sign with (the first if repeated)', repeatable)
    .option(SECRET_FILE, 'file holding the secret (the first line signs)')
    .addHelpText('after', examples(['fisco hooks trigger invoice.created --to http://127.0.0.1:8787/ --secret-file hook.secret']))
    .action(lazy(() => import('./trigger.js')));
}
