/**
 * The event keys of the service's API document "Events", in the spec's order. Shared by `fisco hooks create`
 * (checked locally, exit 2, before anything is sent) and the emulator's catalog, so the two
 * cannot drift. Pure: imports nothing.
 */
export const EVENT_KEYS = [
  'invoice.created',
  'invoice.sent',
  'payment.received',
  'payment.failed',
  'payment.overdue',
  'quote.accepted',
  'quote.rejected',
  'client.created',
  'expense.created',
  'tax.created',
  'tax.deadline_approaching',
  'subscription.created',
  'subscription.renewed',
  'subscription.cancelled',
] as const;

export type EventKey = (typeof EVENT_KEYS)[number];

export function isEventKey(value: string): value is EventKey {
  return (EVENT_KEYS as readonly string[]).includes(value);
}
