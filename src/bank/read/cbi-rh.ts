/**
 * CBI "rendicontazione" (RH) fixed-width text, as Italian banks send it through CBI (CBI-RND-001).
 * Every record is 120 characters: a blank, the record type, then fields at fixed positions.
 *
 *   RH  header           4-8 sender ABI, 9-13 receiver SIA, 14-19 creation date DDMMYY, 20-39 name
 *   61  opening balance  4-10 statement number, 52 CIN, 53-57 ABI, 58-62 CAB, 63-74 account,
 *                        75-77 currency, 78-83 date, 84 sign C/D, 85-99 balance, 100-101 country,
 *                        102-103 IBAN check digits (the IBAN is country+check+CIN+ABI+CAB+account)
 *   62  movement         4-10 statement number, 11-13 movement number, 14-19 value date DDMMYY,
 *                        20-25 booking date DDMMYY, 26 sign C/D, 27-41 amount (`000000004377,96`),
 *                        42-43 CBI reason code, 44-45 bank's own reason, 46-61 cheque number,
 *                        62-77 bank reference, 78-86 customer reference type, 87-120 description
 *   63  details          4-10, 11-13 as the 62 they belong to, 14-16 kind, then:
 *                        YYY 17-24 order date, 25-40 payer's tax code, 41-80 payer's name, 81-120 town
 *                        YY2 17-66 payer's address, 67-100 payer's IBAN
 *                        ID1 17-51 message id, 52-86 end-to-end id
 *                        RI1 17-120 remittance text; RI2 17-52 more remittance text
 *                        ZZ2 17-120 foreign payer; ZZ3 17-66 beneficiary, 67-120 payment reason
 *                        anything else: free text from 14
 *   64  closing balance  4-10, 11-13 currency, 14-19 date, 20 sign, 21-35 balance
 *   65  future balances; EF end of file (46-52 statements, 83-89 records)
 *
 * A movement whose description says STORNO is read as a reversal. A movement's identity is its number
 * (62, 11-13) within its statement: the account, the statement's date (61, 78-83) and number (4-10).
 */
import { add, cmp, sub } from '../../domain/money.js';
import type { Movement, ClosingBalance } from '../types.js';
import { type Emit, StatementError, at, calendarDate, clean, formerCbiKey, fullYear, hashKey, statementAmount } from './common.js';
import { type Message, money, t, type Text } from '../../i18n/message.js';
import { WordedError } from '../../errors.js';

export const CBI_RECORD_LENGTH = 120;

/** Quick look at the content: the first record is a CBI RH header. */
export function looksLikeCbiRh(text: string): boolean {
  return /^\uFEFF?\s?RH[0-9A-Z ]{5}/.test(text);
}

/** Positions are 1-based and inclusive, as in the CBI documents. */
function field(line: string, from: number, to: number): string {
  return line.slice(from - 1, to);
}

function ddmmyy(file: string, location: Text, raw: string, what: Message): string {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(raw);
  const date = m ? calendarDate(fullYear(Number(m[3])), Number(m[2]), Number(m[1])) : undefined;
  if (!date) throw new StatementError(file, location, t`'${raw}' is not a ${what}: expected DDMMYY`);
  return date;
}

/**
 * A CBI amount: 15 characters, the integer digits, a comma and two decimals (`000000004377,96`).
 * Without the comma the cents could not be told from the euros: refused, never guessed.
 */
function cbiAmount(raw: string): string {
  if (/^\s*\d+$/.test(raw)) throw new WordedError(t`'${raw}' has no decimal comma: expected 15 characters like 000000004377,96`);
  return statementAmount(raw, { decimal: ',' });
}

function sign(file: string, location: Text, raw: string): 'credit' | 'debit' {
  if (raw === 'C') return 'credit';
  if (raw === 'D') return 'debit';
  throw new StatementError(file, location, t`'${raw}' is not a sign: expected C (credit) or D (debit)`);
}

interface Pending {
  movement: Movement;
  texts: string[];
  line: number;
  /** The statement and movement numbers (62, 4-10 and 11-13). */
  number: string;
}

interface Account {
  number: string;
  /** The account as the 61 record writes it: its IBAN, else CIN ABI CAB and account number. */
  id: string;
  /** The statement's date (61, 78-83). */
  date: string;
  iban?: string;
  currency: string;
  opening: string;
  /** The opening balance plus the movements read so far, for the closing balance's check. */
  running: string;
  line: number;
}

/**
 * CBI RH read record by record: `line()` takes each line as it arrives (1-based number), movements
 * are emitted when their last detail record (63) has been read. Throws StatementError at the line.
 */
export class CbiRhReader {
  readonly format = 'cbi-rh' as const;
  readonly ibans: string[] = [];
  readonly closings: ClosingBalance[] = [];
  /** The statements read (61 records). */
  statements = 0;
  private account: Account | undefined;
  private pending: Pending | undefined;
  private ended = false;
  private flowStart = 1;
  private lines = 0;
  /** Blank lines not yet known to be the file's trailing ones. */
  private blanks: number[] = [];

