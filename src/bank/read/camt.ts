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
import type { Movement, StatementFormat } from '../types.js';
import { StatementError, at, clean, hashKey, isoDate, normaliseIban, statementAmount } from './common.js';
import { XmlStreamParser } from './xml-stream.js';

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
  note: (text: string) => void;
}

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

const NOT_A_STATEMENT =
  'this XML is not a bank statement: expected Document with BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054), or a CBI envelope (CBIBdyBkToCstmrStmtReq)';

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
  private readonly xml: XmlStreamParser;
  private readonly stack: Frame[] = [];
  private readonly rootCounts = new Map<string, number>();
  private root: string | undefined;
  private documentKind: { format: StatementFormat; group: string; path: string } | undefined;
  /** The statement (Stmt or Ntfctn) being read: its depth in the stack, path, IBAN and entry count. */
  private group: { depth: number; path: string; iban?: string; ibanText: string; inIban: boolean } | undefined;
  private groups = 0;
  private tree: TreeFrame[] = [];
  /** What the entry being read holds so far (characters of text, elements): bounded, see ENTRY_LIMITS. */
  private entrySize = { chars: 0, elements: 0 };
  private entryPath = '';

  constructor(
    private readonly file: string,
    private readonly emit: (movement: Movement) => void,
    private readonly note: (text: string) => void,
  ) {
    this.xml = new XmlStreamParser(file, {
      open: (name, attributes) => this.open(name, attributes),
      text: (raw) => this.text(raw),
      close: () => this.close(),
    });
  }

  push(text: string): void {
    this.xml.push(text);
  }

  end(): void {
    this.xml.end();
    if (this.root === 'Document') {
      if (!this.documentKind)
        throw new StatementError(this.file, 'Document', 'holds nothing: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)');
      if (this.groups === 0) {
        const { path, group } = this.documentKind;
        throw new StatementError(this.file, `${path}/${group}`, `missing: expected at least one ${group} (${group === 'Stmt' ? 'statement' : 'notification'})`);
      }
    } else if (this.groups === 0) {
      throw new StatementError(
        this.file,
        this.root ?? '',
        'a CBI document without Stmt: expected the CBI statement envelope (CBIBdyBkToCstmrStmtReq … CBIDlyStmtReqLogMsg/Stmt)',
      );
    }
    if (this.ibans.length > 1)
      this.note(`the file holds statements of ${this.ibans.length} accounts (${this.ibans.join(', ')}): each movement carries its own account`);
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
      if (!kind) throw new StatementError(this.file, 'Document', `holds ${name}: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)`);
      this.documentKind = { ...kind, path: `Document/${name}` };
      this.format = kind.format;
    }
    const group = this.group;
    if (group && depth === group.depth + 1 && name === 'Ntry') {
      const label = this.label(name);
      this.stack.push({ name, label, counts: new Map() });
      this.entryPath = `${group.path}/${label}`;
      this.openTree(name, attributes);
      return;
    }
    const label = this.label(name);
    this.stack.push({ name, label, counts: new Map() });
    if (!group && this.isGroup(name)) {
      this.group = { depth: this.stack.length - 1, path: this.path(), ibanText: '', inIban: false };
      this.groups++;
    } else if (group) {
      const rel = this.stack.slice(group.depth + 1).map((f) => f.name);
      group.inIban = rel.length === 3 && rel[0] === 'Acct' && rel[1] === 'Id' && rel[2] === 'IBAN';
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
      if (this.entrySize.chars > ENTRY_LIMITS.chars) this.entryTooLarge(`more than ${ENTRY_LIMITS.chars / 2 ** 20} MiB of text`);
      top.text += raw;
    } else if (this.group?.inIban) {
      if (this.group.ibanText.length + raw.length > 1024)
        throw new StatementError(this.file, this.path(), 'the account IBAN is more than 1,024 characters long');
      this.group.ibanText += raw;
    }
  }

  /** One entry is held whole while it is read (its details, charges, remittance): a file whose entry never ends is refused, not read into memory. */
  private entryTooLarge(what: string): never {
    throw new StatementError(this.file, this.entryPath, `one entry (Ntry) holds ${what}: no bank writes an entry this large, so the file is not read further`);
  }

  private close(): void {
    if (this.tree.length > 0) {
      const value = this.closeTree();
      if (this.tree.length > 0) return;
      this.stack.pop();
      const group = this.group!;
      const ctx: Context = { file: this.file, format: this.format!, note: this.note };
      readEntry(ctx, value, this.entryPath, group.iban, this.emit);
      return;
    }
    const group = this.group;
    if (group?.inIban) {
      const text = clean(group.ibanText);
      if (text) {
        group.iban = normaliseIban(text);
        if (!this.ibans.includes(group.iban)) this.ibans.push(group.iban);
      }
      group.inIban = false;
    }
    this.stack.pop();
    if (group && this.stack.length === group.depth) this.group = undefined;
  }

  private openTree(name: string, attributes: Record<string, string> | undefined): void {
    if (this.tree.length === 0) this.entrySize = { chars: 0, elements: 0 };
    if (++this.entrySize.elements > ENTRY_LIMITS.elements) this.entryTooLarge(`more than ${ENTRY_LIMITS.elements.toLocaleString('en')} elements`);
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
  const t = clean(textOf(child(v, name)));
  if (t === undefined) throw new StatementError(ctx.file, `${path}/${name}`, `missing: expected ${what}`);
  return t;
}

