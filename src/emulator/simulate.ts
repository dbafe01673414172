/**
 * What happens to the emulator's companies without an API request causing it: time passing
 * (date-driven events) and the things the API has no endpoint for (expenses recorded, tax slips
 * generated, a draft issued from the web application, quotes and subscriptions). The control
 * routes (control.ts) call these; so may tests, through the store.
 *
 * Date-driven events, checked whenever the emulator's date changes (a request on a new day, a
 * minute's timer, or POST /__emulator/clock), over the days since the last check:
 * - payment.overdue: an outbound invoice, still unpaid or partly paid, whose latest due date the
 *   clock passed — once per invoice (each day is scanned once);
 * - tax.deadline_approaching: an unpaid slip (an F24 `ready`, or a payable tax item of the
 *   calendar) whose days until due crossed 7, 3, 1, 0 or -1; one event per check with the
 *   current `days_until_due`, negative once the due date is past.
 * Invoices and slips already past those points when seeded (or when the state was loaded) fire
 * nothing for them.
 */
import { EXTERNAL_EVENTS, emit, slipOfDeadline, slipOfF24, type ExternalEvent, type Slip } from './payloads.js';
import { isPayableTaxItem } from './resources/deadlines.js';
import { isOverdue, latestDueDate } from './resources/invoice-model.js';
import type { DomainEvent, Store } from './store.js';
import { daysBetween, type Clock } from './time.js';

/** Days before the due date at which an unpaid slip is reminded (and the day after it passed). */
export const REMINDER_DAYS = [7, 3, 1, 0, -1];

function crossed(slip: Slip, from: string, to: string): boolean {
  const before = daysBetween(from, slip.due_date);
  const now = daysBetween(to, slip.due_date);
  return REMINDER_DAYS.some((t) => now <= t && t < before);
}

/** Fires the date-driven events of the days since the last scan; returns the events fired. */
export function scanTimeline(store: Store, clock: Clock): DomainEvent[] {
  const today = clock.today();
  const from = store.meta.scannedThrough ?? today;
  if (from >= today) return [];
  store.meta.scannedThrough = today;
  const fired: DomainEvent[] = [];
  for (const inv of store.invoices) {
    const due = latestDueDate(inv);
    if (due === null || due < from || due >= today || !isOverdue(inv, today)) continue;
    fired.push(emit(store, inv.accountId, 'payment.overdue', inv, today));
  }
  for (const f24 of store.f24s) {
    if (f24.status !== 'ready') continue;
    const slip = slipOfF24(f24);
    if (crossed(slip, from, today)) fired.push(emit(store, f24.accountId, 'tax.deadline_approaching', slip, today));
  }
  for (const item of store.taxDeadlines) {
    if (!isPayableTaxItem(item)) continue;
    const slip = slipOfDeadline(item);
    if (crossed(slip, from, today)) fired.push(emit(store, item.accountId, 'tax.deadline_approaching', slip, today));
  }
  return fired;
}

export function isExternalEvent(key: string): key is ExternalEvent {
  return (EXTERNAL_EVENTS as readonly string[]).includes(key);
}

/** An event the API has no endpoint for (payment.failed, quote.*, subscription.*), with the given fields. */
export function fireExternal(store: Store, clock: Clock, accountId: string, key: ExternalEvent, given: Record<string, unknown>): DomainEvent {
  return emit(store, accountId, key, { given, today: clock.today(), now: clock.nowIso() });
}
