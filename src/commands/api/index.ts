import type { Command } from 'commander';
import { repeatable } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerApi(program: Command): void {
  program
    .command('api')
    .description('make an authenticated request to any endpoint and print the JSON answer')
    .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
    .argument('<path>', 'path under the base URL, like /v1/invoices')
    .option(
      '-f, --field <key=value>',
      'string field: query parameter for GET/DELETE, body field otherwise; key[]=v appends to an array, key[sub]=v nests (repeatable)',
      repeatable,
    )
    .option(
      '-F, --typed-field <key=value>',
      'like -f, but true/false/null/numbers/JSON are typed; numbers are sent exactly as written (repeatable)',
      repeatable,
    )
    .option('--input <file>', 'request body from a JSON file, sent as written, or - for stdin (fields then go to the query)')
    .option('--paginate', 'follow every page of a list endpoint and print all items')
    .option('--show-secrets', 'print the answer raw: tokens and webhook secrets fisco holds are not replaced by ***')
    .addHelpText(
      'after',
      examples([
        'fisco api GET /v1/me',
        'fisco api GET /v1/invoices -f sdi_status=rejected --paginate -o ndjson',
        "fisco api GET /v1/f24s --paginate | jq -r '.[].due_date' | sort | uniq -c",
        'echo \'{"target_url":"https://example.org/api-hook","events":["invoice.created"]}\' | fisco api POST /v1/hooks --input -',
      ]),
    )
    .action(lazy(() => import('./api.js')));
}
