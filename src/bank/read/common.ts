/**
 * What every statement reader shares: the error it throws, the text decoding, amounts and dates
 * read as strings (never through a float), IBANs and the movement keys of src/bank/types.ts.
 */
import { createHash } from 'node:crypto';
import { errorText, UsageError, WordedError } from '../../errors.js';
import type { Movement } from '../types.js';
import { joined, type Message, t, type Text } from '../../i18n/message.js';

/**
 * A statement file that cannot be read: exit 2 (nothing was sent). The message names the file, the
 * place (a line number or an element path) and what was expected there.
 */
export class StatementError extends UsageError {
  constructor(
    readonly file: string,
    readonly location: Text | undefined,
    readonly detail: Text,
    hints: Text[] = [],
  ) {
    super(joined(location ? [file, location, detail] : [file, detail], ': '), hints);
  }
}

export type TextEncodingName = 'utf-8' | 'latin1' | 'mixed' | 'utf-16le';

/**
 * The file's text: UTF-16 when it starts with that byte-order mark, else UTF-8 when the bytes are
 * valid UTF-8 (a BOM is dropped), else Latin-1 (read as windows-1252, the superset Italian banks'
 * "ANSI" exports really are), keeping any valid UTF-8 sequence among it as UTF-8: some banks mix
 * the two in one file ('mixed'). `forced` skips the detection.
 */
export function decodeText(bytes: Uint8Array, forced?: 'utf-8' | 'latin1'): { text: string; encoding: TextEncodingName } {
  if (forced === 'latin1') return { text: decodeLatin1(bytes), encoding: 'latin1' };
  if (!forced && bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    if (forced === 'utf-8') {
      // Asked for UTF-8 explicitly: say where the first bad byte is rather than guessing.
      const at = firstInvalidUtf8(bytes);
      throw new WordedError(t`the bytes are not valid UTF-8 (line ${lineOfByte(bytes, at)})`);
    }
    return decodeMixed(bytes);
  }
}

/** Length of the valid UTF-8 sequence starting at i, or 0. */
function utf8Length(b: Uint8Array, i: number): number {
  const c = b[i];
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c === 0xe0) return cont(1, 0xa0) && cont(2) ? 3 : 0;
  if ((c >= 0xe1 && c <= 0xec) || c === 0xee || c === 0xef) return cont(1) && cont(2) ? 3 : 0;
  if (c === 0xed) return cont(1, 0x80, 0x9f) && cont(2) ? 3 : 0;
  if (c === 0xf0) return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0;
  if (c >= 0xf1 && c <= 0xf3) return cont(1) && cont(2) && cont(3) ? 4 : 0;
  if (c === 0xf4) return cont(1, 0x80, 0x8f) && cont(2) && cont(3) ? 4 : 0;
  return 0;
}

/** Valid UTF-8 runs as UTF-8, every other byte as windows-1252. */
export function decodeMixed(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const utf8 = new TextDecoder('utf-8');
  const parts: string[] = [];
  let start = 0;
  let multibyte = false;
  for (let i = 0; i < bytes.length;) {
    const n = utf8Length(bytes, i);
    if (n > 0) {
      if (n > 1) multibyte = true;
      i += n;
      continue;
    }
    if (i > start) parts.push(utf8.decode(bytes.subarray(start, i)));
    parts.push(decodeLatin1(bytes.subarray(i, i + 1)));
    i++;
    start = i;
  }
  if (start < bytes.length) parts.push(utf8.decode(bytes.subarray(start)));
  return { text: parts.join(''), encoding: multibyte ? 'mixed' : 'latin1' };
}

/** windows-1252's characters at 0x80-0x9F (the five it leaves undefined stay the C1 controls of ISO-8859-1). */
const CP1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * windows-1252, the "Latin-1" of Italian banks' exports (0x80 is €). Done by hand: Node's TextDecoder
 * decodes every latin1/windows-1252 label as ISO-8859-1 on some versions.
 */
export function decodeLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252[c.charCodeAt(0) - 0x80]);
}

export function firstInvalidUtf8(bytes: Uint8Array): number {
  let lo = 0;
  let hi = bytes.length;
  // The longest valid prefix, by bisection on a non-fatal decode: good enough for a message.
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}

