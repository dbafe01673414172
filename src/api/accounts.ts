import * as z from './zod.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { wrapped } from './schemas.js';
import { pathSegment } from './path.js';

/** The Account fields of the service's API document. */
export const ACCOUNT_FIELDS = ['id', 'name', 'vat_number', 'fiscal_code', 'status'] as const;

/** An Account (company) of the service's API document. */
export const accountSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  vat_number: z.string().nullable(),
  fiscal_code: z.string().nullable(),
  status: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export function listAccounts(client: ApiClient, filters: { updated_since?: string }, pages: PaginateOptions) {
  return paginate(client, '/v1/accounts', filters as Query, pages, accountSchema);
}

export async function getAccount(client: ApiClient, id: string): Promise<Account> {
  return (await client.get(`/v1/accounts/${pathSegment(id, 'ID')}`, undefined, wrapped(accountSchema))).data;
}
