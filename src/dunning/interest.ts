/**
 * Statutory late-payment interest on one invoice (D.Lgs. 231/2002, art. 5, as amended by D.Lgs.
 * 192/2012): simple interest on the residue, from the day after the due date to the as-of date
 * included, piecewise by half-year at (that half-year's reference rate + 8 points), actual days
 * over 365 (leap years too), rounded to the cent ONCE per invoice, half up:
 *
 *   interest = residue × Σ (reference rate + 8) × days in the half-year / 36500
 *
 * and the flat 40 euro for recovery costs per invoice (art. 6). Pure: decimal strings only.
 */
import { mul, proportion, sum } from '../domain/money.js';
import { addDays, daysBetween } from '../domain/dates.js';
import { halfYearEnd, halfYearStart, nextHalfYear, rateFor, uncovered, uncoveredError, type RatesTable } from './rates-table.js';
import { day, t, type Text } from '../i18n/message.js';

/** Art. 6, c. 2, D.Lgs. 231/2002: the flat amount for the costs of recovery, per invoice. */
export const COMPENSATION = '40.00';

export interface InterestPeriod {
  /** First and last day of the period (inside one half-year). */
  from: string;
  to: string;
  days: number;
  /** The reference rate and the interest rate (reference + 8), in percent. */
  reference_rate: string;
  rate: string;
}

export interface Interest {
  days_late: number;
  periods: InterestPeriod[];
  /** Rounded to the cent once, half up. "0.00" when not late. */
  interest: string;
}

/** The periods of lateness of an invoice due on `due`, on `asOf`, split at the half-years. */
export function latePeriods(due: string, asOf: string, rates: RatesTable, label: Text = t`the interest`): InterestPeriod[] {
  if (daysBetween(due, asOf) <= 0) return [];
  const first = addDays(due, 1);
  const missing = uncovered(rates, first, asOf);
  if (missing.length > 0) throw uncoveredError(rates, missing, t`${label} runs from ${day(first)} to ${day(asOf)}`);
  const periods: InterestPeriod[] = [];
  for (let start = halfYearStart(first); start <= asOf; start = nextHalfYear(start)) {
    const from = start < first ? first : start;
    const end = halfYearEnd(start);
    const to = end > asOf ? asOf : end;
    const row = rateFor(rates, start)!;
    periods.push({ from, to, days: daysBetween(from, to) + 1, reference_rate: row.rate, rate: row.interest_rate });
  }
  return periods;
}

/** Interest on `residue` for an invoice due on `due`, on `asOf`. */
export function lateInterest(residue: string, due: string, asOf: string, rates: RatesTable, label?: Text): Interest {
  const periods = latePeriods(due, asOf, rates, label);
  const days = periods.reduce((n, p) => n + p.days, 0);
  if (periods.length === 0) return { days_late: Math.max(0, daysBetween(due, asOf)), periods, interest: '0.00' };
  // One division, one rounding: residue × Σ(rate × days) / 36500, half up to the cent.
  const weighted = sum(periods.map((p) => mul(p.rate, String(p.days))));
  return { days_late: days, periods, interest: proportion(residue, weighted, '36500') };
}

/** The compensation of a letter's invoices: 40 euro each, or nothing with --no-compensation. */
export function compensationFor(invoices: number, enabled: boolean): string {
  return enabled ? mul(COMPENSATION, String(invoices)) : '0.00';
}
