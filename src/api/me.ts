import * as z from './zod.js';
import type { ApiClient } from './client.js';
import { wrapped } from './schemas.js';

/** GET /v1/me (the service's API document "Credentials info"). */
export const meSchema = z.looseObject({
  token_type: z.string(),
  company: z.looseObject({ id: z.string(), name: z.string(), vat_number: z.string() }),
  accounts_count: z.number().int(),
  abilities: z.array(z.string()),
  full_access: z.boolean(),
  webhooks_supported: z.boolean(),
  webhooks_ready: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

export async function getMe(client: ApiClient): Promise<Me> {
  return (await client.get('/v1/me', undefined, wrapped(meSchema))).data;
}

/** GET /v1/me with the service's clock: its Date header (undefined when absent or unreadable). */
export async function getMeWithClock(client: ApiClient): Promise<{ me: Me; serviceDate?: Date }> {
  const response = await client.request('GET', '/v1/me', { schema: wrapped(meSchema) });
  const header = response.headers.date;
  const value = Array.isArray(header) ? header[0] : header;
  const date = typeof value === 'string' ? new Date(value) : undefined;
  return { me: response.body.data, serviceDate: date && !Number.isNaN(date.getTime()) ? date : undefined };
}
