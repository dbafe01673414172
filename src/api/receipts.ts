import type { ApiClient } from './client.js';

/** GET /v1/receipts-uploads: the service never manages receipts and says so in `meta`. */
export interface ReceiptsAnswer {
  data: unknown[];
  meta: { supported?: boolean; note?: string; [key: string]: unknown };
}

export async function listReceipts(client: ApiClient, filters: { updated_since?: string }): Promise<ReceiptsAnswer> {
  return client.get<ReceiptsAnswer>('/v1/receipts-uploads', filters);
}
