import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { compensationFor, lateInterest, latePeriods } from '../../../src/dunning/interest.js';
import { halfYearStart, parseRatesFile, rateFor, shippedRates, uncovered } from '../../../src/dunning/rates-table.js';

const rates = shippedRates();

describe('the shipped rates table', () => {
  it('holds the published reference rates from 2013-H1 to 2026-H1, each with its source, and nothing after', () => {
    const table = Object.fromEntries(rates.rows.map((r) => [r.half_year, r.rate]));
    expect(table).toMatchObject({
      '2013-H1': '0.75',
      '2013-H2': '0.50',
      '2014-H1': '0.25',
      '2014-H2': '0.15',
      '2015-H1': '0.05',
      '2016-H1': '0.05',
      '2016-H2': '0.00',
      '2022-H2': '0.00',
      '2023-H1': '2.50',
      '2023-H2': '4.00',
      '2024-H1': '4.50',
      '2024-H2': '4.25',
      '2025-H1': '3.15',
      '2025-H2': '2.15',
      '2026-H1': '2.15',
    });
    expect(rates.rows).toHaveLength(27);
    expect(rateFor(rates, '2026-07-01')).toBeUndefined();
    for (const row of rates.rows) {
      expect(row.source).toMatch(/^Comunicato MEF, G\.U\./);
      // The interest rate is the reference rate plus 8 points.
      expect(Number(row.interest_rate)).toBeCloseTo(Number(row.rate) + 8, 10);
    }
    expect(rates.origin).toMatch(/Gazzetta Ufficiale/);
  });

  it('names the half-year of a date and what is not covered', () => {
    expect(halfYearStart('2026-06-30')).toBe('2026-01-01');
    expect(halfYearStart('2026-07-01')).toBe('2026-07-01');
    expect(uncovered(rates, '2025-12-01', '2026-11-20')).toEqual(['2026-07-01']);
    expect(uncovered(rates, '2012-12-31', '2013-01-02')).toEqual(['2012-07-01']);
  });
});

