import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { RECEIPTS_LIST_FLAGS } from './list.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerReceipts(program: Command): void {
  const receipts = program.command('receipts').description('telematic receipts (corrispettivi): not managed by the service');
  addListFlags(receipts.command('list').description('list receipt uploads (GET /v1/receipts-uploads; always empty)'), RECEIPTS_LIST_FLAGS)
    .addHelpText('after', examples(['fisco receipts list'], ['The service does not manage telematic receipts: the list is always empty, and fisco says so.']))
    .action(lazy(() => import('./list.js')));
}
