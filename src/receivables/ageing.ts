/**
 * The scadenzario, pure: open items in buckets by days past due (not yet due, 1–30, 31–60, 61–90,
 * over 90) per client, per company and for the firm, the firm's total last; DSO per company.
 *
 * DSO (days sales outstanding, over 90 days) = receivables open on the as-of date ÷ what was
 * invoiced in the 90 days up to it (documents that take payments) × 90, rounded to whole days; null
 * when nothing was invoiced in those days.
 */
import type { Invoice } from '../api/invoices.js';
import { cmp, isCentExact, proportion, sum } from '../domain/money.js';
import { addDays } from '../domain/dates.js';
import { BUCKETS, type Bucket, type OpenItem, type SetApart } from './items.js';
import type { ResiduesBasis } from './as-of.js';

export const DSO_DAYS = 90;

export type RowKind = 'client' | 'invoice' | 'company' | 'firm';

export interface ReceivableRow {
  row: RowKind;
  account_id: string | null;
  company: string | null;
  client: string | null;
  vat_number: string | null;
  client_id: number | null;
  pec: string | null;
  email: string | null;
  number: string | null;
  issue_date: string | null;
  due_date: string | null;
  days_late: number | null;
  invoices: number;
  not_due: string;
  d1_30: string;
  d31_60: string;
  d61_90: string;
  over_90: string;
  /** Everything open; `overdue` = total − not due. */
  total: string;
  overdue: string;
  max_days_late: number | null;
  /** Company and firm rows: what was invoiced in the 90 days up to the as-of date, and the DSO. */
  sales_90d: string | null;
  dso: number | null;
  /** Company and firm rows: invoices left out of every figure (digits past the cent), named on stderr. */
  set_apart: number;
}

export const RECEIVABLE_FIELDS = [
  'row',
  'account_id',
  'company',
  'client',
  'vat_number',
  'client_id',
  'pec',
  'email',
  'number',
  'issue_date',
  'due_date',
  'days_late',
  'invoices',
  ...BUCKETS,
  'total',
  'overdue',
  'max_days_late',
  'sales_90d',
  'dso',
  'set_apart',
] as const;
export const RECEIVABLE_AMOUNTS = [...BUCKETS, 'total', 'overdue', 'sales_90d'] as const;

export interface CompanyReceivables {
  company: { id: string; name: string };
  items: OpenItem[];
  apart: SetApart[];
  /** Outbound documents that take payments issued in the DSO window; undefined when not read. */
  sales?: string;
  /** Where the residues come from when the as-of date is past (as-of.ts). */
  basis?: ResiduesBasis;
}

function figures(items: readonly OpenItem[]): Pick<ReceivableRow, Bucket | 'total' | 'overdue' | 'invoices' | 'max_days_late'> {
  const of = (bucket: Bucket) => sum(items.filter((i) => i.bucket === bucket).map((i) => i.amount_due));
  const buckets = Object.fromEntries(BUCKETS.map((b) => [b, of(b)])) as Record<Bucket, string>;
  const late = items.map((i) => i.days_late ?? 0).filter((d) => d > 0);
  const total = sum(items.map((i) => i.amount_due));
  return {
    ...buckets,
    total,
    overdue: sum(items.filter((i) => i.bucket !== 'not_due').map((i) => i.amount_due)),
    invoices: items.length,
    max_days_late: late.length ? Math.max(...late) : null,
  };
}

const EMPTY = { client: null, vat_number: null, client_id: null, pec: null, email: null, number: null, issue_date: null, due_date: null, days_late: null };

/** What was invoiced in the DSO window: documents that take payments, issued in (asOf − 90, asOf], cent-exact. */
export function salesInWindow(outbound: readonly Invoice[], asOf: string): string {
  const from = addDays(asOf, -DSO_DAYS);
  return sum(
    outbound.filter((i) => i.payment_status !== null && i.issue_date > from && i.issue_date <= asOf && isCentExact(i.total_amount)).map((i) => i.total_amount),
  );
}

/** receivables ÷ sales × 90 in whole days, half up (÷ 100 to the cent is the days to the unit); null without sales. */
export function dso(receivables: string, sales: string | undefined): number | null {
  if (sales === undefined || cmp(sales, '0') <= 0) return null;
  return Math.round(Number(proportion(receivables, '0.9', sales)) * 100);
}

