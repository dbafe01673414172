/**
 * Journals written before issue 27 key a bank movement by its first reference ('ref:…', even NONREF
 * or CBI's daily 1..N) or a hash ('h:…'); movements now have another identity (src/bank/types.ts).
 * So that a credit registered then is never registered again, a movement is recognised by the key that
 * version gave it (Movement.legacyKey) AND the day: the journal's step hash is, as that version wrote
 * it, sha256 of invoice uuid | amount | the movement's booking date, so a key that version gave to
 * movements of several days (NONREF, CBI's numbers) matches only the one of that day.
 */
import { createHash } from 'node:crypto';
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

/**
 * What the journal's entries of the version before say of a movement, or undefined: "registered on
 * invoice 12/2026 on 2026-11-20 (by an earlier fisco)".
 */
export function legacyRegistered(entries: readonly JournalEntry[]): (movement: Movement) => Message | undefined {
  const byKey = new Map<string, JournalEntry[]>();
  for (const entry of entries) {
    if (entry.state !== 'done') continue;
    const key = movementPart(entry.key);
    if (!/^(ref|h):/.test(key)) continue;
    const list = byKey.get(key);
    if (list) list.push(entry);
    else byKey.set(key, [entry]);
  }
  return (movement) => {
    const list = movement.legacyKey === undefined ? undefined : byKey.get(movement.legacyKey);
    const same = list?.filter((entry) => sameDay(entry, movement)) ?? [];
    if (same.length === 0) return undefined;
    const on = same.map((e) => {
      const number = typeof e.result?.number === 'string' ? e.result.number : String(e.context?.uuid ?? '');
      return t`invoice ${number} on ${day(e.at.slice(0, 10))}`;
    });
    return t`registered on ${joined(on, ', ')} (by an earlier fisco, under its key ${movement.legacyKey})`;
  };
}
