import type { ApiClient } from '../../api/client.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { formatEuro, sum } from '../../domain/money.js';
import type { View } from '../../output/view.js';
import { companyLabel } from '../../portfolio/companies.js';
import { failureSummary, Portfolio } from '../../portfolio/run.js';
import { onlineSource, type CompanySource } from '../../receivables/source.js';
import { cashForecast, delaysOf, type CashForecast, type CashWeek } from '../../report/cash.js';
import { serviceToday } from '../../receivables/read.js';
import type { CASH_FLAGS } from './flags.js';
import { day, integer, joined, money, t, type Message, type Text } from '../../i18n/message.js';
import { UsageError } from '../../errors.js';
import { readInputFile } from '../../io/input-file.js';
import { readStatement } from '../../bank/read/index.js';
import type { ClosingBalance } from '../../bank/types.js';
import { residueHistory } from '../../receivables/read.js';
import { addDays } from '../../domain/dates.js';

/** One company's forecast from its data source: 4 reads (open receivables and payables, F24s to pay, deadlines). */
export async function companyCash(
  source: CompanySource,
  today: string,
  weeks: number,
  extra: { opening?: string; delays?: ReadonlyMap<string, number> } = {},
): Promise<CashForecast> {
  const [receivables, payables, f24s, deadlines] = await Promise.all([
    source.openReceivables(),
    source.openPayables(),
    source.f24sToPay(),
    source.deadlines(addDays(today, -365), addDays(today, 7 * weeks - 1)),
  ]);
  return cashForecast({ today, weeks, receivables, payables, f24s, deadlines, ...extra });
}

/** Where the running balance starts: --opening-balance, or the closing balance of --from-statement (each account's last, added up). */
async function openingBalance(options: FlagValues<typeof CASH_FLAGS>): Promise<{ amount: string; said: Message } | undefined> {
  if (options.openingBalance !== undefined && options.fromStatement !== undefined)
    throw new UsageError(t`--opening-balance and --from-statement: give one of them (the balance typed, or the statement's closing balance)`);
  if (options.openingBalance !== undefined)
    return {
      amount: options.openingBalance,
      said: t`The running balance starts from the opening balance ${money(options.openingBalance)} (--opening-balance).`,
    };
  const file = options.fromStatement;
  if (file === undefined) return undefined;
  const bytes = await readInputFile(file, `--from-statement ${file}`, t`Give a bank statement fisco reads: camt.053, MT940 or CBI.`);
  const closings = readStatement(bytes, file).closings ?? [];
  if (closings.length === 0)
    throw new UsageError(
      t`--from-statement ${file}: the statement states no closing balance (a CSV export carries none); give --opening-balance AMOUNT instead`,
    );
  // Each account's latest closing balance (a file may hold several days, or several accounts).
  const last = new Map<string, ClosingBalance>();
  for (const c of closings) {
    const held = last.get(c.iban ?? '');
    if (!held || c.date >= held.date) last.set(c.iban ?? '', c);
  }
  const balances = [...last.values()];
  const foreign = balances.find((b) => b.currency !== 'EUR');
  if (foreign)
    throw new UsageError(
      t`--from-statement ${file}: its closing balance is in ${foreign.currency}; fisco's flows are in euro: give --opening-balance AMOUNT in euro instead`,
    );
  const amount = sum(balances.map((b) => b.amount));
  const accounts = joined(
    balances.map((b) => joined([b.iban ?? t`its account`, day(b.date)], ' ')),
    ', ',
  );
  return { amount, said: t`The running balance starts from ${money(amount)}, the closing balance of ${file} (${accounts}).` };
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
  const opening = await openingBalance(options);
  if (opening && companies.length > 1)
    throw new UsageError(
      t`${options.fromStatement !== undefined ? '--from-statement' : '--opening-balance'}: a bank balance is one company's, and this run covers ${companies.length} companies; choose one with --account`,
    );
  const today = await serviceToday(await factory.client());
  // Each client's usual delay, from the payments the mirror saw (none without a mirror: overdue ones are then shown apart).
  const mirror = await residueHistory(factory);
  const outcomes = await selection.each(
    companies,
    (company, client: ApiClient) =>
      companyCash(onlineSource(client), today, options.weeks, {
        opening: opening?.amount,
        delays: delaysOf(mirror, company.id),
      }),
    { label: t`Cash` },
  );
  const done = outcomes.flatMap((o) => (o.ok ? [{ company: o.company, forecast: o.value }] : []));
  const rows: Row[] = done.flatMap(({ company, forecast }) => forecast.weeks.map((w) => ({ account_id: company.id, company: company.name, ...w })));
  if (done.length > 1) rows.push(...firmWeeks(done.map((d) => d.forecast)).map((w) => ({ account_id: null, company: 'Firm', ...w })));
  for (const { company, forecast } of done) for (const a of forecast.apart) factory.output.warn(t`${companyLabel(company)}: ${a}: left out`);
  // report/cash.ts's NO_BALANCE, in the run's language.
  factory.output.info(
    opening?.said ??
      t`No bank balance is known to fisco: the running balance starts from zero and shows only what these flows add or take (--opening-balance or --from-statement give one).`,
  );
  for (const { company, forecast } of done) {
    const { overdue_unknown: unknown, overdue_placed: placed } = forecast;
    if (placed.length > 0)
      factory.output.info(
        t`${companyLabel(company)}: overdue invoices placed on the day their client usually pays (the payments the mirror saw): ${joined(placed, ', ')}`,
      );
    if (unknown.invoices > 0)
      factory.output.warn(
        t`${companyLabel(company)}: overdue, date unknown: ${money(unknown.amount)} (invoices: ${integer(unknown.invoices)}), outside the weeks: no payment history of their clients in the mirror, or later than their usual delay (\`fisco sync\` every day builds it)`,
      );
  }
  if (factory.output.format === 'table')
    await factory.output.list(
      rows.map((r) => ({ ...r, ...Object.fromEntries(AMOUNTS.map((k) => [k, euro(r[k])])) })),
      tableView(done.length > 1),
    );
  else await factory.output.list(rows, { fields: CASH_FIELDS, amountFields: AMOUNTS });
  const failure = failureSummary(outcomes);
  if (failure) throw failure;
}
