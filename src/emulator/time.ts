/**
 * Dates and instants. The emulator runs on a virtual clock: `today` (a YYYY-MM-DD in
 * Europe/Rome) may be pinned by an option, and the clock is then shifted by whole days so that
 * instants, expiries and "overdue" logic agree with that date while time still moves.
 */

export const TIME_ZONE = 'Europe/Rome';
const DAY_MS = 86_400_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const INSTANT_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export interface Clock {
  /** The current instant on the virtual clock. */
  now(): Date;
  /** The current date in Europe/Rome on the virtual clock, YYYY-MM-DD. */
  today(): string;
  /** The current instant as ISO-8601 with the Europe/Rome offset. */
  nowIso(): string;
  /** Moves the virtual clock forward by `ms` (never backwards: the emulator's history stays ordered). */
  advance(ms: number): void;
}

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function romeParts(d: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of partsFormatter.formatToParts(d)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** Europe/Rome's offset from UTC at the instant `d`, in minutes (60 or 120). */
export function romeOffsetMinutes(d: Date): number {
  const p = romeParts(d);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The Europe/Rome calendar date of an instant. */
export function romeDate(d: Date): string {
  const p = romeParts(d);
  return `${pad(p.year!, 4)}-${pad(p.month!)}-${pad(p.day!)}`;
}

/** ISO-8601 with the Europe/Rome offset and no fraction, e.g. 2025-03-01T09:30:00+01:00. */
export function formatInstant(d: Date): string {
  const p = romeParts(d);
  const off = romeOffsetMinutes(d);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return (
    `${pad(p.year!, 4)}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}:${pad(p.second!)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** A real calendar date in YYYY-MM-DD form? */
export function isDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function isMonth(text: string): boolean {
  return MONTH_RE.test(text);
}

const addDaysMemo = new Map<string, string>();

/** date + n days (n may be negative), YYYY-MM-DD in, YYYY-MM-DD out (memoised: seeds repeat the same few hundred dates). */
export function addDays(date: string, days: number): string {
  const key = `${date}|${days}`;
  let out = addDaysMemo.get(key);
  if (out === undefined) {
    if (!isDate(date)) throw new Error(`not a date: ${date}`);
    if (addDaysMemo.size > 50_000) addDaysMemo.clear();
    const d = new Date(`${date}T00:00:00Z`);
    addDaysMemo.set(key, (out = new Date(d.getTime() + days * DAY_MS).toISOString().slice(0, 10)));
  }
  return out;
}

/** Whole days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/** The instant of a Europe/Rome wall-clock time. */
export function romeInstant(date: string, time = '00:00:00'): Date {
  const guess = new Date(`${date}T${time}Z`);
  // Two passes settle the offset also on the days the clocks change.
  let t = guess.getTime() - romeOffsetMinutes(guess) * 60_000;
  t = guess.getTime() - romeOffsetMinutes(new Date(t)) * 60_000;
  return new Date(t);
}

const romeIsoMemo = new Map<string, string>();

/** A Europe/Rome wall-clock time as an ISO instant with offset (for seed data; memoised: seeds repeat dates). */
export function romeIso(date: string, time = '09:00:00'): string {
  const key = `${date}T${time}`;
  let out = romeIsoMemo.get(key);
  if (out === undefined) {
    if (romeIsoMemo.size > 50_000) romeIsoMemo.clear();
    romeIsoMemo.set(key, (out = formatInstant(romeInstant(date, time))));
  }
  return out;
}

/**
 * Parses an ISO-8601 instant or date. Date-only and offset-less values are read as Europe/Rome
 * wall-clock time. A space where the offset's `+` should be (an unencoded `+` in a query
 * string) is tolerated. Returns null when the text is not a valid instant.
 */
export function parseInstant(text: string): Date | null {
  const trimmed = text.trim().replace(/ (\d{2}:?\d{2})$/, '+$1');
  if (isDate(trimmed)) return romeInstant(trimmed);
  const m = INSTANT_RE.exec(trimmed);
  if (!m) return null;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  const [hh, mm, ss] = [Number(m[4]), Number(m[5]), Number(m[6] ?? '0')];
  if (!isDate(date) || hh > 23 || mm > 59 || ss > 59) return null;
  if (!m[8]) return romeInstant(date, `${m[4]}:${m[5]}:${pad(ss)}`);
  const parsed = new Date(trimmed.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** The Europe/Rome wall-clock time of an instant, HH:MM:SS. */
export function romeTimeOfDay(d: Date): string {
  const p = romeParts(d);
  return `${pad(p.hour!)}:${pad(p.minute!)}:${pad(p.second!)}`;
}

/**
 * How far to move a clock at `now` so that it shows `date` (YYYY-MM-DD, not before now's) at the
 * same Europe/Rome wall-clock time: whole calendar days, which are not always 24 hours (the
 * clocks change in March and October), so that a move at 23:30 never lands on the day after.
 */
export function msToSameTimeOn(now: Date, date: string): number {
  return Math.max(0, romeInstant(date, romeTimeOfDay(now)).getTime() - now.getTime());
}

/**
 * A clock whose date is `today` (when given) and whose time of day follows the real clock.
 * Without `today` it is the real clock.
 */
export function createClock(today?: string): Clock {
  let offsetMs = 0;
  if (today !== undefined) {
    if (!isDate(today)) throw new Error(`today must be a date YYYY-MM-DD, got ${JSON.stringify(today)}`);
    // Same Europe/Rome wall-clock time, on `today` (robust across daylight-saving changes).
    const real = new Date();
    const target = romeInstant(today, romeTimeOfDay(real));
    offsetMs = target.getTime() - Math.floor(real.getTime() / 1000) * 1000;
  }
  const now = (): Date => new Date(Date.now() + offsetMs);
  const advance = (ms: number): void => {
    if (!Number.isFinite(ms) || ms < 0) throw new Error(`the clock only moves forward, got ${ms} ms`);
    offsetMs += Math.round(ms);
  };
  return { now, today: () => romeDate(now()), nowIso: () => formatInstant(now()), advance };
}
