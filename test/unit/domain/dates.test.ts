import { describe, it, expect } from 'vitest';
import {
  addDays,
  assertDate,
  assertInstant,
  assertMonth,
  dayReader,
  daysBetween,
  isDate,
  knownTimeZone,
  localInstant,
  localTime,
  nextMonth,
  previousMonth,
  toItalianDate,
  todayIn,
} from '../../../src/domain/dates.js';
import { detail } from './refusal.js';

describe('assertDate', () => {
  it.each(['2026-11-20', '2024-02-29', '2026-12-31', '2026-01-01'])('accepts %s', (d) => {
    expect(assertDate(d, 'issue_date')).toBe(d);
    expect(isDate(d)).toBe(true);
  });

  it('trims', () => {
    expect(assertDate(' 2026-11-20 ', 'd')).toBe('2026-11-20');
  });

  it.each(['2026-02-30', '2026-13-01', '2026-00-10', '2025-02-29', '2026-04-31', '2026-11-00'])('refuses the non-date %s', (d) => {
    expect(detail(() => assertDate(d, 'issue_date'))).toBe(`${d} is not a calendar date (write YYYY-MM-DD)`);
    expect(isDate(d)).toBe(false);
  });

  it.each(['20/11/2026', '2026-1-5', '2026/11/20', '26-11-20', '2026-11-20T00:00:00Z', ''])('refuses %j naming the accepted form', (d) => {
    expect(detail(() => assertDate(d, 'issue_date'))).toBe('must be a date written YYYY-MM-DD, e.g. 2026-11-20');
  });
});

describe('assertMonth', () => {
  it('accepts YYYY-MM', () => {
    expect(assertMonth('2026-11', 'period')).toBe('2026-11');
    expect(assertMonth('2026-01', 'period')).toBe('2026-01');
  });

  it.each(['2026-13', '2026-00', '2026-1', '11/2026', '2026-11-01', ''])('refuses %j', (m) => {
    expect(detail(() => assertMonth(m, 'period'))).toBe('must be a month written YYYY-MM, e.g. 2026-11');
  });
});

describe('assertInstant', () => {
  it.each([
    '2026-11-20T09:30:00Z',
    '2026-11-20T09:30Z',
    '2026-11-20T09:30:00.123Z',
    '2026-11-20T09:30:00+01:00',
    '2026-11-20T09:30:00-0530',
    '2026-11-20T23:59:59+14:00',
  ])('accepts %s as given', (v) => {
    expect(assertInstant(v, 'updated_since')).toBe(v);
  });

  it('turns a plain date into its UTC midnight', () => {
    expect(assertInstant('2026-11-20', 'updated_since')).toBe('2026-11-20T00:00:00Z');
  });

  it.each([
    '2026-11-20T09:30:00', // no offset: ambiguous
    '2026-11-20 09:30:00Z',
    '2026-02-30T09:30:00Z',
    '2026-11-20T24:00:00Z',
    '2026-11-20T09:60:00Z',
    '2026-11-20T09:30:61Z',
    '2026-11-20T09:30:00+25:00',
    'yesterday',
    '',
  ])('refuses %j', (v) => {
    expect(detail(() => assertInstant(v, 'updated_since'))).toBe(
      'must be a date YYYY-MM-DD or an ISO-8601 instant with Z or an offset, e.g. 2026-11-20T09:30:00+01:00',
    );
  });
});

describe('date arithmetic', () => {
  it('addDays crosses months, years and leap days', () => {
    expect(addDays('2026-11-20', 30)).toBe('2026-12-20');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 3)).toBe('2026-03-31'); // across the switch to summer time in Italy
  });

  it('daysBetween is signed', () => {
    expect(daysBetween('2026-11-08', '2026-11-20')).toBe(12);
    expect(daysBetween('2026-11-20', '2026-11-08')).toBe(-12);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-11-20', '2026-11-20')).toBe(0);
  });

  it('previousMonth and nextMonth', () => {
    expect(previousMonth('2026-11-20')).toBe('2026-10');
    expect(previousMonth('2026-01-15')).toBe('2025-12');
    expect(previousMonth('2026-03')).toBe('2026-02');
    expect(nextMonth('2026-12-31')).toBe('2027-01');
    expect(nextMonth('2026-01-31')).toBe('2026-02');
  });

  it('toItalianDate', () => {
    expect(toItalianDate('2026-11-20')).toBe('20/11/2026');
    expect(toItalianDate('2026-01-05')).toBe('05/01/2026');
  });
});

