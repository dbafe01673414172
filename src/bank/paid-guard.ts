/**
 * A lost bank journal (a fresh data folder, another machine, a folder deleted or restored from an old
 * backup). The contract cannot list an invoice's payments (there is no GET of
 * /fatture/{uuid}/pagamenti), so nothing on the service says which credit of a statement a payment
 * came from: the journal is the only record of which credits were registered. Without it, a credit
 * registered before is a new credit again. An exact fit cannot be registered twice (the invoice it
 * paid is no longer open), but a partial payment or an over-payment can: the invoice stays open, or a
 * similar one of the same client is. So, when a company's journal shows no earlier payment:
 * `bank match` says so, once per company, and `bank apply` holds every partial or over-payment on an
 * invoice that already shows payments (amount_paid above zero), unless the person says they know
 * (--trust-paid): exit 2 naming each, nothing sent.
 */
import { cmp } from '../domain/money.js';
import { UsageError } from '../errors.js';
import type { JournalEntry } from '../journal/journal.js';
import { joined, money, t, type Message } from '../i18n/message.js';
import type { PlanProposal } from './plan.js';

/**
 * True when the journal records an earlier apply (any line: a payment registered, refused, or still
 * in flight, which the run settles first): it is this data folder's record, not a new or lost one.
 */
export function hasHistory(entries: readonly JournalEntry[] | undefined): boolean {
  return (entries?.length ?? 0) > 0;
}

/** The one warning line of `bank match` for a company whose journal records no earlier payment. */
export function noHistoryWarning(company: string, path: string): Message {
  return t`${company}: the bank journal records no earlier payment (${path}: new, or lost): credits registered before from another data folder cannot be recognised, and the service cannot list an invoice's payments; bank apply holds partial and over-payments on invoices that already show payments unless --trust-paid`;
}

export interface HeldAllocation {
  account: string;
  key: string;
  number: string;
  amount: string;
  fit: 'partial' | 'over';
  amountPaid: string;
}

/** The partial and over-payments among `proposals` on invoices that already show payments (`paidOf`: amount_paid by uuid, as the service has it now). */
export function allocationsOnPaidInvoices(proposals: readonly PlanProposal[], paidOf: (uuid: string) => string | undefined): HeldAllocation[] {
  const held: HeldAllocation[] = [];
  for (const p of proposals) {
    if (p.fit !== 'partial' && p.fit !== 'over') continue;
    for (const a of p.allocations) {
      const paid = paidOf(a.uuid);
      if (paid !== undefined && cmp(paid, '0.00') > 0)
        held.push({ account: p.account, key: p.movement.key, number: a.number, amount: a.amount, fit: p.fit, amountPaid: paid });
    }
  }
  return held;
}

/** Exit 2, nothing sent: each held allocation named, and the two ways on. */
export function heldError(held: readonly HeldAllocation[]): UsageError {
  const lines = held.map((h) => {
    const what = h.fit === 'partial' ? t`a partial payment` : t`an over-payment`;
    return t`${h.account}: ${what} of ${money(h.amount)} on invoice ${h.number}, which already shows ${money(h.amountPaid)} paid (credit ${h.key})`;
  });
  return new UsageError(
    t`${held.length} partial or over-payment(s) on invoices that already show payments, and the bank journal records no earlier payment: they may be credits registered before from another data folder; nothing was sent`,
    [
      ...lines,
      joined(
        [
          t`Check those invoices' payments; if these credits are new, run again with --trust-paid`,
          t`or set their proposals' status to "skipped" in the plan to register the rest`,
        ],
        ', ',
      ),
    ],
  );
}
