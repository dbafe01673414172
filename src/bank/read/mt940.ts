/**
 * SWIFT MT940 customer statements: one or more messages (:20: … :62F:), optionally inside SWIFT
 * blocks ({1:…}{2:…}{4: … -}{5:…}) or after a bank's own preamble (ABN AMRO's `ABNANL2A` / `940`
 * lines, Rabobank's `:940:`, ING's `940 00`): what stands outside a message is not read. Amounts
 * come from the tag text (`1234,56`), never from a number. A movement's identity is the bank
 * reference (after `//`) when it is not a placeholder (NONREF, EREF…); the customer reference before
 * it is the account holder's and often a placeholder or the counterparty's account, never an identity.
 *
 *   :25:  account (an IBAN, possibly followed by the currency)
 *   :60F: / :60M: opening balance  C|D YYMMDD CCY amount
 *   :61:  YYMMDD [MMDD] C|D|RC|RD [funds code] amount type(4) customer-ref [//bank-ref] [\n supplementary]
 *   :86:  details of the :61: before it: free text, German ?NN subfields, or /CODE/ pairs
 *   :62F: / :62M: closing balance
 */
import { add, cmp, sub } from '../../domain/money.js';
import type { Movement, ClosingBalance } from '../types.js';
import {
  type Emit,
  StatementError,
  at,
  bankReference,
  calendarDate,
  clean,
  fullYear,
  hashKey,
  ibanWithoutCurrency,
  looksLikeIban,
  normaliseIban,
  realReference,
  statementAmount,
} from './common.js';
import { decimal, t, type Text } from '../../i18n/message.js';

/** Quick look at the content: MT940 tags at the start of lines (:20: and :61: or :60F:). */
export function looksLikeMt940(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  return /(^|[\r\n{:])\s*:20:/.test(head) && /(^|\n)\s*:(25|28C?|60[FM]|61):/.test(head);
}

interface Tag {
  tag: string;
  value: string;
  line: number;
}

/** A line that ends a SWIFT message for sure: `-}`, `-}{5:…}`, `{5:…}`, `}` or `-` with a trailer (`-XXX`, an ETX). */
const TRAILER = /^(-\}|\{5:|\}\s*$|-[A-Z\x03]+\s*$)/;

/**
 * Cuts lines into tags: a tag's value runs to the next tag (continuation lines joined with \n). Only
 * lines inside a message are read: a message starts at :20:, and after its closing balance (:62F: or
 * :62M:, then :64:, :65:, :86:) what is not a tag (the envelope's `-}{5:}`, a bank's preamble before
 * the next :20:) belongs to no field. A lone `-` ends a message unless more text of the field follows
 * it (some exports cut a field's text at a dash).
 */
class TagSplitter {
  private current: Tag | undefined;
  private closed = true;
  /** A lone '-' line not yet known to end the message or to continue the field. */
  private dash = false;

  constructor(private readonly onTag: (tag: Tag) => void) {}

