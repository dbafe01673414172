import { normalizeAmounts } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

export const ALLOCATION_METHODS = ['diretto', 'personale', 'struttura', 'escluso'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];
/** The code the service reports for a `diretto` expense without a center. */
export const UNASSIGNED = 'UNASSIGNED';
export const EXPENSE_AMOUNTS = ['subtotal', 'vat', 'total'] as const;
/** The Classified expense fields of api-spec.md, dotted (`supplier` may be null). */
export const EXPENSE_FIELDS = [
  'source', 'id', 'account_id', 'document_number', 'document_date', 'periodo_competenza', 'allocation_method', 'cost_center_id',
  'cost_center_code', 'needs_review', 'employee_ref', 'supplier.id', 'supplier.name', 'subtotal', 'vat', 'total', 'is_paid',
] as const;

/** A Classified expense of api-spec.md; amounts normalised to two-decimal strings. */
export interface Expense {
  source: string;
  id: string;
  account_id: string;
  document_number: string;
  document_date: string;
  periodo_competenza: string;
  /** null counts as `struttura` (api-spec.md). */
  allocation_method: AllocationMethod | null;
  cost_center_id: string | null;
  cost_center_code: string | null;
  needs_review: boolean;
  employee_ref: string | null;
  supplier: { id: string; name: string } | null;
  subtotal: string;
  vat: string;
  total: string;
  is_paid: boolean;
}

export interface CostCenterTotal {
  cost_center_id: string;
  cost_center_code: string;
  nome: string;
  totale: string;
  documenti: number;
}

/** The Expense summary: unassigned expenses are only in `non_assegnate`, outside the totals. */
export interface ExpenseSummary {
  periodo: string | null;
  totali: Record<AllocationMethod, string>;
  per_centro: CostCenterTotal[];
  non_assegnate: { conteggio: number; importo: string };
  [extra: string]: unknown;
}

/** `periodo`, or the range `periodo_da` / `periodo_a`. */
export interface PeriodQuery {
  periodo?: string;
  periodo_da?: string;
  periodo_a?: string;
}

export function listExpenses(client: ApiClient, filters: PeriodQuery & { method?: string; cost_center?: string }, pages: PaginateOptions) {
  return paginate<Expense>(client, '/v1/expenses', filters as Query, pages, (item) => normalizeAmounts(item as Expense, EXPENSE_AMOUNTS));
}

export async function getExpenseSummary(client: ApiClient, period: PeriodQuery): Promise<ExpenseSummary> {
  const answer = await client.get<Record<string, unknown>>('/v1/expenses/summary', period as Query);
  // The spec shows the summary's fields without saying whether they come wrapped in `data`.
  const raw = (answer && typeof answer.data === 'object' && answer.data !== null && !('totali' in answer) ? answer.data : answer) as ExpenseSummary;
  const summary = normalizeAmounts(raw, ['totali.diretto', 'totali.personale', 'totali.struttura', 'totali.escluso', 'non_assegnate.importo']);
  if (Array.isArray(summary.per_centro)) summary.per_centro = summary.per_centro.map((row) => normalizeAmounts(row, ['totale']));
  return summary;
}