describe('late interest', () => {
  it('spans two half-years: 1000.00 due 31/05/2025, on 15/08/2025', () => {
    // 1H2025 (3.15 + 8 = 11.15): 1 June to 30 June = 30 days
    // 2H2025 (2.15 + 8 = 10.15): 1 July to 15 August = 31 + 15 = 46 days
    // 1000.00 × (11.15 × 30 + 10.15 × 46) / 36500 = 1000 × (334.50 + 466.90) / 36500 = 801400 / 36500 = 21.9561… → 21.96
    const result = lateInterest('1000.00', '2025-05-31', '2025-08-15', rates);
    expect(result.periods).toEqual([
      { from: '2025-06-01', to: '2025-06-30', days: 30, reference_rate: '3.15', rate: '11.15' },
      { from: '2025-07-01', to: '2025-08-15', days: 46, reference_rate: '2.15', rate: '10.15' },
    ]);
    expect(result.days_late).toBe(76);
    expect(result.interest).toBe('21.96');
  });

  it('spans three half-years: 5000.00 due 15/05/2024, on 10/02/2025', () => {
    // 1H2024 (4.50 + 8 = 12.50): 16 May to 30 June = 16 + 30 = 46 days
    // 2H2024 (4.25 + 8 = 12.25): 1 July to 31 December = 184 days
    // 1H2025 (3.15 + 8 = 11.15): 1 January to 10 February = 31 + 10 = 41 days
    // 5000 × (12.50 × 46 + 12.25 × 184 + 11.15 × 41) / 36500 = 5000 × (575 + 2254 + 457.15) / 36500
    //   = 16430750 / 36500 = 450.1575… → 450.16; 46 + 184 + 41 = 271 days late
    const result = lateInterest('5000.00', '2024-05-15', '2025-02-10', rates);
    expect(result.periods.map((p) => [p.from, p.to, p.days, p.rate])).toEqual([
      ['2024-05-16', '2024-06-30', 46, '12.50'],
      ['2024-07-01', '2024-12-31', 184, '12.25'],
      ['2025-01-01', '2025-02-10', 41, '11.15'],
    ]);
    expect(result.days_late).toBe(271);
    expect(result.interest).toBe('450.16');
  });

  it('counts 29 February in a leap year and still divides by 365', () => {
    // 2500.00 due 31/12/2023, on 01/03/2024; 1H2024 (4.50 + 8 = 12.50)
    // days: January 31 + February 29 + 1 March = 61
    // 2500 × 12.50 × 61 / 36500 = 1906250 / 36500 = 52.2260… → 52.23 (over 366 it would be 52.08)
    const result = lateInterest('2500.00', '2023-12-31', '2024-03-01', rates);
    expect(result.days_late).toBe(61);
    expect(result.interest).toBe('52.23');
  });

  it('rounds half up, once per invoice', () => {
    // 73.00 × 12.50 × 1 / 36500 = 912.5 / 36500 = 0.025 exactly → 0.03 (half up; half-even would give 0.02)
    expect(lateInterest('73.00', '2024-03-14', '2024-03-15', rates).interest).toBe('0.03');
    // Two half-years of 1 day each on 43.00: 1H2024 (12.50) and 2H2024 (12.25)
    // apart: 43 × 12.50 / 36500 = 0.01472… → 0.01 and 43 × 12.25 / 36500 = 0.01443… → 0.01, together 0.02
    // once:  43 × (12.50 + 12.25) / 36500 = 1064.25 / 36500 = 0.02915… → 0.03: the periods are summed before rounding
    expect(lateInterest('43.00', '2024-06-29', '2024-07-01', rates).interest).toBe('0.03');
  });

  it('is zero when not late, and the 40 euro are per invoice unless turned off', () => {
    expect(lateInterest('100.00', '2026-11-20', '2026-11-20', rates)).toEqual({ days_late: 0, periods: [], interest: '0.00' });
    expect(latePeriods('2026-11-21', '2026-11-20', rates)).toEqual([]);
    expect(compensationFor(3, true)).toBe('120.00');
    expect(compensationFor(1, true)).toBe('40.00');
    expect(compensationFor(3, false)).toBe('0.00');
  });

  it('refuses a half-year the table does not cover, naming it, never guessing', () => {
    const run = () => lateInterest('100.00', '2026-06-15', '2026-11-20', rates, 'invoice 7/2026');
    expect(run).toThrow(UsageError);
    expect(run).toThrow(/no reference rate for 2026-H2 \(1 July to 31 December 2026\) in fisco's rates table: invoice 7\/2026/);
    try {
      run();
    } catch (error) {
      expect((error as UsageError).exitCode).toBe(2);
      expect((error as UsageError).hints.join('\n')).toMatch(/--rates FILE/);
    }
  });
});

describe('a rates file (--rates)', () => {
  it('replaces the table: from,rate with or without a header, Italian dates and decimal commas', () => {
    const table = parseRatesFile('from,rate\n2026-01-01,2.15\n01/07/2026,"2,40"\n', 'tassi.csv');
    expect(table.rows.map((r) => [r.half_year, r.rate, r.interest_rate])).toEqual([
      ['2026-H1', '2.15', '10.15'],
      ['2026-H2', '2.40', '10.40'],
    ]);
    expect(table.origin).toBe('the rates file tassi.csv');
    expect(parseRatesFile('2026-07-01;2,4\n', 'x.csv').rows[0]!.rate).toBe('2.40');
    // 100.00 due 30/06/2026 on 30/07/2026: 30 days at 10.40 → 100 × 10.40 × 30 / 36500 = 31200 / 36500 = 0.8547… → 0.85
    expect(lateInterest('100.00', '2026-06-30', '2026-07-30', table).interest).toBe('0.85');
  });

  it('reports every problem of a file at once, with its line', () => {
    const run = () => parseRatesFile('from,rate\n2026-02-01,2\n2026-07-01,abc\n2026-07-01,2\n2026-07-01,2\n2027-01-01\n', 'bad.csv');
    expect(run).toThrow(/bad\.csv: the rates file is not valid \(4 problems\)/);
    try {
      run();
    } catch (error) {
      expect((error as UsageError).hints.map(String)).toEqual([
        'line 2: from 2026-02-01 is not the first day of a half-year (1 January or 1 July)',
        "line 3: rate 'abc' is not a reference rate in percent like 2.15 (at most 4 decimals, not negative)",
        'line 5: 2026-H2 is given twice',
        'line 6: two columns expected (from,rate), found 1',
      ]);
    }
  });
});
