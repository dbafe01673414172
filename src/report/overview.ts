/**
 * The morning overview of one company, computed from what the API returned (pure: no I/O,
 * decimal arithmetic only). Amounts are two-decimal strings.
 *
 * A part the service did not give (a missing ability, a 404, a 5xx after retries) is `undefined`
 * in the inputs: its figures are `null` in the row (never zero) and `missing` says which figures
 * and why, so a company that lacks one ability keeps everything else. An amount with digits past
 * the cent is left out of the total it would distort, and `left_out` names it (report/totals.ts).
 */
import type { F24 } from '../api/f24.js';
import type { Invoice } from '../api/invoices.js';
import type { ExpenseSummary } from '../api/expenses.js';
import { centExact, f24Name, invoiceName, type LeftOut, type Named } from './totals.js';
import { sum } from '../domain/money.js';
import type { MissingPart } from '../portfolio/partial.js';
import { t, type Message, type Text } from '../i18n/message.js';
import { RESEND_WINDOW_DAYS, rejectionNotes, resendReader, type RejectedInvoice, type RomeDay } from '../sdi/rejection.js';
import { addDays, compareDates, dayReader, daysBetween } from '../domain/dates.js';

export interface OverviewInputs {
  /** The service's today (Rome calendar): the next F24 is the nearest due on or after it. */
  today: string;
  /** Outbound invoices not settled (payment_status unpaid or partial). */
  open?: readonly (Pick<Invoice, 'amount_due' | 'overdue'> & Partial<Pick<Invoice, 'number' | 'id'>>)[];
  /**
   * The same figures already added up, instead of `open`, when every open amount is a whole number
   * of cents (the mirror adds them up in SQL: src/fast-offline.ts); otherwise `open` is given.
   */
  openTotals?: OpenTotals;
  /** F24s with status ready or expired. */
  f24s?: readonly (Pick<F24, 'status' | 'due_date' | 'total_amount'> & Partial<Pick<F24, 'id'>>)[];
  /** meta.total of the deadlines with status overdue. */
  deadlinesOverdue?: number;
  /** Deadlines with a due date from today to today + days, of any status (done ones are left out here). */
  deadlinesWindow?: readonly { status: string }[];
  /** The expense summaries of the current and the previous month. */
  currentMonth?: Pick<ExpenseSummary, 'non_assegnate'>;
  previousMonth?: Pick<ExpenseSummary, 'non_assegnate'>;
  /** Outbound invoices the SDI rejected (sdi_status rejected), in the service's order. */
  rejected?: readonly RejectedInvoice[];
  /**
   * With `rejected`: how many more the SDI rejected so long ago that their window surely closed more
   * than REJECTED_RECENT_DAYS ago (rejectedCountedBefore), counted instead of read (the mirror's
   * overview: src/fast-offline.ts); they are not in `rejected`.
   */
  rejectedOld?: number;
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
  /** Outbound invoices the SDI rejected: to correct and send again. */
  rejected_count: number | null;
  /** The nearest day a rejected invoice's five-day window to send the corrected one closes, today or later (null when none is open). */
  rejected_resend_by: string | null;
  webhooks_ready: boolean;
  /** What could not be read for this company (empty when everything was). */
  missing: MissingPart[];
  /** Records a total left out: an amount with digits past the cent (empty when none). */
  left_out: LeftOut[];
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
  'rejected_count',
  'rejected_resend_by',
  'webhooks_ready',
  'missing',
  'left_out',
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
  rejected: ['rejected_count', 'rejected_resend_by'],
} as const;

/** True when the row's `key` could not be read (its value is null because a request failed). */
export function isMissing(row: unknown, key: string): boolean {
  const missing = (row as Partial<OverviewRow>).missing;
  return Array.isArray(missing) && missing.some((m) => m.figures.includes(key));
}

