/**
 * The service's quirks (`fisco emulator --quirks`, `startEmulator({ quirks: true })`): what a real
 * service sends that fisco's own reading of the contract would not, so that what fisco handles
 * stays handled. Applied only where an answer is serialised; the store stays exact (two-decimal
 * amounts from integer cents, RFC 4122 uuids).
 *
 * - Float noise: some records' JSON-number amounts are sent as the next double above (or, below
 *   zero, beside) the amount, as a service that computes `0.1 + 0.2` prints it: `0.30000000000000004`.
 *   Always within a millionth of a cent of the amount.
 * - Digits past the cent: some records' amounts carry a third decimal: `100.12` is sent as
 *   `100.125` (an invoice's total and residue, an F24's amounts, a deadline's amount, an
 *   expense's total as a string). An open invoice only: a paid one has no residue to show.
 * - Ids that are not RFC 4122: some outbound invoices' `uuid` is `uuid-<id>`, others the bare id
 *   (`17`, which may also be another invoice's number, `17/2026`). The payment route takes the
 *   uuid as served, and only that.
 * - An inbound invoice's id that is an outbound one's: a purchase and a sale may be two tables on
 *   a real service. An inbound invoice is served with the id of the invoice stored before it (`17`
 *   as `16`), which may be an outbound invoice's; the order of a list is unchanged.
 * - An expense's and a payslip's id that are the same: a real service keeps them in two tables,
 *   and the contract does not say their ids differ. A payslip is served with the id of the record
 *   stored before it (`exp_0013` as `exp_0012`), which may be an expense's; the order of the list
 *   is unchanged (an expense before the payslip served with its id).
 *
 * Which records: a hash of the seed, the record's kind and id (quirkOf), so the same seed gives
 * the same quirks, on a state file too. Webhook payloads and file links are left as they are.
 */
import { add } from '../domain/money.js';
import { hash32 } from './rng.js';

export type QuirkKind = 'invoice' | 'f24' | 'deadline' | 'expense';

export interface RecordQuirks {
  /** JSON-number amounts sent with float noise. */
  noise: boolean;
  /** Amounts sent with a third decimal (`100.125`). */
  pastCent: boolean;
  /** The uuid form an outbound invoice is served with. */
  uuid: 'rfc' | 'prefixed' | 'numeric';
}

/** The quirks of one record (pure): tests use it to find the records that have each. */
export function quirkOf(seed: number, kind: QuirkKind, id: string): RecordQuirks {
  const h = mix(hash32(`quirks:${seed}:${kind}:${id}`));
  const form = (h >>> 12) % 4;
  return { noise: h % 3 === 1, pastCent: (h >>> 4) % 5 === 0, uuid: form === 0 ? 'prefixed' : form === 1 ? 'numeric' : 'rfc' };
}

/** Murmur3's finaliser: every bit of FNV's hash of ids that differ in one character feeds every bit here. */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The double next to `n`, away from zero's side for a positive value: its shortest text is noisy (`0.30000000000000004`). */
export function noisy(n: number): number {
  // Noise must stay within a millionth of a cent: beyond ten million a double's step is too coarse.
  if (n === 0 || !Number.isFinite(n) || Math.abs(n) >= 1e7) return n;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

/** The record a served amount belongs to, and whether it may carry a third decimal (an open invoice's residue). */
export interface AmountOf {
  kind: QuirkKind;
  id: string;
  /** False for amounts that must stay in cents (a paid invoice's, an amount paid). */
  pastCent?: boolean;
}

export interface Quirks {
  /** A stored two-decimal amount as a JSON number, as the service sends it for this record. */
  number(stored: string, of: AmountOf): number;
  /** A stored amount as a string (the expense endpoints), as the service sends it. */
  text(stored: string, of: AmountOf): string;
  /** The uuid an outbound invoice is served with. */
  uuid(invoice: { numericId: number; uuid: string | null }): string | null;
  /** The id an expense or a payslip is served with. */
  expenseId(record: { id: string; source: string }): string;
  /** The id an invoice is served with. */
  invoiceId(invoice: { id: string; direction: string }): string;
}

/** The emulator without quirks: amounts and ids as the store holds them. */
export const NO_QUIRKS: Quirks = {
  number: (stored) => Number(stored),
  text: (stored) => stored,
  uuid: (invoice) => invoice.uuid,
  expenseId: (record) => record.id,
  invoiceId: (invoice) => invoice.id,
};

/** `exp_0013` → `exp_0012`: the id before it in the store's sequence (the first one stays). */
function idBefore(id: string): string {
  const match = /^(.*?)(\d+)$/.exec(id);
  if (!match || Number(match[2]) <= 1) return id;
  return `${match[1]}${String(Number(match[2]) - 1).padStart(match[2].length, '0')}`;
}

/** A stored amount with a third decimal added (`100.12` → `100.125`), positive amounts only. */
function pastCent(stored: string): string {
  return Number(stored) > 0 ? add(stored, '0.005') : stored;
}

export function createQuirks(seed: number): Quirks {
  const of = (a: AmountOf) => quirkOf(seed, a.kind, a.id);
  return {
    number(stored, a) {
      const q = of(a);
      if (q.pastCent && a.pastCent !== false) return Number(pastCent(stored));
      return q.noise ? noisy(Number(stored)) : Number(stored);
    },
    text(stored, a) {
      return of(a).pastCent && a.pastCent !== false ? pastCent(stored) : stored;
    },
    uuid(invoice) {
      if (invoice.uuid === null) return null;
      const form = quirkOf(seed, 'invoice', String(invoice.numericId)).uuid;
      return form === 'prefixed' ? `uuid-${invoice.numericId}` : form === 'numeric' ? String(invoice.numericId) : invoice.uuid;
    },
    expenseId: (record) => (record.source === 'payslip' ? idBefore(record.id) : record.id),
    invoiceId: (invoice) => (invoice.direction === 'inbound' ? idBefore(invoice.id) : invoice.id),
  };
}

/** The quirks of the request's emulator (NO_QUIRKS unless it runs with them); `c` is the route's Hono context. */
export function quirksOf(c: { var: { quirks: Quirks | undefined } }): Quirks {
  return c.var.quirks ?? NO_QUIRKS;
}
