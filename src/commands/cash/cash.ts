import type { ApiClient } from '../../api/client.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { formatEuro, sum } from '../../domain/money.js';
import { addDays } from '../../domain/dates.js';
import type { View } from '../../output/view.js';
import { companyLabel } from '../../portfolio/companies.js';
import { failureSummary, Portfolio } from '../../portfolio/run.js';
import { onlineSource, type CompanySource } from '../../receivables/source.js';
import { cashForecast, type CashForecast, type CashWeek } from '../../report/cash.js';
import { serviceToday } from '../../receivables/read.js';
import type { CASH_FLAGS } from './flags.js';
import { t, type Text } from '../../i18n/message.js';

/** One company's forecast from its data source: 4 reads (open receivables and payables, F24s to pay, deadlines). */
export async function companyCash(source: CompanySource, today: string, weeks: number): Promise<CashForecast> {
  const [receivables, payables, f24s, deadlines] = await Promise.all([
    source.openReceivables(),
    source.openPayables(),
    source.f24sToPay(),
    source.deadlines(addDays(today, -365), addDays(today, 7 * weeks - 1)),
  ]);
  return cashForecast({ today, weeks, receivables, payables, f24s, deadlines });
}

type Row = CashWeek & { account_id: string | null; company: string };

export const CASH_FIELDS = ['account_id', 'company', 'week', 'from', 'to', 'receivables', 'payables', 'f24', 'deadlines', 'net', 'running', 'items'] as const;
const AMOUNTS = ['receivables', 'payables', 'f24', 'deadlines', 'net', 'running'] as const;

/** The firm's weeks: the companies' flows added up, week by week. */
function firmWeeks(forecasts: readonly CashForecast[]): CashWeek[] {
  return forecasts[0]!.weeks.map((w, i) => {
    const of = (key: (typeof AMOUNTS)[number]) => sum(forecasts.map((f) => f.weeks[i]![key]));
    return {
      ...w,
      receivables: of('receivables'),
      payables: of('payables'),
      f24: of('f24'),
      deadlines: of('deadlines'),
      net: of('net'),
      running: of('running'),
      items: forecasts.reduce((n, f) => n + f.weeks[i]!.items, 0),
    };
  });
}

const euro = (amount: string) => (/^-?0(\.0+)?$/.test(amount) ? '–' : formatEuro(amount).replace(/\s*€$/, ''));

function tableView(multi: boolean): View {
  const amount = (key: string, label: Text, priority?: number) => ({ key, label, kind: 'count' as const, priority });
  return {
    columns: [
      ...(multi ? [{ key: 'company', label: t`Company`, priority: 9, minWidth: 12 }] : []),
      { key: 'from', label: t`Week from`, kind: 'date' },
      amount('receivables', t`In`),
      amount('payables', t`Payables`),
      amount('f24', t`F24`, 2),
      amount('deadlines', t`Deadlines`, 1),
      amount('net', t`Net`),
      amount('running', t`Running`),
    ],
    rowTone: (r) => ((r as { running: string }).running.startsWith('–') || (r as { running: string }).running.startsWith('-') ? 'danger' : undefined),
  };
}

export async function run(_args: string[], options: FlagValues<typeof CASH_FLAGS>, factory: Factory): Promise<void> {
  const selection = new Portfolio(factory, await factory.selection());
  const companies = await selection.companies();
  const today = await serviceToday(await factory.client());
  const outcomes = await selection.each(companies, (_company, client: ApiClient) => companyCash(onlineSource(client), today, options.weeks), {
    label: t`Cash`,
  });
  const done = outcomes.flatMap((o) => (o.ok ? [{ company: o.company, forecast: o.value }] : []));
  const rows: Row[] = done.flatMap(({ company, forecast }) => forecast.weeks.map((w) => ({ account_id: company.id, company: company.name, ...w })));
  if (done.length > 1) rows.push(...firmWeeks(done.map((d) => d.forecast)).map((w) => ({ account_id: null, company: 'Firm', ...w })));
  for (const { company, forecast } of done) for (const a of forecast.apart) factory.output.warn(t`${companyLabel(company)}: ${a}: left out`);
  // report/cash.ts's NO_BALANCE, in the run's language.
  factory.output.info(t`No bank balance is known to fisco: the running balance starts from zero and shows only what these flows add or take.`);
  if (factory.output.format === 'table')
    await factory.output.list(
      rows.map((r) => ({ ...r, ...Object.fromEntries(AMOUNTS.map((k) => [k, euro(r[k])])) })),
      tableView(done.length > 1),
    );
  else await factory.output.list(rows, { fields: CASH_FIELDS, amountFields: AMOUNTS });
  const failure = failureSummary(outcomes);
  if (failure) throw failure;
}
