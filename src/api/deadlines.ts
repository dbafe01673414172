import { normalizeAmounts } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

export const DEADLINE_TYPES = ['f24', 'lipe', 'iva', 'dichiarazione', 'inps', 'other'] as const;
export const DEADLINE_STATUSES = ['upcoming', 'due_today', 'overdue', 'done'] as const;
/** The Tax deadline fields of api-spec.md, dotted. */
export const DEADLINE_FIELDS = ['id', 'account_id', 'type', 'title', 'due_date', 'amount', 'status', 'related_resource.type', 'related_resource.id'] as const;

/** A Tax deadline of api-spec.md; `amount` arrives as a JSON number and leaves as a string. */
export interface TaxDeadline {
  id: string;
  account_id: string;
  type: (typeof DEADLINE_TYPES)[number];
  title: string;
  due_date: string;
  amount: string | null;
  status: (typeof DEADLINE_STATUSES)[number];
  related_resource: { type: string; id: string } | null;
}

export interface DeadlineFilters {
  type?: string;
  status?: string;
  due_date_from?: string;
  due_date_to?: string;
  updated_since?: string;
}

export function listDeadlines(client: ApiClient, filters: DeadlineFilters, pages: PaginateOptions) {
  return paginate<TaxDeadline>(client, '/v1/tax-deadlines', filters as Query, pages, (item) => normalizeAmounts(item as TaxDeadline, ['amount']));
}
