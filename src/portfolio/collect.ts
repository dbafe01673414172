import type { ApiClient } from '../api/client.js';
import type { FiscoError } from '../errors.js';
import type { Company } from './companies.js';
import { failureSummary, Portfolio, type PortfolioRun } from './run.js';
import type { Selection } from './select.js';
import { type Text } from '../i18n/message.js';

/**
 * Every company's items of one list, gathered (for outputs that are one document, such as one
 * calendar): items in the companies' order with their company, and the failure summary to
 * raise once the document is written.
 */
export async function collectAcross<T>(
  run: PortfolioRun,
  selection: Selection,
  list: (client: ApiClient) => AsyncIterable<T>,
  label: Text,
): Promise<{ items: { company: Company; item: T }[]; failure?: FiscoError }> {
  const portfolio = new Portfolio(run, selection);
  const companies = await portfolio.companies();
  // A company that fails part-way keeps the items read before its failure (the summary says so).
  const read = new Map<string, T[]>();
  const outcomes = await portfolio.each(
    companies,
    async (company, client) => {
      const items: T[] = [];
      read.set(company.id, items);
      for await (const item of list(client)) items.push(item);
      return items;
    },
    { label },
  );
  const items = outcomes.flatMap((o) => (read.get(o.company.id) ?? []).map((item) => ({ company: o.company, item })));
  return { items, failure: failureSummary(outcomes, (company) => read.get(company.id)?.length ?? 0) };
}