function lineOfByte(bytes: Uint8Array, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** 1-based line of a character offset in `text`. */
export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const AMOUNT_TEXT = /^(\d*)(?:[.,](\d*))?$/;

/**
 * An amount exactly as the statement wrote it, as a positive decimal string with two decimals:
 * `000000004377,96` -> "4377.96", `1220.1` -> "1220.10", `500` -> "500.00", `12,` -> "12.00", `.13` -> "0.13"
 * (XML Schema's decimal may omit the integer digits).
 * Digits past the second decimal are allowed only when they are zeros (`100.000`): a third
 * significant decimal is refused, never rounded. Throws a plain Error whose message says what is
 * wrong; the reader wraps it in a StatementError with the place.
 */
export function statementAmount(raw: string, options: { decimal?: ',' | '.' | 'either' } = {}): string {
  const text = raw.trim();
  const decimal = options.decimal ?? 'either';
  const m = AMOUNT_TEXT.exec(text);
  const separator = m && text.length > m[1].length ? text[m[1].length] : undefined;
  if (!m || !/\d/.test(text) || (separator && decimal !== 'either' && separator !== decimal)) {
    const form = decimal === ',' ? '1234,56' : decimal === '.' ? '1234.56' : t`1234.56 or 1234,56`;
    throw new WordedError(t`'${raw}' is not an amount: expected digits with at most 2 decimals, like ${form}`);
  }
  const integer = m[1].replace(/^0+(?=\d)/, '') || '0';
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) {
    throw new WordedError(t`'${raw}' has ${fraction.length} decimals: a statement amount has at most 2 (cents)`);
  }
  return `${integer}.${fraction.slice(0, 2).padEnd(2, '0')}`;
}

/** A calendar date from its parts, as YYYY-MM-DD, or undefined when there is no such day. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return undefined;
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1) return undefined;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A two-digit year of a bank file: 00-69 is 2000-2069, 70-99 is 1970-1999. */
export function fullYear(yy: number): number {
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

/** An ISO date (`2026-03-01`) or date-time (`2026-03-01T10:00:00+01:00`) as YYYY-MM-DD, or undefined. */
export function isoDate(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T|Z|[+-]\d{2}:\d{2}$)/.exec(text.trim());
  return m ? calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) : undefined;
}

/** An IBAN as fisco compares them: upper case, without spaces (or the dots and dashes some exports add). */
export function normaliseIban(iban: string): string {
  return iban.replace(/[\s.\-]/g, '').toUpperCase();
}

/** The length of an IBAN in each country of the ISO 13616 registry (an unknown country is checked by shape only). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/** True when `iban` (normalised or not) looks like an IBAN: two letters, two check digits, 10 to 30 letters and digits. */
export function looksLikeIban(iban: string): boolean {
  return IBAN_SHAPE.test(normaliseIban(iban));
}

/**
 * True when `iban` (normalised or not) has the IBAN shape, its country's length (when the country is
 * one of the registry's) and right ISO 7064 mod-97 check digits.
 */
export function isValidIban(iban: string): boolean {
  const v = normaliseIban(iban);
  if (!IBAN_SHAPE.test(v)) return false;
  const length = IBAN_LENGTHS[v.slice(0, 2)];
  if (length !== undefined && v.length !== length) return false;
  const moved = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rest === 1;
}

/** Why an IBAN-shaped account fails the IBAN check, in words for a message (undefined when it passes). */
export function ibanProblem(iban: string): Message | undefined {
  const v = normaliseIban(iban);
  if (isValidIban(v)) return undefined;
  if (!IBAN_SHAPE.test(v)) return t`is not an IBAN`;
  const length = IBAN_LENGTHS[v.slice(0, 2)];
  if (length !== undefined && v.length !== length) return t`has ${v.length} characters where an IBAN of ${v.slice(0, 2)} has ${length}`;
  return t`has wrong check digits (the IBAN mod-97 check fails): it is mistyped or made up`;
}

/**
 * An IBAN followed by its currency, as some banks write an account (`NL77INGB0574908765EUR`): the IBAN
 * when the country's length says where it ends; otherwise the text as given.
 */
export function ibanWithoutCurrency(text: string): string {
  const v = normaliseIban(text);
  const length = IBAN_LENGTHS[v.slice(0, 2)];
  return length !== undefined && v.length === length + 3 && /^[A-Z]{3}$/.test(v.slice(length)) ? v.slice(0, length) : v;
}

/** Collapses runs of white space and trims; undefined for an empty result. */
export function clean(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const v = text.replace(/\s+/g, ' ').trim();
  return v === '' ? undefined : v;
}

/**
 * The key fisco gave a movement without a usable reference before issue 27 ('h:' + a hash of date,
 * amount, payer and text). Kept only to recognise what journals of that version registered
 * (Movement.legacyKey); a movement's identity is now identityKey's.
 */
export function hashKey(date: string, amount: string, payer: string | undefined, remittance: string): string {
  return (
    'h:' +
    createHash('sha256')
      .update(`${date}|${amount}|${payer ?? ''}|${remittance}`)
      .digest('hex')
      .slice(0, 32)
  );
}

