import * as z from '../../api/zod.js';
import type { ApiClient } from '../../api/client.js';
import { listDeadlines } from '../../api/deadlines.js';
import { getExpenseSummary } from '../../api/expenses.js';
import { listF24s, type F24 } from '../../api/f24.js';
import { listInvoices, type Invoice } from '../../api/invoices.js';
import { getMeWithClock, type Me } from '../../api/me.js';
import { countDeadlines } from '../../api/counts.js';
import type { Context } from '../../context.js';
import { addDays, previousMonth, todayIn } from '../../domain/dates.js';
import type { Column, Tone, View } from '../../output/view.js';
import { failureSummary, Portfolio } from '../../portfolio/run.js';
import { portfolioSelectionOf } from '../../portfolio/select.js';
import { OVERVIEW_AMOUNTS, OVERVIEW_FIELDS, overviewRow, type OverviewRow } from '../../report/overview.js';
import { parseOptions } from '../options.js';

const schema = z.object({
  days: z
    .string()
    .regex(/^\d+$/, 'must be a whole number of days, 1 or more')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 366, 'must be from 1 to 366 days'),
});

export const portfolio = 'portfolio';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** The service's own date (its Date header, on the Rome calendar), so "overdue" agrees with the API's. */
async function serviceToday(client: ApiClient): Promise<{ today: string; me: Me }> {
  const { me, serviceDate } = await getMeWithClock(client);
  return { today: todayIn('Europe/Rome', serviceDate ?? new Date()), me };
}

/** The 7 requests of one company's row (more only when a list runs over 100 items). */
export async function companyFigures(client: ApiClient, today: string, days: number) {
  const all = { all: true, perPage: 100 };
  const [open, ready, expired, overdue, window, current, previous] = await Promise.all([
    collect<Invoice>(listInvoices(client, { direction: 'outbound', payment_status: ['unpaid', 'partial'] }, all)),
    collect<F24>(listF24s(client, { status: 'ready' }, all)),
    collect<F24>(listF24s(client, { status: 'expired' }, all)),
    countDeadlines(client, { status: 'overdue' }),
    collect(listDeadlines(client, { due_date_from: today, due_date_to: addDays(today, days) }, all)),
    getExpenseSummary(client, { periodo: today.slice(0, 7) }),
    getExpenseSummary(client, { periodo: previousMonth(today) }),
  ]);
  return { open, f24s: [...ready, ...expired], deadlinesOverdue: overdue, deadlinesWindow: window, currentMonth: current, previousMonth: previous };
}

const count = (key: keyof OverviewRow, tone: Tone): Column => ({ key, kind: 'count', tone: (row) => (Number((row as OverviewRow)[key]) > 0 ? tone : 'muted') });

function view(days: number): View {
  return {
    columns: [
      { key: 'company', label: 'Company' },
      { ...count('open_count', undefined), label: 'Open' },
      { key: 'open_amount', label: 'Open amount', kind: 'money' },
      { ...count('overdue_count', 'danger'), label: 'Overdue' },
      { key: 'overdue_amount', label: 'Overdue amount', kind: 'money', tone: (row) => ((row as OverviewRow).overdue_count > 0 ? 'danger' : 'muted') },
      { ...count('f24_count', 'warn'), label: 'F24 to pay', tone: (row) => ((row as OverviewRow).f24_expired_count > 0 ? 'danger' : (row as OverviewRow).f24_count > 0 ? 'warn' : 'muted') },
      { key: 'f24_nearest_due', label: 'Next F24', kind: 'date' },
      { key: 'f24_nearest_amount', label: 'Next F24 amount', kind: 'money' },
      { ...count('deadlines_overdue', 'danger'), label: 'Deadlines overdue' },
      { ...count('deadlines_due_soon', 'warn'), label: `Due ≤ ${days} d` },
      { ...count('review_current_month', 'warn'), label: 'Review (month)' },
      { ...count('review_previous_month', 'warn'), label: 'Review (prev.)' },
      { key: 'webhooks_ready', label: 'Webhooks', kind: 'bool', tone: (row) => ((row as OverviewRow).webhooks_ready ? 'ok' : 'muted') },
    ],
    fields: OVERVIEW_FIELDS,
    amountFields: OVERVIEW_AMOUNTS,
    empty: 'No companies.',
  };
}

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const selection = portfolioSelectionOf(context.globals);
  const portfolio = new Portfolio(context, selection);
  const companies = await portfolio.companies();
  const { today, me } = await serviceToday(await context.client());
  const outcomes = await portfolio.each(
    companies,
    async (company, client) => overviewRow(company, { ...(await companyFigures(client, today, options.days)), webhooksReady: me.webhooks_ready === true }),
    { label: 'Overview' },
  );
  const rows = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
  if (rows.length > 0 || outcomes.length === 0) await context.output.list(rows, view(options.days));
  const failure = failureSummary(outcomes);
  if (failure) throw failure;
}
