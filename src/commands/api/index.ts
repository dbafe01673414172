import type { Command } from 'commander';
import { addFlags } from '../../flags/commander.js';
import { API_FLAGS } from './api.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerApi(program: Command): void {
  addFlags(
    program
      .command('api')
      .description('make an authenticated request to any endpoint and print the JSON answer')
      .argument('<method>', 'GET, POST, PUT, PATCH or DELETE')
      .argument('<path>', 'path under the base URL, like /v1/invoices'),
    API_FLAGS,
  )
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
