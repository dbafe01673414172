/**
 * ISO 20022 camt.053 (statement) and camt.054 (debit/credit notification), any version .001.02 and
 * later, with or without namespace prefixes, and the Italian CBI XML envelope around camt.053.001.02.
 *
 * Safety: a document with a DOCTYPE (or an ENTITY declaration) is refused before parsing, so no
 * external entity is ever fetched and no entity is ever expanded; the parser itself runs with entity
 * processing off, and the five predefined XML entities and character references are decoded here,
 * in text values only. Values are never converted to numbers (parseTagValue false).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { add, cmp, sub, sum } from '../../domain/money.js';
import type { Movement, Statement, StatementFormat } from '../types.js';
import { StatementError, at, clean, hashKey, isoDate, lineOf, normaliseIban, statementAmount, uniqueKeys } from './common.js';

/** Elements that may repeat in any version (or in the CBI envelope): always arrays after parsing. */
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

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  trimValues: true,
  // Callbacks get the parser's matcher instead of a path string built for every element (faster).
  jPath: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATING.has(name),
});

/** Quick look at the content: is this XML at all (after an optional BOM and white space)? */
export function looksLikeXml(text: string): boolean {
  return /^\s*</.test(text);
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and numeric character references; any other `&name;` stays as written. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name];
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
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
  if (typeof v === 'string') return decodeEntities(v);
  if (Array.isArray(v)) return textOf(v[0]);
  const t = v['#text'];
  return typeof t === 'string' ? decodeEntities(t) : '';
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

/**
 * The document without its entries, and where each entry is in `text` (start, end pairs), or
 * undefined when an entry cannot be cut out safely (the text Ntry inside a comment or CDATA).
 */
export function splitEntries(text: string): { skeleton: string; spans: number[] } | undefined {
  if (/<!--(?:(?!-->)[\s\S])*Ntry|<!\[CDATA\[(?:(?!\]\]>)[\s\S])*Ntry/.test(text)) return undefined;
  const open = /<((?:[A-Za-z_][\w.-]*:)?Ntry)(?=[\s>/])/g;
  const parts: string[] = [];
  const spans: number[] = [];
  let last = 0;
  for (let m = open.exec(text); m; m = open.exec(text)) {
    const start = m.index;
    const gt = text.indexOf('>', start);
    if (gt < 0) return undefined;
    let end: number;
    if (text[gt - 1] === '/') {
      end = gt + 1; // <Ntry/>: an empty entry, reported as such by the reader
    } else {
      const close = new RegExp(`</${m[1].replace(/[.]/g, '\\.')}\\s*>`, 'g');
      close.lastIndex = gt;
      const c = close.exec(text);
      if (!c) return undefined;
      end = c.index + c[0].length;
    }
    parts.push(text.slice(last, start), `<Ntry fisco-entry="${spans.length / 2}"/>`);
    spans.push(start, end);
    last = end;
    open.lastIndex = end;
  }
  if (spans.length === 0) return undefined;
  parts.push(text.slice(last));
  return { skeleton: parts.join(''), spans };
}

/** Turns an Ntry of the parsed document into the entry itself (see readCamt). */
type EntrySource = (entry: XmlValue) => XmlValue;

interface Context {
  file: string;
  format: StatementFormat;
  notes: string[];
}

/**
 * Reads a camt.053/camt.054/CBI XML document. `text` is the decoded file; throws StatementError for a
 * DOCTYPE, XML that is not well formed, a document that is none of these, or a missing element.
 */
