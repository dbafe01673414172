import { normalizeAmounts } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { pathSegment } from './path.js';

export const F24_STATUSES = ['draft', 'ready', 'paid', 'expired', 'cancelled'] as const;
export const F24_AMOUNTS = ['amount', 'total_amount'] as const;
/** The F24 list-item fields of api-spec.md, dotted. */
export const F24_FIELDS = [
  'id', 'account_id', 'taxpayer.name', 'taxpayer.vat_number', 'taxpayer.fiscal_code', 'description', 'period', 'due_date', 'amount',
  'total_amount', 'currency', 'status', 'native_status', 'payment_date', 'payment_reference', 'receipt_available', 'file_url', 'url',
] as const;

/** An F24 list item of api-spec.md; the amounts arrive as JSON numbers and leave as strings. */
export interface F24 {
  id: string;
  account_id: string;
  taxpayer: { name: string; vat_number: string; fiscal_code: string };
  description: string;
  period: string;
  due_date: string;
  amount: string;
  total_amount: string;
  currency: string;
  status: (typeof F24_STATUSES)[number];
  native_status: string;
  payment_date: string | null;
  payment_reference: string | null;
  receipt_available: boolean;
  file_url: string;
  url: string;
}

export interface F24Filters {
  status?: string;
  due_date_from?: string;
  due_date_to?: string;
  updated_since?: string;
}

export function listF24s(client: ApiClient, filters: F24Filters, pages: PaginateOptions) {
  return paginate<F24>(client, '/v1/f24s', filters as Query, pages, (item) => normalizeAmounts(item as F24, F24_AMOUNTS));
}

/**
 * The F24 detail. Its shape is not in the spec: whatever arrives is returned; only the two
 * list amounts are normalised, and only when they are amounts.
 */
export async function getF24(client: ApiClient, id: string): Promise<Record<string, unknown>> {
  const answer = await client.get<Record<string, unknown>>(`/v1/f24s/${pathSegment(id, 'ID')}`);
  const record = answer && typeof answer.data === 'object' && answer.data !== null && !Array.isArray(answer.data) ? (answer.data as Record<string, unknown>) : answer;
  try {
    return normalizeAmounts(record, F24_AMOUNTS);
  } catch {
    return record;
  }
}
