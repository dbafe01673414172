/**
 * The matcher of issue 18: statement movements + a company's open outbound invoices → one Proposal
 * per movement, in input order. Pure and deterministic: the same input gives the same proposals.
 *
 * ## Allocation is global (issue 27)
 * Proposals are chosen over the whole run, not in file order, in two passes over the same movements
 * (Matcher.first for each, then Matcher.second for each, in the same order): the first pass registers
 * only the exact proposals (a credit that pays its invoices' residues to the cent, or less a fee
 * within the tolerance: fit 'exact' or 'fee'), each against what the exact ones before it left; the
 * second gives every other credit what the exact ones of the whole run left. So an exact match always
 * wins its invoice over a partial or over-payment, whatever the order of the lines (a statement listed
 * newest first). Memory stays the invoices' index: the caller keeps the movements between the passes.
 *
 * ## What is skipped (status 'skipped', confidence 0)
 * debits, reversals, a foreign currency (anything but EUR, the invoices' currency), a zero or malformed
 * amount; a credit the journal already registered (`options.registered` knows it) is
 * 'already-registered' with what the journal says. An open invoice whose residue has digits past the
 * cent (`100.125`) is never matched: `notMatchable` lists it with the reason.
 *
 * ## How a credit is matched (the first step that proposes wins)
 * 1. **Invoice numbers in the remittance text** (src/bank/remittance.ts says how they are read) are
 *    looked up by sequence and year (an invoice number without a year takes its issue year). A
 *    reference without a year fits the invoices of that sequence; several are told apart by the
 *    numbering prefix, the booking year, the payer and the amount, else it is left ambiguous.
 *    With the referenced invoices' residues adding up to R:
 *    - credit = R: each is paid its residue;
 *    - credit < R: an exact-cent subset of the named invoices is paid when one exists; else a shortfall
 *      within the fee tolerance (or equal to the charges the statement states) is a bank fee: the
 *      residues are registered and `fee` = R − credit; else a partial payment: the credit is allocated
 *      to the named invoices in the order written;
 *    - credit > R: the residues are registered, `excess` = credit − R is reported, never registered.
 *    A reference without a year that does not meet the exact amount must also have the payer (name or
 *    VAT) agree with the invoice's counterpart, or it is not trusted for a partial/over payment.
 * 2. **The client**, from a VAT number in the text (a client's `counterpartVat`, with or without IT) or
 *    from the payer's name (similarity ≥ 0.8, one best client): one of its invoices whose residue
 *    equals the credit (the oldest when several do), else an exact-cent subset of its open invoices
 *    (two invoices among its 2,000 oldest open ones, found in one pass; three or more among the 20
 *    oldest whose residue is at most the credit, a search of at most 200,000 steps), else one
 *    invoice or a subset whose residue exceeds the credit by at most the fee tolerance (a fee), else,
 *    when the client has one open invoice only, the credit is less than twice its residue and no other
 *    open invoice has the credit's amount as residue, an overpayment of it.
 * 3. **The amount alone**: the one open invoice whose residue equals the credit (two or more: only a
 *    payer resembling one of them, similarity ≥ 0.5, picks it), else within the fee tolerance.
 * 4. Nothing: 'unmatched', with up to five near-misses (the client's invoices, the invoices of the same
 *    amount, the nearest residues) and why each did not fit; never forced onto an invoice.
 *
 * ## Confidence (0..1)
 * | 0.99 | numbers in the text, credit = their residues |
 * | 0.95 | VAT number in the text, credit = the residue of one invoice of that client |
 * | 0.92 | numbers in the text, a shortfall read as a fee / numbers naming more invoices than paid, an exact subset of them |
 * | 0.90 | payer name + credit = the residue of one invoice of that client |
 * | 0.85 | numbers + overpayment; client + exact subset of several invoices (the only one found) |
 * | 0.80 | numbers + partial payment; client + one invoice within the fee tolerance (0.70 when several are) |
 * | 0.75 | client + subset within the fee tolerance; amount alone picked by a resembling payer (0.70 when
 *   that client has several invoices of that residue: the oldest) |
 * | 0.70 | client + exact amount shared by several of its invoices (the oldest); subset not unique |
 * | 0.60 | amount alone, the only open invoice with that residue; client's only invoice overpaid |
 * | 0.50 | amount alone within the fee tolerance, one candidate |
 * | 0    | unmatched, skipped, already registered |
 * A number reference without a year takes 0.05 off; a payer clearly unlike the counterpart (similarity
 * below 0.5, no VAT) takes 0.10 off a number match.
 *
 * ## Residues across one run
 * Each proposal's allocations lower the invoices' residues for the movements after it (exact ones in
 * the first pass, the others in the second), so two credits never allocate one invoice beyond what it is due. `Allocation.amountDueSeen` is the invoice's
 * `amountDue` as read (src/bank/types.ts: "amount_due when matched"), the same on every allocation of
 * one invoice: apply expects it less what the plan's earlier allocations on that invoice registered.
 * Always: every allocation ≤ its invoice's residue; Σ allocations ≤ credit + fee; excess = credit − Σ.
 *
 * Money is handled in integer cents (exact: amounts have at most 11 integer digits, far below 2^53).
 *
 * ## Speed
 * Invoices are indexed by sequence (the year checked on its few entries), by residue in cents (and in
 * buckets of the fee tolerance), by VAT number, by client (oldest first, with a count of open ones)
 * and by the words of the client's name; a credit looks at its own candidates only: never a scan of
 * all the invoices nor of all a client's invoices (a company may invoice one client only), and a
 * payer's name is compared with the clients sharing its rarest words, at most 500 (or, sharing none,
 * the words that begin with its words' first four letters). Normalised names are cached per raw name.
 * The index is compact for the garbage collector, which walks it all through a run (issue 37): an
 * invoice alone under a key is held as itself, not in a Set or an array, and a sequence is a number.
 */
import { isCentExact } from '../domain/money.js';
import type { Allocation, Movement, OpenInvoice, Proposal, ProposalFit } from './types.js';
import {
  findInvoiceReferences,
  findVatNumbers,
  nameSimilarity,
  normaliseInvoiceNumber,
  normaliseName,
  normaliseVat,
  type InvoiceReference,
} from './remittance.js';
import { decimal, joined, money, t, type Message, type Text } from '../i18n/message.js';

export interface MatchOptions {
  /** A shortfall up to this amount is read as a bank fee; "0.00" turns it off. */
  feeTolerance: string;
  /**
   * What the journal says of a movement already registered ("registered on 12/2026 on 2026-11-20"):
   * by its key, or a function of the movement (the command also recognises keys of an older version).
   */
  registered?: Map<string, Text> | ((movement: Movement) => Text | undefined);
}

