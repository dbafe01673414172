/** The flags of `fisco api`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { defineFlags } from '../../flags/spec.js';
import { FILE } from '../../completion/values.js';

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
    complete: FILE,
    allowEmpty: true,
    description: 'request body from a JSON file, sent as written, or - for stdin (fields then go to the query)',
  },
  paginate: {
    flag: '--paginate',
    kind: 'boolean',
    description: 'follow every page of a list endpoint (from the page given, or the first) and print all items',
  },
  showSecrets: {
    flag: '--show-secrets',
    kind: 'boolean',
    description: 'print the answer raw: tokens and webhook secrets fisco holds are not replaced by ***',
  },
});
