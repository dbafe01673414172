import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { addFlags } from '../../flags/commander.js';
import { CLIENTS_ADD_FLAGS } from './add.flags.js';
import { CLIENTS_LIST_FLAGS } from './list.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerClients(program: Command): void {
  const clients = program.command('clients').description('customer records (GET /clients, POST /clients/store/*)');
  addListFlags(clients.command('list').description('list clients (GET /clients)'), CLIENTS_LIST_FLAGS)
    .addHelpText('after', examples(['fisco clients list --search leopardi', 'fisco clients list --all -o csv --csv-dialect it > clienti.csv']))
    .action(lazy(() => import('./list.js')));
  addFlags(
    clients.command('add').description('add a client: --piva alone looks it up in the business register; --name adds it by hand; no flags on a terminal asks'),
    CLIENTS_ADD_FLAGS,
  )
    .addHelpText(
      'after',
      examples([
        'fisco clients add --piva IT00743110157                   # name and address from the business register',
        'fisco clients add --name "Acme GmbH" --country DE --piva DE123456789 --sdi XXXXXXX',
        'fisco clients add --name "Bottega S.r.l." --piva 02345678904 --sdi M5UXCR1 --address "Via Roma 1" --cap 20121 --city Milano --province MI',
      ]),
    )
    .action(lazy(() => import('./add.js')));
}
