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

/** A movement as the spool keeps it: its fields in this order, absent ones null (half the bytes of its JSON object). */
type Packed = [
  key: string,
  file: string,
  format: StatementFormat,
  location: string,
  accountIban: string | null,
  bookingDate: string,
  valueDate: string | null,
  amount: string,
  currency: string,
  direction: 'credit' | 'debit',
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

function pack(m: Movement): Packed {
  const r = m.references;
  return [
    m.key,
    m.source.file,
    m.source.format,
    m.source.location,
    m.accountIban ?? null,
    m.bookingDate,
    m.valueDate ?? null,
    m.amount,
    m.currency,
    m.direction,
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
function unpack(p: Packed): Movement {
  const [key, file, format, location, accountIban, bookingDate, valueDate, amount, currency, direction, reversal, name, iban, remittance] = p;
  const [bank, entry, endToEnd, creditor, charges] = [p[14], p[15], p[16], p[17], p[18]];
  const m: Movement = { key, source: { file, format, location }, bookingDate, amount, currency, direction, reversal, remittance, references: {} };
  if (accountIban !== null) m.accountIban = accountIban;
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
  /** The company. */
  a: string;
  m: Packed;
  /** The first pass's proposal, without its movement, when it is final. */
  p?: Omit<Proposal, 'movement'>;
}

/**
 * A final proposal's words through the spool's JSON: a Message (its reasons, its skip reason) is
 * kept as its key and arguments, so the second pass says it in the run's language (JSON alone
 * would keep only its English text).
 */
function packWords(value: unknown): unknown {
  if (value instanceof Joined) return { $j: value.parts.map(packWords), s: value.separator };
  if (value instanceof Message) return { $m: value.key, a: value.args.map(packWords) };
  if (Array.isArray(value)) return value.map(packWords);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, packWords(v)]));
  return value;
}

function unpackWords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unpackWords);
  if (value === null || typeof value !== 'object') return value;
  const o = value as { $j?: unknown[]; s?: string; $m?: string; a?: unknown[] };
  if (o.$j !== undefined) return joined(o.$j.map(unpackWords) as Arg[], o.s ?? '');
  if (o.$m !== undefined) return new Message(o.$m, (o.a ?? []).map(unpackWords) as Arg[]);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackWords(v)]));
}

export class TwoPasses {
  private readonly spool: Spool<Spooled>;

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
      this.spool.write({ a: account, m: pack(movement) });
      return;
    }
    const { movement: _movement, ...rest } = proposal;
    this.spool.write({ a: account, m: pack(movement), p: packWords(rest) as typeof rest });
  }

  /** The second pass: every movement added, in order, with its final proposal. Once. */
  async *proposals(): AsyncGenerator<{ account: string; proposal: Proposal }> {
    for await (const { a, m, p } of this.spool.read()) {
      const movement = unpack(m);
      yield { account: a, proposal: p ? { movement, ...(unpackWords(p) as typeof p) } : this.matcherOf(a).second(movement) };
    }
  }

  close(): void {
    this.spool.close();
  }
}