  constructor(
    private readonly file: string,
    private readonly emit: Emit,
    private readonly note: (text: Text) => void,
  ) {}

  private flush(): void {
    const pending = this.pending;
    if (!pending) return;
    const m = pending.movement;
    m.remittance = pending.texts.join(' ');
    const account = this.account!;
    account.running = add(account.running, m.direction === 'credit' ? m.amount : `-${m.amount}`);
    this.pending = undefined;
    const bank = m.references.bank;
    // No unique reference: the 62 record's numbers count the movements of their statement, and its
    // bank reference is not unique either (a statement of another day may list the movement again):
    // the identity is the movement's fingerprint (the account, its dates, amount, payer and text).
    this.emit(m, {
      legacy: bank ? `ref:${bank}` : hashKey(m.bookingDate, m.amount, m.payer?.name, m.remittance),
      former: formerCbiKey(account.id, account.date, pending.number),
      account: account.id,
    });
  }

  line(raw: string, n: number): void {
    this.lines = n;
    // Empty lines at the end of the file are dropped; one in the middle is a record of the wrong length.
    if (raw === '' && n > 1) {
      this.blanks.push(n);
      return;
    }
    const blanks = this.blanks;
    this.blanks = [];
    for (const b of blanks) this.record('', b);
    this.record(n === 1 ? raw.replace(/^\uFEFF/, '') : raw, n);
  }

  end(): void {
    this.flush();
    if (!this.ended) {
      throw new StatementError(
        this.file,
        t`line ${this.lines - this.blanks.length + 1}`,
        t`the file ends without its EF record: the statement looks truncated`,
      );
    }
  }

  private record(line: string, n: number): void {
    const file = this.file;
    const where = t`line ${n}`;
    const type = field(line, 2, 3);
    if (this.ended) {
      if (line.trim() === '') return;
      // Some banks send several flows (RH … EF) in one file.
      if (type !== 'RH') throw new StatementError(file, where, t`a record after EF: expected the end of the file (or a new RH header)`);
    }
    if (line.length !== CBI_RECORD_LENGTH) {
      throw new StatementError(
        file,
        where,
        t`record ${JSON.stringify(type.trim() || line.slice(0, 3))} is ${line.length} characters long: every CBI record is ${CBI_RECORD_LENGTH} (a blank, the record type, the fields)`,
      );
    }
    if (line[0] !== ' ') throw new StatementError(file, t`${where}, column 1`, t`expected a blank before the record type, found '${line[0]}'`);
    if (n === 1 && type !== 'RH') throw new StatementError(file, where, t`expected the RH header record first, found '${type}'`);

    switch (type) {
      case 'RH':
        if (n !== 1 && !this.ended) throw new StatementError(file, where, t`an RH header inside a flow: expected RH only at the start of the file or after EF`);
        this.ended = false;
        this.flowStart = n;
        break;
      case '61':
        this.account61(line, n);
        break;
      case '62':
        this.movement62(line, n);
        break;
      case '63':
        this.detail63(line, n);
        break;
      case '64':
        this.closing64(line, n);
        break;
      case '65':
        this.flush();
        break;
      case 'EF': {
        this.flush();
        const count = field(line, 83, 89);
        const inFlow = n - this.flowStart + 1;
        if (/^\d{7}$/.test(count) && Number(count) !== inFlow) {
          this.note(t`line ${n}: the EF record counts ${Number(count)} records, the flow has ${inFlow}`);
        }
        this.ended = true;
        break;
      }
      default:
        throw new StatementError(file, t`${where}, columns 2-3`, t`'${type}' is not a CBI statement record: expected RH, 61, 62, 63, 64, 65 or EF`);
    }
  }

  /** 61: a statement's opening balance and its account. */
  private account61(line: string, n: number): void {
    const file = this.file;
    const where = t`line ${n}`;
    this.flush();
    const country = field(line, 100, 101);
    const check = field(line, 102, 103);
    const bban = field(line, 52, 52) + field(line, 53, 57) + field(line, 58, 62) + field(line, 63, 74);
    const iban = /^[A-Z]{2}$/.test(country) && /^\d{2}$/.test(check) && /^[A-Z]\d{10}[0-9A-Z]{12}$/.test(bban) ? `${country}${check}${bban}` : undefined;
    const currency = field(line, 75, 77).trim() || 'EUR';
    const opening = at(file, t`${where}, columns 85-99 (opening balance)`, () => cbiAmount(field(line, 85, 99)));
    const openingSign = sign(file, t`${where}, column 84`, field(line, 84, 84));
    this.statements++;
    this.account = {
      number: field(line, 4, 10),
      id: iban ?? bban.replace(/\s+/g, ''),
      date: ddmmyy(file, t`${where}, columns 78-83 (date)`, field(line, 78, 83), t`date`),
      iban,
      currency: currency === 'EUR' || currency === '' ? 'EUR' : currency,
      opening: openingSign === 'debit' ? `-${opening}` : opening,
      running: openingSign === 'debit' ? `-${opening}` : opening,
      line: n,
    };
    if (iban && !this.ibans.includes(iban)) this.ibans.push(iban);
  }

