/**
 * The coming weeks' flows of one company, pure: receivables by due date (overdue ones in the first
 * week), payables (inbound invoices not settled), F24 forms to pay (ready, and expired ones in the
 * first week) and tax deadlines with an amount (not done; those of an F24 form are counted through
 * the form), week by week, with a running balance of the flows. No bank balance is known: the
 * running balance starts from zero and says only what the flows add or take.
 */
import type { F24 } from '../api/f24.js';
import type { Invoice } from '../api/invoices.js';
import type { TaxDeadline } from '../api/deadlines.js';
import { add, isCentExact, sub, sum } from '../domain/money.js';
import { addDays } from '../domain/dates.js';

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
  receivables: readonly Pick<Invoice, 'amount_due' | 'due_date' | 'number'>[];
  payables: readonly Pick<Invoice, 'amount_due' | 'due_date' | 'number'>[];
  f24s: readonly Pick<F24, 'due_date' | 'total_amount' | 'status' | 'id'>[];
  deadlines: readonly Pick<TaxDeadline, 'due_date' | 'amount' | 'status' | 'related_resource' | 'title'>[];
}

export interface CashForecast {
  today: string;
  weeks: CashWeek[];
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
  for (const r of inputs.receivables) put('receivables', r.due_date, r.amount_due, `invoice ${r.number}`);
  for (const p of inputs.payables) put('payables', p.due_date, p.amount_due, `inbound invoice ${p.number}`);
  for (const f of inputs.f24s) if (f.status === 'ready' || f.status === 'expired') put('f24', f.due_date, f.total_amount, `F24 ${f.id}`);
  for (const d of inputs.deadlines) {
    if (d.status === 'done' || d.related_resource?.type === 'f24') continue;
    put('deadlines', d.due_date, d.amount === null || d.amount === undefined ? null : String(d.amount), `deadline ${d.title}`);
  }
  let running = '0.00';
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
  return { today: inputs.today, weeks, apart, note: NO_BALANCE };
}
