import type { Context } from '../../context.js';
import { Portfolio, failureSummary } from '../../portfolio/run.js';
import { companyLabel } from '../../portfolio/companies.js';
import { portfolioSelectionOf } from '../../portfolio/select.js';
import { receivableRows, salesInWindow, type CompanyReceivables } from '../../receivables/ageing.js';
import { onlineSource } from '../../receivables/source.js';
import { parseFlags } from '../../flags/parse.js';
import { companyItems, readContacts, serviceToday } from './read.js';
import { RECEIVABLES_FLAGS } from './receivables.flags.js';
import { dataView, tableRows, tableView } from './view.js';

export const portfolio = 'portfolio';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(RECEIVABLES_FLAGS, raw);
  const contacts = await readContacts(options.contacts);
  const portfolio = new Portfolio(context, portfolioSelectionOf(context.globals));
  const companies = await portfolio.companies();
  const asOf = options.asOf ?? (await serviceToday(await context.client()));
  const outcomes = await portfolio.each(
    companies,
    async (company, client): Promise<CompanyReceivables> => {
      const read = await companyItems(onlineSource(client), asOf, contacts, true);
      return { company, items: read.items, apart: read.apart, sales: salesInWindow(read.invoices, asOf) };
    },
    { label: 'Receivables' },
  );
  const done = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
  for (const c of done)
    for (const a of c.apart) context.output.warn(`${companyLabel(c.company)}: invoice ${a.number} (${a.counterpart}) set apart: ${a.reason}`);
  const rows = receivableRows(done, options.by, asOf, options.minDays);
  if (context.output.format === 'table') await context.output.list(tableRows(rows), tableView());
  else await context.output.list(rows, dataView);
  const failure = failureSummary(outcomes);
  if (failure) throw failure;
}
