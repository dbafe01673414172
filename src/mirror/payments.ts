/**
 * What the mirror learns about payments and `updated_since`. The contract does not say whether
 * registering a payment moves an invoice's `updated_since`; the sync is right either way, and
 * cheaper once it has seen which reading the service has (kept per service in the mirror's meta):
 *
 * - `moves`: an incremental read returned an invoice whose only changes against the mirror are
 *   its payment (amount_paid, amount_due, payment_status; `overdue` may move with them), its SDI
 *   fields unchanged and its last SDI update before the read's `updated_since` (so nothing else
 *   explains the listing). Then the open invoices are read once per service day only.
 * - `stays`: the read of the open invoices found a payment the incremental read missed, and a
 *   second incremental read still did not list it. Then the open invoices are read on every sync,
 *   and a later `moves` proof never overrides it.
 * - unknown (neither seen yet): the open invoices are read on every sync.
 *
 * Pure: decoded records in, a verdict out.
 */

/** The mirror's meta key of the reading learned. */
export const PAYMENTS_READING = 'payments_updated_since';
export type PaymentsReading = 'moves' | 'stays';

const PAYMENT = ['amount_paid', 'amount_due', 'payment_status'] as const;
/** Fields that may change together with a payment without making it another change: `overdue` follows the amount due. */
const WITH_PAYMENT = new Set<string>([...PAYMENT, 'overdue']);

/** How an invoice changed between two versions: its payment only, its payment and more, something else, or nothing. */
export type InvoiceChange = 'none' | 'payment' | 'payment-and-more' | 'other';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function invoiceChange(before: Record<string, unknown>, after: Record<string, unknown>): InvoiceChange {
  const paid = PAYMENT.some((field) => !same(before[field], after[field]));
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const other = [...keys].some((key) => !WITH_PAYMENT.has(key) && !same(before[key], after[key]));
  if (paid) return other ? 'payment-and-more' : 'payment';
  return other || !same(before.overdue, after.overdue) ? 'other' : 'none';
}

/**
 * Does an incremental read (`updated_since` = `since`) that listed this payment-only change prove
 * that the payment moved `updated_since`? Only when its last SDI update is before `since`: an SDI
 * change inside the cursor's margin (already in the mirror) would explain the listing otherwise.
 */
export function provesMove(change: InvoiceChange, after: Record<string, unknown>, since: string): boolean {
  if (change !== 'payment') return false;
  const sdi = typeof after.last_sdi_update === 'string' ? Date.parse(after.last_sdi_update) : Number.NaN;
  const from = Date.parse(since);
  return Number.isFinite(sdi) && Number.isFinite(from) && sdi < from;
}

/** The reading the mirror holds, or undefined when it has not learned one. */
export function readingOf(value: string | undefined): PaymentsReading | undefined {
  return value === 'moves' || value === 'stays' ? value : undefined;
}