export function overviewRow(company: { id: string; name: string; vat_number: string | null }, inputs: OverviewInputs): OverviewRow {
  const amt = (value: string | null | undefined): string => value ?? '0.00';
  const leftOut: LeftOut[] = [];
  const totals = inputs.openTotals;
  const open = totals ? undefined : inputs.open;
  const overdue = open?.filter((i) => i.overdue);
  const f24s = inputs.f24s;
  const expired = f24s?.filter((f) => f.status === 'expired');
  const nearest = f24s?.filter((f) => f.status === 'ready' && f.due_date >= inputs.today).sort((a, b) => compareDates(a.due_date, b.due_date))[0];
  const current = inputs.currentMonth;
  const previous = inputs.previousMonth;
  const rejected = inputs.rejected?.filter(isRejected);
  // A total in cents leaves out (and names) an amount with digits past the cent.
  const total = <T>(items: readonly T[], field: keyof T & string, figures: string[], name: (item: T) => Named) =>
    sum(centExact(items, [field], figures, name, leftOut).map((i) => amt(i[field] as string | null | undefined)));
  return {
    account_id: company.id,
    company: company.name,
    vat_number: company.vat_number,
    open_count: totals ? totals.count : open ? open.length : null,
    open_amount: totals ? totals.amount : open ? total(open, 'amount_due', ['open_amount'], invoiceName) : null,
    overdue_count: totals ? totals.overdueCount : overdue ? overdue.length : null,
    overdue_amount: totals ? totals.overdueAmount : overdue ? total(overdue, 'amount_due', ['overdue_amount'], invoiceName) : null,
    f24_count: f24s ? f24s.length : null,
    f24_expired_count: expired ? expired.length : null,
    f24_expired_amount: expired ? total(expired, 'total_amount', ['f24_expired_amount'], f24Name) : null,
    f24_amount: f24s ? total(f24s, 'total_amount', ['f24_amount'], f24Name) : null,
    f24_nearest_due: nearest?.due_date ?? null,
    f24_nearest_amount: nearest ? amt(nearest.total_amount) : null,
    deadlines_overdue: inputs.deadlinesOverdue ?? null,
    deadlines_due_soon: inputs.deadlinesWindow ? inputs.deadlinesWindow.filter((d) => d.status === 'upcoming' || d.status === 'due_today').length : null,
    review_current_month: current ? (current.non_assegnate?.conteggio ?? 0) : null,
    review_current_amount: current ? (current.non_assegnate?.importo ?? '0.00') : null,
    review_previous_month: previous ? (previous.non_assegnate?.conteggio ?? 0) : null,
    review_previous_amount: previous ? (previous.non_assegnate?.importo ?? '0.00') : null,
    rejected_count: rejected ? rejected.length + (inputs.rejectedOld ?? 0) : null,
    rejected_resend_by: rejected ? nearestResendBy(rejected, inputs.today) : null,
    webhooks_ready: inputs.webhooksReady,
    missing: [...(inputs.missing ?? [])],
    left_out: leftOut,
  };
}

/** One line per record a company's totals left out, for stderr: which total, which record, why. */
export function leftOutLines(row: Pick<OverviewRow, 'company' | 'account_id' | 'left_out'>): Message[] {
  const byRecord = new Map<string, { record: string; what: string; figures: string[] }>();
  for (const l of row.left_out) {
    const what = `${l.field} ${l.amount}`;
    const entry = byRecord.get(`${l.record} ${what}`) ?? { record: l.record, what, figures: [] };
    entry.figures.push(l.figure);
    byRecord.set(`${l.record} ${what}`, entry);
  }
  return [...byRecord.values()].map(({ record, what, figures }) =>
    figures.length === 1
      ? t`${row.company} (${row.account_id}): ${figures[0]} leaves out ${record} (${what}: digits past the cent, shown as the service sent them)`
      : t`${row.company} (${row.account_id}): ${figures.slice(1).reduce<Text>((all, f) => t`${all} and ${f}`, figures[0]!)} leave out ${record} (${what}: digits past the cent, shown as the service sent them)`,
  );
}

/**
 * The firm's total of an overview (the table's last row, never in json/ndjson/csv): counts and
 * amounts summed over the companies; a figure some company could not read is missing in the total
 * too (never a sum that looks complete); the next F24 is the firm's nearest date. Per-company
 * facts (VAT number, nearest amount, webhooks) are left empty.
 */
