import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { pathSegment } from './path.js';

/** The Account fields of api-spec.md. */
export const ACCOUNT_FIELDS = ['id', 'name', 'vat_number', 'fiscal_code', 'status'] as const;

/** An Account (company) of api-spec.md. */
export interface Account {
  id: string;
  name: string;
  vat_number: string;
  fiscal_code: string;
  status: string;
}

export function listAccounts(client: ApiClient, filters: { updated_since?: string }, pages: PaginateOptions) {
  return paginate<Account>(client, '/v1/accounts', filters as Query, pages);
}

export async function getAccount(client: ApiClient, id: string): Promise<Account> {
  return (await client.get<{ data: Account }>(`/v1/accounts/${pathSegment(id, 'ID')}`)).data;
}
