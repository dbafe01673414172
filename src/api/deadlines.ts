import * as z from './zod.js';
import { nullableAmount } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

export const DEADLINE_TYPES = ['f24', 'lipe', 'iva', 'dichiarazione', 'inps', 'other'] as const;
export const DEADLINE_STATUSES = ['upcoming', 'due_today', 'overdue', 'done'] as const;
/** The Tax deadline fields of the service's API document, dotted. */
export const DEADLINE_FIELDS = ['id', 'account_id', 'type', 'title', 'due_date', 'amount', 'status', 'related_resource.type', 'related_resource.id'] as const;

/** A Tax deadline of the service's API document; `amount` arrives as a JSON number and leaves as a string. */
export const deadlineSchema = z.looseObject({
  id: z.string(),
  account_id: z.string().nullable().optional(),
  type: z.string(),
  title: z.string(),
  due_date: z.string(),
  amount: nullableAmount,
  status: z.string(),
  related_resource: z
    .looseObject({ type: z.string(), id: z.union([z.string(), z.number()]) })
    .nullable()
    .optional(),
});
export type TaxDeadline = z.infer<typeof deadlineSchema>;

export interface DeadlineFilters {
  type?: string;
  status?: string;
  due_date_from?: string;
  due_date_to?: string;
  updated_since?: string;
}

export function listDeadlines(client: ApiClient, filters: DeadlineFilters, pages: PaginateOptions) {
  return paginate(client, '/v1/tax-deadlines', filters as Query, pages, deadlineSchema);
}
