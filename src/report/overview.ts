/**
 * The morning overview of one company, computed from what the API returned (pure: no I/O,
 * decimal arithmetic only). Amounts are two-decimal strings.
 *
 * A part the service did not give (a missing ability, a 404, a 5xx after retries) is `undefined`
 * in the inputs: its figures are `null` in the row (never zero) and `missing` says which figures
 * and why, so a company that lacks one ability keeps everything else.
 */
import type { F24 } from '../api/f24.js';
import type { Invoice } from '../api/invoices.js';
import type { ExpenseSummary } from '../api/expenses.js';
import { sum } from '../domain/money.js';
import type { MissingPart } from '../portfolio/partial.js';

export interface OverviewInputs {
  /** The service's today (Rome calendar): the next F24 is the nearest due on or after it. */
  today: string;
  /** Outbound invoices not settled (payment_status unpaid or partial). */
  open?: readonly Pick<Invoice, 'amount_due' | 'overdue'>[];
  /** The same figures already added up, instead of `open` (the mirror adds them up in SQL: src/fast-offline.ts). */
  openTotals?: OpenTotals;
  /** F24s with status ready or expired. */
  f24s?: readonly Pick<F24, 'status' | 'due_date' | 'total_amount'>[];
  /** meta.total of the deadlines with status overdue. */
  deadlinesOverdue?: number;
  /** Deadlines with a due date from today to today + days, of any status (done ones are left out here). */
  deadlinesWindow?: readonly { status: string }[];
  /** The expense summaries of the current and the previous month. */
  currentMonth?: Pick<ExpenseSummary, 'non_assegnate'>;
  previousMonth?: Pick<ExpenseSummary, 'non_assegnate'>;
  webhooksReady: boolean;
  /** What could not be read, and why. */
  missing?: readonly MissingPart[];
}

export type { MissingPart };

/** Open receivables added up: how many, their amount due, and the overdue ones. */
export interface OpenTotals {
  count: number;
  amount: string;
  overdueCount: number;
  overdueAmount: string;
}

/** The open receivables' figures from the invoices themselves. */
function openTotalsOf(open: readonly Pick<Invoice, 'amount_due' | 'overdue'>[]): OpenTotals {
  const due = (value: string | null | undefined): string => value ?? '0.00';
  const overdue = open.filter((i) => i.overdue);
  return {
    count: open.length,
    amount: sum(open.map((i) => due(i.amount_due))),
    overdueCount: overdue.length,
    overdueAmount: sum(overdue.map((i) => due(i.amount_due))),
  };
}

export interface OverviewRow {
  account_id: string;
  company: string;
  vat_number: string | null;
  open_count: number | null;
  open_amount: string | null;
  overdue_count: number | null;
  overdue_amount: string | null;
  /** F24s to pay: ready and expired. */
  f24_count: number | null;
  f24_expired_count: number | null;
  f24_expired_amount: string | null;
  f24_amount: string | null;
  /** The nearest F24 not yet paid due today or later (expired ones are counted apart). */
  f24_nearest_due: string | null;
  f24_nearest_amount: string | null;
  deadlines_overdue: number | null;
  deadlines_due_soon: number | null;
  review_current_month: number | null;
  review_current_amount: string | null;
  review_previous_month: number | null;
  review_previous_amount: string | null;
  webhooks_ready: boolean;
  /** What could not be read for this company (empty when everything was). */
  missing: MissingPart[];
}

export const OVERVIEW_FIELDS = [
  'account_id',
  'company',
  'vat_number',
  'open_count',
  'open_amount',
  'overdue_count',
  'overdue_amount',
  'f24_count',
  'f24_expired_count',
  'f24_expired_amount',
  'f24_amount',
  'f24_nearest_due',
  'f24_nearest_amount',
  'deadlines_overdue',
  'deadlines_due_soon',
  'review_current_month',
  'review_current_amount',
  'review_previous_month',
  'review_previous_amount',
  'webhooks_ready',
  'missing',
] as const;

export const OVERVIEW_AMOUNTS = [
  'open_amount',
  'overdue_amount',
  'f24_expired_amount',
  'f24_amount',
  'f24_nearest_amount',
  'review_current_amount',
  'review_previous_amount',
] as const;

/** The row's fields each part of the inputs gives. */
export const OVERVIEW_PARTS = {
  open: ['open_count', 'open_amount', 'overdue_count', 'overdue_amount'],
  f24s: ['f24_count', 'f24_expired_count', 'f24_expired_amount', 'f24_amount', 'f24_nearest_due', 'f24_nearest_amount'],
  deadlinesOverdue: ['deadlines_overdue'],
  deadlinesWindow: ['deadlines_due_soon'],
  currentMonth: ['review_current_month', 'review_current_amount'],
  previousMonth: ['review_previous_month', 'review_previous_amount'],
} as const;

/** True when the row's `key` could not be read (its value is null because a request failed). */
export function isMissing(row: unknown, key: string): boolean {
  const missing = (row as Partial<OverviewRow>).missing;
  return Array.isArray(missing) && missing.some((m) => m.figures.includes(key));
}

export function overviewRow(company: { id: string; name: string; vat_number: string | null }, inputs: OverviewInputs): OverviewRow {
  const amt = (value: string | null | undefined): string => value ?? '0.00';
  const open = inputs.openTotals ?? (inputs.open ? openTotalsOf(inputs.open) : undefined);
  const f24s = inputs.f24s;
  const expired = f24s?.filter((f) => f.status === 'expired');
  const nearest = f24s?.filter((f) => f.status === 'ready' && f.due_date >= inputs.today).sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
  const current = inputs.currentMonth;
  const previous = inputs.previousMonth;
  return {
    account_id: company.id,
    company: company.name,
    vat_number: company.vat_number,
    open_count: open ? open.count : null,
    open_amount: open ? open.amount : null,
    overdue_count: open ? open.overdueCount : null,
    overdue_amount: open ? open.overdueAmount : null,
    f24_count: f24s ? f24s.length : null,
    f24_expired_count: expired ? expired.length : null,
    f24_expired_amount: expired ? sum(expired.map((f) => amt(f.total_amount))) : null,
    f24_amount: f24s ? sum(f24s.map((f) => amt(f.total_amount))) : null,
    f24_nearest_due: nearest?.due_date ?? null,
    f24_nearest_amount: nearest ? amt(nearest.total_amount) : null,
    deadlines_overdue: inputs.deadlinesOverdue ?? null,
    deadlines_due_soon: inputs.deadlinesWindow ? inputs.deadlinesWindow.filter((d) => d.status === 'upcoming' || d.status === 'due_today').length : null,
    review_current_month: current ? (current.non_assegnate?.conteggio ?? 0) : null,
    review_current_amount: current ? (current.non_assegnate?.importo ?? '0.00') : null,
    review_previous_month: previous ? (previous.non_assegnate?.conteggio ?? 0) : null,
    review_previous_amount: previous ? (previous.non_assegnate?.importo ?? '0.00') : null,
    webhooks_ready: inputs.webhooksReady,
    missing: [...(inputs.missing ?? [])],
  };
}