export function overviewTotal(rows: readonly OverviewRow[], label: string): OverviewRow & { total: true } {
  const unread = new Set(rows.flatMap((r) => r.missing.flatMap((m) => m.figures)));
  const counts = (key: keyof OverviewRow): number | null => (unread.has(key) ? null : rows.reduce((n, r) => n + ((r[key] as number | null) ?? 0), 0));
  const amounts = (key: keyof OverviewRow): string | null => (unread.has(key) ? null : sum(rows.map((r) => (r[key] as string | null) ?? '0.00')));
  return {
    total: true,
    account_id: '',
    company: label,
    vat_number: null,
    open_count: counts('open_count'),
    open_amount: amounts('open_amount'),
    overdue_count: counts('overdue_count'),
    overdue_amount: amounts('overdue_amount'),
    f24_count: counts('f24_count'),
    f24_expired_count: counts('f24_expired_count'),
    f24_expired_amount: amounts('f24_expired_amount'),
    f24_amount: amounts('f24_amount'),
    f24_nearest_due: unread.has('f24_nearest_due') ? null : nearest(rows.map((r) => r.f24_nearest_due)),
    f24_nearest_amount: null,
    deadlines_overdue: counts('deadlines_overdue'),
    deadlines_due_soon: counts('deadlines_due_soon'),
    review_current_month: counts('review_current_month'),
    review_current_amount: amounts('review_current_amount'),
    review_previous_month: counts('review_previous_month'),
    review_previous_amount: amounts('review_previous_amount'),
    rejected_count: counts('rejected_count'),
    rejected_resend_by: unread.has('rejected_resend_by') ? null : nearest(rows.map((r) => r.rejected_resend_by)),
    webhooks_ready: false,
    missing: unread.size > 0 ? [{ request: 'the companies above', figures: [...unread], reason: 'not read for some company', exit_code: 0 }] : [],
    // What the companies' totals left out, the firm's leaves out too.
    left_out: rows.flatMap((r) => r.left_out),
  };
}

/** The earliest of some dates (YYYY-MM-DD), null when there is none. */
function nearest(dates: readonly (string | null | undefined)[]): string | null {
  return dates.filter((d): d is string => typeof d === 'string').sort()[0] ?? null;
}

/** The nearest day a rejected invoice's window closes that is `today` or later; null when every window has closed (or none is known). */
export function nearestResendBy(rejected: readonly RejectedInvoice[], today: string): string | null {
  // A reader only when there is a date to read: a formatter costs milliseconds (docs/performance.md).
  if (rejected.length === 0) return null;
  const resendBy = resendReader(dayReader('Europe/Rome'));
  return nearest(rejected.map((i) => resendBy(i.last_sdi_update)).filter((by) => by !== undefined && by >= today));
}

/** A record the read of rejected invoices gave that is one: a service that ignored the filter never makes an accepted invoice count. */
function isRejected(invoice: RejectedInvoice): boolean {
  return invoice.sdi_status === 'rejected';
}

/** How long after its window closed a rejected invoice is still explained one by one after the overview. */
export const REJECTED_RECENT_DAYS = 30;

/** One company's rejected invoices, as the overview read them (undefined when the read failed). */
export interface CompanyRejections {
  company: { id: string; name: string };
  rejected?: readonly RejectedInvoice[];
  /** How many more it rejected long ago, counted not read (OverviewInputs rejectedOld). */
  old?: number;
}

/**
 * A rejection whose `last_sdi_update` is written (its first ten characters, a real date, the instant
 * with Z or an offset) before this day has surely had its window closed more than
 * REJECTED_RECENT_DAYS before `today`: its Italian day is at most two days after the day written
 * (an offset of up to a day, Rome's ahead of UTC), and its window closes RESEND_WINDOW_DAYS after.
 * Such rejections need only be counted (OverviewInputs rejectedOld): neither explained nor the nearest open window.
 */
export function rejectedCountedBefore(today: string): string {
  return addDays(today, -(RESEND_WINDOW_DAYS + REJECTED_RECENT_DAYS + 2));
}