  line(raw: string, n: number): void {
    let line = (n === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/^[\x01\x02]/, '');
    // SWIFT envelope: {1:F01…}{2:O940…}{3:…}{4: before the first line of a message.
    line = line.replace(/^(\{\d:[^{}]*\})*\{4:/, '');
    const m = /^\s*:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (m) {
      this.dash = false;
      this.end();
      if (m[1] === '20') this.closed = false;
      else if (m[1] === '62F' || m[1] === '62M') this.closed = true;
      this.current = { tag: m[1], value: m[2], line: n };
      return;
    }
    if (TRAILER.test(line)) {
      this.dash = false;
      this.closed = true;
      return;
    }
    if (/^-\s*$/.test(line)) {
      this.dash = true;
      return;
    }
    if (this.closed || !this.current) return;
    if (this.dash) {
      if (line.trim() === '') return;
      this.current.value += '\n-';
      this.dash = false;
    }
    this.current.value += '\n' + line;
  }

  end(): void {
    const t = this.current;
    this.current = undefined;
    if (t) this.onTag(t);
  }
}

/**
 * Joins wrapped lines: a line filled to the 65 characters of the format was cut mid-word (the first
 * line shares them with the ':86:' tag), a shorter one ended a phrase.
 */
function unwrap(lines: string[], width: number, tagWidth: number): string {
  let out = '';
  lines.forEach((l, i) => {
    out += l;
    if (i < lines.length - 1 && l.length < width - (i === 0 ? tagWidth : 0)) out += ' ';
  });
  return clean(out) ?? '';
}

interface Details {
  remittance: string;
  name?: string;
  iban?: string;
  endToEnd?: string;
}

function details86(value: string): Details {
  const lines = value.split('\n').map((l) => l.replace(/\s+$/, ''));
  const joined = lines.join('');
  // German structured form: 166?00GUTSCHRIFT?20EREF+…?21SVWZ+…?32NAME?33…
  if (/\?2\d/.test(joined) && /^\d{3}\?|\?[23]\d/.test(joined)) {
    const fields = new Map<string, string>();
    for (const m of joined.matchAll(/\?(\d{2})([^?]*)/g)) fields.set(m[1], (fields.get(m[1]) ?? '') + m[2]);
    const pick = (codes: string[]) => codes.map((c) => fields.get(c) ?? '').join('');
    let text = pick(['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63']);
    let endToEnd: string | undefined;
    const eref = /EREF\+(.*?)(?=(KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+|$)/.exec(text);
    if (eref) endToEnd = clean(eref[1]);
    const svwz = /SVWZ\+(.*?)(?=(ABWA|ABWE|IBAN|BIC)\+|$)/.exec(text);
    if (svwz) text = svwz[1];
    return {
      remittance: clean(text) ?? '',
      name: clean(pick(['32', '33'])),
      iban: clean(fields.get('31')),
      endToEnd: endToEnd && endToEnd.toUpperCase() !== 'NOTPROVIDED' ? endToEnd : undefined,
    };
  }
  // /CODE/value pairs: /EREF/…/ORDP//NAME/…/REMI/USTD//…/
  if (/^\/(EREF|REMI|ORDP|NAME|TRTP|IBAN|BENM|PURP|MARF|CSID|ULTD|RTRN|PREF|CNTP)\//.test(joined)) {
    const parts = new Map<string, string>();
    const re =
      /\/(EREF|REMI|ORDP|BENM|NAME|ADDR|TRTP|IBAN|BIC|PURP|MARF|CSID|ULTD|ULTC|RTRN|ISDT|CDTRREFTP|CDTRREF|CDTRREFCD|CD|SVCL|OPRP|CREF|USTD|STRD|PREF|CNTP)\//g;
    const hits = [...joined.matchAll(re)];
    hits.forEach((h, i) => {
      const end = i + 1 < hits.length ? hits[i + 1].index : joined.length;
      // /REMI/USTD//text: the remittance's own sub-code is not part of the text.
      const v = joined
        .slice((h.index ?? 0) + h[0].length, end)
        .replace(/\/$/, '')
        .replace(/^(USTD|STRD)\/\//, '');
      if (!parts.has(h[1])) parts.set(h[1], v);
    });
    const e2e = clean(parts.get('EREF'));
    // ING's counterparty: /CNTP/account/BIC/name/town/.
    const counterparty = (parts.get('CNTP') ?? '').split('/');
    return {
      remittance: clean([parts.get('USTD'), parts.get('REMI'), parts.get('CDTRREF')].filter(Boolean).join(' ')) ?? '',
      name: clean(parts.get('NAME')) ?? clean(counterparty[2]),
      iban: clean(parts.get('IBAN')) ?? clean(counterparty[0]),
      endToEnd: e2e && e2e.toUpperCase() !== 'NOTPROVIDED' ? e2e : undefined,
    };
  }
  return { remittance: unwrap(lines, 65, 4) };
}

const LINE61 = /^(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([A-Z][A-Z0-9]{3})?(.*)$/;

/**
 * The account of :25:: its IBAN (an IBAN followed by the currency, `NL77INGB0574908765EUR`, or after a
 * bank code, `BANK/IBAN`, too), kept even when its check digits are wrong (routing says so), and the
 * account as written for the identity of its movements.
 */
function accountOf(value: string): { iban?: string; text: string } {
  const text = clean(value.split('\n')[0]) ?? '';
  const token = ibanWithoutCurrency(normaliseIban(text.split(' ')[0] ?? '').replace(/^[^A-Z0-9]+/, ''));
  if (looksLikeIban(token)) return { iban: token, text };
  return { iban: token.split('/').find((t) => looksLikeIban(t)), text };
}

/** A balance (:60F:, :62F:…): C or D, YYMMDD, the currency and the amount. */
function balanceOf(file: string, tag: Tag): { amount: string; currency: string; date: string } {
  const where = t`line ${tag.line} (:${tag.tag}:)`;
  const m = /^(C|D)(\d{2})(\d{2})(\d{2})([A-Z]{3})(\d[\d,]*)\s*$/.exec(tag.value.trim());
  if (!m)
    throw new StatementError(
      file,
      where,
      t`'${tag.value.trim()}' is not a balance: expected C or D, YYMMDD, the currency and the amount, like C260301EUR1234,56`,
    );
  const date = calendarDate(fullYear(Number(m[2])), Number(m[3]), Number(m[4]));
  if (!date) throw new StatementError(file, where, t`'${m[2]}${m[3]}${m[4]}' is not a date: expected YYMMDD`);
  const amount = at(file, where, () => statementAmount(m[6], { decimal: ',' }));
  return { amount: m[1] === 'D' ? `-${amount}` : amount, currency: m[5], date };
}

/** The first line of a :61:: its dates (the entry date takes the value date's year, or the next/previous one across New Year), mark, amount and references. */
function parse61(file: string, where: Text, first: string) {
  const m = LINE61.exec(first);
  if (!m) {
    throw new StatementError(
      file,
      where,
      t`'${first}' is not a statement line: expected YYMMDD[MMDD], C/D/RC/RD, the amount (1234,56), the type (NTRF) and the reference`,
    );
  }
  const year = fullYear(Number(m[1]));
  const valueDate = calendarDate(year, Number(m[2]), Number(m[3]));
  if (!valueDate) throw new StatementError(file, where, t`'${m[1]}${m[2]}${m[3]}' is not a value date: expected YYMMDD`);
  let bookingDate = valueDate;
  if (m[4]) {
    const month = Number(m[4].slice(0, 2));
    const y = month - Number(m[2]) > 6 ? year - 1 : Number(m[2]) - month > 6 ? year + 1 : year;
    const d = calendarDate(y, month, Number(m[4].slice(2)));
    if (!d) throw new StatementError(file, where, t`'${m[4]}' is not an entry date: expected MMDD`);
    bookingDate = d;
  }
  if (!m[8]) throw new StatementError(file, where, t`'${first}': expected the transaction type (like NTRF or NMSC) after the amount`);
  const amount = at(file, where, () => statementAmount(m[7], { decimal: ',' }));
  const [customerRef, bankRef] = m[9].split('//');
  return { valueDate, bookingDate, mark: m[5], amount, customer: clean(customerRef), bank: clean(bankRef) };
}

/**
 * MT940 read line by line: each tag is read when the next one starts, and a statement line (:61:)
 * is emitted once its details (:86:) have been read. Throws StatementError at the line.
 */
export class Mt940Reader {
  readonly format = 'mt940' as const;
  readonly ibans: string[] = [];
  readonly closings: ClosingBalance[] = [];
  /** The messages read (:20: tags). */
  statements = 0;
  private readonly tags: TagSplitter;
  private iban: string | undefined;
  private account = '';
  private currency: string | undefined;
  private opening: string | undefined;
  /** The opening balance plus the lines of this message read so far. */
  private running: string | undefined;
  private last: { movement: Movement; supplementary?: string; bank?: string; customer?: string } | undefined;
  private pending: { movement: Movement; bank?: string; customer?: string; supplementary?: string; details: boolean } | undefined;
  private content = false;

  constructor(
    private readonly file: string,
    private readonly emit: Emit,
    private readonly note: (text: Text) => void,
  ) {
    this.tags = new TagSplitter((t) => this.tag(t));
  }

  line(raw: string, n: number): void {
    this.tags.line(raw, n);
  }

  end(): void {
    this.tags.end();
    this.flush();
    if (!this.content) {
      throw new StatementError(this.file, undefined, t`an MT940 without balances or statement lines: expected :60F:, :61: and :62F: tags`);
    }
  }

  private flush(): void {
    const p = this.pending;
    this.pending = undefined;
    if (!p) return;
    const m = p.movement;
    const bank = realReference(p.bank);
    // The version before: the bank reference (placeholder or not), else the customer's unless NONREF, else
    // the end-to-end id of :86:, else a hash of date, amount, :86: name and text.
    const old = p.bank ?? (p.customer && p.customer.toUpperCase() !== 'NONREF' ? p.customer : undefined);
    const legacy = old
      ? `ref:${old}`
      : p.details && m.references.endToEnd
        ? `ref:${m.references.endToEnd}`
        : hashKey(m.bookingDate, m.amount, p.details ? m.payer?.name : undefined, p.details ? m.remittance : (p.supplementary ?? ''));
    this.emit(m, { unique: bank ? bankReference(this.iban ?? this.account, m.bookingDate, bank) : undefined, legacy, account: this.iban ?? this.account });
  }

  private tag(tag: Tag): void {
    if (tag.tag === '61' || tag.tag === '60F' || tag.tag === '60M') this.content = true;
    if (tag.tag !== '86') this.flush();
    switch (tag.tag) {
      case '20':
        this.statements++;
        this.iban = undefined;
        this.account = '';
        this.currency = undefined;
        this.opening = undefined;
        this.running = undefined;
        this.last = undefined;
        break;
      case '25': {
        const account = accountOf(tag.value);
        this.iban = account.iban;
        this.account = account.text;
        if (this.iban && !this.ibans.includes(this.iban)) this.ibans.push(this.iban);
        break;
      }
      case '60F':
      case '60M': {
        const b = balanceOf(this.file, tag);
        this.currency = b.currency;
        this.opening = b.amount;
        this.running = b.amount;
        break;
      }
      case '61':
        this.statementLine(tag);
        break;
      case '86':
        this.details(tag);
        break;
      case '62F':
      case '62M':
        this.closing(tag);
        break;
      default:
        // :21:, :28C:, :64:, :65:, :NS: … carry nothing a match uses.
        break;
    }
  }

  /** A :61: line: its movement, held until its :86: has been read. */
  private statementLine(tag: Tag): void {
    const where = t`line ${tag.line} (:${tag.tag}:)`;
    const [first, ...rest] = tag.value.split('\n');
    const line = parse61(this.file, where, first!.trim());
    const amount = line.amount;
    const movement: Movement = {
      key: '',
      source: { file: this.file, format: 'mt940', location: `line ${tag.line}` },
      accountIban: this.iban,
      bookingDate: line.bookingDate,
      valueDate: line.valueDate,
      amount,
      currency: this.currency ?? 'EUR',
      direction: line.mark === 'C' || line.mark === 'RD' ? 'credit' : 'debit',
      reversal: line.mark === 'RC' || line.mark === 'RD',
      remittance: '',
      references: { bank: realReference(line.bank), entry: realReference(line.customer) },
    };
    if (!this.currency) this.note(t`${where}: no opening balance (:60F:) before this line: its currency is taken as EUR`);
    const supplementary = clean(rest.join(' '));
    this.last = { movement, supplementary };
    if (this.running !== undefined) this.running = add(this.running, movement.direction === 'credit' ? amount : `-${amount}`);
    this.pending = { movement, bank: line.bank, customer: line.customer, supplementary, details: false };
  }

  /** A :86:: the details of the :61: before it (after :62F:, information about the whole statement: nothing). */
  private details(tag: Tag): void {
    const last = this.last;
    if (!last) return;
    const d = details86(tag.value);
    const m = last.movement;
    m.remittance = [d.remittance, last.supplementary].filter(Boolean).join(' ');
    if (d.name || d.iban) m.payer = { name: d.name, iban: d.iban ? normaliseIban(d.iban) : undefined };
    if (d.endToEnd) m.references.endToEnd = d.endToEnd;
    if (this.pending?.movement === m) this.pending.details = true;
    this.last = undefined;
    this.flush();
  }

  /** A closing balance, checked against the opening one plus the lines read. */
  private closing(tag: Tag): void {
    const b = balanceOf(this.file, tag);
    if (this.opening !== undefined && this.running !== undefined) {
      const expected = this.running;
      if (cmp(expected, b.amount) !== 0) {
        this.note(
          t`line ${tag.line} (:${tag.tag}:): the closing balance ${decimal(b.amount)} is not the opening balance ${decimal(this.opening ?? '')} plus the lines read (${decimal(expected)}; difference ${decimal(sub(b.amount, expected))})`,
        );
      }
    }
    // :62F: closes the statement (a :62M: an intermediate page of it).
    if (tag.tag === '62F')
      this.closings.push({
        amount: cmp(b.amount, '0') === 0 ? '0.00' : b.amount,
        currency: b.currency,
        date: b.date,
        ...(this.iban ? { iban: this.iban } : {}),
      });
    this.last = undefined;
    this.opening = tag.tag === '62M' ? b.amount : undefined;
    this.running = this.opening;
  }
}