describe('todayIn', () => {
  it('uses the wall calendar of Rome by default', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Rome (UTC+1 in winter).
    expect(todayIn(undefined, new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 22:30 UTC on 30 Jun is 00:30 on 1 Jul in Rome (UTC+2 in summer).
    expect(todayIn('Europe/Rome', new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayIn('Europe/Rome', new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });

  it('honours another time zone', () => {
    expect(todayIn('America/New_York', new Date('2027-01-01T03:00:00Z'))).toBe('2026-12-31');
    expect(todayIn('UTC', new Date('2026-11-20T12:00:00Z'))).toBe('2026-11-20');
  });
});

describe('dayReader: the local day of many instants with one formatter', () => {
  it('is the day localInstant gives, across midnight and the change of hour', () => {
    const rome = dayReader('Europe/Rome');
    for (const instant of ['2026-11-20T22:59:59Z', '2026-11-20T23:00:00Z', '2026-03-29T00:59:59Z', '2026-07-20T22:30:00Z', '2026-11-20T12:00:00+01:00'])
      expect(rome(instant), instant).toBe(localInstant(instant, 'Europe/Rome')!.slice(0, 10));
    expect(rome('2026-11-20T23:00:00Z')).toBe('2026-11-21');
    expect(dayReader('America/St_Johns')(Date.parse('2026-11-20T02:00:00Z'))).toBe('2026-11-19');
    expect(rome('yesterday')).toBeUndefined();
  });

  it('gives the day localInstant gives for every instant, on the days a clock changes too (an offset kept per UTC day)', () => {
    for (const zone of ['Europe/Rome', 'America/New_York', 'Australia/Lord_Howe', 'America/St_Johns', 'Asia/Kolkata', 'UTC']) {
      const read = dayReader(zone);
      // Every 61 minutes and 11 seconds through 2026, and each second around Rome's two changes.
      const instants: number[] = [];
      for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 3_671_000) instants.push(ms);
      for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) for (let d = -3; d <= 3; d++) instants.push(Date.parse(change) + d * 1000);
      for (const ms of instants) expect(read(ms), `${zone} ${new Date(ms).toISOString()}`).toBe(localInstant(ms, zone)!.slice(0, 10));
    }
  });
});

describe('localInstant and localTime: an instant on the local wall clock, with its offset', () => {
  it('writes the offset of the zone on that day (winter, summer, half hours, zero)', () => {
    expect(localInstant('2026-11-20T10:00:00.123Z', 'Europe/Rome')).toBe('2026-11-20T11:00:00+01:00');
    expect(localInstant('2026-07-20T10:00:00Z', 'Europe/Rome')).toBe('2026-07-20T12:00:00+02:00');
    expect(localInstant('2026-07-20T10:00:00Z', 'Asia/Kolkata')).toBe('2026-07-20T15:30:00+05:30');
    expect(localInstant('2026-11-20T10:00:00Z', 'America/St_Johns')).toBe('2026-11-20T06:30:00-03:30');
    expect(localInstant('2026-11-20T10:00:00Z', 'UTC')).toBe('2026-11-20T10:00:00+00:00');
  });
  it('crosses midnight into the local day, and takes milliseconds since the epoch', () => {
    expect(localTime(Date.parse('2026-11-20T23:30:00Z'), 'Europe/Rome')).toBe('2026-11-21 00:30:00 +01:00');
  });
  it('is the same instant whatever the zone', () => {
    for (const zone of ['Europe/Rome', 'Asia/Kolkata', 'America/St_Johns', 'UTC'])
      expect(Date.parse(localInstant('2026-03-29T00:59:59Z', zone)!)).toBe(Date.parse('2026-03-29T00:59:59Z'));
  });
  it('an unknown zone falls back to the runtime one; a value that is not an instant stays as it is', () => {
    expect(knownTimeZone('Europe/Rome')).toBe('Europe/Rome');
    expect(knownTimeZone('Mars/Olympus')).toBeUndefined();
    expect(knownTimeZone(':/etc/localtime')).toBeUndefined();
    expect(knownTimeZone(undefined)).toBeUndefined();
    expect(localInstant('2026-11-20T10:00:00Z', 'Mars/Olympus')).toBe(localInstant('2026-11-20T10:00:00Z'));
    expect(localInstant('yesterday')).toBeUndefined();
    expect(localTime('yesterday')).toBe('yesterday');
  });
});
