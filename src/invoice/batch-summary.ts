/**
 * The batch preview's figures, pure: counts and taxable/VAT/total per company (decimal strings,
 * added with big.js helpers), and the fiscal warnings of every record, aggregated so that the
 * same warning on 140 invoices is one line naming the refs.
 */
import type { InvoiceTotals } from './rules.js';
import { add } from '../domain/money.js';
import { t, type Message, type Text } from '../i18n/message.js';

export interface CompanyTotals {
  /** The company id, or undefined for the token's own company. */
  account?: string;
  name: string;
  count: number;
  taxable: string;
  vat: string;
  total: string;
}

export function totalsByCompany(items: readonly { account?: string; company: string; totals: InvoiceTotals }[]): CompanyTotals[] {
  const out = new Map<string, CompanyTotals>();
  for (const item of items) {
    const key = item.account ?? '';
    const t = out.get(key) ?? { account: item.account, name: item.company, count: 0, taxable: '0.00', vat: '0.00', total: '0.00' };
    t.count += 1;
    t.taxable = add(t.taxable, item.totals.taxable);
    t.vat = add(t.vat, item.totals.vat);
    t.total = add(t.total, item.totals.total);
    out.set(key, t);
  }
  return [...out.values()];
}

export function grandTotal(companies: readonly CompanyTotals[]): Omit<CompanyTotals, 'account' | 'name'> {
  return companies.reduce(
    (acc, c) => ({ count: acc.count + c.count, taxable: add(acc.taxable, c.taxable), vat: add(acc.vat, c.vat), total: add(acc.total, c.total) }),
    {
      count: 0,
      taxable: '0.00',
      vat: '0.00',
      total: '0.00',
    },
  );
}

/** Identical warnings of several records become one line: `(3 records: C-1, C-2, C-3) text`. */
export function aggregateWarnings(items: readonly { ref: string; warnings: readonly Text[] }[], shown = 5): Message[] {
  // Warnings are the same when their English words are: one line for all the records they concern.
  const byText = new Map<string, { warning: Text; refs: string[] }>();
  for (const item of items) {
    for (const warning of item.warnings) {
      const same = byText.get(String(warning)) ?? { warning, refs: [] };
      if (same.refs.at(-1) !== item.ref) same.refs.push(item.ref);
      byText.set(String(warning), same);
    }
  }
  return [...byText.values()].map(({ warning, refs }) => {
    const names = refs.slice(0, shown).join(', ');
    const more = refs.length - shown;
    const listed = more > 0 ? t`${names}, … ${more} more` : names;
    return refs.length === 1 ? t`ref ${listed}: ${warning}` : t`${refs.length} records (${listed}): ${warning}`;
  });
}
