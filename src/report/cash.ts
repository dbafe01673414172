/**
 * The coming weeks' flows of one company, pure: receivables by due date (an overdue one on the date
 * its client usually pays, from the mirror's history, or apart as "overdue, date unknown"), payables (inbound invoices not settled), F24 forms to pay (ready, and expired ones in the
 * first week) and tax deadlines with an amount (not done; those of an F24 form are counted through
 * the form), week by week, with a running balance of the flows from the opening balance given
 * (`--opening-balance`, a statement's closing balance), or from zero when none is.
 */
import type { F24 } from '../api/f24.js';
import type { Invoice } from '../api/invoices.js';
import type { TaxDeadline } from '../api/deadlines.js';
import { add, isCentExact, sub, sum } from '../domain/money.js';
import { addDays, daysBetween, todayIn } from '../domain/dates.js';
import { vatKey } from '../receivables/items.js';

export const NO_BALANCE = 'No bank balance is known to fisco: the running balance starts from zero and shows only what these flows add or take.';

export interface CashWeek {
  week: number;
  from: string;
  to: string;
  receivables: string;
  payables: string;
  f24: string;
  deadlines: string;
  /** receivables − payables − f24 − deadlines. */
  net: string;
  /** The sum of the nets up to this week. */
  running: string;
  items: number;
}

export interface CashInputs {
  today: string;
  weeks: number;
  receivables: readonly (Pick<Invoice, 'amount_due' | 'due_date' | 'number'> & Partial<Pick<Invoice, 'issue_date' | 'counterpart'>>)[];
  payables: readonly Pick<Invoice, 'amount_due' | 'due_date' | 'number'>[];
  f24s: readonly Pick<F24, 'due_date' | 'total_amount' | 'status' | 'id'>[];
  deadlines: readonly Pick<TaxDeadline, 'due_date' | 'amount' | 'status' | 'related_resource' | 'title'>[];
  /** Each client's usual days from issue to payment, by counterpart key (clientDelays). */
  delays?: ReadonlyMap<string, number>;
  /** The balance the running balance starts from (decimal); undefined: none known, it starts from zero. */
  opening?: string;
}

/** A paid invoice as the mirror saw it: its counterpart, issue date and the date its payment was first seen. */
export interface PaidInvoice {
  counterpart: { name?: string | null; vat_number?: string | null } | null | undefined;
  issue_date: string;
  paid_date: string;
}

/** The key that groups a counterpart's invoices (receivables/items.ts counterpartOf's). */
export function counterpartKey(counterpart: PaidInvoice['counterpart']): string {
  return vatKey(counterpart?.vat_number) ?? `name:${(counterpart?.name?.trim() || '(no name)').toLowerCase()}`;
}

/** The payments the mirror saw (src/mirror/store.ts's Mirror is one): invoices seen open at one sync and paid at a later one. */
export interface PaymentHistory {
  paidHistory(accountId: string): { issueDate: string | null; name: string | null; vat: string | null; paidMs: number }[];
}

/** A company's clients' usual delays from the mirror's payment history (none without one). */
export function delaysOf(history: PaymentHistory | undefined, accountId: string): Map<string, number> {
  return clientDelays(
    (history?.paidHistory(accountId) ?? []).flatMap((p) =>
      p.issueDate ? [{ counterpart: { name: p.name, vat_number: p.vat }, issue_date: p.issueDate, paid_date: todayIn('Europe/Rome', new Date(p.paidMs)) }] : [],
    ),
  );
}

/** Each client's usual delay: the median of its paid invoices' days from issue to payment (the lower middle of an even count). */
export function clientDelays(paid: readonly PaidInvoice[]): Map<string, number> {
  const days = new Map<string, number[]>();
  for (const p of paid) {
    const d = daysBetween(p.issue_date, p.paid_date);
    if (d < 0) continue;
    const key = counterpartKey(p.counterpart);
    days.set(key, [...(days.get(key) ?? []), d]);
  }
  return new Map([...days].map(([key, list]) => [key, list.sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)]!]));
}

