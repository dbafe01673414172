/**
 * The batch preview's figures, pure: counts and taxable/VAT/total per company (decimal strings,
 * added with big.js helpers), and the fiscal warnings of every record, aggregated so that the
 * same warning on 140 invoices is one line naming the refs.
 */
import type { InvoiceTotals } from './rules.js';
import { add } from '../domain/money.js';

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
export function aggregateWarnings(items: readonly { ref: string; warnings: readonly string[] }[], shown = 5): string[] {
  const byText = new Map<string, string[]>();
  for (const item of items) {
    for (const w of new Set(item.warnings)) byText.set(w, [...(byText.get(w) ?? []), item.ref]);
  }
  return [...byText].map(([text, refs]) => {
    const names = refs.slice(0, shown).join(', ') + (refs.length > shown ? `, … ${refs.length - shown} more` : '');
    return `${refs.length === 1 ? `ref ${names}` : `${refs.length} records (${names})`}: ${text}`;
  });
}
