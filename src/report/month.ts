/**
 * A company's month, computed from the API's records (pure: no I/O, decimal strings and big.js
 * only). The figures of report.html and of the index's headline come from here and nowhere else.
 */
import { ALLOCATION_METHODS, type ExpenseSummary } from '../api/expenses.js';
import type { F24 } from '../api/f24.js';
import { VOID_SDI_STATUSES, type Invoice } from '../api/invoices.js';
import type { TaxDeadline } from '../api/deadlines.js';
import { daysBetween, nextMonth } from '../domain/dates.js';
import { sub, sum } from '../domain/money.js';
import { resendBy } from '../sdi/rejection.js';
import type { CashForecast } from './cash.js';
import { centExact, centTotal, f24Name, invoiceName, type LeftOut } from './totals.js';
import type { MissingPart } from '../portfolio/partial.js';
import type { ResiduesBasis } from '../receivables/as-of.js';
import { createHash } from 'node:crypto';
import { slugify } from '../domain/slug.js';

export interface MonthInputs {
  period: string;
  /** The date receivables are aged on: the period's last day, or today when that is earlier. */
  asOf: string;
  company: { id: string; name: string; vat_number: string | null };
  /** Outbound invoices issued in the period (undefined: could not be read). */
  outbound?: readonly Invoice[];
  /** Inbound invoices issued in the period. */
  inbound?: readonly Invoice[];
  /** Every outbound invoice still open (unpaid or partial) on asOf, whatever its issue month. */
  receivables?: readonly Invoice[];
  /** Where their residues come from (src/receivables/as-of.ts); the report says it when they are not of asOf itself. */
  receivablesBasis?: ResiduesBasis;
  summary?: ExpenseSummary;
  /** F24s due in the period. */
  f24s?: readonly F24[];
  /** Deadlines due in the period and in the next month. */
  deadlines?: readonly TaxDeadline[];
  /** What could not be read for this company, and why (the report says so in words). */
  missing?: readonly MissingPart[];
}

export const AGE_BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** Why an outbound document of the month is not in the issued total. */
export type ExcludedReason = 'draft' | 'rejected' | 'error';

/** A document the month's figures name apart: a note, a void document, an undelivered invoice. */
export interface DocumentLine {
  id: string;
  number: string;
  issue_date: string;
  counterpart: string;
  total: string;
  sdi_status: string;
}

