/**
 * ISO 20022 camt.053 (statement) and camt.054 (debit/credit notification), any version .001.02 and
 * later, with or without namespace prefixes, and the Italian CBI XML envelope around camt.053.001.02.
 *
 * Read as a stream (CamtReader): the XML parser (xml-stream.ts) is fed chunk by chunk and each entry
 * is read the moment its Ntry closes, so memory is one entry's, whatever the file's size.
 *
 * Safety: a DOCTYPE (or an ENTITY declaration) is refused where the parser meets it, so no external
 * entity is ever fetched and no entity is ever expanded; the parser (sax) decodes the five predefined
 * XML entities and character references and refuses any other. Values are never converted to numbers.
 */
import { add, cmp, sub, sum } from '../../domain/money.js';
import type { ClosingBalance, Movement, StatementFormat } from '../types.js';
import {
  type Emit,
  StatementError,
  at,
  bankReference,
  formerCbiKey,
  clean,
  hashKey,
  isoDate,
  looksLikeIban,
  normaliseIban,
  realReference,
  statementAmount,
} from './common.js';
import { XmlStreamParser } from './xml-stream.js';
import { day, decimal, integer, type Message, t, type Text } from '../../i18n/message.js';

/** Elements that may repeat in any version (or in the CBI envelope): always arrays after parsing. */
/**
 * The bounds of one entry (Ntry), held whole while it is read: a batch entry of thousands of
 * transfers stays far below them (a transaction's details are a few dozen elements and a few KiB).
 */
export const ENTRY_LIMITS = { chars: 16 * 2 ** 20, elements: 200_000 };

const REPEATING = new Set([
  'Stmt',
  'Ntfctn',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'Ustrd',
  'Strd',
  'RfrdDocInf',
  'Bal',
  'Chrgs',
  'Rcrd',
  'CBIEnvelBkToCstmrStmtReqLogMsg',
  'CBIEnvelDlyStmtReqLogMsg',
  'CBIDlyStmtReqLogMsg',
]);

type XmlNode = { [name: string]: XmlValue };
type XmlValue = string | XmlNode | XmlValue[];

/** Quick look at the content: is this XML at all (after an optional BOM and white space)? */
export function looksLikeXml(text: string): boolean {
  return /^\s*</.test(text);
}

