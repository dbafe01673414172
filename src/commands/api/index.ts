import { defineFlags } from '../../flags/spec.js';
import { defineVerb } from '../verb.js';

export const API_FLAGS = defineFlags({
  field: {
    flag: '-f, --field <key=value>',
    kind: 'list',
    allowEmpty: true,
    description: 'string field: query parameter for GET/DELETE, body field otherwise; key[]=v appends to an array, key[sub]=v nests (repeatable)',
  },
  typedField: {
    flag: '-F, --typed-field <key=value>',
    kind: 'list',
    allowEmpty: true,
    description: 'like -f, but true/false/null/numbers/JSON are typed; numbers are sent exactly as written (repeatable)',
  },
  input: {
    flag: '--input <file>',
    kind: 'string',
    allowEmpty: true,
    description: 'request body from a JSON file, sent as written, or - for stdin (fields then go to the query)',
  },
  paginate: { flag: '--paginate', kind: 'boolean', description: 'follow every page of a list endpoint and print all items' },
  showSecrets: {
    flag: '--show-secrets',
    kind: 'boolean',
    description: 'print the answer raw: tokens and webhook secrets fisco holds are not replaced by ***',
  },
});

export const API = defineVerb({
  name: 'api',
  description: 'make an authenticated request to any endpoint and print the JSON answer',
  args: [
    { name: '<method>', description: 'GET, POST, PUT, PATCH or DELETE' },
    { name: '<path>', description: 'path under the base URL, like /v1/invoices' },
  ],
  flags: API_FLAGS,
  scope: 'service',
  examples: [
    'fisco api GET /v1/me',
    'fisco api GET /v1/invoices -f sdi_status=rejected --paginate -o ndjson',
    "fisco api GET /v1/f24s --paginate | jq -r '.[].due_date' | sort | uniq -c",
    'echo \'{"target_url":"https://example.org/api-hook","events":["invoice.created"]}\' | fisco api POST /v1/hooks --input -',
  ],
  load: () => import('./api.js'),
});
