/**
 * Tax deadlines as an iCalendar (RFC 5545) document, through the `ics` library (escaping, CRLF,
 * folding at 75 octets): one all-day event per deadline with the stable UID `<id>@fisco`, so a
 * calendar that imports a newer export updates its events instead of duplicating them.
 */
import { createEvents, type EventAttributes } from 'ics';
import type { TaxDeadline } from '../../api/deadlines.js';
import { formatEuro } from '../../domain/money.js';

const STATUS_LABEL: Record<string, string> = { upcoming: 'upcoming', due_today: 'due today', overdue: 'OVERDUE', done: 'done' };

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

export function deadlineEvent(deadline: TaxDeadline, stamp: Date): EventAttributes {
  const description = [
    `Type: ${deadline.type}`,
    `Amount: ${deadline.amount == null ? 'not stated' : formatEuro(deadline.amount)}`,
    `Status: ${STATUS_LABEL[deadline.status] ?? deadline.status}`,
    deadline.related_resource ? `Related: ${deadline.related_resource.type} ${deadline.related_resource.id}` : undefined,
    `Deadline id: ${deadline.id}`,
  ]
    .filter(Boolean)
    .join('\n');
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
  } as EventAttributes;
}

export function deadlinesToIcs(deadlines: readonly TaxDeadline[], stamp: Date = new Date()): string {
  if (deadlines.length === 0) {
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:fisco/tax-deadlines', 'CALSCALE:GREGORIAN', 'X-WR-CALNAME:Scadenze fiscali', 'END:VCALENDAR', ''].join(
      '\r\n',
    );
  }
  const { error, value } = createEvents(deadlines.map((d) => deadlineEvent(d, stamp)));
  if (error || !value) throw new Error(`could not write the calendar: ${error?.message ?? 'unknown error'}`);
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
