/**
 * How many records a list holds, from its first page's `meta.total` (one request, per_page=1).
 * The count is checked like any other field: missing or malformed is an unusable answer (exit 8),
 * never a silent 0.
 */
import * as z from './zod.js';
import type { ApiClient, Query } from './client.js';

const counted = z.looseObject({
  data: z.array(z.unknown()),
  meta: z.looseObject({ total: z.number().int().nonnegative({ message: 'must be a whole number of 0 or more' }) }),
});

async function total(client: ApiClient, path: string, query: Query): Promise<number> {
  return (await client.get(path, { ...query, per_page: 1 }, counted)).meta.total;
}

/** GET /v1/invoices: how many match (direction, updated_since, payment_status…). */
export function countInvoices(client: ApiClient, query: Query): Promise<number> {
  return total(client, '/v1/invoices', query);
}

/** GET /v1/f24s: how many match (status, due dates, updated_since). */
export function countF24s(client: ApiClient, query: Query): Promise<number> {
  return total(client, '/v1/f24s', query);
}

/** GET /v1/tax-deadlines: how many match (status, dates). */
export function countDeadlines(client: ApiClient, query: Query): Promise<number> {
  return total(client, '/v1/tax-deadlines', query);
}