/** What was open on the as-of date: invoices issued on or before it. */
function openOn(items: readonly OpenItem[], asOf: string): string {
  return sum(items.filter((i) => i.issue_date <= asOf).map((i) => i.amount_due));
}

function companyRow(c: CompanyReceivables, asOf: string): ReceivableRow {
  return {
    row: 'company',
    account_id: c.company.id,
    company: c.company.name,
    ...EMPTY,
    ...figures(c.items),
    sales_90d: c.sales ?? null,
    dso: dso(openOn(c.items, asOf), c.sales),
    set_apart: c.apart.length,
  };
}

/** `--min-days N`: 0 keeps every open invoice, the ones not yet due too (their days late are zero or fewer); N keeps those N or more days late. */
function lateEnough(item: OpenItem, minDays: number): boolean {
  return minDays <= 0 || (item.days_late ?? 0) >= minDays;
}

function clientRows(c: CompanyReceivables, minDays: number): ReceivableRow[] {
  const groups = new Map<string, OpenItem[]>();
  for (const item of c.items) groups.set(item.counterpart.key, [...(groups.get(item.counterpart.key) ?? []), item]);
  const rows = [...groups.values()]
    .filter((items) => items.some((i) => lateEnough(i, minDays)))
    .map((items): ReceivableRow => {
      const cp = items[0]!.counterpart;
      return {
        row: 'client',
        account_id: c.company.id,
        company: c.company.name,
        ...EMPTY,
        client: cp.name,
        vat_number: cp.vat_number,
        client_id: cp.client_id,
        pec: cp.pec,
        email: cp.email,
        ...figures(items),
        sales_90d: null,
        dso: null,
        set_apart: 0,
      };
    });
  // Most overdue first, then by name.
  return rows.sort((a, b) => cmp(b.overdue, a.overdue) || (a.client ?? '').localeCompare(b.client ?? ''));
}

function invoiceRows(c: CompanyReceivables, minDays: number): ReceivableRow[] {
  return c.items
    .filter((i) => lateEnough(i, minDays))
    .sort((a, b) => (b.days_late ?? -Infinity) - (a.days_late ?? -Infinity) || a.number.localeCompare(b.number))
    .map((i) => ({
      row: 'invoice' as const,
      account_id: c.company.id,
      company: c.company.name,
      client: i.counterpart.name,
      vat_number: i.counterpart.vat_number,
      client_id: i.counterpart.client_id,
      pec: i.counterpart.pec,
      email: i.counterpart.email,
      number: i.number,
      issue_date: i.issue_date,
      due_date: i.due_date,
      days_late: i.days_late,
      ...figures([i]),
      sales_90d: null,
      dso: null,
      set_apart: 0,
    }));
}

function firmRow(companies: readonly CompanyReceivables[], asOf: string): ReceivableRow {
  const all = companies.flatMap((c) => c.items);
  const sales = companies.every((c) => c.sales !== undefined) ? sum(companies.map((c) => c.sales!)) : undefined;
  return {
    row: 'firm',
    account_id: null,
    company: null,
    ...EMPTY,
    ...figures(all),
    sales_90d: sales ?? null,
    dso: dso(openOn(all, asOf), sales),
    set_apart: companies.reduce((n, c) => n + c.apart.length, 0),
  };
}

/**
 * The rows of `--by client|invoice|company`: per company its clients (or invoices) with at least
 * `minDays` days late on one invoice (0: every open one), then the company's total; the firm's
 * total last when there are several companies.
 */
export function receivableRows(companies: readonly CompanyReceivables[], by: 'client' | 'invoice' | 'company', asOf: string, minDays = 0): ReceivableRow[] {
  const rows: ReceivableRow[] = [];
  for (const c of companies) {
    if (by === 'client') rows.push(...clientRows(c, minDays));
    if (by === 'invoice') rows.push(...invoiceRows(c, minDays));
    rows.push(companyRow(c, asOf));
  }
  if (companies.length > 1) rows.push(firmRow(companies, asOf));
  return rows;
}