/** An open invoice the matcher sets apart, and why (a residue with digits past the cent). */
export interface NotMatchable {
  invoice: OpenInvoice;
  reason: Text;
}

/** The matcher of one company (createMatcher): two passes over the same movements, in the same order. */
export interface Matcher {
  /** Pass 1: the proposal; `final` when it is exact (registered at once) or needs no invoice (skipped, registered). */
  first(movement: Movement): { proposal: Proposal; final: boolean };
  /** Pass 2, for a movement whose first proposal was not final: its proposal against what the whole first pass left. */
  second(movement: Movement): Proposal;
  /** The open invoices never matched, with the reason. */
  readonly notMatchable: readonly NotMatchable[];
}

/** The confidence scale (see the module comment). */
export const CONFIDENCE = {
  numberExact: 0.99,
  vatExact: 0.95,
  numberFee: 0.92,
  numberSubset: 0.92,
  nameExact: 0.9,
  numberOver: 0.85,
  clientSubset: 0.85,
  numberPartial: 0.8,
  clientFee: 0.8,
  clientSubsetFee: 0.75,
  amountResemblingPayer: 0.75,
  clientSharedAmount: 0.7,
  clientSubsetNotUnique: 0.7,
  amountOnly: 0.6,
  clientOnlyInvoiceOver: 0.6,
  amountFee: 0.5,
  none: 0,
} as const;

/** How many of a client's invoices the several-invoices search looks at, and how many steps it may take. */
export const SUBSET_LIMITS = { candidates: 20, steps: 200_000 } as const;
/** How many of a client's open invoices (oldest first) the pair search and the near-misses look at. */
export const CLIENT_SCAN = 2_000;
const NAME_MATCH = 0.8;
const NAME_RESEMBLES = 0.5;

// ---------------------------------------------------------------- cents

const CENTS = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

