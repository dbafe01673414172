/**
 * The service's clock, for the lookups that settle a write whose outcome was lost (invoice create,
 * invoice batch, bank apply): they ask for what changed since just before the write, and "since"
 * must be read on the service's clock, not ours.
 */
import type { ApiClient } from './client.js';

/** How far before a write a lookup of its outcome starts. */
export const LOOKUP_MARGIN_MS = 2 * 60_000;

/** The server's clock minus ours (ms), from the Date header of a small read (0 when absent). */
export async function serverSkewMs(client: ApiClient): Promise<number> {
  const response = await client.request('GET', '/v1/invoices', { query: { per_page: 1 } });
  const header = response.headers.date;
  const date = Date.parse(Array.isArray(header) ? (header[0] ?? '') : (header ?? ''));
  return Number.isNaN(date) ? 0 : date - Date.now();
}