function amountAt(ctx: Context, v: XmlValue | undefined, path: string): { amount: string; currency: string } {
  const raw = textOf(v) ?? '';
  const amount = at(ctx.file, path, () => statementAmount(raw, { decimal: '.' }));
  const node = Array.isArray(v) ? v[0] : v;
  const ccy = isNode(node) ? node['@Ccy'] : undefined;
  if (typeof ccy !== 'string' || !/^[A-Z]{3}$/.test(ccy.trim())) {
    throw new StatementError(ctx.file, `${path}/@Ccy`, `expected the currency attribute (Ccy="EUR"), found ${typeof ccy === 'string' ? `'${ccy}'` : 'none'}`);
  }
  return { amount, currency: ccy.trim() };
}

function direction(ctx: Context, v: XmlValue | undefined, path: string): 'credit' | 'debit' {
  const t = required(ctx, v, path, 'CdtDbtInd', 'CRDT or DBIT');
  if (t === 'CRDT') return 'credit';
  if (t === 'DBIT') return 'debit';
  throw new StatementError(ctx.file, `${path}/CdtDbtInd`, `'${t}' is not a direction: expected CRDT or DBIT`);
}

function dateAt(ctx: Context, v: XmlValue | undefined, path: string, name: string, isRequired: boolean): string | undefined {
  const node = child(v, name);
  if (node === undefined) {
    if (isRequired)
      throw new StatementError(ctx.file, `${path}/${name}`, `missing: expected the ${name === 'BookgDt' ? 'booking' : 'value'} date (Dt or DtTm)`);
    return undefined;
  }
  const dt = digText(node, 'Dt');
  const dtTm = digText(node, 'DtTm');
  const text = dt ?? dtTm;
  if (text === undefined) {
    if (!isRequired) return undefined;
    throw new StatementError(ctx.file, `${path}/${name}`, 'expected Dt (YYYY-MM-DD) or DtTm inside');
  }
  const date = isoDate(text);
  if (!date) throw new StatementError(ctx.file, `${path}/${name}/${dt !== undefined ? 'Dt' : 'DtTm'}`, `'${text}' is not a date: expected YYYY-MM-DD`);
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

function readEntry(ctx: Context, entry: XmlValue, path: string, iban: string | undefined, emit: (movement: Movement) => void): void {
  const entryAmount = child(entry, 'Amt');
  if (entryAmount === undefined) {
    throw new StatementError(ctx.file, `${path}/Amt`, 'missing: expected the entry amount, like <Amt Ccy="EUR">1220.10</Amt>');
  }
  const { amount, currency } = amountAt(ctx, entryAmount, `${path}/Amt`);
  const dir = direction(ctx, entry, path);
  const reversalText = digText(entry, 'RvslInd');
  const reversal = reversalText === 'true' || reversalText === '1';
  const bookingDate = dateAt(ctx, entry, path, 'BookgDt', true) as string;
  const valueDate = dateAt(ctx, entry, path, 'ValDt', false);
  const status = digText(entry, 'Sts') ?? digText(entry, 'Sts', 'Cd');
  if (status && status !== 'BOOK') ctx.note(`${path}: the entry's status is ${status}, not BOOK (booked)`);
  const entryBank = notProvided(digText(entry, 'AcctSvcrRef'));
  const entryRef = notProvided(digText(entry, 'NtryRef'));
  const entryCharges = chargesOf(ctx, entry, path);
  const entryInfo = digText(entry, 'AddtlNtryInf');

  const details: { tx: XmlValue; path: string }[] = [];
  list(child(entry, 'NtryDtls')).forEach((nd, ni) => {
    list(child(nd, 'TxDtls')).forEach((tx, ti) => details.push({ tx, path: `${path}/NtryDtls[${ni + 1}]/TxDtls[${ti + 1}]` }));
  });

  const base = { file: ctx.file, format: ctx.format };
  if (details.length <= 1) {
    const d = detailOf(details[0]?.tx, dir);
    const remittance = d.remittance || entryInfo || '';
    const bankRef = entryBank ?? d.refs.bank;
    const txCharges = details[0] ? chargesOf(ctx, details[0].tx, details[0].path) : undefined;
    const charges = entryCharges ?? txCharges;
    const ref = bankRef ?? entryRef ?? d.refs.endToEnd;
    emit({
      key: ref ? `ref:${ref}` : hashKey(bookingDate, amount, d.payerName, remittance),
      source: { ...base, location: path },
      accountIban: iban,
      bookingDate,
      valueDate,
      amount,
      currency,
      direction: dir,
      reversal,
      payer: d.payerName || d.payerIban ? { name: d.payerName, iban: d.payerIban } : undefined,
      remittance,
      references: { bank: bankRef, entry: entryRef, endToEnd: d.refs.endToEnd, creditor: d.refs.creditor },
      charges,
    });
    return;
  }

  // A batch: one movement per transaction detail, each with its own amount.
  const entryKey = entryBank ?? entryRef;
  const amounts: string[] = [];
  const detailCharges: string[] = [];
  let sameCurrency = true;
  details.forEach(({ tx, path: tpath }, i) => {
    const amt = child(tx, 'Amt') ?? dig(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? dig(tx, 'AmtDtls', 'InstdAmt', 'Amt');
    const amtPath =
      child(tx, 'Amt') !== undefined
        ? `${tpath}/Amt`
        : dig(tx, 'AmtDtls', 'TxAmt', 'Amt') !== undefined
          ? `${tpath}/AmtDtls/TxAmt/Amt`
          : `${tpath}/AmtDtls/InstdAmt/Amt`;
    if (amt === undefined) {
      throw new StatementError(
        ctx.file,
        `${tpath}/Amt`,
        `missing: a batch entry of ${details.length} transactions needs each one's amount (Amt or AmtDtls/TxAmt/Amt)`,
      );
    }
    const { amount: txAmount, currency: txCurrency } = amountAt(ctx, amt, amtPath);
    const txDir = child(tx, 'CdtDbtInd') !== undefined ? direction(ctx, tx, tpath) : dir;
    const d = detailOf(tx, txDir);
    const remittance = d.remittance || entryInfo || '';
    const charges = chargesOf(ctx, tx, tpath);
    if (charges) detailCharges.push(charges);
    if (txCurrency !== currency) sameCurrency = false;
    amounts.push(txDir === dir ? txAmount : `-${txAmount}`);
    const ownRef = d.refs.bank && d.refs.bank !== entryKey ? d.refs.bank : d.refs.endToEnd;
    const key = entryKey ? `ref:${entryKey}#${i + 1}` : ownRef ? `ref:${ownRef}` : hashKey(bookingDate, txAmount, d.payerName, remittance);
    emit({
      key,
      source: { ...base, location: tpath },
      accountIban: iban,
      bookingDate,
      valueDate,
      amount: txAmount,
      currency: txCurrency,
      direction: txDir,
      reversal,
      payer: d.payerName || d.payerIban ? { name: d.payerName, iban: d.payerIban } : undefined,
      remittance,
      references: { bank: d.refs.bank ?? entryBank, entry: entryRef, endToEnd: d.refs.endToEnd, creditor: d.refs.creditor },
      charges,
    });
  });
  if (sameCurrency) {
    const total = add(...amounts);
    if (cmp(total, amount) !== 0) {
      const difference = sub(total, amount);
      const stated = entryCharges ?? (detailCharges.length ? sum(detailCharges) : undefined);
      const because =
        stated !== undefined
          ? cmp(stated, difference.replace(/^-/, '')) === 0
            ? `the difference is the bank's charges (${stated})`
            : `the bank states charges of ${stated}`
          : 'the bank states no charges';
      ctx.note(
        `${path}: the ${details.length} transactions of this batch add up to ${total} ${currency}, the entry is ${amount} (difference ${difference}); ${because}. Each transaction is read with its own amount.`,
      );
    } else if (entryCharges) {
      ctx.note(`${path}: the bank states charges of ${entryCharges} ${currency} on this batch entry of ${details.length} transactions`);
    }
  }
}