function toCents(amount: string): number | undefined {
  // The common form (digits, a point and one or two digits) read in place, without a match to collect.
  const n = amount.length;
  const point = n > 2 && amount.charCodeAt(n - 3) === 46 ? n - 3 : n > 1 && amount.charCodeAt(n - 2) === 46 ? n - 2 : -1;
  if (point > 0 && point <= 13) {
    let cents = 0;
    let k = 0;
    for (; k < point; k++) {
      const d = amount.charCodeAt(k) - 48;
      if (d < 0 || d > 9) break;
      cents = cents * 10 + d;
    }
    if (k === point) {
      let fraction = 0;
      for (k = point + 1; k < n; k++) {
        const d = amount.charCodeAt(k) - 48;
        if (d < 0 || d > 9) break;
        fraction = fraction * 10 + d;
      }
      if (k === n) return cents * 100 + (n - point === 2 ? fraction * 10 : fraction);
    }
  }
  // Zeros past the cent are whole cents (100.100); any other digit there is not (isCentExact).
  const m = CENTS.exec(amount) ?? (isCentExact(amount) ? CENTS.exec(amount.replace(/(\.\d{2})0+$/, '$1')) : null);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

function fmt(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- the index

interface Client {
  key: string;
  display: string;
  vat?: string;
  names: string[][];
  /** Oldest first. */
  invoices: Inv[];
  /** How many still have a residue. */
  openCount: number;
  /** Index of the first invoice that may still have a residue (the ones before are paid). */
  first: number;
}

interface Inv {
  inv: OpenInvoice;
  order: number;
  /** amountDue as read, in cents. */
  initial: number;
  /** What is still due after the allocations proposed so far in this run. */
  residue: number;
  /** The sequence of its number as seqKey gives it (a number up to 15 digits), when it has one. */
  seq?: number | string;
  /** The sequence as a number, 0 without one (the order of byAge). */
  seqNo: number;
  year?: string;
  prefix: string;
  client: Client;
}

/**
 * Invoices under a key: one invoice alone (the common case: no container for the collector to walk),
 * or several in an array; a key with none is deleted. The order within a key is not kept: every
 * reader sorts what it takes (byAge).
 */
type Bag = Map<number, Inv | Inv[]>;

interface Index {
  /** By sequence (seqKey), in input order; the year is checked on the entries. */
  bySeq: Map<number | string, Inv | Inv[]>;
  byAmount: Bag;
  /** Residue buckets of width `bucket` cents, for the fee window; only with a fee tolerance. */
  byBucket?: Bag;
  bucket: number;
  /** Initial residues, ascending, for the nearest residues of an unmatched credit. */
  sorted: Inv[];
  byVat: Map<string, Client>;
  byToken: Map<string, Set<Client>>;
  /**
   * The tokens of byToken of four letters or more, by their first four (a truncated token shares
   * them with the whole one), each with its place in byToken's order; made at the first payer that
   * needs it.
   */
  byPrefix?: Map<string, { at: number; token: string; clients: Set<Client> }[]>;
  clients: Client[];
  nameCache: Map<string, { client: Client; similarity: number }[]>;
  /** normaliseName of each raw name seen (counterparts and payers repeat). */
  tokensCache: Map<string, string[]>;
  notMatchable: NotMatchable[];
}

function tokensOf(index: Index, name: string): string[] {
  let tokens = index.tokensCache.get(name);
  if (!tokens) {
    tokens = normaliseName(name);
    if (index.tokensCache.size < 100_000) index.tokensCache.set(name, tokens);
  }
  return tokens;
}

/** The years 1990–2099 as strings, one string each (every invoice of a year shares it). */
const YEARS = Array.from({ length: 110 }, (_, k) => String(1990 + k));

/**
 * normaliseInvoiceNumber, with a shortcut for the common N/YYYY (1 to 8 digits, a year 1990–2099),
 * read in place: its sequence as a number (what seqKey makes of it) and its year from YEARS.
 */
function numberKey(number: string): { seq?: number | string; seqNo: number; year?: string; prefix: string } | undefined {
  const n = number.length;
  if (n >= 6 && n <= 13 && number.charCodeAt(n - 5) === 47) {
    let seq = 0;
    let k = 0;
    for (; k < n - 5; k++) {
      const d = number.charCodeAt(k) - 48;
      if (d < 0 || d > 9) break;
      seq = seq * 10 + d;
    }
    let year = 0;
    if (k === n - 5)
      for (k = n - 4; k < n; k++) {
        const d = number.charCodeAt(k) - 48;
        if (d < 0 || d > 9) break;
        year = year * 10 + d;
      }
    if (k === n && year >= 1990 && year <= 2099) return { seq, seqNo: seq, year: YEARS[year - 1990], prefix: '' };
  }
  const key = normaliseInvoiceNumber(number);
  return key && { seq: key.seq === '' ? undefined : seqKey(key.seq), seqNo: Number(key.seq), year: key.year, prefix: key.prefix };
}

/** A sequence (digits, no leading zero) as a map key: a number up to 15 digits (exact, no string kept), else the string. */
function seqKey(seq: string): number | string {
  return seq.length <= 15 ? Number(seq) : seq;
}

function bagAdd(map: Bag, key: number, entry: Inv): void {
  const held = map.get(key);
  if (held === undefined) map.set(key, entry);
  else if (Array.isArray(held)) held.push(entry);
  else map.set(key, [held, entry]);
}

function bagDelete(map: Bag, key: number, entry: Inv): void {
  const held = map.get(key);
  if (held === entry) map.delete(key);
  else if (Array.isArray(held)) {
    const at = held.indexOf(entry);
    if (at < 0) return;
    held.splice(at, 1);
    if (held.length === 1) map.set(key, held[0]);
  }
}

/** The invoices under `key` (a new array the caller may sort). */
function bagOf(map: Bag, key: number): Inv[] {
  const held = map.get(key);
  return held === undefined ? [] : Array.isArray(held) ? [...held] : [held];
}

function addToSet<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function buildIndex(invoices: OpenInvoice[], feeCents: number): Index {
  const index: Index = {
    bySeq: new Map(),
    byAmount: new Map(),
    bucket: Math.max(100, feeCents),
    sorted: [],
    byVat: new Map(),
    byToken: new Map(),
    clients: [],
    nameCache: new Map(),
    tokensCache: new Map(),
    notMatchable: [],
  };
  if (feeCents > 0) index.byBucket = new Map();
  const clientsByKey = new Map<string, Client>();
  const vats = new Map<string, string | undefined>();
  const all: Inv[] = [];
  invoices.forEach((inv, order) => {
    const residue = toCents(inv.amountDue);
    if (residue === undefined && !isCentExact(inv.amountDue)) {
      index.notMatchable.push({ invoice: inv, reason: t`its amount due ${money(inv.amountDue)} has digits past the cent: no credit can pay it exactly` });
      return;
    }
    if (residue === undefined || residue <= 0) return;
    let vat = inv.counterpartVat === undefined ? undefined : vats.get(inv.counterpartVat);
    if (inv.counterpartVat !== undefined && !vats.has(inv.counterpartVat)) vats.set(inv.counterpartVat, (vat = normaliseVat(inv.counterpartVat)));
    const tokens = tokensOf(index, inv.counterpartName ?? '');
    // A client of a VAT number is found by it (byVat), without its key made again for every invoice.
    const nameKey = vat ? undefined : tokens.length > 0 ? `name:${tokens.join(' ')}` : `invoice:${inv.id}`;
    let client = vat ? index.byVat.get(vat) : clientsByKey.get(nameKey!);
    if (!client) {
      const key = nameKey ?? `vat:${vat}`;
      client = { key, display: inv.counterpartName ?? inv.counterpartVat ?? '', ...(vat ? { vat } : {}), names: [], invoices: [], openCount: 0, first: 0 };
      clientsByKey.set(key, client);
      index.clients.push(client);
      if (vat) index.byVat.set(vat, client);
    }
    if (tokens.length > 0 && !client.names.includes(tokens) && !client.names.some((n) => n.join(' ') === tokens.join(' '))) {
      client.names.push(tokens);
      for (const t of tokens) addToSet(index.byToken, t, client);
    }
    const number = numberKey(inv.number);
    const year = number?.year ?? (/^\d{4}/.test(inv.issueDate) ? inv.issueDate.slice(0, 4) : undefined);
    const entry: Inv = {
      inv,
      order,
      initial: residue,
      residue,
      seq: number?.seq,
      seqNo: number?.seqNo ?? 0,
      year,
      prefix: number?.prefix ?? '',
      client,
    };
    client.invoices.push(entry);
    client.openCount++;
    all.push(entry);
    if (entry.seq !== undefined) {
      const key = entry.seq;
      const held = index.bySeq.get(key);
      if (held === undefined) index.bySeq.set(key, entry);
      else if (Array.isArray(held)) held.push(entry);
      else index.bySeq.set(key, [held, entry]);
    }
    bagAdd(index.byAmount, residue, entry);
    if (index.byBucket) bagAdd(index.byBucket, Math.floor(residue / index.bucket), entry);
  });
  for (const client of index.clients) client.invoices.sort(byAge);
  index.sorted = all.sort((a, b) => a.residue - b.residue || byAge(a, b));
  return index;
}

/** Oldest first: issue date, due date, then number and input order. */
function byAge(a: Inv, b: Inv): number {
  return cmpStr(a.inv.issueDate, b.inv.issueDate) || cmpStr(a.inv.dueDate ?? '', b.inv.dueDate ?? '') || a.seqNo - b.seqNo || a.order - b.order;
}

function cmpStr(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function setResidue(index: Index, entry: Inv, residue: number): void {
  if (entry.residue > 0 && residue <= 0) entry.client.openCount--;
  bagDelete(index.byAmount, entry.residue, entry);
  if (index.byBucket) bagDelete(index.byBucket, Math.floor(entry.residue / index.bucket), entry);
  entry.residue = residue;
  if (residue > 0) {
    bagAdd(index.byAmount, residue, entry);
    if (index.byBucket) bagAdd(index.byBucket, Math.floor(residue / index.bucket), entry);
  }
}

/** Clients whose name resembles the payer's (similarity ≥ 0.5), best first. */
function clientsByName(index: Index, payer: string | undefined): { client: Client; similarity: number }[] {
  if (!payer) return [];
  const tokens = tokensOf(index, payer);
  if (tokens.length === 0) return [];
  const cacheKey = tokens.join(' ');
  const cached = index.nameCache.get(cacheKey);
  if (cached) return cached;
  // Candidates: the clients sharing a token, the rarest tokens first, up to 500 clients (a word every
  // client has, STUDIO or SERVIZI, never makes every credit compare itself with every client).
  const candidates = new Set<Client>();
  const hits = tokens
    .map((t) => index.byToken.get(t))
    .filter((h): h is Set<Client> => h !== undefined)
    .sort((a, b) => a.size - b.size);
  for (const hit of hits) {
    if (candidates.size > 0 && candidates.size + hit.size > 500) break;
    for (const c of hit) candidates.add(c);
  }
  // Banks truncate names: a glued or cut token is looked up by its first four letters too (bounded):
  // the tokens of byToken that start one of the payer's or that one of the payer's starts, in
  // byToken's order, until more than 200 clients are found. Such a token shares the payer token's
  // first four letters, so only those are looked at (byPrefix), not every token of every client.
  if (candidates.size === 0) {
    const found = new Map<number, Set<Client>>();
    for (const t of tokens) {
      if (t.length < 4) continue;
      for (const { at, token, clients } of prefixesOf(index).get(t.slice(0, 4)) ?? []) {
        if (!found.has(at) && (token.startsWith(t) || t.startsWith(token))) found.set(at, clients);
      }
    }
    for (const at of [...found.keys()].sort((a, b) => a - b)) {
      for (const c of found.get(at)!) candidates.add(c);
      if (candidates.size > 200) break;
    }
  }
  const scored: { client: Client; similarity: number }[] = [];
  for (const client of candidates) {
    let best = 0;
    for (const name of client.names) best = Math.max(best, nameSimilarity(tokens, name));
    if (best >= NAME_RESEMBLES) scored.push({ client, similarity: best });
  }
  scored.sort((a, b) => b.similarity - a.similarity || cmpStr(a.client.key, b.client.key));
  index.nameCache.set(cacheKey, scored);
  return scored;
}

function prefixesOf(index: Index): NonNullable<Index['byPrefix']> {
  if (!index.byPrefix) {
    index.byPrefix = new Map();
    let at = 0;
    for (const [token, clients] of index.byToken) {
      if (token.length >= 4) {
        const list = index.byPrefix.get(token.slice(0, 4));
        if (list) list.push({ at, token, clients });
        else index.byPrefix.set(token.slice(0, 4), [{ at, token, clients }]);
      }
      at++;
    }
  }
  return index.byPrefix;
}

function payerSimilarity(index: Index, payer: string | undefined, client: Client): number | undefined {
  if (!payer || tokensOf(index, payer).length === 0 || client.names.length === 0) return undefined;
  return clientsByName(index, payer).find((s) => s.client === client)?.similarity ?? 0;
}

// ---------------------------------------------------------------- subsets

/**
 * Exact-cent subsets (two invoices or more) of `items` adding up to a total in [low, high]: for an
 * exact total, first a pair among all the items (one pass with a map); else depth-first over the
 * SUBSET_LIMITS.candidates first items (oldest first) with pruning, within SUBSET_LIMITS.steps.
 * Returns the first found and whether a second one exists (searched for within the same budget).
 */
function findSubset(items: Inv[], low: number, high: number): { subset: Inv[]; unique: boolean } | undefined {
  const open = items.filter((i) => i.residue > 0 && i.residue <= high);
  if (low === high) {
    // Two invoices, the commonest case, among ALL the client's open invoices: one pass with a map.
    const pair = findPair(open, low);
    if (pair) return pair;
  }
  const list = open.slice(0, SUBSET_LIMITS.candidates);
  if (list.length < 2) return undefined;
  const suffix: number[] = new Array(list.length + 1).fill(0);
  for (let k = list.length - 1; k >= 0; k--) suffix[k] = suffix[k + 1] + list[k].residue;
  if (suffix[0] < low) return undefined;
  let steps = 0;
  const chosen: number[] = [];
  const found: number[][] = [];
  const walk = (k: number, sum: number): void => {
    if (found.length >= 2 || steps++ > SUBSET_LIMITS.steps) return;
    if (sum >= low && sum <= high && chosen.length >= 2) {
      found.push([...chosen]);
      return;
    }
    if (k >= list.length || sum + suffix[k] < low) return;
    const r = list[k].residue;
    if (sum + r <= high) {
      chosen.push(k);
      walk(k + 1, sum + r);
      chosen.pop();
    }
    walk(k + 1, sum);
  };
  walk(0, 0);
  if (found.length === 0) return undefined;
  return { subset: found[0].map((k) => list[k]), unique: found.length === 1 };
}

/** Two invoices (oldest first) whose residues add up to `target`, and whether another pair does too. */
function findPair(open: Inv[], target: number): { subset: Inv[]; unique: boolean } | undefined {
  const seen = new Map<number, Inv>();
  let found: [Inv, Inv] | undefined;
  let count = 0;
  for (const e of open) {
    const partner = seen.get(target - e.residue);
    if (partner) {
      count++;
      if (!found) found = [partner, e];
      if (count > 1) break;
    }
    if (!seen.has(e.residue)) seen.set(e.residue, e);
  }
  return found ? { subset: found, unique: count === 1 } : undefined;
}

// ---------------------------------------------------------------- proposals

interface Ctx {
  index: Index;
  feeCents: number;
  feeText: string;
  /** What the last proposal made allocates, registered on the residues by commit() only (a proposal is committed right after it is made, or never). */
  last?: { proposal: Proposal; parts: [Inv, number][] };
  /** The first pass: a proposal that is not exact is made again in the second, so its near misses are not looked for. */
  draft: boolean;
}

function allocation(entry: Inv, cents: number): Allocation {
  return { invoiceId: entry.inv.id, uuid: entry.inv.uuid, number: entry.inv.number, amount: fmt(cents), amountDueSeen: fmt(entry.initial) };
}

function describe(entry: Inv): string {
  const who = entry.client.display ? ` (${entry.client.display})` : '';
  return `${entry.inv.number}${who}`;
}

function listOf(entries: Inv[]): string {
  return entries.map((e) => e.inv.number).join(', ');
}

/** How the allocations fit the credit (src/bank/types.ts ProposalFit). */
function fitOf(parts: [Inv, number][], fee: number, excess: number): ProposalFit {
  if (excess > 0) return 'over';
  if (parts.some(([entry, cents]) => cents < entry.residue)) return 'partial';
  return fee > 0 ? 'fee' : 'exact';
}

/** Turns the chosen allocations into a proposal; commit() lowers the residues when it is kept. */
function propose(ctx: Ctx, movement: Movement, credit: number, confidence: number, reasons: Text[], parts: [Inv, number][], fee = 0): Proposal {
  const allocations = parts.map(([entry, cents]) => allocation(entry, cents));
  const allocated = parts.reduce((s, [, c]) => s + c, 0);
  const excess = credit + fee - allocated;
  const proposal: Proposal = {
    movement,
    status: 'proposed',
    confidence: round2(Math.max(0, Math.min(1, confidence))),
    reasons,
    allocations,
    fit: fitOf(parts, fee, excess),
  };
  if (fee > 0) proposal.fee = fmt(fee);
  if (excess > 0) proposal.excess = fmt(excess);
  ctx.last = { proposal, parts };
  return proposal;
}

/** Registers a kept proposal's allocations on the residues, for the movements after it. */
function commit(ctx: Ctx, proposal: Proposal): void {
  const last = ctx.last;
  ctx.last = undefined;
  if (last?.proposal !== proposal) return;
  for (const [entry, cents] of last.parts) setResidue(ctx.index, entry, entry.residue - cents);
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

function isFee(ctx: Ctx, shortfall: number, charges: number | undefined): boolean {
  return shortfall > 0 && (shortfall <= ctx.feeCents || shortfall === charges);
}

function feeWords(ctx: Ctx, shortfall: number, charges: number | undefined): Message {
  return shortfall === charges && shortfall > ctx.feeCents
    ? t`a shortfall of ${money(fmt(shortfall))}, the charges the statement states, read as a bank fee: the residue is registered`
    : t`a shortfall of ${money(fmt(shortfall))}, within the fee tolerance of ${money(ctx.feeText)}, read as a bank fee: the residue is registered`;
}

interface Resolved {
  entries: Inv[];
  weak: Set<Inv>;
  notes: Message[];
  ambiguous: Inv[];
}

/** The open invoices the text's references name (see the module comment). */
function resolveReferences(
  ctx: Ctx,
  refs: InvoiceReference[],
  movement: Movement,
  credit: number,
  payerClients: { client: Client; similarity: number }[],
): Resolved {
  const out: Resolved = { entries: [], weak: new Set(), notes: [], ambiguous: [] };
  const bookingYear = movement.bookingDate.slice(0, 4);
  for (const ref of refs) {
    const held = ctx.index.bySeq.get(seqKey(ref.seq));
    const bySeq = held === undefined ? [] : Array.isArray(held) ? held : [held];
    let candidates = ref.year ? bySeq.filter((c) => c.year === ref.year) : bySeq;
    if (candidates.length === 0) {
      out.notes.push(t`number ${ref.text} in the remittance text: no open invoice has it (paid, not this company's, or mistyped)`);
      continue;
    }
    const live = candidates.filter((c) => c.residue > 0);
    if (live.length === 0) {
      out.notes.push(t`number ${ref.text} in the remittance text: ${listOf(candidates)} is already covered by another credit of this run`);
      continue;
    }
    candidates = live;
    const narrow = (keep: (c: Inv) => boolean) => {
      if (candidates.length <= 1) return;
      const kept = candidates.filter(keep);
      if (kept.length > 0) candidates = kept;
    };
    // The issue date written beside the number first ("fattura 12 del 03/10/2026"), then the numbering.
    if (ref.issueDate) narrow((c) => c.inv.issueDate === ref.issueDate);
    narrow((c) => c.prefix === ref.prefix);
    if (!ref.year) narrow((c) => c.year === bookingYear);
    narrow((c) => payerClients.some((p) => p.client === c.client && p.similarity >= NAME_MATCH));
    narrow((c) => c.residue === credit);
    if (candidates.length > 1) {
      out.notes.push(
        t`number ${ref.text} in the remittance text fits ${candidates.length} open invoices (${listOf(candidates.slice(0, 5))}): nothing tells them apart`,
      );
      out.ambiguous.push(...candidates);
      continue;
    }
    const [hit] = candidates;
    if (!out.entries.includes(hit)) {
      out.entries.push(hit);
      if (!ref.year) out.weak.add(hit);
    }
  }
  return out;
}

function byNumbers(
  ctx: Ctx,
  movement: Movement,
  credit: number,
  charges: number | undefined,
  resolved: Resolved,
  payerClients: { client: Client; similarity: number }[],
  vatClients: Client[],
): Proposal | undefined {
  const entries = resolved.entries;
  const named = entries.length === 1 ? t`number ${entries[0].inv.number} in the remittance text` : t`numbers ${listOf(entries)} in the remittance text`;
  const total = entries.reduce((s, e) => s + e.residue, 0);
  const reasons = [named, ...resolved.notes];
  let penalty = resolved.weak.size > 0 ? 0.05 : 0;
  if (resolved.weak.size > 0) reasons.push(t`a number without its year: the year is implied (${[...resolved.weak].map((e) => e.inv.number).join(', ')})`);
  const payer = payerOfNumbers(ctx, movement, entries, vatClients, reasons);
  penalty += payer.penalty;
  const payerAgrees = payer.agrees;

  if (credit === total) {
    reasons.push(
      entries.length === 1 ? t`the amount ${money(fmt(credit))} equals the residue` : t`the amount ${money(fmt(credit))} equals the sum of their residues`,
    );
    return propose(
      ctx,
      movement,
      credit,
      CONFIDENCE.numberExact - penalty,
      reasons,
      entries.map((e) => [e, e.residue]),
    );
  }
  const exactOnly = resolved.weak.size > 0 && !payerAgrees;
  if (credit < total) return underNumbers(ctx, movement, credit, charges, entries, reasons, penalty, exactOnly);
  if (exactOnly) return undefined;
  reasons.push(
    t`an overpayment: ${money(fmt(credit))} against ${money(fmt(total))} due; the residue is registered and ${money(fmt(credit - total))} is reported as excess`,
  );
  return propose(
    ctx,
    movement,
    credit,
    CONFIDENCE.numberOver - penalty,
    reasons,
    entries.map((e) => [e, e.residue]),
  );
}

/** Does the payer agree with the invoices' counterparts (their VAT number in the text, or the payer's name)? Its words, and the penalty when it does not. */
function payerOfNumbers(ctx: Ctx, movement: Movement, entries: Inv[], vatClients: Client[], reasons: Message[]): { agrees: boolean; penalty: number } {
  const clients = [...new Set(entries.map((e) => e.client))];
  const vatAgrees = clients.some((c) => vatClients.includes(c));
  const similarity = Math.min(...clients.map((c) => payerSimilarity(ctx.index, movement.payer?.name, c) ?? 1));
  const agrees = vatAgrees || (movement.payer?.name !== undefined && similarity >= NAME_MATCH);
  let penalty = 0;
  if (vatAgrees) reasons.push(t`the VAT number in the text is the counterpart's`);
  else if (movement.payer?.name && similarity < NAME_RESEMBLES) {
    penalty = 0.1;
    reasons.push(t`the payer "${movement.payer.name}" does not resemble the counterpart (${clients.map((c) => c.display).join(', ')})`);
  } else if (movement.payer?.name && similarity >= NAME_MATCH) reasons.push(t`the payer "${movement.payer.name}" is the counterpart`);
  return { agrees, penalty };
}

/** A credit below what the invoices named are due: exactly some of them, a bank fee, or a partial payment in the order written. */
function underNumbers(
  ctx: Ctx,
  movement: Movement,
  credit: number,
  charges: number | undefined,
  entries: Inv[],
  reasons: Message[],
  penalty: number,
  exactOnly: boolean,
): Proposal | undefined {
  const total = entries.reduce((s, e) => s + e.residue, 0);
  if (entries.length > 1) {
    const subset = findSubset(entries, credit, credit);
    if (subset?.unique) {
      reasons.push(
        t`the amount ${money(fmt(credit))} equals the residues of ${listOf(subset.subset)}, ${subset.subset.length} of the ${entries.length} invoices named`,
      );
      return propose(
        ctx,
        movement,
        credit,
        CONFIDENCE.numberSubset - penalty,
        reasons,
        subset.subset.map((e) => [e, e.residue]),
      );
    }
  }
  if (exactOnly) return undefined;
  const shortfall = total - credit;
  if (isFee(ctx, shortfall, charges)) {
    reasons.push(feeWords(ctx, shortfall, charges));
    return propose(
      ctx,
      movement,
      credit,
      CONFIDENCE.numberFee - penalty,
      reasons,
      entries.map((e) => [e, e.residue]),
      shortfall,
    );
  }
  const parts: [Inv, number][] = [];
  let left = credit;
  for (const e of entries) {
    if (left <= 0) break;
    const take = Math.min(left, e.residue);
    parts.push([e, take]);
    left -= take;
  }
  const shares = joined(
    parts.map(([e, c]) => joined([e.inv.number, money(fmt(c))], ' ')),
    ', ',
  );
  reasons.push(
    entries.length > 1
      ? t`a partial payment: ${money(fmt(credit))} of the ${money(fmt(total))} still due, allocated in the order written (${shares})`
      : t`a partial payment: ${money(fmt(credit))} of the ${money(fmt(total))} still due`,
  );
  return propose(ctx, movement, credit, CONFIDENCE.numberPartial - penalty, reasons, parts);
}

/** The client's open invoices, oldest first, at most `limit` (the paid ones at the front are skipped once for all). */
function openOf(client: Client, limit: number): Inv[] {
  while (client.first < client.invoices.length && client.invoices[client.first].residue <= 0) client.first++;
  const out: Inv[] = [];
  for (let i = client.first; i < client.invoices.length && out.length < limit; i++) if (client.invoices[i].residue > 0) out.push(client.invoices[i]);
  return out;
}

function byClient(
  ctx: Ctx,
  movement: Movement,
  credit: number,
  charges: number | undefined,
  client: Client,
  why: Message,
  exactConfidence: number,
): Proposal | undefined {
  if (client.openCount === 0) return undefined;
  // Through the indexes, never a scan of the client's invoices: a company may invoice one client only.
  const exact = bagOf(ctx.index.byAmount, credit)
    .filter((e) => e.client === client)
    .sort(byAge);
  if (exact.length === 1)
    return propose(
      ctx,
      movement,
      credit,
      exactConfidence,
      [why, t`the amount ${money(fmt(credit))} equals the residue of ${exact[0].inv.number}`],
      [[exact[0], credit]],
    );
  if (exact.length > 1) {
    return propose(
      ctx,
      movement,
      credit,
      CONFIDENCE.clientSharedAmount,
      [
        why,
        t`the amount ${money(fmt(credit))} equals the residue of ${exact.length} of this client's invoices (${listOf(exact.slice(0, 5))}): the oldest, ${exact[0].inv.number}, is proposed`,
      ],
      [[exact[0], credit]],
    );
  }
  const open = openOf(client, CLIENT_SCAN);
  const subset = findSubset(open, credit, credit);
  if (subset) {
    const reasons = [
      why,
      t`the amount ${money(fmt(credit))} equals the sum of the residues of ${listOf(subset.subset)} (one credit paying ${subset.subset.length} invoices)`,
    ];
    if (!subset.unique) reasons.push(t`another combination of this client's invoices adds up too: the oldest invoices are proposed`);
    return propose(
      ctx,
      movement,
      credit,
      subset.unique ? CONFIDENCE.clientSubset : CONFIDENCE.clientSubsetNotUnique,
      reasons,
      subset.subset.map((e) => [e, e.residue]),
    );
  }
  return feeOnClient(ctx, movement, credit, charges, client, open, why) ?? overOnClient(ctx, movement, credit, client, open, why);
}

/** The client's invoices the credit pays less a bank fee: one invoice, or several at once. */
function feeOnClient(
  ctx: Ctx,
  movement: Movement,
  credit: number,
  charges: number | undefined,
  client: Client,
  open: Inv[],
  why: Message,
): Proposal | undefined {
  const feeLimit = Math.max(ctx.feeCents, charges ?? 0);
  if (feeLimit > 0) {
    const near = feeWindow(ctx, credit, feeLimit).filter((e) => e.client === client && isFee(ctx, e.residue - credit, charges));
    if (near.length >= 1) {
      const e = near[0];
      return propose(
        ctx,
        movement,
        credit,
        CONFIDENCE.clientFee - (near.length > 1 ? 0.1 : 0),
        [why, t`${e.inv.number} has a residue of ${money(fmt(e.residue))}`, feeWords(ctx, e.residue - credit, charges)],
        [[e, e.residue]],
        e.residue - credit,
      );
    }
    const feeSubset = findSubset(open, credit + 1, credit + feeLimit);
    if (feeSubset) {
      const sum = feeSubset.subset.reduce((s, e) => s + e.residue, 0);
      if (isFee(ctx, sum - credit, charges)) {
        return propose(
          ctx,
          movement,
          credit,
          CONFIDENCE.clientSubsetFee,
          [why, t`the residues of ${listOf(feeSubset.subset)} add up to ${money(fmt(sum))}`, feeWords(ctx, sum - credit, charges)],
          feeSubset.subset.map((e) => [e, e.residue]),
          sum - credit,
        );
      }
    }
  }
  return undefined;
}

/**
 * An overpayment without a number: the client's only open invoice, paid less than twice over,
 * and no other open invoice whose residue is the credit.
 */
function overOnClient(ctx: Ctx, movement: Movement, credit: number, client: Client, open: Inv[], why: Message): Proposal | undefined {
  if (client.openCount === 1 && credit > open[0].residue && credit <= 2 * open[0].residue && !ctx.index.byAmount.has(credit)) {
    const e = open[0];
    return propose(
      ctx,
      movement,
      credit,
      CONFIDENCE.clientOnlyInvoiceOver,
      [
        why,
        t`${e.inv.number} is this client's only open invoice`,
        t`an overpayment: ${money(fmt(credit))} against ${money(fmt(e.residue))} due; the residue is registered and ${money(fmt(credit - e.residue))} is reported as excess`,
      ],
      [[e, e.residue]],
    );
  }
  return undefined;
}

function byAmount(
  ctx: Ctx,
  movement: Movement,
  credit: number,
  charges: number | undefined,
  payerClients: { client: Client; similarity: number }[],
): Proposal | undefined {
  const exact = bagOf(ctx.index.byAmount, credit).sort(byAge);
  if (exact.length === 1) {
    const e = exact[0];
    const sim = payerClients.find((p) => p.client === e.client)?.similarity ?? 0;
    const reasons = [
      t`the amount ${money(fmt(credit))} equals the residue of ${describe(e)}, the only open invoice with that residue`,
      t`no invoice number in the text`,
    ];
    if (sim >= NAME_RESEMBLES) reasons.push(t`the payer "${movement.payer?.name}" resembles the counterpart (similarity ${decimal(sim.toFixed(2))})`);
    return propose(ctx, movement, credit, sim >= NAME_RESEMBLES ? CONFIDENCE.amountResemblingPayer : CONFIDENCE.amountOnly, reasons, [[e, credit]]);
  }
  if (exact.length > 1) {
    const resembling = exact.filter((e) => payerClients.some((p) => p.client === e.client));
    if (resembling.length === 1 || (resembling.length > 1 && new Set(resembling.map((e) => e.client)).size === 1)) {
      const e = resembling[0];
      const sim = payerClients.find((p) => p.client === e.client)?.similarity ?? 0;
      return propose(
        ctx,
        movement,
        credit,
        CONFIDENCE.amountResemblingPayer - (resembling.length > 1 ? 0.05 : 0),
        [
          t`the amount ${money(fmt(credit))} equals the residue of ${exact.length} open invoices`,
          t`the payer "${movement.payer?.name}" resembles the counterpart of ${e.inv.number} (similarity ${decimal(sim.toFixed(2))})`,
        ],
        [[e, credit]],
      );
    }
    return undefined;
  }
  const feeLimit = Math.max(ctx.feeCents, charges ?? 0);
  if (feeLimit > 0) {
    const near = feeWindow(ctx, credit, feeLimit).filter((e) => isFee(ctx, e.residue - credit, charges));
    if (near.length === 1) {
      const e = near[0];
      return propose(
        ctx,
        movement,
        credit,
        CONFIDENCE.amountFee,
        [t`${describe(e)} has a residue of ${money(fmt(e.residue))}, the only one near the amount`, feeWords(ctx, e.residue - credit, charges)],
        [[e, e.residue]],
        e.residue - credit,
      );
    }
  }
  return undefined;
}

/** Open invoices whose residue is in (credit, credit + limit], oldest first. */
function feeWindow(ctx: Ctx, credit: number, limit: number): Inv[] {
  const out: Inv[] = [];
  const { index } = ctx;
  if (index.byBucket && limit <= index.bucket) {
    for (let b = Math.floor((credit + 1) / index.bucket); b <= Math.floor((credit + limit) / index.bucket); b++) {
      for (const e of bagOf(index.byBucket, b)) if (e.residue > credit && e.residue <= credit + limit) out.push(e);
    }
  } else {
    // Stated charges beyond the tolerance: look up each cent, up to 100.00 (charges are small).
    for (let c = credit + 1; c <= credit + Math.min(limit, 10_000); c++) for (const e of bagOf(index.byAmount, c)) out.push(e);
  }
  return out.sort(byAge);
}

type NearMiss = NonNullable<Proposal['nearMisses']>[number];

function nearMisses(
  ctx: Ctx,
  credit: number,
  client: Client | undefined,
  clientWhy: Message | undefined,
  resolved: Resolved,
  payerName: string | undefined,
): NearMiss[] {
  const out: NearMiss[] = [];
  const seen = new Set<Inv>();
  const add = (e: Inv, why: Message) => {
    if (seen.has(e) || out.length >= 5) return;
    seen.add(e);
    out.push({ number: e.inv.number, amountDue: fmt(e.residue), ...(e.inv.counterpartName ? { counterpartName: e.inv.counterpartName } : {}), why });
  };
  const diff = (e: Inv) => {
    const d = e.residue - credit;
    return d > 0
      ? t`its residue ${money(fmt(e.residue))} is ${money(fmt(d))} more than the credit`
      : t`its residue ${money(fmt(e.residue))} is ${money(fmt(-d))} less than the credit`;
  };
  for (const e of resolved.ambiguous) add(e, t`its number is in the text, but so is another open invoice's of the same number; ${diff(e)}`);
  for (const e of resolved.entries) add(e, t`its number is in the text, but the payer does not match and the amount differs (${diff(e)})`);
  if (client) {
    const open = openOf(client, CLIENT_SCAN).sort((a, b) => Math.abs(a.residue - credit) - Math.abs(b.residue - credit) || byAge(a, b));
    for (const e of open.slice(0, 3)) {
      const detail =
        e.residue > credit
          ? t`less than due and no invoice number in the text: not read as a partial payment`
          : t`no combination of this client's invoices adds up to the credit`;
      add(e, t`${clientWhy ?? t`same client`}; ${diff(e)} (${detail})`);
    }
  }
  const same = bagOf(ctx.index.byAmount, credit).sort(byAge);
  for (const e of same.slice(0, 3)) {
    add(
      e,
      same.length > 1
        ? payerName
          ? t`its residue equals the credit, as do ${same.length - 1} other open invoice(s); the payer "${payerName}" resembles none of their counterparts`
          : t`its residue equals the credit, as do ${same.length - 1} other open invoice(s)`
        : t`its residue equals the credit, but the payer points to another client`,
    );
  }
  // The nearest residues.
  const sorted = ctx.index.sorted;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].residue < credit) lo = mid + 1;
    else hi = mid;
  }
  const nearest: Inv[] = [];
  let left = lo - 1;
  let right = lo;
  let looked = 0;
  while (nearest.length < 3 && looked < 60 && (left >= 0 || right < sorted.length)) {
    looked++;
    const l = left >= 0 ? sorted[left] : undefined;
    const r = right < sorted.length ? sorted[right] : undefined;
    const pick = !r || (l && credit - l.residue <= r.residue - credit) ? (left--, l) : (right++, r);
    if (pick && pick.residue > 0 && !seen.has(pick)) nearest.push(pick);
  }
  for (const e of nearest.sort((a, b) => Math.abs(a.residue - credit) - Math.abs(b.residue - credit) || byAge(a, b))) {
    add(
      e,
      ctx.feeCents > 0
        ? t`the nearest residue: ${diff(e)} (fee tolerance ${money(ctx.feeText)}); no number, VAT or payer name ties it to the credit`
        : t`the nearest residue: ${diff(e)}; no number, VAT or payer name ties it to the credit`,
    );
  }
  return out;
}

function skipped(movement: Movement, skipReason: Message, status: 'skipped' | 'already-registered' = 'skipped'): Proposal {
  return { movement, status, confidence: CONFIDENCE.none, reasons: [skipReason], allocations: [], skipReason };
}

function matchCredit(ctx: Ctx, movement: Movement, credit: number): Proposal {
  const charges = movement.charges !== undefined ? toCents(movement.charges) : undefined;
  const payerName = movement.payer?.name?.trim() || undefined;
  const payerClients = clientsByName(ctx.index, payerName);
  const vatClients = findVatNumbers(movement.remittance)
    .map((v) => ctx.index.byVat.get(v))
    .filter((c): c is Client => c !== undefined);
  const refs = findInvoiceReferences(movement.remittance);
  const resolved = resolveReferences(ctx, refs, movement, credit, payerClients);

  if (resolved.entries.length > 0) {
    const p = byNumbers(ctx, movement, credit, charges, resolved, payerClients, vatClients);
    if (p) return p;
  }
  // The client: a VAT number in the text, else one best payer name.
  let client: Client | undefined;
  let clientWhy: Message | undefined;
  let exactConfidence: number = CONFIDENCE.nameExact;
  const distinctVat = [...new Set(vatClients)];
  if (distinctVat.length === 1) {
    client = distinctVat[0];
    clientWhy = t`the VAT number ${client.vat} in the text is ${client.display}'s`;
    exactConfidence = CONFIDENCE.vatExact;
  } else {
    const top = payerClients.filter((p) => p.similarity >= NAME_MATCH);
    if (top.length >= 1 && (top.length === 1 || top[1].similarity < top[0].similarity)) {
      client = top[0].client;
      clientWhy =
        top[0].similarity === 1
          ? t`the payer "${payerName}" is the counterpart ${client.display} (names compared without case, punctuation and legal form)`
          : t`the payer "${payerName}" resembles the counterpart ${client.display} (similarity ${decimal(top[0].similarity.toFixed(2))})`;
    }
  }
  if (client && clientWhy) {
    const p = byClient(ctx, movement, credit, charges, client, clientWhy, exactConfidence);
    if (p) {
      if (resolved.notes.length > 0) p.reasons.push(...resolved.notes);
      return p;
    }
  } else if (resolved.ambiguous.length === 0) {
    const p = byAmount(ctx, movement, credit, charges, payerClients);
    if (p) {
      if (resolved.notes.length > 0) p.reasons.push(...resolved.notes);
      return p;
    }
  }
  const reasons = [t`no open invoice fits: nothing is proposed`, ...resolved.notes];
  if (refs.length === 0) reasons.push(t`no invoice number in the remittance text`);
  if (!client && payerName)
    reasons.push(
      payerClients.length > 0
        ? t`the payer "${payerName}" resembles ${payerClients
            .slice(0, 3)
            .map((p) => p.client.display)
            .join(', ')} only loosely`
        : t`the payer "${payerName}" resembles no client with open invoices`,
    );
  return {
    movement,
    status: 'unmatched',
    confidence: CONFIDENCE.none,
    reasons,
    allocations: [],
    nearMisses: ctx.draft ? [] : nearMisses(ctx, credit, client, clientWhy, resolved, payerName),
  };
}

/** The skip of a movement that no invoice can take, or undefined: a debit, a reversal, a foreign currency, registered, zero. */
function skipOf(movement: Movement, options: MatchOptions): Proposal | undefined {
  if (movement.direction !== 'credit') return skipped(movement, t`a debit: money going out is not matched`);
  if (movement.reversal) return skipped(movement, t`a reversal: never matched`);
  if (movement.currency.toUpperCase() !== 'EUR')
    return skipped(movement, t`foreign currency: ${movement.currency}, while the invoices are in EUR: never matched`);
  const { registered } = options;
  const done = typeof registered === 'function' ? registered(movement) : registered?.get(movement.key);
  if (done !== undefined) return skipped(movement, t`already registered: ${done}`, 'already-registered');
  const credit = toCents(movement.amount);
  if (credit === undefined) return skipped(movement, t`the amount ${JSON.stringify(movement.amount)} is not a decimal amount`);
  if (credit === 0) return skipped(movement, t`a credit of 0.00: nothing to register`);
  return undefined;
}

/**
 * The matcher of one company: its open invoices indexed once, then two passes over the movements
 * (first, then second, in the same order; see "Allocation is global" in the module comment), each
 * credit allocated against what the credits before it in that pass left. Memory is the invoices'
 * index; nothing of a movement is kept. Throws a TypeError when feeTolerance is not a decimal amount.
 */
export function createMatcher(invoices: OpenInvoice[], options: MatchOptions): Matcher {
  const feeCents = toCents(options.feeTolerance);
  if (feeCents === undefined) throw new TypeError(`feeTolerance: not a decimal amount: ${JSON.stringify(options.feeTolerance)}`);
  const ctx: Ctx = { index: buildIndex(invoices, feeCents), feeCents, feeText: fmt(feeCents), draft: false };
  return {
    notMatchable: ctx.index.notMatchable,
    first(movement) {
      const skip = skipOf(movement, options);
      if (skip) return { proposal: skip, final: true };
      ctx.draft = true;
      const proposal = matchCredit(ctx, movement, toCents(movement.amount)!);
      ctx.draft = false;
      const final = proposal.fit === 'exact' || proposal.fit === 'fee';
      if (final) commit(ctx, proposal);
      else ctx.last = undefined;
      return { proposal, final };
    },
    second(movement) {
      const proposal = skipOf(movement, options) ?? matchCredit(ctx, movement, toCents(movement.amount)!);
      commit(ctx, proposal);
      return proposal;
    },
  };
}

/** One proposal per movement, in input order, chosen over the whole list: createMatcher's two passes. */
export function matchMovements(movements: Movement[], invoices: OpenInvoice[], options: MatchOptions): Proposal[] {
  const matcher = createMatcher(invoices, options);
  const firsts = movements.map((m) => matcher.first(m));
  return movements.map((m, i) => (firsts[i]!.final ? firsts[i]!.proposal : matcher.second(m)));
}
