/**
 * What every statement reader shares: the error it throws, the text decoding, amounts and dates
 * read as strings (never through a float), IBANs and the movement keys of src/bank/types.ts.
 */
import { createHash } from 'node:crypto';
import { UsageError } from '../../errors.js';
import type { Movement } from '../types.js';

/**
 * A statement file that cannot be read: exit 2 (nothing was sent). The message names the file, the
 * place (a line number or an element path) and what was expected there.
 */
export class StatementError extends UsageError {
  constructor(
    readonly file: string,
    readonly location: string | undefined,
    readonly detail: string,
    hints: string[] = [],
  ) {
    super(location ? `${file}: ${location}: ${detail}` : `${file}: ${detail}`, hints);
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
      throw new RangeError(`the bytes are not valid UTF-8 (line ${lineOfByte(bytes, at)})`);
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

const AMOUNT_TEXT = /^(\d+)(?:[.,](\d*))?$/;

/**
 * An amount exactly as the statement wrote it, as a positive decimal string with two decimals:
 * `000000004377,96` -> "4377.96", `1220.1` -> "1220.10", `500` -> "500.00", `12,` -> "12.00".
 * Digits past the second decimal are allowed only when they are zeros (`100.000`): a third
 * significant decimal is refused, never rounded. Throws a plain Error whose message says what is
 * wrong; the reader wraps it in a StatementError with the place.
 */
export function statementAmount(raw: string, options: { decimal?: ',' | '.' | 'either' } = {}): string {
  const text = raw.trim();
  const decimal = options.decimal ?? 'either';
  const m = AMOUNT_TEXT.exec(text);
  const separator = m && text.length > m[1].length ? text[m[1].length] : undefined;
  if (!m || (separator && decimal !== 'either' && separator !== decimal)) {
    const form = decimal === ',' ? '1234,56' : decimal === '.' ? '1234.56' : '1234.56 or 1234,56';
    throw new Error(`'${raw}' is not an amount: expected digits with at most 2 decimals, like ${form}`);
  }
  const integer = m[1].replace(/^0+(?=\d)/, '');
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) {
    throw new Error(`'${raw}' has ${fraction.length} decimals: a statement amount has at most 2 (cents)`);
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

/** True when `iban` (normalised or not) has the IBAN shape and its ISO 7064 mod-97 check digits are right. */
export function isValidIban(iban: string): boolean {
  const v = normaliseIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(v)) return false;
  const moved = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) rest = (rest * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rest === 1;
}

/** Collapses runs of white space and trims; undefined for an empty result. */
export function clean(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const v = text.replace(/\s+/g, ' ').trim();
  return v === '' ? undefined : v;
}

/** The 'h:' key of a movement the bank gave no reference for (src/bank/types.ts). */
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
 * Makes every key of one statement unique, in file order: a second movement with the same key
 * (two identical transfers on one day without a bank reference) gets '#2', the third '#3'... Re-reading
 * the same or an overlapping statement gives the same keys, so the journal still recognises them.
 */
export function uniqueKeys(movements: Movement[], notes: string[]): void {
  const seen = new Map<string, number>();
  let repeated = 0;
  for (const m of movements) {
    const n = (seen.get(m.key) ?? 0) + 1;
    seen.set(m.key, n);
    if (n > 1) {
      m.key = `${m.key}~${n}`;
      repeated++;
    }
  }
  if (repeated > 0) {
    notes.push(`${repeated} movement(s) repeat the reference or the date, amount, payer and text of an earlier one: each is kept as a movement of its own`);
  }
}

/** Wraps a plain Error from a helper (an amount, a date) into a StatementError at `location`. */
export function at<T>(file: string, location: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof StatementError) throw error;
    throw new StatementError(file, location, error instanceof Error ? error.message : String(error));
  }
}