/**
 * References that stand for "no reference": a bank writes them where the field may not be empty
 * (MT940 `NONREF`, Rabobank `EREF`, camt `NOTPROVIDED`). Never an identity: every such movement
 * would be the same one.
 */
const PLACEHOLDERS = new Set(['NONREF', 'NOTPROVIDED', 'NOT PROVIDED', 'EREF', 'PREF', 'KREF', 'MREF', 'NONE', 'NULL', 'N/A', 'NA', 'NREF']);

/** The reference as written, or undefined when it is empty or a placeholder (NONREF, EREF, NOTPROVIDED, NONE, dashes, zeros). */
export function realReference(ref: string | undefined): string | undefined {
  if (ref === undefined) return undefined;
  const v = clean(ref);
  if (v === undefined || (v.length <= 12 && PLACEHOLDERS.has(v.toUpperCase())) || /^[-.0\s]*$/.test(v)) return undefined;
  return v;
}

/**
 * What a reader knows of a movement's identity: `unique` is a reference the bank makes unique (camt
 * AcctSvcrRef, the MT940 bank reference, a CSV's bank reference column), written with bankReference();
 * without one the identity is the movement's fingerprint. Never anything of the statement that lists
 * it (its date, its number, the movement's number within it): the same movement in another statement
 * (overlapping, re-sent, a day's file and the month's) is the same movement. `legacy` is the key of
 * the version before issue 27; `former` the key the version before this one gave a CBI movement (its
 * number with its statement's date), only to recognise what a journal of that version registered.
 */
export interface MovementIds {
  unique?: string;
  legacy: string;
  former?: string;
  /** The account as the statement names it when it gives no IBAN (an MT940 :25: account number), for the fingerprint. */
  account?: string;
}

/** What every format's reader hands on: each movement with what it knows of its identity. */
export type Emit = (movement: Movement, ids: MovementIds) => void;

/**
 * The bank's own unique reference of a movement: the account, the booking date and the reference
 * ('bank:ACCOUNT/DATE/REF'). The movement's identity adds its direction and amount (withFacts): a bank
 * that gives one reference to two movements of a day (the cmxl MT940 file: a debit of 800.00
 * and a credit of 3,000.00, both `//55555`) keeps them apart whatever statement lists either. Alone, it
 * is the key the version before gave the movement (Movement.formerKey, to read its journals).
 */
export function bankReference(account: string | undefined, bookingDate: string, reference: string): string {
  return `bank:${short(account ?? '')}/${bookingDate}/${short(reference)}`;
}

/** The identity of a movement by its bank reference: the reference with its direction (R for a reversal) and amount: 'bank:ACCOUNT/DATE/REF/C1220.00'. */
export function withFacts(reference: string, m: Pick<Movement, 'direction' | 'reversal' | 'amount'>): string {
  return `${reference}/${m.reversal ? 'R' : ''}${m.direction === 'credit' ? 'C' : 'D'}${m.amount}`;
}

/** A part of an identity as written, or, past 80 characters (a CSV column of long texts), a hash of it: a plan keeps keys of at most 300. */
function short(text: string): string {
  return text.length <= 80 ? text : `#${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/**
 * The key the version before gave a CBI movement: its number (1..N in each statement) with the
 * account and the statement's date. Not an identity any more (the same movement listed by a statement
 * of another day had another key, and was proposed again): kept only to recognise what journals of
 * that version registered (Movement.formerKey, src/bank/legacy.ts).
 */
export function formerCbiKey(account: string | undefined, statementDate: string, number: string): string {
  return `cbi:${short(account ?? '')}/${statementDate}/${short(number)}`;
}

/**
 * The identity of a movement without a unique reference: 'fp:' + its booking date + a hash of its
 * account, dates, amount, currency, direction, counterparty and text. Identical movements of one day
 * get the same fingerprint: the reader numbers them (~2, ~3) in the order of the file.
 */
export function fingerprint(m: Movement, account: string | undefined): string {
  const parts = [
    account ?? m.accountIban ?? '',
    m.bookingDate,
    m.valueDate ?? '',
    m.amount,
    m.currency,
    m.direction,
    m.reversal ? 'R' : '',
    m.payer?.name ?? '',
    m.payer?.iban ?? '',
    m.remittance,
  ];
  return `fp:${m.bookingDate}/${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24)}`;
}

/** Wraps a plain Error from a helper (an amount, a date) into a StatementError at `location`. */
export function at<T>(file: string, location: Text, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof StatementError) throw error;
    throw new StatementError(file, location, errorText(error));
  }
}
