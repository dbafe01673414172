/**
 * How each kind of record sits in the mirror: its key, the columns its lists are ordered and
 * filtered on, and the text `fisco search` finds it by. Pure: records in (as the client decoded
 * them), values out. The store (store.ts) is the only code that turns these into SQL.
 */

/** The kinds the mirror keeps, with their numbers in the records table (never renumbered: a migration would be needed). */
export const KIND = {
  invoice: 1,
  client: 2,
  costCenter: 3,
  expense: 4,
  f24: 5,
  deadline: 6,
  /** GET /v1/f24s/{id}, as the sync read it for each new or changed form. */
  f24Detail: 7,
  /** GET /v1/expenses/summary?periodo=…, one per month the mirror holds. */
  summary: 8,
} as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

/** The resources of a company, as cursors and refusals name them (answer.ts replays a refusal by this name). */
export const RESOURCES = {
  outbound: 'invoices-outbound',
  inbound: 'invoices-inbound',
  clients: 'clients',
  costCenters: 'cost-centers',
  expenses: 'expenses',
  summaries: 'expense-summaries',
  f24s: 'f24s',
  deadlines: 'deadlines',
} as const;

/** The kinds `fisco search` finds, by the names `--in` takes. */
export const SEARCH_KINDS = { invoices: KIND.invoice, clients: KIND.client, f24: KIND.f24, deadlines: KIND.deadline, expenses: KIND.expense } as const;
export type SearchKindName = keyof typeof SEARCH_KINDS;

/** A record's place in the mirror. */
export interface Placed {
  id: string;
  /** Invoices: 0 outbound, 1 inbound (the listing it came from); 0 for the other kinds. */
  part: number;
  /** The date lists are ordered by (issue, due or document date; the month of a summary). */
  d: string;
  /** The tie-break: a numeric id, or the record's position in a listing read whole. */
  n: number;
  /** The filter most reads use: an invoice's payment status, an F24's or deadline's status, an expense's month. */
  k: string;
  /** The amount most figures add up, in cents: an invoice's amount due, an F24's total, a deadline's or expense's amount; null when it is not a whole number of cents. */
  amt: number | null;
  /** An invoice's `overdue` (1 or 0); 0 for the other kinds. */
  flag: number;
}

/** An amount as whole cents when it is written with exactly two decimals (`1234.50` → 123450), else null. */
export function cents(amount: unknown): number | null {
  if (typeof amount !== 'string') return null;
  const m = /^(-?)(\d{1,13})\.(\d{2})$/.exec(amount);
  return m ? (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3])) : null;
}

