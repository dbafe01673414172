/**
 * The service's order of each of its lists, learned from what it listed (pure).
 *
 * The contract states no list order, so the mirror does not assume one: each full walk of a list
 * (a first or `--full` sync) is watched as it arrives, record by record, against the orders a
 * service plausibly keeps (RULES: by the list's date either way with the id as tie-break, by id, by
 * its label as a person sorts it; what each list's date and label are: FIELDS, by kind). The first
 * rule under which every record of the walk came strictly after the one before is the service's, recorded with how many records proved it; the mirror then stores each record's
 * sort key under that rule (`orderKey`), so that offline reads list records in the service's order,
 * those changed or added since included. When no rule explains the walk (an arbitrary but stable
 * order), each record keeps its place in the walk (`walkKey`); a record added since has no place
 * until the next full walk, and goes after them (`guessKey`): offline, a read says its order is a
 * guess.
 *
 * Keys compare as strings (SQLite's binary order of their UTF-8 bytes, PostgreSQL's `COLLATE "C"`),
 * so they hold ASCII only: for a descending part, a date's or a numeric id's digits are inverted
 * (9 − d), and a text id's every character (then DEL, so that a longer id sorts first).
 */
import { KIND, type Kind } from './kinds.js';

type Rec = Record<string, unknown>;

export type OrderRule = 'newest' | 'oldest' | 'date-desc-id-asc' | 'date-asc-id-desc' | 'id' | 'id-desc' | 'number';
/**
 * What a walk showed: a rule, or none (`walk`: the records keep the walk's places); `also`, the other
 * rules the walk followed just as well (ids given in date order: by date, or by id?). The walk
 * cannot tell them apart, so a record added since is placed by `rule` and its place is sure only
 * when every one of them puts it between the same two records (`agree`).
 */
export type LearnedOrder = { rule: OrderRule | 'walk'; records: number; also?: OrderRule[] };

/**
 * What a list's rules sort on, per kind: its date (`newest`, `oldest` and the mixed tie-breaks) and
 * the label a person sorts it by (`number`); the id is every list's. A list without a date or a
 * label never follows the rules that need it.
 */
export type ListFields = { date?: string; label?: string };
const FIELDS: Partial<Record<Kind, ListFields>> = {
  [KIND.invoice]: { date: 'issue_date', label: 'number' },
  [KIND.client]: { label: 'name' },
  [KIND.costCenter]: { label: 'code' },
  [KIND.expense]: { date: 'document_date', label: 'document_number' },
  [KIND.f24]: { date: 'due_date', label: 'description' },
  [KIND.deadline]: { date: 'due_date', label: 'title' },
};
/** The fields the order rules of a list of `kind` sort on. */
export const listFields = (kind: Kind): ListFields => FIELDS[kind] ?? {};

const SEPARATOR = '\u0001';
const invert = (digits: string): string => digits.replace(/\d/g, (d) => String(9 - Number(d)));
const ASCII = /^[\x20-\x7e]*$/;

/** A date as it sorts (`YYYY-MM-DD`), or undefined when the record has none. */
function dateOf(record: Rec, fields: ListFields): string | undefined {
  const date = fields.date === undefined ? undefined : record[fields.date];
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
}

/**
 * An id as it sorts: a plain number padded to sort as a number; any other id (`f24_rossi0001`) as
 * its printable ASCII text, byte by byte; undefined for anything else.
 */
function idOf(record: Rec): { key: string; numeric: boolean } | undefined {
  const id = typeof record.id === 'number' && Number.isSafeInteger(record.id) && record.id >= 0 ? String(record.id) : record.id;
  if (typeof id !== 'string' || id === '') return undefined;
  if (/^\d{1,15}$/.test(id)) return { key: id.padStart(15, '0'), numeric: true };
  return ASCII.test(id) ? { key: id, numeric: false } : undefined;
}
const idAscending = (record: Rec): string | undefined => idOf(record)?.key;
/** The id descending: a number's digits inverted; a text's every character inverted, ended by DEL so that a longer id comes first. */
function idDescending(record: Rec): string | undefined {
  const id = idOf(record);
  if (!id) return undefined;
  return id.numeric ? invert(id.key) : `${id.key.replace(/[\x20-\x7e]/g, (c) => String.fromCharCode(0x9e - c.charCodeAt(0)))}\x7f`;
}

