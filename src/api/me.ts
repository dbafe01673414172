import type { ApiClient } from './client.js';

/** GET /v1/me (api-spec.md "Credentials info"). */
export interface Me {
  token_type: string;
  company: { id: string; name: string; vat_number: string };
  accounts_count: number;
  abilities: string[];
  full_access: boolean;
  webhooks_supported: boolean;
  webhooks_ready: boolean;
}

export async function getMe(client: ApiClient): Promise<Me> {
  return (await client.get<{ data: Me }>('/v1/me')).data;
}