export interface CashForecast {
  today: string;
  weeks: CashWeek[];
  /** The running balance's start: null when no balance was given (it starts from zero). */
  opening: string | null;
  /** Overdue receivables placed by their client's usual delay (their numbers). */
  overdue_placed: string[];
  /** Overdue receivables whose date cannot be told (no history for the client, or later than its usual delay): outside the weeks. */
  overdue_unknown: { amount: string; invoices: number };
  /** Records left out: an amount with digits past the cent. */
  apart: string[];
  note: string;
}

/** The week (1-based) a due date falls in, counting from `today`; overdue → 1; after the horizon → undefined. */
function weekOf(due: string | null | undefined, today: string, weeks: number): number | undefined {
  if (!due || due < today) return 1;
  const week = Math.floor((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / (7 * 86_400_000)) + 1;
  return week <= weeks ? week : undefined;
}

export function cashForecast(inputs: CashInputs): CashForecast {
  const buckets = Array.from({ length: inputs.weeks }, () => ({
    receivables: [] as string[],
    payables: [] as string[],
    f24: [] as string[],
    deadlines: [] as string[],
  }));
  const apart: string[] = [];
  const put = (kind: keyof (typeof buckets)[number], due: string | null | undefined, amount: string | null | undefined, what: string) => {
    if (amount === null || amount === undefined) return;
    if (!isCentExact(amount)) return void apart.push(`${what}: ${amount} has digits past the cent`);
    const week = weekOf(due, inputs.today, inputs.weeks);
    if (week !== undefined) buckets[week - 1]![kind].push(amount);
  };
  const unknown: string[] = [];
  const placed: string[] = [];
  for (const r of inputs.receivables) {
    if (!r.due_date || r.due_date >= inputs.today) {
      put('receivables', r.due_date, r.amount_due, `invoice ${r.number}`);
      continue;
    }
    // Overdue: on the day its client usually pays (issue date + its usual delay), when that is still ahead.
    const delay = r.issue_date ? inputs.delays?.get(counterpartKey(r.counterpart)) : undefined;
    const expected = delay === undefined ? undefined : addDays(r.issue_date!, delay);
    if (expected !== undefined && expected >= inputs.today) {
      placed.push(r.number);
      put('receivables', expected, r.amount_due, `invoice ${r.number}`);
    } else if (r.amount_due !== null && r.amount_due !== undefined) {
      if (!isCentExact(r.amount_due)) apart.push(`invoice ${r.number}: ${r.amount_due} has digits past the cent`);
      else unknown.push(r.amount_due);
    }
  }
  for (const p of inputs.payables) put('payables', p.due_date, p.amount_due, `inbound invoice ${p.number}`);
  for (const f of inputs.f24s) if (f.status === 'ready' || f.status === 'expired') put('f24', f.due_date, f.total_amount, `F24 ${f.id}`);
  for (const d of inputs.deadlines) {
    if (d.status === 'done' || d.related_resource?.type === 'f24') continue;
    put('deadlines', d.due_date, d.amount === null || d.amount === undefined ? null : String(d.amount), `deadline ${d.title}`);
  }
  let running = inputs.opening ?? '0.00';
  const weeks = buckets.map((b, i): CashWeek => {
    const [receivables, payables, f24, deadlines] = [sum(b.receivables), sum(b.payables), sum(b.f24), sum(b.deadlines)];
    const net = sub(receivables, add(payables, f24, deadlines));
    running = add(running, net);
    return {
      week: i + 1,
      from: addDays(inputs.today, 7 * i),
      to: addDays(inputs.today, 7 * i + 6),
      receivables,
      payables,
      f24,
      deadlines,
      net,
      running,
      items: b.receivables.length + b.payables.length + b.f24.length + b.deadlines.length,
    };
  });
  return {
    today: inputs.today,
    weeks,
    opening: inputs.opening ?? null,
    overdue_placed: placed,
    overdue_unknown: { amount: sum(unknown), invoices: unknown.length },
    apart,
    note: NO_BALANCE,
  };
}
