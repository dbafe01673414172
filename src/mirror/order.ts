/**
 * The service's order of its invoice lists, learned from what it listed (pure).
 *
 * The contract states no list order, so the mirror does not assume one: each full walk of a list
 * (a first or `--full` sync) is watched as it arrives, record by record, against the orders a
 * service plausibly keeps (RULES: by issue date either way with the id as tie-break, by id, by
 * number). The first rule under which every record of the walk came strictly after the one before
 * is the service's, recorded with how many records proved it; the mirror then stores each record's
 * sort key under that rule (`orderKey`), so that offline reads list records in the service's order,
 * those changed or added since included. When no rule explains the walk (an arbitrary but stable
 * order), each record keeps its place in the walk (`walkKey`); a record added since has no place
 * until the next full walk, and goes after them (`guessKey`): offline, a read says its order is a
 * guess.
 *
 * Keys compare as strings (SQLite's binary order of their UTF-8 bytes), so they hold ASCII only:
 * digits are inverted (9 − d) for a descending part, never other characters.
 */
type Rec = Record<string, unknown>;

export type OrderRule = 'newest' | 'oldest' | 'date-desc-id-asc' | 'date-asc-id-desc' | 'id' | 'id-desc' | 'number';
/** What a walk showed: a rule, or none (`walk`: the records keep the walk's places). */
export type LearnedOrder = { rule: OrderRule | 'walk'; records: number };

const SEPARATOR = '\u0001';
const invert = (digits: string): string => digits.replace(/\d/g, (d) => String(9 - Number(d)));

/** An issue date as it sorts (`YYYY-MM-DD`), or undefined when the record has none. */
function dateOf(record: Rec): string | undefined {
  const date = record.issue_date;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

/** A numeric id, padded to sort as a number; undefined for an id that is not a plain number. */
function numericIdOf(record: Rec): string | undefined {
  const id = typeof record.id === 'number' ? String(record.id) : record.id;
  return typeof id === 'string' && /^\d{1,15}$/.test(id) ? id.padStart(15, '0') : undefined;
}

/** An invoice number as a person sorts it (`9/2026` before `10/2026`): every run of digits padded; ASCII only. */
function numberOf(record: Rec): string | undefined {
  const number = record.number;
  if (typeof number !== 'string' || number === '' || !/^[\x20-\x7e]*$/.test(number)) return undefined;
  return number.replace(/\d{1,15}/g, (run) => run.padStart(15, '0'));
}

const both = (a: string | undefined, b: string | undefined): string | undefined => (a === undefined || b === undefined ? undefined : `${a}${SEPARATOR}${b}`);

/** Each rule's key of a record, or undefined when the record lacks what the rule sorts on. */
const RULES: Record<OrderRule, (record: Rec) => string | undefined> = {
  newest: (r) => both(mapped(dateOf(r), invert), mapped(numericIdOf(r), invert)),
  oldest: (r) => both(dateOf(r), numericIdOf(r)),
  'date-desc-id-asc': (r) => both(mapped(dateOf(r), invert), numericIdOf(r)),
  'date-asc-id-desc': (r) => both(dateOf(r), mapped(numericIdOf(r), invert)),
  id: (r) => numericIdOf(r),
  'id-desc': (r) => mapped(numericIdOf(r), invert),
  number: (r) => both(numberOf(r), numericIdOf(r)),
};
export const ORDER_RULES = Object.keys(RULES) as OrderRule[];

function mapped(value: string | undefined, fn: (text: string) => string): string | undefined {
  return value === undefined ? undefined : fn(value);
}

/** A record's sort key under `rule` (the mirror lists by it, ascending); undefined when the record lacks what the rule sorts on. */
export function orderKey(rule: OrderRule, record: Rec): string | undefined {
  return RULES[rule](record);
}

/** The key of the record listed `position`-th (from 0) in a walk that follows no rule. */
export function walkKey(position: number): string {
  return `P${String(position).padStart(12, '0')}`;
}

/** The key of a record a walk without rule has not placed yet: after every placed one, by id. */
export const GUESS_PREFIX = '~';
export function guessKey(record: Rec): string {
  return `${GUESS_PREFIX}${numericIdOf(record) ?? ''}`;
}

/** Watches a walk as it arrives and says which rule, if any, it followed. */
export class OrderLearner {
  private readonly alive = new Set<OrderRule>(ORDER_RULES);
  private readonly last = new Map<OrderRule, string>();
  private count = 0;

  feed(record: Rec): void {
    this.count++;
    for (const rule of [...this.alive]) {
      const key = RULES[rule](record);
      const before = this.last.get(rule);
      if (key === undefined || (before !== undefined && !(before < key))) this.alive.delete(rule);
      else this.last.set(rule, key);
    }
  }

  /** The first rule the whole walk followed (in ORDER_RULES' order), or `walk` when none did. */
  result(): LearnedOrder {
    const rule = ORDER_RULES.find((candidate) => this.alive.has(candidate));
    return { rule: rule ?? 'walk', records: this.count };
  }
}

/** A learned order as the mirror keeps it (its meta), and back; undefined for anything else. */
export const orderText = (learned: LearnedOrder): string => JSON.stringify(learned);
export function orderFrom(text: string | undefined): LearnedOrder | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as LearnedOrder;
    return (value.rule === 'walk' || ORDER_RULES.includes(value.rule)) && Number.isInteger(value.records) ? value : undefined;
  } catch {
    return undefined;
  }
}
