/**
 * The morning overview of one company, computed from what the API returned (pure: no I/O,
 * decimal arithmetic only). Amounts are two-decimal strings.
 */
import type { F24 } from '../api/f24.js';
import type { Invoice } from '../api/invoices.js';
import type { ExpenseSummary } from '../api/expenses.js';
import { sum } from '../domain/money.js';

export interface OverviewInputs {
  /** Outbound invoices not settled (payment_status unpaid or partial). */
  open: readonly Pick<Invoice, 'amount_due' | 'overdue'>[];
  /** F24s with status ready or expired. */
  f24s: readonly Pick<F24, 'status' | 'due_date' | 'total_amount'>[];
  /** meta.total of the deadlines with status overdue. */
  deadlinesOverdue: number;
  /** Deadlines with a due date from today to today + days, of any status (done ones are left out here). */
  deadlinesWindow: readonly { status: string }[];
  /** The expense summaries of the current and the previous month. */
  currentMonth: Pick<ExpenseSummary, 'non_assegnate'>;
  previousMonth: Pick<ExpenseSummary, 'non_assegnate'>;
  webhooksReady: boolean;
}

export interface OverviewRow {
  account_id: string;
  company: string;
  vat_number: string | null;
  open_count: number;
  open_amount: string;
  overdue_count: number;
  overdue_amount: string;
  f24_count: number;
  f24_expired_count: number;
  f24_amount: string;
  f24_nearest_due: string | null;
  f24_nearest_amount: string | null;
  deadlines_overdue: number;
  deadlines_due_soon: number;
  review_current_month: number;
  review_current_amount: string;
  review_previous_month: number;
  review_previous_amount: string;
  webhooks_ready: boolean;
}

export const OVERVIEW_FIELDS = [
  'account_id', 'company', 'vat_number', 'open_count', 'open_amount', 'overdue_count', 'overdue_amount', 'f24_count', 'f24_expired_count',
  'f24_amount', 'f24_nearest_due', 'f24_nearest_amount', 'deadlines_overdue', 'deadlines_due_soon', 'review_current_month',
  'review_current_amount', 'review_previous_month', 'review_previous_amount', 'webhooks_ready',
] as const;

export const OVERVIEW_AMOUNTS = ['open_amount', 'overdue_amount', 'f24_amount', 'f24_nearest_amount', 'review_current_amount', 'review_previous_amount'] as const;

export function overviewRow(company: { id: string; name: string; vat_number: string | null }, inputs: OverviewInputs): OverviewRow {
  const amt = (value: string | null | undefined): string => value ?? '0.00';
  const overdue = inputs.open.filter((i) => i.overdue);
  const byDue = [...inputs.f24s].sort((a, b) => a.due_date.localeCompare(b.due_date));
  const nearest = byDue[0];
  return {
    account_id: company.id,
    company: company.name,
    vat_number: company.vat_number,
    open_count: inputs.open.length,
    open_amount: sum(inputs.open.map((i) => amt(i.amount_due))),
    overdue_count: overdue.length,
    overdue_amount: sum(overdue.map((i) => amt(i.amount_due))),
    f24_count: inputs.f24s.length,
    f24_expired_count: inputs.f24s.filter((f) => f.status === 'expired').length,
    f24_amount: sum(inputs.f24s.map((f) => amt(f.total_amount))),
    f24_nearest_due: nearest?.due_date ?? null,
    f24_nearest_amount: nearest?.total_amount ?? null,
    deadlines_overdue: inputs.deadlinesOverdue,
    deadlines_due_soon: inputs.deadlinesWindow.filter((d) => d.status === 'upcoming' || d.status === 'due_today').length,
    review_current_month: inputs.currentMonth.non_assegnate?.conteggio ?? 0,
    review_current_amount: inputs.currentMonth.non_assegnate?.importo ?? '0.00',
    review_previous_month: inputs.previousMonth.non_assegnate?.conteggio ?? 0,
    review_previous_amount: inputs.previousMonth.non_assegnate?.importo ?? '0.00',
    webhooks_ready: inputs.webhooksReady,
  };
}
