import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';

export function registerEvents(program: Command): void {
  const events = program.command('events').description('the webhook event catalog and sample deliveries');
  addListOptions(events.command('list').description('every event key with label, category and description (GET /v1/events)')).action(lazy(() => import('./list.js')));
  events
    .command('sample')
    .description('an example delivery in the real envelope shape, to configure Zapier or n8n before any real event (GET /v1/events/{event}/sample)')
    .argument('<key>', 'event key, like invoice.created')
    .action(lazy(() => import('./sample.js')));
}