function isNode(v: XmlValue | undefined): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function list(v: XmlValue | undefined): XmlValue[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/** The text of an element (with or without attributes), or undefined when absent. */
function textOf(v: XmlValue | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return textOf(v[0]);
  const t = v['#text'];
  return typeof t === 'string' ? t : '';
}

function child(v: XmlValue | undefined, name: string): XmlValue | undefined {
  if (Array.isArray(v)) v = v[0];
  return isNode(v) ? v[name] : undefined;
}

/** Follows a path of element names (the first of any repeated one). */
function dig(v: XmlValue | undefined, ...names: string[]): XmlValue | undefined {
  for (const n of names) {
    v = child(v, n);
    if (v === undefined) return undefined;
  }
  return v;
}

function digText(v: XmlValue | undefined, ...names: string[]): string | undefined {
  return clean(textOf(dig(v, ...names)));
}

interface Context {
  file: string;
  format: StatementFormat;
  note: (text: Text) => void;
  /** Entries read without a booking date, and the date taken instead (reported once, at the end). */
  undated: { value: number; statement: number; date?: string; from?: Message };
}

/** What a statement (Stmt or Ntfctn) says before its entries: its account and its dates. */
interface Group {
  depth: number;
  path: string;
  iban?: string;
  /** The account as the statement names it: its IBAN, else Acct/Id/Othr/Id. */
  account?: string;
  /** Its dates: the closing and opening balances', the period's end (FrToDt/ToDtTm), its creation. */
  dates: { closing?: string; opening?: string; balance?: string; to?: string; created?: string };
}

/** The statement's own date: its balances' (the business day), else its period's end, else when it was made. */
function statementDate(group: Group): { date: string; from: Message } | undefined {
  const d = group.dates;
  if (d.closing) return { date: d.closing, from: t`its closing balance` };
  if (d.opening) return { date: d.opening, from: t`its opening balance` };
  if (d.balance) return { date: d.balance, from: t`its balance` };
  if (d.to) return { date: d.to, from: t`the end of its period (FrToDt)` };
  if (d.created) return { date: d.created, from: t`its creation date (CreDtTm)` };
  return undefined;
}

/** The parts of a statement read before its entries (each a small tree). */
const GROUP_PARTS = new Set(['Acct', 'Bal', 'FrToDt', 'CreDtTm']);

interface Frame {
  name: string;
  /** The element's path segment in messages: Stmt[1], Ntry[3], Acct. */
  label: string;
  counts: Map<string, number>;
}

interface TreeFrame {
  name: string;
  node: XmlNode;
  text: string;
  children: boolean;
  attributes: boolean;
}

const DOCUMENT_KINDS: Record<string, { format: StatementFormat; group: string }> = {
  BkToCstmrStmt: { format: 'camt.053', group: 'Stmt' },
  BkToCstmrDbtCdtNtfctn: { format: 'camt.054', group: 'Ntfctn' },
};

const NOT_A_STATEMENT = t`this XML is not a bank statement: expected Document with BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054), or a CBI envelope (CBIBdyBkToCstmrStmtReq)`;

/**
 * A camt.053/camt.054/CBI XML document read as it arrives: the text is pushed chunk by chunk into
 * the streaming XML parser, the statement's account is taken from Stmt/Acct/Id/IBAN (which precedes
 * the entries), and each Ntry is built as a small tree (element name to text, node or array; attributes
 * as '@Name', an element's own text beside children as '#text') and read into its movements the moment it closes. Throws StatementError
 * for a DOCTYPE, XML that is not well formed, a document that is none of these, or a missing element.
 */
export class CamtReader {
  format: StatementFormat | undefined;
  readonly ibans: string[] = [];
  readonly closings: ClosingBalance[] = [];
  private readonly xml: XmlStreamParser;
  private readonly undated: Context['undated'] = { value: 0, statement: 0 };
  private readonly stack: Frame[] = [];
  private readonly rootCounts = new Map<string, number>();
  private root: string | undefined;
  private documentKind: { format: StatementFormat; group: string; path: string } | undefined;
  /** The statement (Stmt or Ntfctn) being read: its depth in the stack, path, account and dates. */
  private group: Group | undefined;
  private groups = 0;
  private tree: TreeFrame[] = [];
  /** What the tree being built is: an entry, or a part of the statement before its entries. */
  private treeKind: 'entry' | 'part' = 'entry';
  /** What the entry being read holds so far (characters of text, elements): bounded, see ENTRY_LIMITS. */
  private entrySize = { chars: 0, elements: 0 };
  private entryPath = '';

  constructor(
    private readonly file: string,
    private readonly emit: Emit,
    private readonly note: (text: Text) => void,
  ) {
    this.xml = new XmlStreamParser(file, {
      open: (name, attributes) => this.open(name, attributes),
      text: (raw) => this.text(raw),
      close: () => this.close(),
    });
  }

  /** The statements read (Stmt or Ntfctn elements). */
  get statements(): number {
    return this.groups;
  }

  /** Entries whose booking date was taken from their value date or their statement's date. */
  get dated(): number {
    return this.undated.value + this.undated.statement;
  }

  push(text: string): void {
    this.xml.push(text);
  }

  end(): void {
    this.xml.end();
    const { value, statement, date, from } = this.undated;
    if (value > 0)
      this.note(
        value === 1
          ? t`1 entry has no booking date (BookgDt): the value date (ValDt) is taken as the booking date`
          : t`${value} entries have no booking date (BookgDt): the value date (ValDt) is taken as the booking date`,
      );
    if (statement > 0)
      this.note(
        statement === 1
          ? t`1 entry has neither a booking nor a value date: the statement's date ${day(date ?? '')} (${from}) is taken as the booking date`
          : t`${statement} entries have neither a booking nor a value date: the statement's date ${day(date ?? '')} (${from}) is taken as the booking date`,
      );
    if (this.root === 'Document') {
      if (!this.documentKind)
        throw new StatementError(this.file, 'Document', t`holds nothing: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)`);
      if (this.groups === 0) {
        const { path, group } = this.documentKind;
        throw new StatementError(
          this.file,
          `${path}/${group}`,
          group === 'Stmt' ? t`missing: expected at least one Stmt (statement)` : t`missing: expected at least one ${group} (notification)`,
        );
      }
    } else if (this.groups === 0) {
      throw new StatementError(
        this.file,
        this.root ?? '',
        t`a CBI document without Stmt: expected the CBI statement envelope (CBIBdyBkToCstmrStmtReq … CBIDlyStmtReqLogMsg/Stmt)`,
      );
    }
    if (this.ibans.length > 1)
      this.note(t`the file holds statements of ${this.ibans.length} accounts (${this.ibans.join(', ')}): each movement carries its own account`);
  }

  private label(name: string): string {
    const counts = this.stack.length ? this.stack[this.stack.length - 1]!.counts : this.rootCounts;
    const n = (counts.get(name) ?? 0) + 1;
    counts.set(name, n);
    if (this.stack.length === 0) return name;
    return REPEATING.has(name) || n > 1 ? `${name}[${n}]` : name;
  }

  private path(): string {
    return this.stack.map((f) => f.label).join('/');
  }

  private open(name: string, attributes: Record<string, string> | undefined): void {
    if (this.tree.length > 0) {
      this.openTree(name, attributes);
      return;
    }
    const depth = this.stack.length;
    if (depth === 0) {
      this.root = name;
      if (name !== 'Document' && !name.startsWith('CBI')) throw new StatementError(this.file, name, NOT_A_STATEMENT);
      this.format = name === 'Document' ? undefined : 'cbi-xml';
    } else if (this.root === 'Document' && depth === 1 && !this.documentKind) {
      const kind = DOCUMENT_KINDS[name];
      if (!kind) throw new StatementError(this.file, 'Document', t`holds ${name}: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)`);
      this.documentKind = { ...kind, path: `Document/${name}` };
      this.format = kind.format;
    }
    const group = this.group;
    if (group && depth === group.depth + 1 && (name === 'Ntry' || GROUP_PARTS.has(name))) {
      const label = this.label(name);
      this.stack.push({ name, label, counts: new Map() });
      this.entryPath = `${group.path}/${label}`;
      this.treeKind = name === 'Ntry' ? 'entry' : 'part';
      this.openTree(name, attributes);
      return;
    }
    const label = this.label(name);
    this.stack.push({ name, label, counts: new Map() });
    if (!group && this.isGroup(name)) {
      this.group = { depth: this.stack.length - 1, path: this.path(), dates: {} };
      this.groups++;
    }
  }

  private isGroup(name: string): boolean {
    if (this.root === 'Document') {
      return this.documentKind !== undefined && this.stack.length === 3 && name === this.documentKind.group && this.stack[1]!.name in DOCUMENT_KINDS;
    }
    return name === 'Stmt' && this.stack.length <= 10 && this.stack.slice(0, -1).every((f) => f.name.startsWith('CBI'));
  }

  private text(raw: string): void {
    const top = this.tree[this.tree.length - 1];
    if (top) {
      this.entrySize.chars += raw.length;
      if (this.entrySize.chars > ENTRY_LIMITS.chars) this.entryTooLarge(t`more than ${decimal(ENTRY_LIMITS.chars / 2 ** 20)} MiB of text`);
      top.text += raw;
    }
  }

  /** One entry is held whole while it is read (its details, charges, remittance): a file whose entry never ends is refused, not read into memory. */
  private entryTooLarge(what: Message): never {
    const which = this.treeKind === 'entry' ? t`one entry (Ntry)` : t`one element of the statement`;
    throw new StatementError(this.file, this.entryPath, t`${which} holds ${what}: no bank writes one this large, so the file is not read further`);
  }

  private close(): void {
    if (this.tree.length > 0) {
      const value = this.closeTree();
      if (this.tree.length > 0) return;
      const frame = this.stack.pop()!;
      const group = this.group!;
      if (this.treeKind === 'part') {
        this.readPart(group, frame.name, value);
        return;
      }
      const ctx: Context = { file: this.file, format: this.format!, note: this.note, undated: this.undated };
      readEntry(ctx, value, this.entryPath, group, this.emit);
      return;
    }
    const group = this.group;
    this.stack.pop();
    if (group && this.stack.length === group.depth) this.group = undefined;
  }

  /** A CLBD balance: its amount, signed by CdtDbtInd (DBIT: overdrawn), kept for `fisco cash --from-statement`. */
  private closingOf(group: Group, value: XmlValue, date: string | undefined): void {
    const path = `${group.path}/Bal`;
    const { amount, currency } = amountAt(
      { file: this.file, format: 'camt.053', note: () => undefined, undated: { value: 0, statement: 0 } },
      dig(value, 'Amt'),
      `${path}/Amt`,
    );
    const debit = digText(value, 'CdtDbtInd') === 'DBIT' && cmp(amount, '0') !== 0;
    if (date) this.closings.push({ amount: debit ? `-${amount}` : amount, currency, date, ...(group.iban ? { iban: group.iban } : {}) });
  }

  /** The account (IBAN, else an IBAN-shaped Othr/Id) and the dates a statement gives before its entries. */
  private readPart(group: Group, name: string, value: XmlValue): void {
    if (name === 'Acct') {
      const iban = digText(value, 'Id', 'IBAN');
      const other = digText(value, 'Id', 'Othr', 'Id');
      if (iban && iban.length > 1024) throw new StatementError(this.file, `${this.entryPath}/Id/IBAN`, t`the account IBAN is more than 1,024 characters long`);
      const account = iban ?? (other && looksLikeIban(other) ? other : undefined);
      if (account) {
        group.iban = normaliseIban(account);
        if (!this.ibans.includes(group.iban)) this.ibans.push(group.iban);
      }
      group.account = group.iban ?? other?.slice(0, 200);
      return;
    }
    const day = (text: string | undefined) => (text === undefined ? undefined : isoDate(text));
    if (name === 'CreDtTm') group.dates.created ??= day(textOf(value));
    else if (name === 'FrToDt') group.dates.to ??= day(digText(value, 'ToDtTm') ?? digText(value, 'ToDt'));
    else if (name === 'Bal') {
      const date = day(digText(value, 'Dt', 'Dt') ?? digText(value, 'Dt', 'DtTm'));
      const type = digText(value, 'Tp', 'CdOrPrtry', 'Cd');
      if (type === 'CLBD') {
        group.dates.closing ??= date;
        this.closingOf(group, value, date);
      } else if (type === 'OPBD' || type === 'PRCD') group.dates.opening ??= date;
      else group.dates.balance ??= date;
    }
  }

  private openTree(name: string, attributes: Record<string, string> | undefined): void {
    if (this.tree.length === 0) this.entrySize = { chars: 0, elements: 0 };
    if (++this.entrySize.elements > ENTRY_LIMITS.elements) this.entryTooLarge(t`more than ${integer(ENTRY_LIMITS.elements)} elements`);
    const node: XmlNode = {};
    if (attributes) for (const [k, v] of Object.entries(attributes)) node[`@${k}`] = v;
    this.tree.push({ name, node, text: '', children: false, attributes: attributes !== undefined });
  }

  /** Closes the innermost element of the entry's tree and returns its value (attached to its parent). */
  private closeTree(): XmlValue {
    const frame = this.tree.pop()!;
    const text = frame.text.trim();
    let value: XmlValue;
    if (!frame.children && !frame.attributes) value = text;
    else {
      if (text !== '') frame.node['#text'] = text;
      value = frame.node;
    }
    const parent = this.tree[this.tree.length - 1];
    if (parent) {
      parent.children = true;
      const existing = parent.node[frame.name];
      if (existing === undefined) parent.node[frame.name] = REPEATING.has(frame.name) ? [value] : value;
      else if (Array.isArray(existing)) existing.push(value);
      else parent.node[frame.name] = [existing, value];
    }
    return value;
  }
}

function required(ctx: Context, v: XmlValue | undefined, path: string, name: string, what: string): string {
  const value = clean(textOf(child(v, name)));
  if (value === undefined) throw new StatementError(ctx.file, `${path}/${name}`, t`missing: expected ${what}`);
  return value;
}

function amountAt(ctx: Context, v: XmlValue | undefined, path: string): { amount: string; currency: string } {
  const raw = textOf(v) ?? '';
  const amount = at(ctx.file, path, () => statementAmount(raw, { decimal: '.' }));
  const node = Array.isArray(v) ? v[0] : v;
  const ccy = isNode(node) ? node['@Ccy'] : undefined;
  if (typeof ccy !== 'string' || !/^[A-Z]{3}$/.test(ccy.trim())) {
    throw new StatementError(
      ctx.file,
      `${path}/@Ccy`,
      typeof ccy === 'string' ? t`expected the currency attribute (Ccy="EUR"), found '${ccy}'` : t`expected the currency attribute (Ccy="EUR"), found none`,
    );
  }
  return { amount, currency: ccy.trim() };
}

function direction(ctx: Context, v: XmlValue | undefined, path: string): 'credit' | 'debit' {
  const indicator = required(ctx, v, path, 'CdtDbtInd', 'CRDT or DBIT');
  if (indicator === 'CRDT') return 'credit';
  if (indicator === 'DBIT') return 'debit';
  throw new StatementError(ctx.file, `${path}/CdtDbtInd`, t`'${indicator}' is not a direction: expected CRDT or DBIT`);
}

function dateAt(ctx: Context, v: XmlValue | undefined, path: string, name: string, isRequired: boolean): string | undefined {
  const node = child(v, name);
  if (node === undefined) {
    if (isRequired)
      throw new StatementError(
        ctx.file,
        `${path}/${name}`,
        name === 'BookgDt' ? t`missing: expected the booking date (Dt or DtTm)` : t`missing: expected the value date (Dt or DtTm)`,
      );
    return undefined;
  }
  const dt = digText(node, 'Dt');
  const dtTm = digText(node, 'DtTm');
  const text = dt ?? dtTm;
  if (text === undefined) {
    if (!isRequired) return undefined;
    throw new StatementError(ctx.file, `${path}/${name}`, t`expected Dt (YYYY-MM-DD) or DtTm inside`);
  }
  const date = isoDate(text);
  if (!date) throw new StatementError(ctx.file, `${path}/${name}/${dt !== undefined ? 'Dt' : 'DtTm'}`, t`'${text}' is not a date: expected YYYY-MM-DD`);
  return date;
}

/** Charges stated on an entry or a detail: .02 repeats Chrgs/Amt; later versions have Chrgs/TtlChrgsAndTaxAmt and Chrgs/Rcrd/Amt. */
function chargesOf(ctx: Context, v: XmlValue | undefined, path: string): string | undefined {
  const blocks = list(child(v, 'Chrgs'));
  if (blocks.length === 0) return undefined;
  const amounts: string[] = [];
  blocks.forEach((block, bi) => {
    const bpath = `${path}/Chrgs[${bi + 1}]`;
    const total = child(block, 'TtlChrgsAndTaxAmt');
    if (total !== undefined) {
      amounts.push(amountAt(ctx, total, `${bpath}/TtlChrgsAndTaxAmt`).amount);
      return;
    }
    const direct = child(block, 'Amt');
    if (direct !== undefined) amounts.push(amountAt(ctx, direct, `${bpath}/Amt`).amount);
    list(child(block, 'Rcrd')).forEach((r, ri) => {
      const a = child(r, 'Amt');
      if (a !== undefined) amounts.push(amountAt(ctx, a, `${bpath}/Rcrd[${ri + 1}]/Amt`).amount);
    });
  });
  return amounts.length ? sum(amounts) : undefined;
}

function notProvided(v: string | undefined): string | undefined {
  return v === undefined || v.toUpperCase() === 'NOTPROVIDED' || v.toUpperCase() === 'NONREF' ? undefined : v;
}

/** A party's name: Nm in .02, Pty/Nm from .08 on. */
function partyName(v: XmlValue | undefined): string | undefined {
  return digText(v, 'Nm') ?? digText(v, 'Pty', 'Nm');
}

interface Detail {
  payerName?: string;
  payerIban?: string;
  remittance: string;
  refs: { bank?: string; endToEnd?: string; creditor?: string };
}

function detailOf(tx: XmlValue | undefined, dir: 'credit' | 'debit'): Detail {
  const parties = child(tx, 'RltdPties');
  // The counterpart: who paid a credit, who was paid by a debit.
  const who = dir === 'credit' ? 'Dbtr' : 'Cdtr';
  const ultimate = dir === 'credit' ? 'UltmtDbtr' : 'UltmtCdtr';
  const payerName = partyName(child(parties, who)) ?? partyName(child(parties, ultimate));
  const ibanText = digText(parties, `${who}Acct`, 'Id', 'IBAN');
  const rmt = child(tx, 'RmtInf');
  const texts: string[] = [];
  for (const u of list(child(rmt, 'Ustrd'))) {
    const t = clean(textOf(u));
    if (t) texts.push(t);
  }
  let creditor: string | undefined;
  for (const s of list(child(rmt, 'Strd'))) {
    // A referred document's number (RfrdDocInf/Nb) is the invoice number itself when the payer gives it.
    for (const doc of list(child(s, 'RfrdDocInf'))) {
      const nb = digText(doc, 'Nb');
      if (nb) texts.push(nb);
    }
    const ref = digText(s, 'CdtrRefInf', 'Ref');
    if (ref) {
      creditor ??= ref;
      texts.push(ref);
    }
    const more = list(child(s, 'AddtlRmtInf'))
      .map((x) => clean(textOf(x)))
      .filter((x): x is string => !!x);
    texts.push(...more);
  }
  if (texts.length === 0) {
    const extra = digText(tx, 'AddtlTxInf');
    if (extra) texts.push(extra);
  }
  const ultimateName = partyName(child(parties, ultimate));
  if (ultimateName && payerName && ultimateName !== payerName) texts.push(ultimateName);
  return {
    payerName,
    payerIban: ibanText ? normaliseIban(ibanText) : undefined,
    remittance: texts.join(' '),
    refs: {
      bank: digText(tx, 'Refs', 'AcctSvcrRef'),
      endToEnd: notProvided(digText(tx, 'Refs', 'EndToEndId')),
      creditor,
    },
  };
}

/** An entry's booking date: BookgDt, else its value date, else the statement's date (each counted, for the note at the end). */
function bookingDateOf(ctx: Context, entry: XmlValue, path: string, group: Group, valueDate: string | undefined): string {
  const booked = dateAt(ctx, entry, path, 'BookgDt', false);
  if (booked) return booked;
  if (valueDate) {
    ctx.undated.value++;
    return valueDate;
  }
  const own = statementDate(group);
  if (!own)
    throw new StatementError(ctx.file, `${path}/BookgDt`, t`missing: expected the booking date (Dt or DtTm), or a value date (ValDt), or a dated statement`);
  ctx.undated.statement++;
  ctx.undated.date ??= own.date;
  ctx.undated.from ??= own.from;
  return own.date;
}

/** What every movement of one entry shares. */
interface EntryHead {
  path: string;
  group: Group;
  amount: string;
  currency: string;
  direction: 'credit' | 'debit';
  reversal: boolean;
  bookingDate: string;
  valueDate?: string;
  /** AcctSvcrRef and NtryRef as written (NOTPROVIDED/NONREF dropped), and AddtlNtryInf. */
  bank?: string;
  entryRef?: string;
  info?: string;
  charges?: string;
}

function readEntry(ctx: Context, entry: XmlValue, path: string, group: Group, emit: Emit): void {
  const entryAmount = child(entry, 'Amt');
  if (entryAmount === undefined) {
    throw new StatementError(ctx.file, `${path}/Amt`, t`missing: expected the entry amount, like <Amt Ccy="EUR">1220.10</Amt>`);
  }
  const { amount, currency } = amountAt(ctx, entryAmount, `${path}/Amt`);
  const reversalText = digText(entry, 'RvslInd');
  const valueDate = dateAt(ctx, entry, path, 'ValDt', false);
  const status = digText(entry, 'Sts') ?? digText(entry, 'Sts', 'Cd');
  if (status && status !== 'BOOK') ctx.note(t`${path}: the entry's status is ${status}, not BOOK (booked)`);
  const head: EntryHead = {
    path,
    group,
    amount,
    currency,
    direction: direction(ctx, entry, path),
    reversal: reversalText === 'true' || reversalText === '1',
    bookingDate: bookingDateOf(ctx, entry, path, group, valueDate),
    valueDate,
    bank: notProvided(digText(entry, 'AcctSvcrRef')),
    entryRef: notProvided(digText(entry, 'NtryRef')),
    info: digText(entry, 'AddtlNtryInf'),
    charges: chargesOf(ctx, entry, path),
  };
  const details: { tx: XmlValue; path: string }[] = [];
  list(child(entry, 'NtryDtls')).forEach((nd, ni) => {
    list(child(nd, 'TxDtls')).forEach((tx, ti) => details.push({ tx, path: `${path}/NtryDtls[${ni + 1}]/TxDtls[${ti + 1}]` }));
  });
  if (details.length <= 1) readSingle(ctx, head, details[0], emit);
  else readBatch(ctx, head, details, emit);
}

/**
 * The unique reference of a movement: the bank's (AcctSvcrRef; a batch's details number theirs), with
 * the account and the booking date. A CBI entry's number (NtryRef, 1..N in each statement) is none:
 * the same movement listed by another statement may have another number, and another movement the
 * same one; without AcctSvcrRef a movement is its fingerprint.
 */
function uniqueOf(head: EntryHead, bank: string | undefined): string | undefined {
  return bank ? bankReference(head.group.account, head.bookingDate, bank) : undefined;
}

/** The key the version before gave a CBI XML entry without AcctSvcrRef: its NtryRef with the statement's date (src/bank/legacy.ts). */
function formerOf(ctx: Context, head: EntryHead, bank: string | undefined, entryRef: string | undefined): string | undefined {
  if (ctx.format !== 'cbi-xml' || bank || !entryRef) return undefined;
  return formerCbiKey(head.group.account, statementDate(head.group)?.date ?? head.bookingDate, entryRef);
}

function movementOf(
  ctx: Context,
  head: EntryHead,
  d: Detail,
  location: string,
  fields: Pick<Movement, 'amount' | 'currency' | 'direction' | 'charges'>,
): Movement {
  return {
    key: '',
    source: { file: ctx.file, format: ctx.format, location },
    accountIban: head.group.iban,
    bookingDate: head.bookingDate,
    valueDate: head.valueDate,
    ...fields,
    reversal: head.reversal,
    payer: d.payerName || d.payerIban ? { name: d.payerName, iban: d.payerIban } : undefined,
    remittance: d.remittance || head.info || '',
    references: { bank: d.refs.bank ?? head.bank, entry: head.entryRef, endToEnd: d.refs.endToEnd, creditor: d.refs.creditor },
  };
}

/** An entry of one transaction (or none): one movement. */
function readSingle(ctx: Context, head: EntryHead, detail: { tx: XmlValue; path: string } | undefined, emit: Emit): void {
  const d = detailOf(detail?.tx, head.direction);
  const txCharges = detail ? chargesOf(ctx, detail.tx, detail.path) : undefined;
  const m = movementOf(ctx, head, d, head.path, {
    amount: head.amount,
    currency: head.currency,
    direction: head.direction,
    charges: head.charges ?? txCharges,
  });
  const bank = realReference(head.bank ?? d.refs.bank);
  const old = head.bank ?? d.refs.bank ?? head.entryRef ?? d.refs.endToEnd;
  emit(m, {
    unique: uniqueOf(head, bank),
    former: formerOf(ctx, head, bank, realReference(head.entryRef)),
    legacy: old ? `ref:${old}` : hashKey(head.bookingDate, head.amount, d.payerName, m.remittance),
    account: head.group.account,
  });
}

/** A batch: one movement per transaction detail, each with its own amount; the entry's total checked against theirs. */
function readBatch(ctx: Context, head: EntryHead, details: { tx: XmlValue; path: string }[], emit: Emit): void {
  const entryKey = head.bank ?? head.entryRef;
  const amounts: string[] = [];
  const detailCharges: string[] = [];
  const currencies = new Set<string>();
  details.forEach(({ tx, path: tpath }, i) => {
    const { amount, currency } = detailAmount(ctx, tx, tpath, details.length);
    const txDir = child(tx, 'CdtDbtInd') !== undefined ? direction(ctx, tx, tpath) : head.direction;
    const d = detailOf(tx, txDir);
    const charges = chargesOf(ctx, tx, tpath);
    if (charges) detailCharges.push(charges);
    currencies.add(currency);
    amounts.push(txDir === head.direction ? amount : `-${amount}`);
    const m = movementOf(ctx, head, d, tpath, { amount, currency, direction: txDir, charges });
    const ownRef = d.refs.bank && d.refs.bank !== entryKey ? d.refs.bank : d.refs.endToEnd;
    const bankRef = realReference(head.bank);
    const txBank = realReference(d.refs.bank);
    const entryRef = realReference(head.entryRef);
    emit(m, {
      unique: uniqueOf(head, bankRef ? `${bankRef}#${i + 1}` : txBank),
      former: formerOf(ctx, head, bankRef ?? txBank, entryRef ? `${entryRef}#${i + 1}` : undefined),
      legacy: entryKey ? `ref:${entryKey}#${i + 1}` : ownRef ? `ref:${ownRef}` : hashKey(head.bookingDate, amount, d.payerName, m.remittance),
      account: head.group.account,
    });
  });
  batchNote(ctx, head, details.length, amounts, currencies, detailCharges);
}

/** A batch detail's amount: Amt, else AmtDtls/TxAmt/Amt, else AmtDtls/InstdAmt/Amt. */
function detailAmount(ctx: Context, tx: XmlValue, tpath: string, count: number): { amount: string; currency: string } {
  for (const [where, value] of [
    ['Amt', child(tx, 'Amt')],
    ['AmtDtls/TxAmt/Amt', dig(tx, 'AmtDtls', 'TxAmt', 'Amt')],
    ['AmtDtls/InstdAmt/Amt', dig(tx, 'AmtDtls', 'InstdAmt', 'Amt')],
  ] as const) {
    if (value !== undefined) return amountAt(ctx, value, `${tpath}/${where}`);
  }
  throw new StatementError(ctx.file, `${tpath}/Amt`, t`missing: a batch entry of ${count} transactions needs each one's amount (Amt or AmtDtls/TxAmt/Amt)`);
}

/** Says when a batch's transactions do not add up to its entry, or are in another currency. */
function batchNote(ctx: Context, head: EntryHead, count: number, amounts: string[], currencies: Set<string>, detailCharges: string[]): void {
  const { path, amount, currency } = head;
  if (currencies.size !== 1 || !currencies.has(currency)) {
    ctx.note(
      t`${path}: the entry is ${decimal(amount)} ${currency}, its ${count} transactions are in ${[...currencies].join(', ')}: each transaction is read with its own amount and currency`,
    );
    return;
  }
  const total = add(...amounts);
  if (cmp(total, amount) !== 0) {
    const difference = sub(total, amount);
    const stated = head.charges ?? (detailCharges.length ? sum(detailCharges) : undefined);
    const because =
      stated !== undefined
        ? cmp(stated, difference.replace(/^-/, '')) === 0
          ? t`the difference is the bank's charges (${decimal(stated)})`
          : t`the bank states charges of ${decimal(stated)}`
        : t`the bank states no charges`;
    ctx.note(
      t`${path}: the ${count} transactions of this batch add up to ${decimal(total)} ${currency}, the entry is ${decimal(amount)} (difference ${decimal(difference)}); ${because}. Each transaction is read with its own amount.`,
    );
  } else if (head.charges) {
    ctx.note(t`${path}: the bank states charges of ${decimal(head.charges)} ${currency} on this batch entry of ${count} transactions`);
  }
}