/** Whole cents as an amount (123450 → `1234.50`): what money.ts's sum() writes for the same total. */
export function centsText(value: number): string {
  const abs = Math.abs(value);
  return `${value < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

type Rec = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '');
const nested = (record: Rec, key: string, field: string): unknown => {
  const inner = record[key];
  return inner && typeof inner === 'object' ? (inner as Rec)[field] : undefined;
};

/**
 * A record's key in the mirror (unique per company and kind): its id, except where the service may
 * number two records alike, as two tables would and the contract does not rule out: an inbound
 * invoice (a purchase) and an outbound one (a sale), a payslip and an expense. There the id is
 * followed by the direction or the source, behind U+0001, so that records still sort by id as
 * before; an outbound invoice's and an expense's key is the id alone (schema.ts, migration 4).
 */
export function recordKey(kind: Kind, record: Rec, part = 0): string {
  const id = text(record.id);
  if (kind === KIND.invoice) return part === 1 ? `${id}\u0001inbound` : id;
  if (kind !== KIND.expense) return id;
  const source = record.source;
  return typeof source === 'string' && source !== '' && source !== 'expense' ? `${id}\u0001${source}` : id;
}

/** A numeric id as a number (its order), 0 otherwise. */
export function numericId(id: string): number {
  return /^\d{1,15}$/.test(id) ? Number(id) : 0;
}

/** Where a decoded record of `kind` goes; `part` and `position` come from the listing that gave it. */
export function place(kind: Kind, record: Rec, listing: { part?: number; position?: number; key?: string } = {}): Placed {
  const id = listing.key ?? recordKey(kind, record, listing.part ?? 0);
  const base = { id, part: listing.part ?? 0, d: '', n: 0, k: '', amt: null, flag: 0 };
  switch (kind) {
    case KIND.invoice:
      return {
        ...base,
        d: text(record.issue_date),
        n: numericId(text(record.id)),
        k: text(record.payment_status),
        amt: cents(record.amount_due),
        flag: record.overdue === true ? 1 : 0,
      };
    case KIND.client:
      return { ...base, n: typeof record.id === 'number' ? record.id : numericId(id) };
    case KIND.costCenter:
      return { ...base, n: listing.position ?? 0 };
    case KIND.expense:
      return { ...base, d: text(record.document_date), k: text(record.periodo_competenza), amt: cents(record.total) };
    case KIND.f24:
      return { ...base, d: text(record.due_date), k: text(record.status), amt: cents(record.total_amount) };
    case KIND.deadline:
      return { ...base, d: text(record.due_date), k: text(record.status), amt: cents(record.amount) };
    case KIND.summary:
      return { ...base, d: id, k: id };
    default:
      return base;
  }
}

/** Fields that change on every listing without the record changing: an F24's time-limited signed link. */
const VOLATILE: Partial<Record<Kind, readonly string[]>> = { [KIND.f24]: ['file_url'], [KIND.f24Detail]: ['file_url'] };

/**
 * Is the listed version the stored one? Byte for byte, or, for a kind with volatile fields, apart
 * from them: a new signed link is kept (the stored JSON is refreshed) but is not a change.
 */
export function sameVersion(kind: Kind, stored: string, listed: string): boolean {
  if (stored === listed) return true;
  const volatile = VOLATILE[kind];
  if (!volatile) return false;
  const strip = (text: string): string => {
    const record = JSON.parse(text) as Rec;
    for (const field of volatile) delete record[field];
    return JSON.stringify(record);
  };
  return strip(stored) === strip(listed);
}

/** An amount as one search token: 1234.50 → `1234x50` (the tokenizer would split it at the point). */
export function amountToken(amount: unknown): string {
  const m = /^(-?)(\d+)\.(\d+)$/.exec(text(amount).trim());
  return m ? `${m[1] ? 'm' : ''}${m[2]}x${m[3]}` : '';
}

/** A VAT number as written and without its IT prefix, so that both find it. */
function vatTokens(value: unknown): string {
  const vat = text(value).trim();
  const bare = vat.replace(/^IT(?=\d)/i, '');
  return bare === vat ? vat : `${vat} ${bare}`;
}

/**
 * The text `fisco search` matches a record by, in two parts ranked apart (schema.ts, migration 3):
 * `key`, what names the record itself (a client's name, VAT number and tax code; an invoice's or
 * expense's number; an F24's description and period; a deadline's title), and `rest`, what it
 * mentions (an invoice's counterpart, an expense's supplier, amounts, a client's PEC, e-mail and
 * city). A client named as typed then ranks above the invoices that name it as their counterpart.
 * Both '' for the kinds outside SEARCH_KINDS.
 */
export function searchFields(kind: Kind, record: Rec): { key: string; rest: string } {
  switch (kind) {
    case KIND.invoice:
      return fields(
        [record.number],
        [nested(record, 'counterpart', 'name'), vatTokens(nested(record, 'counterpart', 'vat_number')), amountToken(record.total_amount)],
      );
    case KIND.client:
      return fields([record.name, vatTokens(record.piva), record.codice_fiscale], [record.pec, record.email, record.city]);
    case KIND.f24:
      return fields([record.description, record.period], [amountToken(record.total_amount), amountToken(record.amount)]);
    case KIND.deadline:
      return fields([record.title], [amountToken(record.amount)]);
    case KIND.expense:
      return fields([record.document_number], [nested(record, 'supplier', 'name'), amountToken(record.total)]);
    default:
      return { key: '', rest: '' };
  }
}

const words = (parts: unknown[]): string =>
  parts
    .map(text)
    .filter((part) => part !== '')
    .join(' ');
const fields = (key: unknown[], rest: unknown[]) => ({ key: words(key), rest: words(rest) });

/** The two parts as one text: what migration 2 indexed (its one-column index is rebuilt by migration 3). */
export function searchText(kind: Kind, record: Rec): string {
  const { key, rest } = searchFields(kind, record);
  return words([key, rest]);
}

/** One hit of `fisco search`: which company, what kind, and the fields that say which record it is. */
export interface SearchHit {
  account_id: string;
  company: string;
  kind: 'invoice' | 'client' | 'f24' | 'deadline' | 'expense';
  id: string;
  /** The reference people use: an invoice or document number, a client's id, an F24's period, a deadline's type. */
  ref: string | null;
  /** The counterpart, client, F24 description, deadline title or supplier. */
  name: string | null;
  vat_number: string | null;
  date: string | null;
  amount: string | null;
  /** A few words more: direction and payment status, city, status, allocation method. */
  detail: string | null;
}

export const SEARCH_HIT_FIELDS = ['account_id', 'company', 'kind', 'id', 'ref', 'name', 'vat_number', 'date', 'amount', 'detail'] as const;

const orNull = (value: unknown): string | null => {
  const t = text(value);
  return t === '' ? null : t;
};
const joined = (...values: unknown[]): string | null => orNull(values.map(text).filter(Boolean).join(' · '));

/** The hit a record of `kind` makes, its company named. */
export function hitOf(kind: Kind, record: Rec, company: { id: string; name: string }): SearchHit {
  const base = { account_id: company.id, company: company.name, id: text(record.id) };
  switch (kind) {
    case KIND.invoice:
      return {
        ...base,
        kind: 'invoice',
        ref: orNull(record.number),
        name: orNull(nested(record, 'counterpart', 'name')),
        vat_number: orNull(nested(record, 'counterpart', 'vat_number')),
        date: orNull(record.issue_date),
        amount: orNull(record.total_amount),
        detail: joined(record.direction, record.payment_status),
      };
    case KIND.client:
      return {
        ...base,
        kind: 'client',
        ref: orNull(record.id),
        name: orNull(record.name),
        vat_number: orNull(record.piva),
        date: orNull(record.created_at),
        amount: null,
        detail: joined(record.city, record.pec),
      };
    case KIND.f24:
      return {
        ...base,
        kind: 'f24',
        ref: orNull(record.period),
        name: orNull(record.description),
        vat_number: null,
        date: orNull(record.due_date),
        amount: orNull(record.total_amount),
        detail: orNull(record.status),
      };
    case KIND.deadline:
      return {
        ...base,
        kind: 'deadline',
        ref: orNull(record.type),
        name: orNull(record.title),
        vat_number: null,
        date: orNull(record.due_date),
        amount: orNull(record.amount),
        detail: orNull(record.status),
      };
    default:
      return {
        ...base,
        kind: 'expense',
        ref: orNull(record.document_number),
        name: orNull(nested(record, 'supplier', 'name')),
        vat_number: null,
        date: orNull(record.document_date),
        amount: orNull(record.total),
        detail: joined(record.periodo_competenza, record.allocation_method),
      };
  }
}
