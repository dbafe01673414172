import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags, text } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

export const CLIENTS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  search: {
    flag: '--search <q>',
    kind: 'string',
    trim: true,
    empty: 'give some text to search for',
    description: 'only clients whose name or VAT number contains Q',
  },
});

/** Values are checked by fields.ts, each naming its flag. */
export const CLIENTS_ADD_FLAGS = defineFlags({
  piva: text('--piva <vat>', 'VAT number (checked locally; a foreign one like DE123456789 is sent as given)'),
  name: text('--name <name>', 'name or company name (adds the client by hand)'),
  sdi: text('--sdi <code>', 'SDI recipient code (7 characters, 6 for a public administration, 0000000 with PEC)'),
  pec: text('--pec <address>', 'certified e-mail (PEC)'),
  email: text('--email <address>', 'e-mail address'),
  phone: text('--phone <number>', 'phone number'),
  domain: text('--domain <domain>', 'web domain (at most 255 characters)'),
  address: text('--address <street>', 'street and number'),
  cap: text('--cap <cap>', 'postal code (5 digits for Italy)'),
  city: text('--city <city>', 'municipality'),
  province: text('--province <code>', 'province code, like MI (Italy)'),
  country: text('--country <code>', 'two-letter country code (default IT)'),
});

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
