/**
 * The two passes of one `bank match` run (issue 27): every movement of every statement is read and
 * given to its company's matcher's first pass (add), which registers the exact proposals at once; the
 * movements are kept in a spool (src/bank/spool.ts), not in memory; then, once the whole run is read
 * and nothing in it was refused, the second pass (proposals) gives each movement its final proposal,
 * in the order read: the exact ones as the first pass made them, every other one against what the
 * exact ones of the whole run left. See "Allocation is global" in src/bank/match.ts.
 */
import type { Matcher } from './matcher.js';
import { Spool } from './spool.js';
import type { Movement, Proposal, StatementFormat } from './types.js';
import { joined, Joined, Message, type Arg } from '../i18n/message.js';

/**
 * A movement as the spool keeps it: its fields in this order, absent ones null (half the bytes of its
 * JSON object); the fields every movement of a statement repeats (its file, format, account,
 * currency, direction) as their number in the run's Table.
 */
type Packed = [
  key: string,
  file: Code,
  format: Code,
  location: string,
  accountIban: Code | null,
  bookingDate: string,
  valueDate: string | null,
  amount: string,
  currency: Code,
  direction: Code,
  reversal: boolean,
  payerName: string | null,
  payerIban: string | null,
  remittance: string,
  bank: string | null,
  entry: string | null,
  endToEnd: string | null,
  creditor: string | null,
  charges: string | null,
];

/** How many strings the spool numbers (message keys: the templates of fisco's source, a few dozen; a statement's file, format, account): any beyond are written whole. */
const KEYS_NUMBERED = 1024;

/** A string the spool writes as its number in a Table, or itself. */
type Code = number | string;

/**
 * Strings that come back line after line (message keys; a statement's file, format, account), each
 * numbered once for the run: at most KEYS_NUMBERED of them, any beyond are written whole, so memory
 * stays bounded whatever the run.
 */
class Table {
  private readonly numbers = new Map<string, number>();
  private readonly texts: string[] = [];

  code(text: string): Code {
    const known = this.numbers.get(text);
    if (known !== undefined) return known;
    if (this.texts.length >= KEYS_NUMBERED) return text;
    this.numbers.set(text, this.texts.length);
    this.texts.push(text);
    return this.texts.length - 1;
  }

  text(code: Code): string {
    return typeof code === 'number' ? this.texts[code]! : code;
  }
}

function pack(m: Movement, table: Table): Packed {
  const r = m.references;
  return [
    m.key,
    table.code(m.source.file),
    table.code(m.source.format),
    m.source.location,
    m.accountIban === undefined ? null : table.code(m.accountIban),
    m.bookingDate,
    m.valueDate ?? null,
    m.amount,
    table.code(m.currency),
    table.code(m.direction),
    m.reversal,
    m.payer?.name ?? null,
    m.payer?.iban ?? null,
    m.remittance,
    r.bank ?? null,
    r.entry ?? null,
    r.endToEnd ?? null,
    r.creditor ?? null,
    m.charges ?? null,
  ];
}

/** The movement packed, with the same fields (an absent one absent). */
function unpack(p: Packed, table: Table): Movement {
  const [key, fileCode, formatCode, location, accountIban, bookingDate, valueDate, amount, currencyCode, directionCode, reversal, name, iban, remittance] = p;
  const [bank, entry, endToEnd, creditor, charges] = [p[14], p[15], p[16], p[17], p[18]];
  const [file, format, currency, direction] = [
    table.text(fileCode),
    table.text(formatCode) as StatementFormat,
    table.text(currencyCode),
    table.text(directionCode) as Movement['direction'],
  ];
  const m: Movement = { key, source: { file, format, location }, bookingDate, amount, currency, direction, reversal, remittance, references: {} };
  if (accountIban !== null) m.accountIban = table.text(accountIban);
  if (valueDate !== null) m.valueDate = valueDate;
  if (name !== null || iban !== null) m.payer = { ...(name !== null ? { name } : {}), ...(iban !== null ? { iban } : {}) };
  if (bank !== null) m.references.bank = bank;
  if (entry !== null) m.references.entry = entry;
  if (endToEnd !== null) m.references.endToEnd = endToEnd;
  if (creditor !== null) m.references.creditor = creditor;
  if (charges !== null) m.charges = charges;
  return m;
}

