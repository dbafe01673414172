import { ValidationError } from './validation-error.js';
import { t } from '../i18n/message.js';

const compact = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

/** Check digit of an 11-digit partita IVA / company codice fiscale, over its first 10 digits. */
export function partitaIvaCheckDigit(first10: string): number {
  let total = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(first10[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return (10 - (total % 10)) % 10;
}

function assertElevenDigits(digits: string, field: string, what: 'partita IVA' | 'codice fiscale'): string {
  if (partitaIvaCheckDigit(digits) !== Number(digits[10])) {
    throw new ValidationError(
      field,
      what === 'partita IVA'
        ? t`check digit is wrong: not a valid partita IVA (look for a typo)`
        : t`check digit is wrong: not a valid codice fiscale (look for a typo)`,
    );
  }
  return digits;
}

export function isPartitaIva(input: string): boolean {
  const v = compact(input).replace(/^IT/, '');
  return /^\d{11}$/.test(v) && partitaIvaCheckDigit(v) === Number(v[10]);
}

/** Italian VAT number, with or without `IT`; returns the 11 digits. */
export function assertPartitaIva(input: string, field: string): string {
  const v = compact(input).replace(/^IT/, '');
  if (!/^\d{11}$/.test(v)) {
    throw new ValidationError(field, t`must be a partita IVA: 11 digits, with or without the IT prefix`);
  }
  return assertElevenDigits(v, field, 'partita IVA');
}

/** A VAT id with a two-letter country prefix other than IT (e.g. DE123456789): not ours to check. */
export function isForeignVatId(input: string): boolean {
  const v = compact(input);
  return /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(v) && !v.startsWith('IT');
}

/** A client's VAT id: a foreign one is returned as given (trimmed); an Italian one is checked. */
export function assertVatId(input: string, field: string): string {
  return isForeignVatId(input) ? input.trim() : assertPartitaIva(input, field);
}

// Official tables: value of each character at odd (1st, 3rd, …) and even positions.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const charIndex = (c: string): number => (c >= '0' && c <= '9' ? Number(c) : c.charCodeAt(0) - 65);

export function codiceFiscaleCheckChar(first15: string): string {
  let total = 0;
  for (let i = 0; i < 15; i++) {
    const n = charIndex(first15[i]);
    total += i % 2 === 0 ? ODD_VALUES[n] : n;
  }
  return String.fromCharCode(65 + (total % 26));
}

// Digits at positions 6, 7, 9, 10, 12, 13, 14 may be replaced by L…V (omocodia).
const D = '[0-9LMNPQRSTUV]';
const PERSONAL_CF = new RegExp(`^[A-Z]{6}${D}{2}[ABCDEHLMPRST]${D}{2}[A-Z]${D}{3}[A-Z]$`);

export function isCodiceFiscale(input: string): boolean {
  const v = compact(input);
  if (/^\d{11}$/.test(v)) return isPartitaIva(v);
  return PERSONAL_CF.test(v) && codiceFiscaleCheckChar(v) === v[15];
}

/** A 16-character personal codice fiscale (omocodia accepted) or an 11-digit company one; returns it uppercased. */
export function assertCodiceFiscale(input: string, field: string): string {
  const v = compact(input);
  if (/^\d{11}$/.test(v)) return assertElevenDigits(v, field, 'codice fiscale');
  if (!PERSONAL_CF.test(v)) {
    throw new ValidationError(field, t`must be a codice fiscale: 16 letters and digits like RSSMRA85T10A562S, or 11 digits for a company`);
  }
  if (codiceFiscaleCheckChar(v) !== v[15]) {
    throw new ValidationError(field, t`check character is wrong: not a valid codice fiscale (look for a typo)`);
  }
  return v;
}

export const SDI_BY_PEC = '0000000';
export const SDI_FOREIGN = 'XXXXXXX';

/** SDI recipient code: 7 characters for businesses, 6 for public administration; either when `pa` is not said. */
export function assertSdiCode(input: string, field: string, opts: { pa?: boolean } = {}): string {
  const v = input.trim().toUpperCase();
  const lengths = opts.pa === undefined ? [6, 7] : opts.pa ? [6] : [7];
  if (!/^[A-Z0-9]+$/.test(v) || !lengths.includes(v.length)) {
    const expected =
      opts.pa === undefined
        ? t`7 letters or digits (6 for a public administration office)`
        : opts.pa
          ? t`6 letters or digits (public administration office code)`
          : t`7 letters or digits (${SDI_BY_PEC} for delivery by PEC, ${SDI_FOREIGN} for a foreign client)`;
    throw new ValidationError(field, t`must be an SDI recipient code: ${expected}`);
  }
  return v;
}

export function assertCap(input: string, field: string): string {
  const v = input.trim();
  if (!/^\d{5}$/.test(v)) throw new ValidationError(field, t`must be a CAP (postal code) of 5 digits, e.g. 20121`);
  return v;
}

// Sigle of the 107 Italian provinces and metropolitan cities.
export const PROVINCES: ReadonlySet<string> = new Set(
  (
    'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CL CN CO CR CS CT CZ ' +
    'EN FC FE FG FI FM FR GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO NU ' +
    'OR PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO SP SR SS SU SV ' +
    'TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VT VV'
  ).split(' '),
);
export const PROVINCE_ABROAD = 'EE';

export function assertProvince(input: string, field: string): string {
  const v = input.trim().toUpperCase();
  if (!PROVINCES.has(v) && v !== PROVINCE_ABROAD) {
    throw new ValidationError(field, t`must be an Italian province code like MI or RM (${PROVINCE_ABROAD} for abroad)`);
  }
  return v;
}

export function assertEmail(input: string, field: string): string {
  const v = input.trim();
  if (v.length > 254 || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v)) {
    throw new ValidationError(field, t`must be an e-mail address like nome@example.it`);
  }
  return v;
}

/** RFC 5322 atext: what a local part's dot-atoms are made of. */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/**
 * Exactly one mailbox as an SMTP envelope takes it (RFC 5321 `Mailbox`, the dot-string form):
 * `local@domain`, the local part dot-atoms of ASCII atext (at most 64), the domain two or more
 * LDH labels ending in a letter label (at most 255). No display name, no list, no comment, no
 * quoted local part, no address literal: `a@pec.it, evil@attacker.it`, `Studio Rossi` and
 * `<a@b.it>` are not one address.
 */
export function isMailbox(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at <= 0 || text.length > 254) return false;
  const [local, domain] = [text.slice(0, at), text.slice(at + 1)];
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  return domain.length <= 255 && labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /^[A-Za-z]{2,63}$/.test(labels.at(-1)!);
}

export function assertCountry(input: string, field: string): string {
  const v = input.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(v)) throw new ValidationError(field, t`must be a two-letter country code like IT or DE`);
  return v;
}
