/**
 * Journals written by earlier fiscos key a bank movement in ways that are no longer its identity
 * (src/bank/types.ts), so that a credit registered then is never registered again:
 *
 * - before issue 27: its first reference ('ref:…', even NONREF or CBI's daily 1..N) or a hash
 *   ('h:…'): recognised by the key that version gave it (Movement.legacyKey) AND the day;
 * - before the identities of this version: a movement with a bank reference by 'bank:ACCOUNT/DATE/REF'
 *   (without its direction and amount), recognised by that key (Movement.formerKey) when the credit is
 *   at least the allocation registered; a CBI movement by its number with its statement's date
 *   ('cbi:ACCOUNT/DATE/N'), so the same movement listed by a statement of another day had another key.
 *   Recognised by the key this statement would have given it (Movement.formerKey) on the same day;
 *   and, since that key cannot be rebuilt from another statement, any credit of the same account
 *   booked on a day on which that version registered a credit of at least the same allocation is held
 *   as "possibly registered" for a person to check: never proposed again in silence.
 *
 * The day is checked by the journal's step hash, as those versions wrote it: sha256 of invoice uuid |
 * amount | the movement's booking date.
 */
import { createHash } from 'node:crypto';
import { cmp } from '../domain/money.js';
import type { JournalEntry } from '../journal/journal.js';
import type { Movement } from './types.js';
import { day, joined, t, type Message } from '../i18n/message.js';

/** A step key of that version: movement key + '>' + invoice uuid. */
function movementPart(key: string): string {
  const at = key.lastIndexOf('>');
  return at < 0 ? key : key.slice(0, at);
}

function sameDay(entry: JournalEntry, movement: Movement): boolean {
  const uuid = entry.context?.uuid;
  const amount = entry.context?.amount;
  // Nothing recorded to compare: the key alone decides (never register twice).
  if (typeof uuid !== 'string' || typeof amount !== 'string' || !entry.hash) return true;
  return createHash('sha256').update(`${uuid}|${amount}|${movement.bookingDate}`).digest('hex') === entry.hash;
}

/** The account part of a CBI key of that version: 'cbi:ACCOUNT'. */
function cbiAccount(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key : key.slice(0, slash);
}

function invoicesOf(entries: readonly JournalEntry[]): Message {
  return joined(
    entries.map((e) => {
      const number = typeof e.result?.number === 'string' ? e.result.number : String(e.context?.uuid ?? '');
      return t`invoice ${number} on ${day(e.at.slice(0, 10))}`;
    }),
    ', ',
  );
}

function grouped(entries: readonly JournalEntry[], pattern: RegExp): Map<string, JournalEntry[]> {
  const byKey = new Map<string, JournalEntry[]>();
  for (const entry of entries) {
    if (entry.state !== 'done') continue;
    const key = movementPart(entry.key);
    if (!pattern.test(key)) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), entry]);
  }
  return byKey;
}

/** A credit of at most the movement's amount registered by that version on the same account and day (an allocation is never more than its credit). */
function fits(entry: JournalEntry, movement: Movement): boolean {
  const amount = entry.context?.amount;
  return sameDay(entry, movement) && (typeof amount !== 'string' || cmp(amount, movement.amount) <= 0);
}

function formerKeys(entries: readonly JournalEntry[]): (movement: Movement) => Message | undefined {
  const former = grouped(entries, /^(bank|cbi):/);
  const byAccount = new Map<string, { key: string; entry: JournalEntry }[]>();
  for (const [key, list] of former) {
    if (!key.startsWith('cbi:')) continue;
    const account = cbiAccount(key);
    byAccount.set(account, [...(byAccount.get(account) ?? []), ...list.map((entry) => ({ key, entry }))]);
  }
  return (movement) => {
    const key = movement.formerKey;
    if (key === undefined || movement.direction !== 'credit') return undefined;
    const same = (former.get(key) ?? []).filter((entry) => fits(entry, movement));
    if (same.length > 0) return t`registered on ${invoicesOf(same)} (by an earlier fisco, under its key ${key})`;
    if (!key.startsWith('cbi:')) return undefined;
    const candidates = (byAccount.get(cbiAccount(key)) ?? []).filter(({ entry }) => fits(entry, movement));
    if (candidates.length === 0) return undefined;
    const keys = [...new Set(candidates.map((c) => c.key))].join(', ');
    return t`possibly registered on ${invoicesOf(candidates.map((c) => c.entry))}: an earlier fisco registered a credit of this account booked the same day under a key that depended on its statement (${keys}), and cannot tell it from this one; check those invoices, and register this credit by hand if it is another`;
  };
}

/**
 * What the journal's entries of the versions before say of a movement, or undefined: "registered on
 * invoice 12/2026 on 2026-11-20 (by an earlier fisco)".
 */
export function legacyRegistered(entries: readonly JournalEntry[]): (movement: Movement) => Message | undefined {
  const byKey = grouped(entries, /^(ref|h):/);
  const former = formerKeys(entries);
  return (movement) => {
    const list = movement.legacyKey === undefined ? undefined : byKey.get(movement.legacyKey);
    const same = list?.filter((entry) => sameDay(entry, movement)) ?? [];
    if (same.length === 0) return former(movement);
    return t`registered on ${invoicesOf(same)} (by an earlier fisco, under its key ${movement.legacyKey})`;
  };
}
