import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerReceipts(program: Command): void {
  const receipts = program.command('receipts').description('telematic receipts (corrispettivi): not managed by the service');
  addListOptions(receipts.command('list').description('list receipt uploads (GET /v1/receipts-uploads; always empty)'))
    .option('--updated-since <instant>', 'only uploads updated since (ISO-8601)')
    .addHelpText('after', examples(['fisco receipts list'], ['The service does not manage telematic receipts: the list is always empty, and fisco says so.']))
    .action(lazy(() => import('./list.js')));
}