/** A label (an invoice number, a client's name) as a person sorts it (`9/2026` before `10/2026`): every run of digits padded; ASCII only. */
function labelOf(record: Rec, fields: ListFields): string | undefined {
  const label = fields.label === undefined ? undefined : record[fields.label];
  if (typeof label !== 'string' || label === '' || !ASCII.test(label)) return undefined;
  return label.replace(/\d{1,15}/g, (run) => run.padStart(15, '0'));
}

const both = (a: string | undefined, b: string | undefined): string | undefined => (a === undefined || b === undefined ? undefined : `${a}${SEPARATOR}${b}`);

/** Each rule's key of a record, or undefined when the record lacks what the rule sorts on. */
const RULES: Record<OrderRule, (record: Rec, fields: ListFields) => string | undefined> = {
  newest: (r, f) => both(mapped(dateOf(r, f), invert), idDescending(r)),
  oldest: (r, f) => both(dateOf(r, f), idAscending(r)),
  'date-desc-id-asc': (r, f) => both(mapped(dateOf(r, f), invert), idAscending(r)),
  'date-asc-id-desc': (r, f) => both(dateOf(r, f), idDescending(r)),
  id: (r) => idAscending(r),
  'id-desc': (r) => idDescending(r),
  number: (r, f) => both(labelOf(r, f), idAscending(r)),
};
export const ORDER_RULES = Object.keys(RULES) as OrderRule[];

function mapped(value: string | undefined, fn: (text: string) => string): string | undefined {
  return value === undefined ? undefined : fn(value);
}

/** A record's sort key under `rule` in a list of `kind` (the mirror lists by it, ascending); undefined when the record lacks what the rule sorts on. */
export function orderKey(rule: OrderRule, record: Rec, kind: Kind = KIND.invoice): string | undefined {
  return RULES[rule](record, listFields(kind));
}

/** The key of the record listed `position`-th (from 0) in a walk that follows no rule. */
export function walkKey(position: number): string {
  return `P${String(position).padStart(12, '0')}`;
}

/** The key of a record a walk without rule has not placed yet: after every placed one, by id. */
export const GUESS_PREFIX = '~';
/** The end of the key of a record placed by a rule its list's walk could not tell from another (a guess too): it sorts as the key without it. */
export const UNSURE_MARK = '\u0002';
export function guessKey(record: Rec): string {
  return `${GUESS_PREFIX}${idAscending(record) ?? ''}`;
}

/** Watches a walk as it arrives and says which rule, if any, it followed. */
export class OrderLearner {
  private readonly fields: ListFields;
  private readonly alive = new Set<OrderRule>(ORDER_RULES);
  private readonly last = new Map<OrderRule, string>();
  private count = 0;

  constructor(kind: Kind = KIND.invoice) {
    this.fields = listFields(kind);
  }

  feed(record: Rec): void {
    this.count++;
    for (const rule of [...this.alive]) {
      const key = RULES[rule](record, this.fields);
      const before = this.last.get(rule);
      if (key === undefined || (before !== undefined && !(before < key))) this.alive.delete(rule);
      else this.last.set(rule, key);
    }
  }

  /** The first rule the whole walk followed (in ORDER_RULES' order) and the others it followed too, or `walk` when none did. */
  result(): LearnedOrder {
    const [rule, ...also] = ORDER_RULES.filter((candidate) => this.alive.has(candidate));
    return { rule: rule ?? 'walk', records: this.count, ...(also.length ? { also } : {}) };
  }
}

/**
 * Do the rules a walk could not tell apart put `record` between the same two records (`below` and
 * `above`, its neighbours under the rule chosen, when there are)? When one cannot say, no.
 */
export function agree(rules: readonly OrderRule[], kind: Kind, record: Rec, below: Rec | undefined, above: Rec | undefined): boolean {
  return rules.every((rule) => {
    const key = orderKey(rule, record, kind);
    if (key === undefined) return false;
    const low = below === undefined ? undefined : orderKey(rule, below, kind);
    const high = above === undefined ? undefined : orderKey(rule, above, kind);
    return (below === undefined || (low !== undefined && low < key)) && (above === undefined || (high !== undefined && key < high));
  });
}

/** A learned order as the mirror keeps it (its meta), and back; undefined for anything else. */
export const orderText = (learned: LearnedOrder): string => JSON.stringify(learned);
export function orderFrom(text: string | undefined): LearnedOrder | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as LearnedOrder;
    const also = value.also === undefined || (Array.isArray(value.also) && value.also.every((rule) => ORDER_RULES.includes(rule)));
    return (value.rule === 'walk' || ORDER_RULES.includes(value.rule)) && Number.isInteger(value.records) && also ? value : undefined;
  } catch {
    return undefined;
  }
}
