import { defineNoun, defineVerb } from '../verb.js';
import { CLIENTS_LIST_FLAGS, CLIENTS_ADD_FLAGS } from './flags.js';

export const CLIENTS = defineNoun({
  name: 'clients',
  description: 'customer records (GET /clients, POST /clients/store/*)',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list clients (GET /clients)',
      flags: CLIENTS_LIST_FLAGS,
      scope: 'companies',
      offline: true,
      examples: ['fisco clients list --search leopardi', 'fisco clients list --all -o csv --csv-dialect it > clienti.csv'],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'add',
      description: 'add a client: --piva alone looks it up in the business register; --name adds it by hand; no flags on a terminal asks',
      flags: CLIENTS_ADD_FLAGS,
      scope: 'company',
      examples: [
        'fisco clients add --piva IT00743110157                   # name and address from the business register',
        'fisco clients add --name "Acme GmbH" --country DE --piva DE123456789 --sdi XXXXXXX',
        'fisco clients add --name "Bottega S.r.l." --piva 02345678904 --sdi M5UXCR1 --address "Via Roma 1" --cap 20121 --city Milano --province MI',
      ],
      load: () => import('./add.js'),
    }),
  ],
});
