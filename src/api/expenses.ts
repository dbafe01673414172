import * as z from './zod.js';
import { amount } from './amounts.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

export const ALLOCATION_METHODS = ['diretto', 'personale', 'struttura', 'escluso'] as const;
export type AllocationMethod = (typeof ALLOCATION_METHODS)[number];
/** The code the service reports for a `diretto` expense without a center. */
export const UNASSIGNED = 'UNASSIGNED';
export const EXPENSE_AMOUNTS = ['subtotal', 'vat', 'total'] as const;
/** The Classified expense fields of the service's API document, dotted (`supplier` may be null). */
export const EXPENSE_FIELDS = [
  'source',
  'id',
  'account_id',
  'document_number',
  'document_date',
  'periodo_competenza',
  'allocation_method',
  'cost_center_id',
  'cost_center_code',
  'needs_review',
  'employee_ref',
  'supplier.id',
  'supplier.name',
  'subtotal',
  'vat',
  'total',
  'is_paid',
] as const;

/** A Classified expense of the service's API document; amounts normalised to two-decimal strings. */
export const expenseSchema = z.looseObject({
  source: z.string().nullable().optional(),
  id: z.string(),
  account_id: z.string().nullable().optional(),
  document_number: z.string().nullable().optional(),
  document_date: z.string().nullable().optional(),
  periodo_competenza: z.string().nullable().optional(),
  /** null counts as `struttura` (the service's API document). */
  allocation_method: z.string().nullable().optional(),
  cost_center_id: z.string().nullable(),
  cost_center_code: z.string().nullable(),
  needs_review: z.boolean(),
  employee_ref: z.string().nullable().optional(),
  supplier: z
    .looseObject({ id: z.union([z.string(), z.number()]), name: z.string() })
    .nullable()
    .optional(),
  subtotal: amount,
  vat: amount,
  total: amount,
  is_paid: z.boolean(),
});
export type Expense = z.infer<typeof expenseSchema>;

const costCenterTotal = z.looseObject({
  cost_center_id: z.string().nullable(),
  cost_center_code: z.string().nullable(),
  nome: z.string().nullable(),
  totale: amount,
  documenti: z.number().int(),
});
export type CostCenterTotal = z.infer<typeof costCenterTotal>;

/** The Expense summary: unassigned expenses are only in `non_assegnate`, outside the totals. */
export const summarySchema = z.looseObject({
  periodo: z.string().nullable(),
  totali: z.object({ diretto: amount, personale: amount, struttura: amount, escluso: amount }).catchall(amount),
  per_centro: z.array(costCenterTotal),
  non_assegnate: z.looseObject({ conteggio: z.number().int(), importo: amount }),
});
export type ExpenseSummary = z.infer<typeof summarySchema>;
/** The spec shows the summary's fields without saying whether they come wrapped in `data`: both are read. */
const summaryAnswer = z.union([z.looseObject({ data: summarySchema }).transform((a) => a.data), summarySchema]);

/** `periodo`, or the range `periodo_da` / `periodo_a`. */
export interface PeriodQuery {
  periodo?: string;
  periodo_da?: string;
  periodo_a?: string;
}

export function listExpenses(client: ApiClient, filters: PeriodQuery & { method?: string; cost_center?: string }, pages: PaginateOptions) {
  return paginate(client, '/v1/expenses', filters as Query, pages, expenseSchema);
}

export async function getExpenseSummary(client: ApiClient, period: PeriodQuery): Promise<ExpenseSummary> {
  return client.get('/v1/expenses/summary', period as Query, summaryAnswer);
}
