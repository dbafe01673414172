/**
 * A company's month, computed from the API's records (pure: no I/O, decimal strings and big.js
 * only). The figures of report.html and of the index's headline come from here and nowhere else.
 */
import { ALLOCATION_METHODS, type ExpenseSummary } from '../api/expenses.js';
import type { F24 } from '../api/f24.js';
import type { Invoice } from '../api/invoices.js';
import type { TaxDeadline } from '../api/deadlines.js';
import { daysBetween, nextMonth } from '../domain/dates.js';
import { sum } from '../domain/money.js';
import { createHash } from 'node:crypto';
import { slugify } from '../domain/slug.js';

export interface MonthInputs {
  period: string;
  /** The date receivables are aged on: the period's last day, or today when that is earlier. */
  asOf: string;
  company: { id: string; name: string; vat_number: string | null };
  /** Outbound invoices issued in the period. */
  outbound: readonly Invoice[];
  /** Inbound invoices issued in the period. */
  inbound: readonly Invoice[];
  /** Every outbound invoice still open (unpaid or partial), whatever its issue month. */
  receivables: readonly Invoice[];
  summary: ExpenseSummary;
  /** F24s due in the period. */
  f24s: readonly F24[];
  /** Deadlines due in the period and in the next month. */
  deadlines: readonly TaxDeadline[];
}

export const AGE_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_LABELS: Record<AgeBucket, string> = {
  not_due: 'Not yet due',
  d1_30: '1–30 days overdue',
  d31_60: '31–60 days overdue',
  d61_90: '61–90 days overdue',
  over_90: 'Over 90 days overdue',
};

export interface MonthReport {
  period: string;
  as_of: string;
  company: { id: string; name: string; vat_number: string | null };
  invoices: {
    /** Documents that take payments (payment_status not null): credit notes and void documents left out. */
    issued_count: number;
    issued: string;
    collected: string;
    outstanding: string;
    inbound_count: number;
    inbound_total: string;
  };
  receivables: { bucket: AgeBucket; label: string; count: number; amount: string }[];
  receivables_total: string;
  expenses: {
    by_method: { method: string; total: string }[];
    by_center: { code: string; name: string; total: string; documents: number }[];
    total: string;
    unassigned_count: number;
    unassigned_amount: string;
  };
  f24: {
    paid: { id: string; description: string; due_date: string; amount: string; payment_date: string | null }[];
    to_pay: { id: string; description: string; due_date: string; amount: string; status: string }[];
    paid_total: string;
    to_pay_total: string;
  };
  next_month: string;
  next_deadlines: { id: string; due_date: string; title: string; type: string; amount: string | null; status: string }[];
}

/** The age bucket of an open invoice on `asOf`: days past its due date. */
export function ageBucket(dueDate: string | null | undefined, asOf: string): AgeBucket {
  if (!dueDate) return 'not_due';
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'not_due';
  if (late <= 30) return 'd1_30';
  if (late <= 60) return 'd31_60';
  if (late <= 90) return 'd61_90';
  return 'over_90';
}

/** The period's last day, `YYYY-MM-DD`. */
export function lastDayOf(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** An amount the contract allows to be absent counts as zero. */
const amt = (value: string | null | undefined): string => value ?? '0.00';

export function monthReport(inputs: MonthInputs): MonthReport {
  const payable = inputs.outbound.filter((i) => i.payment_status !== null && i.payment_status !== undefined);
  const receivables = AGE_BUCKETS.map((bucket) => {
    const inBucket = inputs.receivables.filter((i) => ageBucket(i.due_date, inputs.asOf) === bucket);
    return { bucket, label: AGE_LABELS[bucket], count: inBucket.length, amount: sum(inBucket.map((i) => amt(i.amount_due))) };
  });
  const totals = inputs.summary.totali ?? ({} as Record<string, string>);
  const byMethod = ALLOCATION_METHODS.map((method) => ({ method, total: totals[method] ?? '0.00' }));
  const byCenter = (inputs.summary.per_centro ?? []).map((c) => ({ code: c.cost_center_code ?? '', name: c.nome ?? '', total: amt(c.totale), documents: c.documenti }));
  const paid = inputs.f24s.filter((f) => f.status === 'paid');
  const toPay = inputs.f24s.filter((f) => f.status === 'ready' || f.status === 'expired');
  const next = nextMonth(inputs.period);
  return {
    period: inputs.period,
    as_of: inputs.asOf,
    company: inputs.company,
    invoices: {
      issued_count: payable.length,
      issued: sum(payable.map((i) => amt(i.total_amount))),
      collected: sum(payable.map((i) => amt(i.amount_paid))),
      outstanding: sum(payable.map((i) => amt(i.amount_due))),
      inbound_count: inputs.inbound.length,
      inbound_total: sum(inputs.inbound.map((i) => amt(i.total_amount))),
    },
    receivables,
    receivables_total: sum(receivables.map((r) => r.amount)),
    expenses: {
      by_method: byMethod,
      by_center: byCenter,
      total: sum(byMethod.map((m) => m.total)),
      unassigned_count: inputs.summary.non_assegnate?.conteggio ?? 0,
      unassigned_amount: inputs.summary.non_assegnate?.importo ?? '0.00',
    },
    f24: {
      paid: paid.map((f) => ({ id: f.id, description: f.description ?? '', due_date: f.due_date, amount: amt(f.total_amount), payment_date: f.payment_date ?? null })),
      to_pay: toPay.map((f) => ({ id: f.id, description: f.description ?? '', due_date: f.due_date, amount: amt(f.total_amount), status: f.status })),
      paid_total: sum(paid.map((f) => amt(f.total_amount))),
      to_pay_total: sum(toPay.map((f) => amt(f.total_amount))),
    },
    next_month: next,
    next_deadlines: inputs.deadlines
      .filter((d) => d.due_date.startsWith(`${next}-`))
      .sort((a, b) => a.due_date.localeCompare(b.due_date))
      .map((d) => ({ id: d.id, due_date: d.due_date, title: d.title, type: d.type, amount: d.amount, status: d.status })),
  };
}

/**
 * The folder of each company of a run, unique within it (compared without case, for file systems
 * that ignore it): a name two companies would share (same name and VAT number, or ids that differ
 * only in punctuation, `acc-3`/`acc_3`) gets a short hash of the company's id. Never `.`, `..` or empty.
 */
export function companyFolders(companies: readonly { id: string; name: string; vat_number: string | null }[]): Map<string, string> {
  const base = companies.map((c) => companyFolder(c));
  const count = new Map<string, number>();
  for (const name of base) count.set(name.toLowerCase(), (count.get(name.toLowerCase()) ?? 0) + 1);
  const folders = new Map<string, string>();
  companies.forEach((company, i) => {
    const name = base[i]!;
    const clash = count.get(name.toLowerCase())! > 1;
    folders.set(company.id, clash ? `${name}-${createHash('sha256').update(company.id).digest('hex').slice(0, 8)}` : name);
  });
  return folders;
}

/** A company folder's stable name: readable name plus VAT number (`rossi-consulting-srl_04821570159`). */
export function companyFolder(company: { id: string; name: string; vat_number: string | null }): string {
  const slug = slugify(company.name || company.id).slice(0, 60).replace(/-+$/, '');
  const vat = (company.vat_number || company.id).replace(/[^A-Za-z0-9]+/g, '');
  return vat ? `${slug || 'company'}_${vat}` : `${slug || 'company'}_${createHash('sha256').update(company.id).digest('hex').slice(0, 8)}`;
}
