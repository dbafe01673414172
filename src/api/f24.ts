import * as z from './zod.js';
import { amount, normalizeAmounts } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';
import { pathSegment } from './path.js';

export const F24_STATUSES = ['draft', 'ready', 'paid', 'expired', 'cancelled'] as const;
export const F24_AMOUNTS = ['amount', 'total_amount'] as const;
/** The F24 list-item fields of the service's API document, dotted. */
export const F24_FIELDS = [
  'id',
  'account_id',
  'taxpayer.name',
  'taxpayer.vat_number',
  'taxpayer.fiscal_code',
  'description',
  'period',
  'due_date',
  'amount',
  'total_amount',
  'currency',
  'status',
  'native_status',
  'payment_date',
  'payment_reference',
  'receipt_available',
  'file_url',
  'url',
] as const;

/** An F24 list item of the service's API document; the amounts arrive as JSON numbers and leave as strings. */
export const f24Schema = z.looseObject({
  id: z.string(),
  account_id: z.string().nullable().optional(),
  taxpayer: z
    .looseObject({ name: z.string().nullable().optional(), vat_number: z.string().nullable().optional(), fiscal_code: z.string().nullable().optional() })
    .nullable()
    .optional(),
  description: z.string().nullable().optional(),
  period: z.string().nullable().optional(),
  due_date: z.string(),
  amount: amount,
  total_amount: amount,
  currency: z.string().nullable().optional(),
  status: z.string(),
  native_status: z.string().nullable().optional(),
  payment_date: z.string().nullable().optional(),
  payment_reference: z.string().nullable().optional(),
  receipt_available: z.boolean().nullable().optional(),
  file_url: z.string().nullable().optional(),
  url: z.string().nullable().optional(),
});
export type F24 = z.infer<typeof f24Schema>;

/** The detail's shape is not in the contract: any object, wrapped in `data` or not. */
const detailAnswer = z.union([
  z.looseObject({ data: z.record(z.string(), z.unknown()) }).transform((a) => a.data),
  z.record(z.string(), z.unknown()).refine((r) => !('data' in r), 'expected an object'),
]);

export interface F24Filters {
  status?: string;
  due_date_from?: string;
  due_date_to?: string;
  updated_since?: string;
}

export function listF24s(client: ApiClient, filters: F24Filters, pages: PaginateOptions) {
  return paginate(client, '/v1/f24s', filters as Query, pages, f24Schema);
}

/**
 * The F24 detail. Its shape is not in the spec: whatever arrives is returned; only the two
 * list amounts are normalised, and only when they are amounts.
 */
export async function getF24(client: ApiClient, id: string): Promise<Record<string, unknown>> {
  const record = await client.get(`/v1/f24s/${pathSegment(id, 'ID')}`, undefined, detailAnswer);
  try {
    return normalizeAmounts(record, F24_AMOUNTS);
  } catch {
    return record;
  }
}
