/**
 * Tax deadlines as an iCalendar (RFC 5545) document, through the `ics` library (escaping, CRLF,
 * folding at 75 octets): one all-day event per deadline with the stable UID `<id>@fisco`, so a
 * calendar that imports a newer export updates its events instead of duplicating them. The
 * descriptions are in Italian and say nothing relative to the day of the export (a calendar keeps
 * them): "scade il 16/12/2026", never "scade oggi". Each deadline still to do carries a reminder
 * (VALARM), by default 3 days before at 9:00.
 */
import { createEvents, type Alarm, type EventAttributes } from 'ics';
import type { TaxDeadline } from '../api/deadlines.js';
import { toItalianDate } from '../domain/dates.js';
import { formatEuro } from '../domain/money.js';
import { UsageError } from '../errors.js';
import { t } from '../i18n/message.js';
import { codeLabel } from './labels.js';

/** Days before a deadline its reminder goes off, at 9:00, unless --remind says otherwise. */
export const DEFAULT_REMIND_DAYS = 3;
/** The longest reminder --remind takes, in days. */
const MAX_REMIND_DAYS = 60;

export interface IcsOptions {
  /** Days before the deadline (at 9:00) for the reminder; null: none. Default DEFAULT_REMIND_DAYS. */
  remindDays?: number | null;
}

/** `--remind`: a number of days (0 is the day itself, at 9:00), or off/no/none for no reminder. */
export function parseRemind(value: string | undefined): number | null {
  if (value === undefined) return DEFAULT_REMIND_DAYS;
  const text = value.trim().toLowerCase();
  if (['off', 'no', 'none'].includes(text)) return null;
  if (/^\d+$/.test(text) && Number(text) <= MAX_REMIND_DAYS) return Number(text);
  throw new UsageError(t`--remind: '${value}' is not a number of days from 0 to ${MAX_REMIND_DAYS}, or off (no reminder)`);
}

/** What a deadline's status says, without "today": a calendar keeps it past the day it was written. */
function statusWords(deadline: TaxDeadline): string {
  const date = toItalianDate(deadline.due_date);
  if (deadline.status === 'done') return 'fatta';
  if (deadline.status === 'overdue') return `scaduta il ${date}, da fare`;
  return `scade il ${date}`;
}

/** RFC 5545 TEXT escaping, for what the library writes unescaped (an alarm's description). */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,');
}

/** A reminder `days` before the all-day event, at 9:00 (relative to the event's start, midnight). */
function reminder(deadline: TaxDeadline, days: number): Alarm {
  const trigger = days === 0 ? { hours: 9, before: false } : { days: days - 1, hours: 15, before: true };
  const when = days === 0 ? 'oggi' : days === 1 ? 'domani' : `tra ${days} giorni`;
  return { action: 'display', description: escapeText(`Scadenza fiscale ${when} (${toItalianDate(deadline.due_date)}): ${deadline.title}`), trigger };
}

export function deadlineUid(id: string): string {
  return `${id}@fisco`;
}

function dateParts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function nextDay(date: string): [number, number, number] {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

export function deadlineEvent(deadline: TaxDeadline, stamp: Date, options: IcsOptions = {}): EventAttributes {
  const description = [
    `Tipo: ${codeLabel('deadlineType', deadline.type, 'it')}`,
    `Importo: ${deadline.amount == null ? 'non indicato' : formatEuro(deadline.amount)}`,
    `Stato: ${statusWords(deadline)}`,
    deadline.related_resource ? `Collegata a: ${deadline.related_resource.type} ${deadline.related_resource.id}` : undefined,
    `ID della scadenza: ${deadline.id}`,
  ]
    .filter(Boolean)
    .join('\n');
  const days = options.remindDays === undefined ? DEFAULT_REMIND_DAYS : options.remindDays;
  return {
    uid: deadlineUid(deadline.id),
    start: dateParts(deadline.due_date),
    end: nextDay(deadline.due_date),
    title: deadline.status === 'done' ? `✓ ${deadline.title}` : deadline.title,
    description,
    categories: ['fisco', deadline.type],
    productId: 'fisco/tax-deadlines',
    calName: 'Scadenze fiscali',
    timestamp: stamp.getTime(),
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
    // A deadline already done needs no reminder.
    ...(days !== null && deadline.status !== 'done' ? { alarms: [reminder(deadline, days)] } : {}),
  } as EventAttributes;
}

export function deadlinesToIcs(deadlines: readonly TaxDeadline[], stamp: Date = new Date(), options: IcsOptions = {}): string {
  if (deadlines.length === 0) {
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:fisco/tax-deadlines', 'CALSCALE:GREGORIAN', 'X-WR-CALNAME:Scadenze fiscali', 'END:VCALENDAR', ''].join(
      '\r\n',
    );
  }
  const { error, value } = createEvents(deadlines.map((d) => deadlineEvent(d, stamp, options)));
  // The calendar library refusing fisco's own events is a bug of fisco's.
  if (error || !value) throw new TypeError(`could not write the calendar: ${error?.message ?? 'unknown error'}`);
  return refold(value);
}

/**
 * RFC 5545 §3.1 folds content lines at 75 OCTETS; the `ics` library counts characters, so a
 * line with `€` or accented letters comes out a few bytes too long. Unfold and fold again by
 * bytes, never splitting a UTF-8 sequence.
 */
export function refold(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines.map(foldLine).join('\r\n');
}

function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (bytes + size > limit) {
      parts.push(current);
      current = '';
      bytes = 0;
      limit = 74; // continuation lines start with one space
    }
    current += char;
    bytes += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