interface Spooled {
  /** The company (its code in the Table). */
  a: Code;
  m: Packed;
  /** The first pass's proposal, without its movement, when it is final. */
  p?: Omit<Proposal, 'movement'>;
}

/**
 * A final proposal's words through the spool's JSON: a Message (its reasons, its skip reason) is
 * kept as its key and arguments, so the second pass says it in the run's language (JSON alone
 * would keep only its English text). A key is written as its number in the run's Table (the same
 * template comes back on every line); arguments only when there are some. Loops, not
 * Object.entries: this runs once for every final proposal.
 */
class Words {
  constructor(private readonly keys: Table) {}

  pack(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (value instanceof Joined) return { $j: this.packList(value.parts), s: value.separator };
    if (value instanceof Message) {
      const key = this.keys.code(value.key);
      return value.args.length > 0 ? { $m: key, a: this.packList(value.args) } : { $m: key };
    }
    if (Array.isArray(value)) return this.packList(value);
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(value)) setOwn(out, name, this.pack((value as Record<string, unknown>)[name]));
    return out;
  }

  private packList(list: readonly unknown[]): unknown[] {
    const out = new Array<unknown>(list.length);
    for (let k = 0; k < list.length; k++) out[k] = this.pack(list[k]);
    return out;
  }

  unpack(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return this.unpackList(value);
    const o = value as { $j?: unknown[]; s?: string; $m?: number | string; a?: unknown[] };
    if (o.$j !== undefined) return joined(this.unpackList(o.$j) as Arg[], o.s ?? '');
    if (o.$m !== undefined) return new Message(this.keys.text(o.$m), o.a ? (this.unpackList(o.a) as Arg[]) : []);
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(value)) setOwn(out, name, this.unpack((value as Record<string, unknown>)[name]));
    return out;
  }

  private unpackList(list: readonly unknown[]): unknown[] {
    const out = new Array<unknown>(list.length);
    for (let k = 0; k < list.length; k++) out[k] = this.unpack(list[k]);
    return out;
  }
}

/** out[name] = value as an own property, whatever the name (`__proto__` too, as Object.fromEntries does). */
function setOwn(out: Record<string, unknown>, name: string, value: unknown): void {
  if (name === '__proto__') Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  else out[name] = value;
}

export class TwoPasses {
  private readonly spool: Spool<Spooled>;
  /** The strings numbered for this run's spool (see Table). */
  private readonly table = new Table();
  private readonly words = new Words(this.table);

  /** `matcherOf` gives a company's matcher, the same for both passes. */
  constructor(
    private readonly matcherOf: (account: string) => Matcher,
    spoolLimit?: number,
  ) {
    this.spool = new Spool<Spooled>(spoolLimit);
  }

  /** Movements added so far. */
  get count(): number {
    return this.spool.count;
  }

  /** The first pass over one movement of `account`'s (what the journal of the version before knew, legacyKey, is settled here: it is not spooled). */
  add(account: string, movement: Movement): void {
    const { proposal, final } = this.matcherOf(account).first(movement);
    if (!final) {
      this.spool.write({ a: this.table.code(account), m: pack(movement, this.table) });
      return;
    }
    const { movement: _movement, ...rest } = proposal;
    this.spool.write({ a: this.table.code(account), m: pack(movement, this.table), p: this.words.pack(rest) as typeof rest });
  }

  /** The second pass: every movement added, in order, with its final proposal. Once. */
  async *proposals(): AsyncGenerator<{ account: string; proposal: Proposal }> {
    for await (const { a: code, m, p } of this.spool.read()) {
      const movement = unpack(m, this.table);
      const a = this.table.text(code);
      yield { account: a, proposal: p ? { movement, ...(this.words.unpack(p) as typeof p) } : this.matcherOf(a).second(movement) };
    }
  }

  close(): void {
    this.spool.close();
  }
}
