/**
 * Why `bank apply` skips an allocation without sending it, as data (src/journal/reason.ts): the
 * codes, their words (one Message per code, rendered in the run's language at the edge) and the few
 * words of each code in the summary line. Nothing reads a reason back from its words.
 */
import { money, t, type Message } from '../i18n/message.js';
import { reason, type Reason } from '../journal/reason.js';

export const SKIP_CODES = ['credit-elsewhere', 'invoice-closed', 'residue-changed'] as const;
export type SkipCode = (typeof SKIP_CODES)[number];

/** The credit is already registered on other invoices (their numbers, or uuids). */
export const creditElsewhere = (credit: string, invoices: string): Reason => reason('credit-elsewhere', { credit, invoices });
/** The invoice is no longer open; the plan saw `seen` due. */
export const invoiceClosed = (invoice: string, seen: string): Reason => reason('invoice-closed', { invoice, seen });
/** The invoice's residue is `now`; the plan saw `seen`. */
export const residueChanged = (invoice: string, now: string, seen: string): Reason => reason('residue-changed', { invoice, now, seen });

const p = (r: Reason, name: string) => String(r.params[name] ?? '');

/** A skip's words. */
export function skipWords(r: Reason): Message {
  switch (r.code as SkipCode) {
    case 'credit-elsewhere':
      return t`the credit ${p(r, 'credit')} is already registered on another invoice (${p(r, 'invoices')})`;
    case 'invoice-closed':
      return t`invoice ${p(r, 'invoice')} is no longer open (paid, or not payable): the plan saw ${money(p(r, 'seen'))} due`;
    case 'residue-changed':
      return t`the residue of invoice ${p(r, 'invoice')} is now ${money(p(r, 'now'))}, the plan saw ${money(p(r, 'seen'))}: match the statement again`;
    default:
      return t`skipped (${r.code})`;
  }
}

/** A skip's code in a few words, for the summary line. */
export function skipSummary(code: string): Message {
  switch (code as SkipCode) {
    case 'credit-elsewhere':
      return t`credit registered on another invoice`;
    case 'invoice-closed':
      return t`invoice no longer open`;
    case 'residue-changed':
      return t`residue changed since the match`;
    default:
      return t`skipped (${code})`;
  }
}