export function readCamt(input: string, file: string): Statement {
  // Blank lines or a BOM before the XML declaration (seen in bank exports) are dropped; lines are
  // still counted from the top of the file in messages.
  const lead = /^[\s\uFEFF]*/.exec(input)?.[0] ?? '';
  const text = input.slice(lead.length);
  const skipped = lead.split('\n').length - 1;
  refuseDoctype(text, file, skipped);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    throw new StatementError(file, `line ${valid.err.line + skipped}, column ${valid.err.col}`, `the XML is not well formed: ${valid.err.msg}`);
  }
  // Entries are parsed one at a time from the text (the document is parsed without them, each Ntry
  // replaced by a marker with its number): memory stays that of one entry's tree, not the whole file's.
  const split = splitEntries(text);
  const parse = (xml: string): XmlNode => {
    try {
      return parser.parse(xml) as XmlNode;
    } catch (error) {
      throw new StatementError(file, undefined, `the XML could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const doc = parse(split ? split.skeleton : text);
  const entries: EntrySource = split
    ? (marker) => {
        const i = Number(isNode(marker) ? marker['@fisco-entry'] : NaN);
        const node = Number.isInteger(i) ? parse(text.slice(split.spans[2 * i], split.spans[2 * i + 1])).Ntry : undefined;
        return Array.isArray(node) ? node[0] : marker;
      }
    : (entry) => entry;
  const rootName = Object.keys(doc).find((k) => k !== '?xml' && !k.startsWith('@'));
  if (!rootName) throw new StatementError(file, undefined, 'the XML document has no root element');
  const root = doc[rootName];

  if (rootName === 'Document') {
    const stmt = child(root, 'BkToCstmrStmt');
    if (stmt !== undefined) {
      return readGroups(file, 'camt.053', `Document/BkToCstmrStmt`, list(child(stmt, 'Stmt')), 'Stmt', entries);
    }
    const ntf = child(root, 'BkToCstmrDbtCdtNtfctn');
    if (ntf !== undefined) {
      return readGroups(file, 'camt.054', `Document/BkToCstmrDbtCdtNtfctn`, list(child(ntf, 'Ntfctn')), 'Ntfctn', entries);
    }
    const inner = isNode(root) ? Object.keys(root).filter((k) => !k.startsWith('@')) : [];
    throw new StatementError(file, 'Document', `holds ${inner[0] ?? 'nothing'}: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)`);
  }
  if (rootName.startsWith('CBI')) {
    const found: { path: string; stmts: XmlValue[] }[] = [];
    findCbiStatements(root, rootName, found, 0);
    if (found.length === 0) {
      throw new StatementError(
        file,
        rootName,
        'a CBI document without Stmt: expected the CBI statement envelope (CBIBdyBkToCstmrStmtReq … CBIDlyStmtReqLogMsg/Stmt)',
      );
    }
    const statements = found.map(({ path, stmts }) => readGroups(file, 'cbi-xml', path, stmts, 'Stmt', entries));
    return merge(file, 'cbi-xml', statements);
  }
  throw new StatementError(
    file,
    rootName,
    'this XML is not a bank statement: expected Document with BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054), or a CBI envelope (CBIBdyBkToCstmrStmtReq)',
  );
}

/** Refuses a DOCTYPE or an entity declaration anywhere: statements never need one. */
function refuseDoctype(text: string, file: string, skippedLines: number): void {
  const m = /<!(DOCTYPE|ENTITY)/i.exec(text);
  if (m) {
    throw new StatementError(
      file,
      `line ${lineOf(text, m.index) + skippedLines}`,
      `the XML has a ${m[1].toUpperCase()} declaration: a bank statement never needs one, and fisco does not read DTDs or entities (refused, nothing read from it)`,
    );
  }
}

/** Walks the CBI wrappers (elements named CBI…) down to the ones holding Stmt. */
function findCbiStatements(v: XmlValue, path: string, found: { path: string; stmts: XmlValue[] }[], depth: number): void {
  if (depth > 8) return;
  const items = list(v);
  items.forEach((item, i) => {
    if (!isNode(item)) return;
    const here = items.length > 1 || Array.isArray(v) ? `${path}[${i + 1}]` : path;
    if (item.Stmt !== undefined) found.push({ path: here, stmts: list(item.Stmt) });
    for (const [name, value] of Object.entries(item)) {
      if (name.startsWith('CBI')) findCbiStatements(value, `${here}/${name}`, found, depth + 1);
    }
  });
}

function merge(file: string, format: StatementFormat, parts: Statement[]): Statement {
  const movements = parts.flatMap((p) => p.movements);
  const notes = parts.flatMap((p) => p.notes);
  const ibans = [...new Set(parts.map((p) => p.accountIban).filter((x): x is string => !!x))];
  uniqueKeys(movements, notes);
  return { file, format, accountIban: ibans.length === 1 ? ibans[0] : undefined, movements, notes };
}

function readGroups(file: string, format: StatementFormat, base: string, groups: XmlValue[], name: string, entries: EntrySource): Statement {
  const ctx: Context = { file, format, notes: [] };
  if (groups.length === 0)
    throw new StatementError(file, `${base}/${name}`, `missing: expected at least one ${name} (${name === 'Stmt' ? 'statement' : 'notification'})`);
  const movements: Movement[] = [];
  const ibans: string[] = [];
  groups.forEach((group, gi) => {
    const gpath = `${base}/${name}[${gi + 1}]`;
    const ibanText = digText(group, 'Acct', 'Id', 'IBAN');
    const iban = ibanText ? normaliseIban(ibanText) : undefined;
    if (iban && !ibans.includes(iban)) ibans.push(iban);
    list(child(group, 'Ntry')).forEach((entry, ei) => {
      readEntry(ctx, entries(entry), `${gpath}/Ntry[${ei + 1}]`, iban, movements);
    });
  });
  if (ibans.length > 1) ctx.notes.push(`the file holds statements of ${ibans.length} accounts (${ibans.join(', ')}): each movement carries its own account`);
  if (format !== 'cbi-xml') uniqueKeys(movements, ctx.notes);
  return { file, format, accountIban: ibans.length === 1 ? ibans[0] : undefined, movements, notes: ctx.notes };
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

function readEntry(ctx: Context, entry: XmlValue, path: string, iban: string | undefined, out: Movement[]): void {
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
  if (status && status !== 'BOOK') ctx.notes.push(`${path}: the entry's status is ${status}, not BOOK (booked)`);
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
    out.push({
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
    out.push({
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
      ctx.notes.push(
        `${path}: the ${details.length} transactions of this batch add up to ${total} ${currency}, the entry is ${amount} (difference ${difference}); ${because}. Each transaction is read with its own amount.`,
      );
    } else if (entryCharges) {
      ctx.notes.push(`${path}: the bank states charges of ${entryCharges} ${currency} on this batch entry of ${details.length} transactions`);
    }
  }
}
