import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerClients(program: Command): void {
  const clients = program.command('clients').description('customer records (GET /clients, POST /clients/store/*)');
  addListOptions(clients.command('list').description('list clients (GET /clients)'))
    .option('--search <q>', 'only clients whose name or VAT number contains Q')
    .addHelpText('after', examples(['fisco clients list --search leopardi', 'fisco clients list --all -o csv --csv-dialect it > clienti.csv']))
    .action(lazy(() => import('./list.js')));
  clients
    .command('add')
    .description('add a client: --piva alone looks it up in the business register; --name adds it by hand; no flags on a terminal asks')
    .option('--piva <vat>', 'VAT number (checked locally; a foreign one like DE123456789 is sent as given)')
    .option('--name <name>', 'name or company name (adds the client by hand)')
    .option('--sdi <code>', 'SDI recipient code (7 characters, 6 for a public administration, 0000000 with PEC)')
    .option('--pec <address>', 'certified e-mail (PEC)')
    .option('--email <address>', 'e-mail address')
    .option('--phone <number>', 'phone number')
    .option('--domain <domain>', 'web domain (at most 255 characters)')
    .option('--address <street>', 'street and number')
    .option('--cap <cap>', 'postal code (5 digits for Italy)')
    .option('--city <city>', 'municipality')
    .option('--province <code>', 'province code, like MI (Italy)')
    .option('--country <code>', 'two-letter country code (default IT)')
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
