/**
 * Receivables on a past date, pure: the invoices issued on or before it, each with its residue as
 * it was then. The service lists an invoice's residue today and not its payments, so the residue
 * of a past date comes from the mirror's record of what each sync saw (schema.ts, migration 6):
 * the last sync on or before the date. Without one, the residues are today's, and the basis says
 * so: the report and the command then name which figures are today's and why.
 */
import type { Invoice } from '../api/invoices.js';
import { todayIn } from '../domain/dates.js';
import { day, joined, t, type Message } from '../i18n/message.js';

/** What a sync of the mirror saw of each outbound invoice (by id): payment status and residue. */
export interface ResidueSnapshot {
  /** The service's clock at that sync (ms) and its date in Europe/Rome. */
  atMs: number;
  date: string;
  residues: ReadonlyMap<string, { status: string | null; due: string | null }>;
}

/** Where a company's residues on a date come from; `today` when they cannot be known as of it. */
export interface ResiduesBasis {
  /** current: the date is today (or later), the residues are today's and that is what was asked. */
  kind: 'current' | 'snapshot' | 'today';
  as_of: string;
  today: string;
  /** kind snapshot: the date (Europe/Rome) of the sync whose residues are used. */
  snapshot_date: string | null;
  /** kind snapshot: invoices issued by the date that sync did not hold, at today's figures (their numbers). */
  todays: string[];
}

/** The mirror's syncs that recorded residues, and the residues of one of them (src/mirror/store.ts's Mirror is one). */
export interface ResidueHistory {
  residueSnapshots(accountId: string): { gen: number; atMs: number }[];
  residuesAt(accountId: string, gen: number): ReadonlyMap<string, { status: string | null; due: string | null }>;
}

/** The last snapshot taken on or before `asOf` (its Rome date), if any. */
export function snapshotOn(history: ResidueHistory | undefined, accountId: string, asOf: string): ResidueSnapshot | undefined {
  if (!history) return undefined;
  const held = history.residueSnapshots(accountId).filter((s) => todayIn('Europe/Rome', new Date(s.atMs)) <= asOf);
  const last = held.at(-1);
  if (!last) return undefined;
  return { atMs: last.atMs, date: todayIn('Europe/Rome', new Date(last.atMs)), residues: history.residuesAt(accountId, last.gen) };
}

/**
 * The outbound invoices as they stood on `asOf`: those issued on or after the next day are left
 * out; on a past date each takes the snapshot's payment status and residue when the snapshot
 * held it (today's otherwise, named in the basis). `invoices` must be every outbound document:
 * one paid since was open then.
 */
export function asOfInvoices(
  invoices: readonly Invoice[],
  asOf: string,
  today: string,
  snapshot: ResidueSnapshot | undefined,
): { invoices: Invoice[]; basis: ResiduesBasis } {
  const basis: ResiduesBasis = { kind: 'current', as_of: asOf, today, snapshot_date: null, todays: [] };
  if (asOf >= today) return { invoices: [...invoices], basis };
  const issued = invoices.filter((i) => i.issue_date <= asOf);
  if (!snapshot) return { invoices: issued, basis: { ...basis, kind: 'today' } };
  const out = issued.map((invoice) => {
    const then = snapshot.residues.get(invoice.id);
    if (!then) {
      if (invoice.payment_status === 'unpaid' || invoice.payment_status === 'partial') basis.todays.push(invoice.number);
      return invoice;
    }
    return { ...invoice, payment_status: then.status as Invoice['payment_status'], amount_due: then.due ?? invoice.amount_due };
  });
  return { invoices: out, basis: { ...basis, kind: 'snapshot', snapshot_date: snapshot.date } };
}

/**
 * What a run says of a basis that is not today's figures for today (stderr, the report): where
 * the residues come from and which are today's, and why. Empty for `current`.
 */
export function basisNotes(label: string, basis: ResiduesBasis): Message[] {
  if (basis.kind === 'current') return [];
  if (basis.kind === 'today')
    return [
      t`${label}: invoices issued by ${day(basis.as_of)}, with today's residues (${day(basis.today)}), not those of ${day(basis.as_of)}: the service does not list an invoice's payments and the mirror holds no sync on or before that date; an invoice paid since is left out, one paid in part counts what is due today`,
    ];
  const notes = [
    t`${label}: residues on ${day(basis.as_of)} as the sync of ${day(basis.snapshot_date!)} saw them (the mirror's last on or before that date); a payment registered between the two is not in them`,
  ];
  if (basis.todays.length > 0)
    notes.push(
      t`${label}: invoices issued by ${day(basis.as_of)} that sync did not hold, at today's residues (${day(basis.today)}): ${joined(basis.todays, ', ')}`,
    );
  return notes;
}