/** How many of one company's recent rejections the overview explains, the most urgent first; the rest are counted. */
export const REJECTED_EXPLAINED_MAX = 5;

/**
 * The lines after the overview about rejected invoices, for stderr: of each company's rejected
 * invoices whose window to send the corrected one is open or closed within the last 30 days, the
 * REJECTED_EXPLAINED_MAX most urgent explained (rejectionNotes, the company named: open windows
 * first, the nearest closing first, then the most recently closed); the rest of them, and the
 * older ones, counted in a line each that says where to list them.
 */
export function rejectedLines(companies: readonly CompanyRejections[], today: string): Message[] {
  const lines: Message[] = [];
  const older = { count: 0, of: [] as { id: string; name: string }[] };
  const more = { count: 0, of: [] as { id: string; name: string }[] };
  let reader: RomeDay | undefined;
  const romeDay: RomeDay = (instant) => (reader ??= dayReader('Europe/Rome'))(instant);
  const resendBy = resendReader(romeDay);
  // Whether a window closed more than REJECTED_RECENT_DAYS ago, once per closing day.
  const past = new Map<string, boolean>();
  const long = (by: string) => past.get(by) ?? past.set(by, daysBetween(by, today) > REJECTED_RECENT_DAYS).get(by)!;
  for (const { company, rejected, old: counted } of companies) {
    const recent: { invoice: RejectedInvoice; by: string | undefined }[] = [];
    let old = rejected ? (counted ?? 0) : 0;
    for (const invoice of (rejected ?? []).filter(isRejected)) {
      const by = resendBy(invoice.last_sdi_update);
      if (by !== undefined && long(by)) old++;
      else recent.push({ invoice, by });
    }
    // The most urgent first: an open window closing soonest, then the most recently closed (no date last).
    const rank = (by: string | undefined) => (by === undefined ? 2 : by >= today ? 0 : 1);
    recent.sort((a, b) => {
      const order = rank(a.by) - rank(b.by);
      if (order !== 0 || a.by === undefined || b.by === undefined) return order;
      return rank(a.by) === 0 ? compareDates(a.by, b.by) : compareDates(b.by, a.by);
    });
    for (const { invoice } of recent.slice(0, REJECTED_EXPLAINED_MAX))
      for (const note of rejectionNotes(invoice, today, romeDay)) lines.push(t`${company.name} (${company.id}): ${note}`);
    if (recent.length > REJECTED_EXPLAINED_MAX) {
      more.count += recent.length - REJECTED_EXPLAINED_MAX;
      more.of.push(company);
    }
    if (old > 0) {
      older.count += old;
      older.of.push(company);
    }
  }
  const listing = (of: readonly { id: string; name: string }[]) => {
    const list = of.length === 1 ? `fisco --account ${of[0]!.id}` : `fisco --accounts ${of.map((c) => c.id).join(',')}`;
    return { command: `${list} invoice list --sdi-status rejected`, names: of.map((c) => `${c.name} (${c.id})`).join(', ') };
  };
  if (more.count > 0) {
    const { command, names } = listing(more.of);
    lines.push(
      more.count === 1
        ? t`1 more recent rejected invoice of ${names} is not explained here (at most ${REJECTED_EXPLAINED_MAX} a company, the most urgent first); \`${command}\` lists it`
        : t`${more.count} more recent rejected invoices of ${names} are not explained here (at most ${REJECTED_EXPLAINED_MAX} a company, the most urgent first); \`${command}\` lists them`,
    );
  }
  if (older.count > 0) {
    const { command, names } = listing(older.of);
    lines.push(
      older.count === 1
        ? t`1 rejected invoice of ${names} is not explained here: its window to send the corrected one closed more than ${REJECTED_RECENT_DAYS} days ago; \`${command}\` lists it`
        : t`${older.count} rejected invoices of ${names} are not explained here: their window to send the corrected one closed more than ${REJECTED_RECENT_DAYS} days ago; \`${command}\` lists them`,
    );
  }
  return lines;
}
