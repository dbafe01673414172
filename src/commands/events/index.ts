import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { addFlags } from '../../flags/commander.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

export function registerEvents(program: Command): void {
  const events = program.command('events').description('the webhook event catalog and sample deliveries');
  addListFlags(events.command('list').description('every event key with label, category and description (GET /v1/events)'), LIST_FLAGS)
    .addHelpText('after', examples(['fisco events list', 'fisco events list --query "[?category==\'invoices\'].key"']))
    .action(lazy(() => import('./list.js')));
  addFlags(markScope(events.command('sample'), 'token'), NO_FLAGS)
    .description('an example delivery in the real envelope shape, to configure Zapier or n8n before any real event (GET /v1/events/{event}/sample)')
    .argument('<key>', 'event key, like invoice.created')
    .addHelpText('after', examples(['fisco events sample invoice.created', 'fisco events sample payment.received > payment-received.json']))
    .action(lazy(() => import('./sample.js')));
}
