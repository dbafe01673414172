import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { Portfolio, failureSummary } from '../../portfolio/run.js';
import { companyLabel } from '../../portfolio/companies.js';
import { receivableRows, salesInWindow, type CompanyReceivables } from '../../receivables/ageing.js';
import { onlineSource } from '../../receivables/source.js';
import { companyItems, readContacts, residueHistory, serviceToday } from '../../receivables/read.js';
import { asOfInvoices, basisNotes, snapshotOn, type ResiduesBasis } from '../../receivables/as-of.js';
import type { RECEIVABLES_FLAGS } from './flags.js';
import { dataView, tableRows, tableView } from './view.js';
import { t } from '../../i18n/message.js';

export async function run(_args: string[], options: FlagValues<typeof RECEIVABLES_FLAGS>, factory: Factory): Promise<void> {
  const contacts = await readContacts(options.contacts);
  const portfolio = new Portfolio(factory, await factory.selection());
  const companies = await portfolio.companies();
  const today = await serviceToday(await factory.client());
  const asOf = options.asOf ?? today;
  // A past date: invoices issued by then, each residue as the mirror's last sync by then saw it (as-of.ts).
  const history = asOf < today ? await residueHistory(factory) : undefined;
  const outcomes = await portfolio.each(
    companies,
    async (company, client): Promise<CompanyReceivables> => {
      let basis: ResiduesBasis | undefined;
      const read = await companyItems(onlineSource(client), asOf, contacts, true, (invoices) => {
        const then = asOfInvoices(invoices, asOf, today, snapshotOn(history, company.id, asOf));
        basis = then.basis;
        return then.invoices;
      });
      return { company, items: read.items, apart: read.apart, sales: salesInWindow(read.invoices, asOf), basis };
    },
    { label: t`Receivables` },
  );
  const done = outcomes.flatMap((o) => (o.ok ? [o.value] : []));
  for (const c of done) for (const note of c.basis ? basisNotes(companyLabel(c.company), c.basis) : []) factory.output.warn(note);
  for (const c of done)
    for (const a of c.apart) factory.output.warn(t`${companyLabel(c.company)}: invoice ${a.number} (${a.counterpart}) set apart: ${a.reason}`);
  const rows = receivableRows(done, options.by, asOf, options.minDays);
  if (factory.output.format === 'table') await factory.output.list(tableRows(rows), tableView());
  else await factory.output.list(rows, dataView);
  const failure = failureSummary(outcomes);
  if (failure) throw failure;
}
