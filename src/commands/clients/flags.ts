/** The flags of `fisco clients`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags, text } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';

export const CLIENTS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  search: {
    flag: '--search <q>',
    kind: 'string',
    trim: true,
    empty: t`give some text to search for`,
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
