import { defineVerb } from '../verb.js';
import { API_FLAGS } from './flags.js';
import { HTTP_METHODS, words } from '../../completion/values.js';

export const API = defineVerb({
  name: 'api',
  description: 'make an authenticated request to any endpoint and print the JSON answer',
  args: [
    { name: '<method>', description: 'GET, POST, PUT, PATCH or DELETE', complete: words(HTTP_METHODS) },
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
