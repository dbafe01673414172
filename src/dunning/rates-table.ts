/**
 * The reference rates of late-payment interest (D.Lgs. 231/2002, art. 5, as amended by D.Lgs.
 * 192/2012): per half-year, the ECB's main refinancing rate in force on 1 January or 1 July, as the
 * Ministry of Economy and Finance publishes it in the Gazzetta Ufficiale ("Saggio degli interessi da
 * applicare a favore del creditore nei casi di ritardo nei pagamenti nelle transazioni commerciali").
 * The interest rate is the reference rate plus 8 points.
 *
 * Dated data shipped with fisco: only half-years whose published figure was checked are here. A
 * half-year the table does not cover is never guessed: it is a usage error naming it, and
 * `--rates FILE` (CSV `from,rate`) gives the table to use instead. Pure: no I/O.
 */
import { parse } from 'csv-parse/sync';
import { errorText, UsageError } from '../errors.js';
import { add } from '../domain/money.js';
import { parseDateInput } from '../domain/input.js';
import { ValidationError } from '../domain/validation-error.js';
import { joined, type Message, t, type Text } from '../i18n/message.js';

/** The points added to the reference rate (art. 5, c. 1, D.Lgs. 231/2002 as amended by D.Lgs. 192/2012). */
export const SURCHARGE = '8';

export interface RateRow {
  /** The half-year's first day: YYYY-01-01 or YYYY-07-01. */
  from: string;
  /** Its last day: YYYY-06-30 or YYYY-12-31. */
  to: string;
  /** `2026-H1`. */
  half_year: string;
  /** The reference rate in percent, as published ("2.15"). */
  rate: string;
  /** The reference rate plus 8 points: the late-payment interest rate of the half-year. */
  interest_rate: string;
  /** Where the figure was published (the Gazzetta Ufficiale's issue), or the file it came from. */
  source: string;
}

export interface RatesTable {
  rows: RateRow[];
  /** What the table is: fisco's own (with the date it was checked) or a file given with --rates. */
  origin: string;
}

/** When the shipped table was last checked against the Gazzetta Ufficiale. */
export const SHIPPED_CHECKED = '2026-11-26';
export const SHIPPED_ORIGIN = `fisco's table of the reference rates published by the Ministero dell'economia e delle finanze in the Gazzetta Ufficiale (art. 5 D.Lgs. 231/2002), checked on ${SHIPPED_CHECKED}`;

const MEF = 'Comunicato MEF, G.U.';
/** [half-year start, reference rate, publication]: 1H2013 (the first half-year of the 8 points) to 1H2026. */
const SHIPPED: readonly [string, string, string][] = [
  ['2013-01-01', '0.75', `${MEF} n. 14 del 17/01/2013`],
  ['2013-07-01', '0.50', `${MEF} luglio 2013`],
  ['2014-01-01', '0.25', `${MEF} gennaio 2014`],
  ['2014-07-01', '0.15', `${MEF} n. 167 del 21/07/2014`],
  ['2015-01-01', '0.05', `${MEF} n. 12 del 16/01/2015`],
  ['2015-07-01', '0.05', `${MEF} n. 168 del 22/07/2015`],
  ['2016-01-01', '0.05', `${MEF} n. 19 del 25/01/2016`],
  ['2016-07-01', '0.00', `${MEF} luglio 2016`],
  ['2017-01-01', '0.00', `${MEF} n. 18 del 23/01/2017`],
  ['2017-07-01', '0.00', `${MEF} luglio 2017`],
  ['2018-01-01', '0.00', `${MEF} gennaio 2018`],
  ['2018-07-01', '0.00', `${MEF} n. 158 del 10/07/2018`],
  ['2019-01-01', '0.00', `${MEF} gennaio 2019`],
  ['2019-07-01', '0.00', `${MEF} luglio 2019`],
  ['2020-01-01', '0.00', `${MEF} gennaio 2020`],
  ['2020-07-01', '0.00', `${MEF} luglio 2020`],
  ['2021-01-01', '0.00', `${MEF} gennaio 2021`],
  ['2021-07-01', '0.00', `${MEF} luglio 2021`],
  ['2022-01-01', '0.00', `${MEF} gennaio 2022`],
  ['2022-07-01', '0.00', `${MEF} luglio 2022`],
  ['2023-01-01', '2.50', `${MEF} n. 14 del 18/01/2023`],
  ['2023-07-01', '4.00', `${MEF} n. 165 del 17/07/2023`],
  ['2024-01-01', '4.50', `${MEF} n. 12 del 16/01/2024`],
  ['2024-07-01', '4.25', `${MEF} n. 176 del 29/07/2024`],
  ['2025-01-01', '3.15', `${MEF} n. 63 del 17/03/2025`],
  ['2025-07-01', '2.15', `${MEF} n. 161 del 14/07/2025`],
  ['2026-01-01', '2.15', `${MEF} n. 15 del 20/01/2026`],
];

/** The half-year a date falls in, by its first day: 2026-11-20 → 2026-07-01. */
export function halfYearStart(date: string): string {
  return `${date.slice(0, 4)}-${Number(date.slice(5, 7)) <= 6 ? '01' : '07'}-01`;
}

