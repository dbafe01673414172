/**
 * The orders the emulator can list its collections in. The contract states no list order, so a
 * client must not assume the emulator's own: the fault knobs `listOrder` (the invoice lists) and
 * `listOrders` (each other list: clients, cost centers, expenses, F24 forms, tax deadlines) pick
 * one of LIST_ORDERS per list:
 *
 * - `newest`: the list's date newest first (an invoice's issue date, an F24's or a deadline's due
 *   date, an expense's document date), then the greatest id; a list without a date (clients, cost
 *   centers) by id, greatest first;
 * - `oldest`: the reverse (the date oldest first, then the smallest id; by id for a list without one);
 * - `id`: by id (a number as a number, a text byte by byte);
 * - `number`: by the list's label as a person sorts it (digits as numbers): an invoice's number, a
 *   client's name, a cost center's code, an expense's document number, an F24's description, a
 *   deadline's title; then by id;
 * - `shuffled`: an arbitrary order that stays the same (a hash of the id), then by id.
 *
 * A list whose knob is not set keeps the emulator's own order (see each resource).
 */
import type { ListOrder } from './types.js';

export const LIST_ORDERS = ['newest', 'oldest', 'id', 'number', 'shuffled'] as const satisfies readonly ListOrder[];

/** The lists other than the invoices, as `listOrders` names them. */
export const OTHER_LISTS = ['clients', 'cost-centers', 'expenses', 'f24s', 'deadlines'] as const;
export type OtherList = (typeof OTHER_LISTS)[number];

/** What a list's orders sort on. */
export interface SortsOn<T> {
  id: (record: T) => string | number;
  date?: (record: T) => string;
  label?: (record: T) => string | null | undefined;
}

/** Labels as a person sorts them: runs of digits compared as numbers, the rest character by character. */
export function byNumber(a: string, b: string): number {
  const runs = (text: string) => text.match(/\d+|\D+/g) ?? [];
  const [x, y] = [runs(a), runs(b)];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i]!, y[i]!];
    const numeric = /^\d/.test(p) && /^\d/.test(q);
    const order = numeric ? Number(p) - Number(q) : p < q ? -1 : p > q ? 1 : 0;
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

/** An arbitrary but fixed order of numbers (a multiplicative hash). */
export const scramble = (id: number): number => Math.imul(id ^ 0x5bd1e995, 0x27d4eb2d) >>> 0;

const NUMERIC = /^\d{1,15}$/;

/** Ids in order: numbers (or texts of digits) as numbers, other texts byte by byte. */
export function byId(a: string | number, b: string | number): number {
  const [x, y] = [String(a), String(b)];
  if (NUMERIC.test(x) && NUMERIC.test(y)) return Number(x) - Number(y);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The hash an id is shuffled by: a number's own, a text's FNV-1a. */
function hashOf(id: string | number): number {
  const text = String(id);
  if (NUMERIC.test(text)) return scramble(Number(text));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return scramble(hash >>> 0);
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The comparator of `order` for a list sorted on `on`. */
export function listComparator<T>(order: ListOrder, on: SortsOn<T>): (a: T, b: T) => number {
  const id = (a: T, b: T) => byId(on.id(a), on.id(b));
  const date = on.date;
  switch (order) {
    case 'newest':
      return date ? (a, b) => byText(date(b), date(a)) || id(b, a) : (a, b) => id(b, a);
    case 'oldest':
      return date ? (a, b) => byText(date(a), date(b)) || id(a, b) : id;
    case 'id':
      return id;
    case 'number': {
      const label = (record: T) => on.label?.(record) ?? '';
      return (a, b) => byNumber(label(a), label(b)) || id(a, b);
    }
    case 'shuffled':
      return (a, b) => hashOf(on.id(a)) - hashOf(on.id(b)) || id(a, b);
  }
}
