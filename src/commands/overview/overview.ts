import { collect } from '../../api/paginate.js';
import type { ApiClient } from '../../api/client.js';
import { listDeadlines } from '../../api/deadlines.js';
import { getExpenseSummary } from '../../api/expenses.js';
import { listF24s, type F24 } from '../../api/f24.js';
import { listInvoices, type Invoice } from '../../api/invoices.js';
import { getMeWithClock, type Me } from '../../api/me.js';
import { countDeadlines } from '../../api/counts.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { addDays, previousMonth, todayIn } from '../../domain/dates.js';
import type { Column, Tone, View } from '../../output/view.js';
import { PartialReads, partialSummary, type MissingPart } from '../../portfolio/partial.js';
import { Portfolio } from '../../portfolio/run.js';
import { noteMe } from '../../portfolio/token-kind.js';
import {
  isMissing,
  leftOutLines,
  rejectedLines,
  OVERVIEW_AMOUNTS,
  OVERVIEW_FIELDS,
  OVERVIEW_PARTS,
  overviewRow,
  overviewTotal,
  type CompanyRejections,
  type OverviewInputs,
  type OverviewRow,
} from '../../report/overview.js';
import type { OVERVIEW_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

/** The service's own date (its Date header, on the Rome calendar), so "overdue" agrees with the API's. */
async function serviceToday(client: ApiClient): Promise<{ today: string; me: Me }> {
  const { me, serviceDate } = await getMeWithClock(client);
  return { today: todayIn('Europe/Rome', serviceDate ?? new Date()), me };
}

/**
 * The 8 requests of one company's row (more only when a list runs over 100 items), each on its
 * own: a part the service refuses leaves its figures null and is named in `missing`.
 */
export async function companyFigures(client: ApiClient, today: string, days: number): Promise<Omit<OverviewInputs, 'webhooksReady'> & { reads: PartialReads }> {
  const all = { all: true, perPage: 100 };
  const reads = new PartialReads();
  const [open, f24s, overdue, window, current, previous, rejected] = await Promise.all([
    reads.read(t`open receivables (GET /v1/invoices)`, OVERVIEW_PARTS.open, () =>
      collect<Invoice>(listInvoices(client, { direction: 'outbound', payment_status: ['unpaid', 'partial'] }, all)),
    ),
    reads.read(t`F24 forms to pay (GET /v1/f24s)`, OVERVIEW_PARTS.f24s, async () => {
      const [ready, expired] = await Promise.all([
        collect<F24>(listF24s(client, { status: 'ready' }, all)),
        collect<F24>(listF24s(client, { status: 'expired' }, all)),
      ]);
      return [...ready, ...expired];
    }),
    reads.read(t`overdue tax deadlines (GET /v1/tax-deadlines)`, OVERVIEW_PARTS.deadlinesOverdue, () => countDeadlines(client, { status: 'overdue' })),
    reads.read(t`tax deadlines due within ${days} days (GET /v1/tax-deadlines)`, OVERVIEW_PARTS.deadlinesWindow, () =>
      collect(listDeadlines(client, { due_date_from: today, due_date_to: addDays(today, days) }, all)),
    ),
    reads.read(t`expenses to review in ${today.slice(0, 7)} (GET /v1/expenses/summary)`, OVERVIEW_PARTS.currentMonth, () =>
      getExpenseSummary(client, { periodo: today.slice(0, 7) }),
    ),
    reads.read(t`expenses to review in ${previousMonth(today)} (GET /v1/expenses/summary)`, OVERVIEW_PARTS.previousMonth, () =>
      getExpenseSummary(client, { periodo: previousMonth(today) }),
    ),
    reads.read(t`invoices rejected by the SDI (GET /v1/invoices)`, OVERVIEW_PARTS.rejected, () =>
      collect<Invoice>(listInvoices(client, { direction: 'outbound', sdi_status: ['rejected'] }, all)),
    ),
  ]);
  return {
    today,
    open,
    f24s,
    deadlinesOverdue: overdue,
    deadlinesWindow: window,
    currentMonth: current,
    previousMonth: previous,
    rejected,
    missing: reads.missing,
    reads,
  };
}

const count = (key: keyof OverviewRow, tone: Tone): Column => ({ key, kind: 'count', tone: (row) => (Number((row as OverviewRow)[key]) > 0 ? tone : 'muted') });
const isTotal = (row: unknown): boolean => (row as { total?: boolean }).total === true;

/**
 * The morning question is "who needs me today". Always shown, and fitting 80 columns: the
 * company, the open and the overdue receivables, the F24 forms to pay (red when some expired) and
 * the next one's date, the late tax deadlines. The other figures take what room is left, the least
 * urgent going first; `--wide` shows every column whole. The last row is the firm's total.
 */
export function overviewView(days: number, wide = false): View {
  return {
    columns: [
      { key: 'company', label: t`Company`, minWidth: 16, tone: (row) => ((row as OverviewRow).missing.length > 0 && !isTotal(row) ? 'danger' : undefined) },
      { key: 'open_amount', label: t`Open`, kind: 'money' },
      { key: 'overdue_amount', label: t`Overdue`, kind: 'money', tone: (row) => (Number((row as OverviewRow).overdue_count) > 0 ? 'danger' : 'muted') },
      {
        ...count('f24_count', 'warn'),
        label: t`F24 to pay`,
        tone: (row) => (Number((row as OverviewRow).f24_expired_count) > 0 ? 'danger' : Number((row as OverviewRow).f24_count) > 0 ? 'warn' : 'muted'),
      },
      { key: 'f24_nearest_due', label: t`Next F24`, kind: 'date' },
      { ...count('deadlines_overdue', 'danger'), label: t`Deadl. late` },
      { ...count('overdue_count', 'danger'), label: t`Overdue inv.`, priority: 1 },
      // A rejected invoice counts as never issued, and the corrected one is due within five days.
      { ...count('rejected_count', 'danger'), label: t`Rejected`, priority: 2 },
      { ...count('f24_expired_count', 'danger'), label: t`F24 expired`, priority: 3 },
      { key: 'rejected_resend_by', label: t`Resend by`, kind: 'date', priority: 4 },
      { key: 'f24_nearest_amount', label: t`Next F24 amount`, kind: 'money', priority: 5, notApplicable: isTotal },
      { ...count('deadlines_due_soon', 'warn'), label: t`Deadl. ≤ ${days} d`, priority: 6 },
      { ...count('open_count', undefined), label: t`Open inv.`, priority: 7 },
      { ...count('review_current_month', 'warn'), label: t`Review`, priority: 8 },
      { ...count('review_previous_month', 'warn'), label: t`Review prev.`, priority: 9 },
      {
        key: 'webhooks_ready',
        label: t`Webhooks`,
        kind: 'bool',
        tone: (row) => ((row as OverviewRow).webhooks_ready ? 'ok' : 'muted'),
        priority: 10,
        notApplicable: isTotal,
      },
    ],
    fields: OVERVIEW_FIELDS,
    amountFields: OVERVIEW_AMOUNTS,
    missing: isMissing,
    empty: t`No companies.`,
    wide,
    wideHint: t`--wide shows every column; -o json every figure`,
    // The label is a table's (never json's): a Message, in the run's language.
    totalRow: (rows) => ({ ...overviewTotal(rows as OverviewRow[], 'Firm total'), company: t`Firm total` }),
  };
}

export async function run(_args: string[], options: FlagValues<typeof OVERVIEW_FLAGS>, factory: Factory): Promise<void> {
  const selection = await factory.selection();
  const portfolio = new Portfolio(factory, selection);
  const { today, me } = await serviceToday(await factory.client());
  // The same answer decides which companies the token acts on (the one rule): not asked twice.
  noteMe(factory, me);
  const companies = await portfolio.companies();
  const incomplete = new Map<string, MissingPart[]>();
  const rejections = new Map<string, CompanyRejections>();
  const outcomes = await portfolio.each(
    companies,
    async (company, client) => {
      const { reads, ...figures } = await companyFigures(client, today, options.days);
      // Nothing could be read: the company failed as a whole (its row would be all n/a).
      if (reads.nothingRead) throw reads.firstError!;
      incomplete.set(company.id, reads.missing);
      rejections.set(company.id, { company, rejected: figures.rejected });
      return overviewRow(company, { ...figures, webhooksReady: me.webhooks_ready === true });
    },
    { label: t`Overview` },
  );
  const rows = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
  if (rows.length > 0 || outcomes.length === 0) await factory.output.list(rows, overviewView(options.days, options.wide));
  if (factory.output.format === 'table' && rows.some((r) => r.missing.length > 0)) {
    factory.output.info(t`n/a: a figure that could not be read (not a zero); what failed and why is listed below.`);
  }
  for (const line of rows.flatMap(leftOutLines)) factory.output.warn(line);
  // What each rejected invoice's control means and until when the corrected one can be sent (the same lines offline: src/fast-offline.ts).
  for (const line of rejectedLines(
    rows.flatMap((r) => rejections.get(r.account_id) ?? []),
    today,
  ))
    factory.output.warn(line);
  const failure = partialSummary(outcomes, incomplete);
  if (failure) throw failure;
}
