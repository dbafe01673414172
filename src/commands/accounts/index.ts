import { NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';
import { ACCOUNTS_LIST_FLAGS } from './flags.js';

export const ACCOUNTS = defineNoun({
  name: 'accounts',
  description: 'companies the token manages (all clients of an accounting firm, or one company)',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list companies (GET /v1/accounts)',
      flags: ACCOUNTS_LIST_FLAGS,
      // The company list is the token's: --all-accounts changes nothing.
      scope: 'token',
      offline: true,
      examples: ['fisco accounts list', 'fisco accounts list --updated-since 2026-01-01 -o csv > companies.csv'],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'get',
      description: 'show one company (GET /v1/accounts/{id})',
      args: [{ name: '<id>', description: 'company id (fisco accounts list)' }],
      flags: NO_FLAGS,
      // One company by id: --all-accounts changes nothing.
      scope: 'token',
      offline: true,
      examples: ['fisco accounts get acc_rossi', 'fisco accounts get acc_rossi --query vat_number'],
      load: () => import('./get.js'),
    }),
  ],
});