export interface MonthReport {
  period: string;
  as_of: string;
  company: { id: string; name: string; vat_number: string | null };
  /** null: the invoices could not be read (see `missing`). */
  invoices: {
    /** Invoices that take payments (payment_status not null), delivery-failed ones included. */
    issued_count: number;
    issued: string;
    collected: string;
    outstanding: string;
    /**
     * Notes (payment_status null, not void: TD04 credit or TD05 debit notes). The list item does
     * not say which: a note numbered in a credit-note series (its number names it: `Note di
     * credito-3/2026`, `NC-…`) is a credit note, netted; any other note is shown apart, not netted.
     */
    notes: (DocumentLine & { kind: 'credit' | 'unclassified' })[];
    credit_notes_total: string;
    other_notes_total: string;
    /** issued − credit_notes_total. */
    net: string;
    /** Issued but not delivered by the SDI (delivery_failed): in the issued total, named here. */
    delivery_failed: DocumentLine[];
    /** Fiscally void (draft, rejected, error): outside every figure, named here with the reason. */
    excluded: (DocumentLine & { reason: ExcludedReason; sdi_error?: string | null; resend_by?: string | null })[];
    inbound_count: number;
    inbound_total: string;
  } | null;
  receivables: { bucket: AgeBucket; count: number; amount: string }[] | null;
  receivables_total: string | null;
  /** Where the receivables' residues come from: the report names a basis other than `current`. */
  receivables_basis?: ResiduesBasis;
  expenses: {
    by_method: { method: string; total: string }[];
    by_center: { code: string; name: string; total: string; documents: number }[];
    total: string;
    unassigned_count: number;
    unassigned_amount: string;
  } | null;
  f24: {
    paid: { id: string; description: string; due_date: string; amount: string; payment_date: string | null }[];
    to_pay: { id: string; description: string; due_date: string; amount: string; status: string }[];
    paid_total: string;
    to_pay_total: string;
    /** Cancelled forms: outside the totals, counted here. */
    cancelled_count: number;
  } | null;
  next_month: string;
  next_deadlines: { id: string; due_date: string; title: string; type: string; amount: string | null; status: string }[] | null;
  missing: MissingPart[];
  /** The coming weeks' flows (src/report/cash.ts), when the export read them. */
  cash?: CashForecast;
  /**
   * Records a total left out because an amount has digits past the cent (`100.125`): shown as
   * sent in their own lines, outside the totals they would distort; the report names each.
   */
  left_out: LeftOut[];
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

/** A number in a credit-note series: `Note di credito-3/2026`, `NC 12/2026`, `Credit note 4`. */
export const CREDIT_NOTE_NUMBER = /credit|credito|(^|[^a-z])nc([^a-z]|$)/i;

const line = (i: Invoice): DocumentLine => ({
  id: i.id,
  number: i.number,
  issue_date: i.issue_date,
  counterpart: i.counterpart?.name ?? '',
  total: amt(i.total_amount),
  sdi_status: i.sdi_status,
});

const INVOICE_AMOUNT_FIELDS = ['total_amount', 'amount_paid', 'amount_due'] as const;

function invoiceFigures(outbound: readonly Invoice[], inbound: readonly Invoice[], leftOut: LeftOut[]): NonNullable<MonthReport['invoices']> {
  const isVoid = (i: Invoice) => VOID_SDI_STATUSES.includes(i.sdi_status);
  const listed = outbound.filter((i) => !isVoid(i) && i.payment_status !== null && i.payment_status !== undefined);
  // An invoice with an amount past the cent is out of issued, collected and outstanding alike, so they still add up.
  const payable = centExact(listed, INVOICE_AMOUNT_FIELDS, ['invoices.issued', 'invoices.collected', 'invoices.outstanding'], invoiceName, leftOut);
  const notes = outbound.filter((i) => !isVoid(i) && (i.payment_status === null || i.payment_status === undefined));
  const issued = sum(payable.map((i) => amt(i.total_amount)));
  const credit = notes.filter((i) => CREDIT_NOTE_NUMBER.test(i.number));
  const other = notes.filter((i) => !CREDIT_NOTE_NUMBER.test(i.number));
  const noteTotal = (list: Invoice[], figure: string) =>
    centTotal(
      list.map((i) => ({ record: invoiceName(i), field: 'total_amount', amount: i.total_amount })),
      figure,
      leftOut,
    );
  const creditTotal = noteTotal(credit, 'invoices.credit_notes');
  return {
    issued_count: payable.length,
    issued,
    collected: sum(payable.map((i) => amt(i.amount_paid))),
    outstanding: sum(payable.map((i) => amt(i.amount_due))),
    notes: [...credit.map((i) => ({ ...line(i), kind: 'credit' as const })), ...other.map((i) => ({ ...line(i), kind: 'unclassified' as const }))],
    credit_notes_total: creditTotal,
    other_notes_total: noteTotal(other, 'invoices.other_notes'),
    net: sub(issued, creditTotal),
    delivery_failed: payable.filter((i) => i.sdi_status === 'delivery_failed').map(line),
    excluded: outbound.filter(isVoid).map((i) => ({
      ...line(i),
      reason: i.sdi_status as ExcludedReason,
      // A rejection: the SDI's code and text, and the day the five-day window to send the corrected invoice closes (src/sdi/rejection.ts).
      ...(i.sdi_status === 'draft'
        ? {}
        : { sdi_error: i.sdi_error ?? null, resend_by: i.sdi_status === 'rejected' ? (resendBy(i.last_sdi_update) ?? null) : null }),
    })),
    inbound_count: inbound.length,
    inbound_total: noteTotal(inbound as Invoice[], 'invoices.inbound'),
  };
}

function receivableFigures(receivables: readonly Invoice[], asOf: string, leftOut: LeftOut[]): MonthReport['receivables'] {
  return AGE_BUCKETS.map((bucket) => {
    const inBucket = centExact(
      receivables.filter((i) => ageBucket(i.due_date, asOf) === bucket),
      ['amount_due'],
      [`receivables.${bucket}`],
      invoiceName,
      leftOut,
    );
    return { bucket, count: inBucket.length, amount: sum(inBucket.map((i) => amt(i.amount_due))) };
  });
}

function f24Figures(f24s: readonly F24[], leftOut: LeftOut[]): NonNullable<MonthReport['f24']> {
  const paid = f24s.filter((f) => f.status === 'paid');
  const toPay = f24s.filter((f) => f.status === 'ready' || f.status === 'expired');
  const total = (list: F24[], figure: string) =>
    centTotal(
      list.map((f) => ({ record: f24Name(f), field: 'total_amount', amount: f.total_amount })),
      figure,
      leftOut,
    );
  return {
    paid: paid.map((f) => ({
      id: f.id,
      description: f.description ?? '',
      due_date: f.due_date,
      amount: amt(f.total_amount),
      payment_date: f.payment_date ?? null,
    })),
    to_pay: toPay.map((f) => ({ id: f.id, description: f.description ?? '', due_date: f.due_date, amount: amt(f.total_amount), status: f.status })),
    paid_total: total(paid, 'f24.paid'),
    to_pay_total: total(toPay, 'f24.to_pay'),
    cancelled_count: f24s.filter((f) => f.status === 'cancelled').length,
  };
}

function expenseFigures(summary: ExpenseSummary, leftOut: LeftOut[]): NonNullable<MonthReport['expenses']> {
  const totals = summary.totali ?? ({} as Record<string, string>);
  const byMethod = ALLOCATION_METHODS.map((method) => ({ method, total: totals[method] ?? '0.00' }));
  return {
    by_method: byMethod,
    by_center: (summary.per_centro ?? []).map((c) => ({
      code: c.cost_center_code ?? '',
      name: c.nome ?? '',
      total: amt(c.totale),
      documents: c.documenti,
    })),
    total: centTotal(
      byMethod.map((m) => ({ record: { kind: 'method' as const, ref: m.method }, field: `totali.${m.method}`, amount: m.total })),
      'expenses.total',
      leftOut,
    ),
    unassigned_count: summary.non_assegnate?.conteggio ?? 0,
    unassigned_amount: summary.non_assegnate?.importo ?? '0.00',
  };
}

export function monthReport(inputs: MonthInputs): MonthReport {
  const leftOut: LeftOut[] = [];
  const receivables = inputs.receivables ? receivableFigures(inputs.receivables, inputs.asOf, leftOut) : null;
  const next = nextMonth(inputs.period);
  return {
    period: inputs.period,
    as_of: inputs.asOf,
    company: inputs.company,
    invoices: inputs.outbound && inputs.inbound ? invoiceFigures(inputs.outbound, inputs.inbound, leftOut) : null,
    receivables,
    receivables_total: receivables ? sum(receivables.map((r) => r.amount)) : null,
    ...(inputs.receivablesBasis ? { receivables_basis: inputs.receivablesBasis } : {}),
    expenses: inputs.summary ? expenseFigures(inputs.summary, leftOut) : null,
    f24: inputs.f24s ? f24Figures(inputs.f24s, leftOut) : null,
    next_month: next,
    next_deadlines: inputs.deadlines
      ? inputs.deadlines
          .filter((d) => d.due_date.startsWith(`${next}-`))
          .sort((a, b) => a.due_date.localeCompare(b.due_date))
          .map((d) => ({ id: d.id, due_date: d.due_date, title: d.title, type: d.type, amount: d.amount, status: d.status }))
      : null,
    missing: [...(inputs.missing ?? [])],
    left_out: leftOut,
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
  const slug = slugify(company.name || company.id)
    .slice(0, 60)
    .replace(/-+$/, '');
  const vat = (company.vat_number || company.id).replace(/[^A-Za-z0-9]+/g, '');
  return vat ? `${slug || 'company'}_${vat}` : `${slug || 'company'}_${createHash('sha256').update(company.id).digest('hex').slice(0, 8)}`;
}
