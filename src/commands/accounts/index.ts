import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { addFlags } from '../../flags/commander.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { ACCOUNTS_LIST_FLAGS } from './list.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

export function registerAccounts(program: Command): void {
  const accounts = program.command('accounts').description('companies the token manages (all clients of an accounting firm, or one company)');
  addListFlags(accounts.command('list').description('list companies (GET /v1/accounts)'), ACCOUNTS_LIST_FLAGS)
    .addHelpText('after', examples(['fisco accounts list', 'fisco accounts list --updated-since 2026-01-01 -o csv > companies.csv']))
    .action(lazy(() => import('./list.js')));
  addFlags(markScope(accounts.command('get'), 'token'), NO_FLAGS)
    .description('show one company (GET /v1/accounts/{id})')
    .argument('<id>', 'company id (fisco accounts list)')
    .addHelpText('after', examples(['fisco accounts get acc_rossi', 'fisco accounts get acc_rossi --query vat_number']))
    .action(lazy(() => import('./get.js')));
}
