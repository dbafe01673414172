/**
 * SWIFT MT940 customer statements: one or more messages (:20: … :62F:), optionally inside SWIFT
 * blocks ({1:…}{2:…}{4: … -}). Amounts come from the tag text (`1234,56`), never from a number.
 *
 *   :25:  account (an IBAN, possibly followed by the currency)
 *   :60F: / :60M: opening balance  C|D YYMMDD CCY amount
 *   :61:  YYMMDD [MMDD] C|D|RC|RD [funds code] amount type(4) customer-ref [//bank-ref] [\n supplementary]
 *   :86:  details of the :61: before it: free text, German ?NN subfields, or /CODE/ pairs
 *   :62F: / :62M: closing balance
 */
import { add, cmp, sub } from '../../domain/money.js';
import type { Movement } from '../types.js';
import { StatementError, at, calendarDate, clean, fullYear, hashKey, isValidIban, normaliseIban, statementAmount } from './common.js';

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

/** Cuts lines into tags: a tag's value runs to the next tag (continuation lines joined with \n). */
class TagSplitter {
  private current: Tag | undefined;

  constructor(private readonly onTag: (tag: Tag) => void) {}

  line(raw: string, n: number): void {
    let line = n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    // SWIFT envelope: {1:F01…}{2:O940…}{4: on the first line of a message, -} at its end.
    line = line.replace(/^(\{\d:[^{}]*\})*\{4:/, '');
    if (/^-\}?\s*$/.test(line) || /^\{5:.*\}?$/.test(line)) return;
    const m = /^\s*:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (m) {
      this.end();
      this.current = { tag: m[1], value: m[2], line: n };
    } else if (this.current) {
      this.current.value += '\n' + line;
    }
    // Text before the first tag (some exports add a header line): ignored.
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
  if (/^\/(EREF|REMI|ORDP|NAME|TRTP|IBAN|BENM|PURP|MARF|CSID|ULTD|RTRN)\//.test(joined)) {
    const parts = new Map<string, string>();
    const re = /\/(EREF|REMI|ORDP|BENM|NAME|ADDR|TRTP|IBAN|BIC|PURP|MARF|CSID|ULTD|ULTC|RTRN|ISDT|CDTRREFTP|CDTRREF|CDTRREFCD|CD|SVCL|OPRP|CREF|USTD|STRD)\//g;
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
    return {
      remittance: clean([parts.get('USTD'), parts.get('REMI'), parts.get('CDTRREF')].filter(Boolean).join(' ')) ?? '',
      name: clean(parts.get('NAME')),
      iban: clean(parts.get('IBAN')),
      endToEnd: e2e && e2e.toUpperCase() !== 'NOTPROVIDED' ? e2e : undefined,
    };
  }
  return { remittance: unwrap(lines, 65, 4) };
}

const LINE61 = /^(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([A-Z][A-Z0-9]{3})?(.*)$/;

function accountOf(value: string): string | undefined {
  const token = normaliseIban(value.split('\n')[0]).replace(/^[^A-Z0-9]+/, '');
  if (isValidIban(token)) return token;
  const m = /^([A-Z]{2}\d{2}[A-Z0-9]{10,30}?)([A-Z]{3})$/.exec(token);
  if (m && isValidIban(m[1])) return m[1];
  const slash = token.split('/').find((t) => isValidIban(t));
  return slash;
}

/**
 * MT940 read line by line: each tag is read when the next one starts, and a statement line (:61:)
 * is emitted once its details (:86:) have been read. Throws StatementError at the line.
 */
export class Mt940Reader {
  readonly format = 'mt940' as const;
  readonly ibans: string[] = [];
  private readonly tags: TagSplitter;
  private iban: string | undefined;
  private currency: string | undefined;
  private opening: string | undefined;
  /** The opening balance plus the lines of this message read so far. */
  private running: string | undefined;
  private last: { movement: Movement; supplementary?: string } | undefined;
  private pending: Movement | undefined;
  private content = false;

  constructor(
    private readonly file: string,
    private readonly emit: (movement: Movement) => void,
    private readonly note: (text: string) => void,
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
      throw new StatementError(this.file, undefined, 'an MT940 without balances or statement lines: expected :60F:, :61: and :62F: tags');
    }
  }

  private flush(): void {
    const m = this.pending;
    this.pending = undefined;
    if (m) this.emit(m);
  }

  private tag(t: Tag): void {
    const file = this.file;
    const balance = (t: Tag): { amount: string; currency: string; date: string } => {
      const m = /^(C|D)(\d{2})(\d{2})(\d{2})([A-Z]{3})(\d[\d,]*)\s*$/.exec(t.value.trim());
      if (!m)
        throw new StatementError(
          file,
          `line ${t.line} (:${t.tag}:)`,
          `'${t.value.trim()}' is not a balance: expected C or D, YYMMDD, the currency and the amount, like C260301EUR1234,56`,
        );
      const date = calendarDate(fullYear(Number(m[2])), Number(m[3]), Number(m[4]));
      if (!date) throw new StatementError(file, `line ${t.line} (:${t.tag}:)`, `'${m[2]}${m[3]}${m[4]}' is not a date: expected YYMMDD`);
      const amount = at(file, `line ${t.line} (:${t.tag}:)`, () => statementAmount(m[6], { decimal: ',' }));
      return { amount: m[1] === 'D' ? `-${amount}` : amount, currency: m[5], date };
    };

    if (t.tag === '61' || t.tag === '60F' || t.tag === '60M') this.content = true;
    if (t.tag !== '86') this.flush();
    const where = `line ${t.line} (:${t.tag}:)`;
    switch (t.tag) {
      case '20':
        this.iban = undefined;
        this.currency = undefined;
        this.opening = undefined;
        this.running = undefined;
        this.last = undefined;
        break;
      case '25':
        this.iban = accountOf(t.value);
        if (this.iban && !this.ibans.includes(this.iban)) this.ibans.push(this.iban);
        break;
      case '60F':
      case '60M': {
        const b = balance(t);
        this.currency = b.currency;
        this.opening = b.amount;
        this.running = b.amount;
        break;
      }
      case '61': {
        const [first, ...rest] = t.value.split('\n');
        const m = LINE61.exec(first.trim());
        if (!m) {
          throw new StatementError(
            file,
            where,
            `'${first.trim()}' is not a statement line: expected YYMMDD[MMDD], C/D/RC/RD, the amount (1234,56), the type (NTRF) and the reference`,
          );
        }
        const year = fullYear(Number(m[1]));
        const valueDate = calendarDate(year, Number(m[2]), Number(m[3]));
        if (!valueDate) throw new StatementError(file, where, `'${m[1]}${m[2]}${m[3]}' is not a value date: expected YYMMDD`);
        let bookingDate = valueDate;
        if (m[4]) {
          const month = Number(m[4].slice(0, 2));
          const day = Number(m[4].slice(2));
          // The entry date has no year: the value date's, or the next/previous one across New Year.
          let y = year;
          if (month - Number(m[2]) > 6) y--;
          if (Number(m[2]) - month > 6) y++;
          const d = calendarDate(y, month, day);
          if (!d) throw new StatementError(file, where, `'${m[4]}' is not an entry date: expected MMDD`);
          bookingDate = d;
        }
        if (!m[8]) throw new StatementError(file, where, `'${first.trim()}': expected the transaction type (like NTRF or NMSC) after the amount`);
        const amount = at(file, where, () => statementAmount(m[7], { decimal: ',' }));
        const mark = m[5];
        const [customerRef, bankRef] = m[9].split('//');
        const ownRef = clean(customerRef);
        const bank = clean(bankRef);
        const reference = bank ?? (ownRef && ownRef.toUpperCase() !== 'NONREF' ? ownRef : undefined);
        const movement: Movement = {
          key: reference ? `ref:${reference}` : '',
          source: { file, format: 'mt940', location: `line ${t.line}` },
          accountIban: this.iban,
          bookingDate,
          valueDate,
          amount,
          currency: this.currency ?? 'EUR',
          direction: mark === 'C' || mark === 'RD' ? 'credit' : 'debit',
          reversal: mark === 'RC' || mark === 'RD',
          remittance: '',
          references: { bank, entry: ownRef && ownRef.toUpperCase() !== 'NONREF' ? ownRef : undefined },
        };
        if (!this.currency) this.note(`${where}: no opening balance (:60F:) before this line: its currency is taken as EUR`);
        this.last = { movement, supplementary: clean(rest.join(' ')) };
        if (this.running !== undefined) this.running = add(this.running, movement.direction === 'credit' ? amount : `-${amount}`);
        if (!movement.key) movement.key = hashKey(bookingDate, amount, undefined, this.last.supplementary ?? '');
        this.pending = movement;
        break;
      }
      case '86': {
        const last = this.last;
        if (!last) break; // information about the whole statement (:86: after :62F:)
        const d = details86(t.value);
        const m = last.movement;
        m.remittance = [d.remittance, last.supplementary].filter(Boolean).join(' ');
        if (d.name || d.iban) m.payer = { name: d.name, iban: d.iban ? normaliseIban(d.iban) : undefined };
        if (d.endToEnd) m.references.endToEnd = d.endToEnd;
        if (m.key.startsWith('h:')) {
          m.key = d.endToEnd ? `ref:${d.endToEnd}` : hashKey(m.bookingDate, m.amount, d.name, m.remittance);
        }
        this.last = undefined;
        this.flush();
        break;
      }
      case '62F':
      case '62M': {
        const b = balance(t);
        if (this.opening !== undefined && this.running !== undefined) {
          const expected = this.running;
          if (cmp(expected, b.amount) !== 0) {
            this.note(
              `${where}: the closing balance ${b.amount} is not the opening balance ${this.opening} plus the lines read (${expected}; difference ${sub(b.amount, expected)})`,
            );
          }
        }
        this.last = undefined;
        this.opening = t.tag === '62M' ? b.amount : undefined;
        this.running = this.opening;
        break;
      }
      default:
        // :21:, :28C:, :64:, :65:, :NS: … carry nothing a match uses.
        break;
    }
  }
}
