import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('companies the token manages (all clients of an accounting firm, or one company)');
  addListOptions(accounts.command('list').description('list companies (GET /v1/accounts)'))
    .option('--updated-since <instant>', 'only companies updated since (ISO-8601, or YYYY-MM-DD)')
    .action(lazy(() => import('./list.js')));
  accounts
    .command('get')
    .description('show one company (GET /v1/accounts/{id})')
    .argument('<id>', 'company id')
    .action(lazy(() => import('./get.js')));
}
