import { ValidationError } from './validation-error.js';
import { t } from '../i18n/message.js';

const DAY_MS = 86_400_000;

function isCalendarDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

function utcMidnight(date: string): number {
  // YYYY-MM-DD read in place (the overview reads thousands); anything else split at its dashes.
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function isDate(input: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A real calendar date written `YYYY-MM-DD`. */
export function assertDate(input: string, field: string): string {
  const v = input.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    throw new ValidationError(field, t`must be a date written YYYY-MM-DD, e.g. 2026-11-20`);
  }
  if (!isDate(v)) throw new ValidationError(field, t`${v} is not a calendar date (write YYYY-MM-DD)`);
  return v;
}

export function assertMonth(input: string, field: string): string {
  const v = input.trim();
  const m = /^\d{4}-(\d{2})$/.exec(v);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) {
    throw new ValidationError(field, t`must be a month written YYYY-MM, e.g. 2026-11`);
  }
  return v;
}

const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/** ISO-8601 with `Z` or an offset, returned as given; a plain date becomes its UTC midnight. */
export function assertInstant(input: string, field: string): string {
  const v = input.trim();
  if (isDate(v)) return `${v}T00:00:00Z`;
  const m = INSTANT.exec(v);
  const inRange = (s: string | undefined, max: number): boolean => s === undefined || Number(s) <= max;
  if (!m || !isDate(m[1]) || !inRange(m[2], 23) || !inRange(m[3], 59) || !inRange(m[4], 59) || !inRange(m[6], 23) || !inRange(m[7], 59)) {
    throw new ValidationError(field, t`must be a date YYYY-MM-DD or an ISO-8601 instant with Z or an offset, e.g. 2026-11-20T09:30:00+01:00`);
  }
  return v;
}

export function addDays(date: string, n: number): string {
  return isoDate(utcMidnight(date) + n * DAY_MS);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

/** Today's date on the wall calendar of `tz`. */
export function todayIn(tz = 'Europe/Rome', now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** `2026-11-20` → `20/11/2026`. */
export function toItalianDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The month before the one `date` (YYYY-MM-DD or YYYY-MM) falls in, as `YYYY-MM`. */
export function previousMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return isoDate(Date.UTC(y, m - 2, 1)).slice(0, 7);
}

/** The month after the one `date` (YYYY-MM-DD or YYYY-MM) falls in, as `YYYY-MM`. */
export function nextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number);
  return isoDate(Date.UTC(y, m, 1)).slice(0, 7);
}

/**
 * Two ISO dates (YYYY-MM-DD) in calendar order: as text, which is what localeCompare gives for
 * them, without the collator localeCompare sets up on first use (milliseconds at start-up).
 */
export const compareDates = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A time zone Intl knows (an IANA name such as `Europe/Rome`), else undefined: the runtime's own zone is then used. */
export function knownTimeZone(name: string | undefined): string | undefined {
  if (!name || name.startsWith(':')) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/** A wall clock to the second, 00–23 (localInstant, dayReader). */
const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/**
 * An instant as the local wall clock of `timeZone` (default: the runtime's zone) shows it, with its
 * offset, to the second: `2026-11-20T11:00:00+01:00`. Undefined for a value that is not an instant.
 */
export function localInstant(instant: string | number, timeZone?: string): string | undefined {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) return undefined;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: knownTimeZone(timeZone), ...WALL_CLOCK, timeZoneName: 'longOffset' }).formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  // longOffset is `GMT+01:00`, or `GMT` at offset zero.
  const offset = get('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}${offset}`;
}

/**
 * A reader of instants as the calendar day of `timeZone` (YYYY-MM-DD), with one formatter for all
 * the instants it reads: the day `localInstant` gives, for a list of them at the cost of one. The
 * zone's offset is read once per UTC day and kept: within a day whose offset is the same at its
 * first and its last second (every day but those a clock changes), an instant's local day is its
 * UTC instant moved by that offset; on a day of change each instant is read itself. Reading every
 * instant through Intl cost an overview of thousands of rejected invoices about 10 µs each.
 */
export function dayReader(timeZone?: string): (instant: string | number) => string | undefined {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: knownTimeZone(timeZone), ...WALL_CLOCK });
  /** The local wall clock of `ms` read as if it were UTC, less `ms`: the zone's offset then (ms). */
  const offsetAt = (ms: number): number => {
    const parts = format.formatToParts(new Date(ms));
    const get = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(ms / 1000) * 1000;
  };
  /** Per UTC day: its one offset, or undefined on a day the offset changes. */
  const days = new Map<number, number | undefined>();
  /** Each local day's date as text, written once (a list of thousands falls on far fewer days). */
  const texts = new Map<number, string>();
  return (instant) => {
    const ms = typeof instant === 'number' ? instant : Date.parse(instant);
    if (!Number.isFinite(ms)) return undefined;
    const day = Math.floor(ms / DAY_MS);
    if (!days.has(day)) {
      const first = offsetAt(day * DAY_MS);
      days.set(day, first === offsetAt(day * DAY_MS + DAY_MS - 1000) ? first : undefined);
    }
    const local = Math.floor((ms + (days.get(day) ?? offsetAt(ms))) / DAY_MS);
    let text = texts.get(local);
    if (text === undefined) texts.set(local, (text = isoDate(local * DAY_MS)));
    return text;
  };
}

/** An instant for a person, local with its offset: `2026-11-20 11:00:00 +01:00` (the text as given when it is not an instant). */
export function localTime(instant: string | number, timeZone?: string): string {
  const local = localInstant(instant, timeZone);
  return local === undefined ? String(instant) : `${local.slice(0, 10)} ${local.slice(11, 19)} ${local.slice(19)}`;
}