  /** 62: a movement, held until its last 63 record. */
  private movement62(line: string, n: number): void {
    const file = this.file;
    const where = t`line ${n}`;
    this.flush();
    if (!this.account) throw new StatementError(file, where, t`a movement (62) before its account record (61)`);
    const valueDate = ddmmyy(file, t`${where}, columns 14-19 (value date)`, field(line, 14, 19), t`value date`);
    const bookingDate = ddmmyy(file, t`${where}, columns 20-25 (booking date)`, field(line, 20, 25), t`booking date`);
    const direction = sign(file, t`${where}, column 26`, field(line, 26, 26));
    const amount = at(file, t`${where}, columns 27-41 (amount)`, () => cbiAmount(field(line, 27, 41)));
    const bankRef = clean(field(line, 62, 77));
    const description = clean(field(line, 87, 120));
    this.pending = {
      line: n,
      number: `${field(line, 4, 10)}/${field(line, 11, 13)}`,
      texts: description ? [description] : [],
      movement: {
        key: '',
        source: { file, format: 'cbi-rh', location: String(where) },
        accountIban: this.account.iban,
        bookingDate,
        valueDate,
        amount,
        currency: this.account.currency,
        direction,
        reversal: /\bSTORNO\b/i.test(description ?? ''),
        remittance: '',
        references: { bank: bankRef },
      },
    };
  }

  /** 63: the details of the movement before it. */
  private detail63(line: string, n: number): void {
    const file = this.file;
    const where = t`line ${n}`;
    if (!this.pending) throw new StatementError(file, where, t`a detail record (63) without the movement (62) it belongs to`);
    const kind = field(line, 14, 16);
    const m = this.pending.movement;
    if (kind === 'YYY') {
      const name = clean(field(line, 41, 80));
      if (name) m.payer = { ...m.payer, name };
    } else if (kind === 'YY2') {
      const ibanText = clean(field(line, 67, 100));
      if (ibanText) m.payer = { ...m.payer, iban: ibanText.replace(/\s/g, '').toUpperCase() };
    } else if (kind === 'ID1') {
      const e2e = clean(field(line, 52, 86));
      if (e2e && e2e.toUpperCase() !== 'NOTPROVIDED') m.references.endToEnd = e2e;
    } else if (kind === 'RI1' || kind === 'RI2') {
      const t = clean(field(line, 17, kind === 'RI1' ? 120 : 52));
      if (t) this.pending.texts.push(t);
    } else if (kind === 'ZZ2') {
      const name = clean(field(line, 17, 120));
      if (name && !m.payer?.name) m.payer = { ...m.payer, name };
    } else if (kind === 'ZZ3') {
      const t = clean(field(line, 67, 120));
      if (t) this.pending.texts.push(t);
    } else if (kind === 'KKK' || kind === 'ZZ1') {
      // Cash pooling coordinates, foreign amounts: nothing a match uses.
    } else {
      const t = clean(field(line, 14, 120));
      if (t) this.pending.texts.push(t);
    }
  }

  /** 64: the closing balance, checked against the opening one plus the movements read. */
  private closing64(line: string, n: number): void {
    const file = this.file;
    const where = t`line ${n}`;
    this.flush();
    if (!this.account) throw new StatementError(file, where, t`a closing balance (64) before its account record (61)`);
    const closing = at(file, t`${where}, columns 21-35 (closing balance)`, () => cbiAmount(field(line, 21, 35)));
    const closingSign = sign(file, t`${where}, column 20`, field(line, 20, 20));
    const expected = this.account.running;
    const stated = closingSign === 'debit' ? `-${closing}` : closing;
    // Its date (columns 14-19, DDMMYY): a balance without a readable one is not offered as a closing balance.
    const d = /^(\d{2})(\d{2})(\d{2})$/.exec(field(line, 14, 19));
    const date = d ? calendarDate(fullYear(Number(d[3])), Number(d[2]), Number(d[1])) : undefined;
    const currency = field(line, 11, 13).trim();
    if (date)
      this.closings.push({
        amount: cmp(stated, '0') === 0 ? '0.00' : stated,
        currency: currency === '' ? this.account.currency : currency,
        date,
        ...(this.account.iban ? { iban: this.account.iban } : {}),
      });
    if (cmp(expected, stated) !== 0) {
      this.note(
        t`line ${n}: the closing balance ${money(stated)} is not the opening balance ${money(this.account.opening)} plus the movements read (${money(expected)}; difference ${money(sub(stated, expected))}): some movements may be missing from the file`,
      );
    }
    this.account = undefined;
  }
}