export function halfYearEnd(start: string): string {
  return `${start.slice(0, 4)}-${start.slice(5, 7) === '01' ? '06-30' : '12-31'}`;
}

/** `2026-07-01` → `2026-H2`. */
export function halfYearName(start: string): string {
  return `${start.slice(0, 4)}-H${start.slice(5, 7) === '01' ? 1 : 2}`;
}

/** The half-year in words, for messages: `2026-H2 (1 July to 31 December 2026)`. */
export function halfYearWords(start: string): Message {
  const year = start.slice(0, 4);
  return start.slice(5, 7) === '01' ? t`${halfYearName(start)} (1 January to 30 June ${year})` : t`${halfYearName(start)} (1 July to 31 December ${year})`;
}

function row(from: string, rate: string, source: string): RateRow {
  return { from, to: halfYearEnd(from), half_year: halfYearName(from), rate, interest_rate: add(rate, SURCHARGE), source };
}

export function shippedRates(): RatesTable {
  return { rows: SHIPPED.map(([from, rate, source]) => row(from, rate, source)), origin: SHIPPED_ORIGIN };
}

/** The reference rate of one half-year, or undefined when the table does not cover it. */
export function rateFor(table: RatesTable, start: string): RateRow | undefined {
  return table.rows.find((r) => r.from === start);
}

/** The half-years from `from` to `to` (dates) the table does not cover, in order. */
export function uncovered(table: RatesTable, from: string, to: string): string[] {
  const missing: string[] = [];
  for (let start = halfYearStart(from); start <= to; start = nextHalfYear(start)) if (!rateFor(table, start)) missing.push(start);
  return missing;
}

export function nextHalfYear(start: string): string {
  const year = Number(start.slice(0, 4));
  return start.slice(5, 7) === '01' ? `${year}-07-01` : `${year + 1}-01-01`;
}

/** The error for half-years without a rate: exit 2 naming each one, never a guessed rate. */
export function uncoveredError(table: RatesTable, missing: readonly string[], why: Text): UsageError {
  const names = joined(missing.map(halfYearWords), ', ');
  return new UsageError(t`no reference rate for ${names} in ${table.origin === SHIPPED_ORIGIN ? t`fisco's rates table` : table.origin}: ${why}`, [
    t`fisco never guesses a rate. Give the table with --rates FILE, a CSV of from,rate (the reference rate in percent, as the Ministry published it for that half-year):`,
    t`  fisco dunning rates --fields from,rate -o csv > tassi.csv   # then add a line such as ${missing[0]},RATE`,
  ]);
}

const RATE = /^\d{1,2}([.,]\d{1,4})?$/;

/**
 * A rates file: CSV `from,rate` (a header row is optional; `;` also separates), one half-year a
 * line, `from` its first day (YYYY-MM-DD or dd/mm/yyyy: 1 January or 1 July), `rate` the
 * reference rate in percent (`2.15` or `2,15`). Every problem at once, each with its line.
 */
export function parseRatesFile(text: string, file: string): RatesTable {
  let records: string[][];
  try {
    const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'); // One line ending whatever the editor or `echo >>` wrote (CRLF, LF, both)
    const delimiter = /^[^\n]*;/.test(body) && !/^[^\n]*,[^\n]*,/.test(body) ? ';' : ',';
    records = parse(body, { delimiter, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][];
  } catch (error) {
    throw new UsageError(t`${file}: not a CSV of from,rate (${errorText(error)})`);
  }
  const problems: Message[] = [];
  const rows: RateRow[] = [];
  records.forEach((record, index) => {
    const line = index + 1;
    if (index === 0 && record[0]?.toLowerCase() === 'from') return;
    if (record.length !== 2) return void problems.push(t`line ${line}: two columns expected (from,rate), found ${record.length}`);
    const [fromText, rateText] = record as [string, string];
    let from: string;
    try {
      from = parseDateInput(fromText, 'from');
    } catch (error) {
      return void problems.push(t`line ${line}: ${error instanceof ValidationError ? error.text : String(error)}`);
    }
    if (!/-(01|07)-01$/.test(from)) return void problems.push(t`line ${line}: from ${fromText} is not the first day of a half-year (1 January or 1 July)`);
    if (!RATE.test(rateText))
      return void problems.push(t`line ${line}: rate '${rateText}' is not a reference rate in percent like 2.15 (at most 4 decimals, not negative)`);
    if (rows.some((r) => r.from === from)) return void problems.push(t`line ${line}: ${halfYearName(from)} is given twice`);
    rows.push(row(from, normaliseRate(rateText.replace(',', '.')), `${file}, line ${line}`));
  });
  if (problems.length > 0)
    throw new UsageError(
      problems.length === 1 ? t`${file}: the rates file is not valid (1 problem)` : t`${file}: the rates file is not valid (${problems.length} problems)`,
      problems,
    );
  if (rows.length === 0) throw new UsageError(t`${file}: the rates file has no rate: write one line per half-year, like 2026-07-01,2.15`);
  rows.sort((a, b) => a.from.localeCompare(b.from));
  return { rows, origin: `the rates file ${file}` };
}

function normaliseRate(rate: string): string {
  const [int, dec = ''] = rate.split('.');
  return `${Number(int)}.${dec.padEnd(2, '0')}`;
}
