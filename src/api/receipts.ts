import type { ApiClient } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

/**
 * GET /v1/receipts-uploads: the service never manages receipts; every page is empty and its
 * `meta` carries `supported: false` and a `note` (read them through `pages.onPage`).
 */
export function listReceipts(client: ApiClient, filters: { updated_since?: string }, pages: PaginateOptions) {
  return paginate(client, '/v1/receipts-uploads', filters, pages);
}
