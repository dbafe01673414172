import BigJs from 'big.js';
import { ValidationError } from './validation-error.js';
import { FATTURAPA } from './fatturapa-schema.js';
import { t, type Message } from '../i18n/message.js';

// A private constructor, so no other code changing Big.DP or Big.RM globally can alter our rounding.
const Big = BigJs();
Big.RM = Big.roundHalfUp;
Big.DP = 20;
type Dec = InstanceType<typeof Big>;

const AMOUNT = /^-?\d+(\.\d{1,2})?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

const LINE = 'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee';
/** The e-invoice (FatturaPA) formats, read from the official schema (fatturapa-schema.ts): integer digits allowed before the decimal point, and decimals. */
export const LIMITS = {
  amountIntegerDigits: FATTURAPA['FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/ImportoTotaleDocumento'].integerDigits,
  priceIntegerDigits: FATTURAPA[`${LINE}/PrezzoUnitario`].integerDigits,
  quantityIntegerDigits: FATTURAPA[`${LINE}/Quantita`].integerDigits,
  decimals: FATTURAPA[`${LINE}/PrezzoUnitario`].maxDecimals,
} as const;

const PRICE = new RegExp(`^-?\\d+(\\.\\d{1,${LIMITS.decimals}})?$`);
const QUANTITY = new RegExp(`^\\d+(\\.\\d{1,${FATTURAPA[`${LINE}/Quantita`].maxDecimals}})?$`);

const AMOUNT_FORM = t`must be a decimal amount like 1234.50 (dot for decimals, no thousands separator)`;
const PRICE_FORM = t`must be a unit price like 150.00 or 0.125 (dot for decimals, at most 8 decimals, no thousands separator)`;
const QUANTITY_FORM = t`must be a positive quantity like 1, 1.5 or 0.25 (dot for decimals, at most 8 decimals)`;

export interface AmountOptions {
  allowNegative?: boolean;
  allowZero?: boolean;
}

function dec(x: string): Dec {
  if (typeof x !== 'string' || !DECIMAL.test(x)) {
    throw new TypeError(`not a decimal string: ${JSON.stringify(x)}`);
  }
  return new Big(x);
}

// big.js prints a negative value that rounds to zero as "-0.00".
function fixed(b: Dec, dp?: number): string {
  const s = dp === undefined ? b.toFixed() : b.toFixed(dp);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}

/** Exact result, padded to at least two decimals (never rounded). */
function exact(b: Dec): string {
  const s = fixed(b);
  const decimals = s.includes('.') ? s.length - s.indexOf('.') - 1 : 0;
  return decimals >= 2 ? s : fixed(b, 2);
}

function integerDigits(input: string): number {
  return input
    .replace(/^-/, '')
    .split('.')[0]
    .replace(/^0+(?=\d)/, '').length;
}

function checkIntegerDigits(input: string, field: string, max: number): void {
  if (integerDigits(input) > max)
    throw new ValidationError(field, t`has more than ${max} digits before the decimal point: the e-invoice format allows at most ${max}`);
}

function checkSign(b: Dec, field: string, opts: AmountOptions): void {
  if (b.lt(0) && !opts.allowNegative) throw new ValidationError(field, t`must not be negative`);
  if (b.eq(0) && !opts.allowZero) throw new ValidationError(field, t`must be greater than zero`);
}

/** A decimal string of the right form, integer digits and sign; `form` says what is expected. */
function parseBounded(input: string, field: string, pattern: RegExp, form: Message, maxIntegerDigits: number, opts: AmountOptions): Dec {
  if (typeof input !== 'string' || !pattern.test(input)) throw new ValidationError(field, form);
  checkIntegerDigits(input, field, maxIntegerDigits);
  const b = new Big(input);
  checkSign(b, field, opts);
  return b;
}

/** Parses a user-typed money amount (at most 11 integer digits, 2 decimals); returns it with exactly two decimals. */
export function parseAmount(input: string, field: string, opts: AmountOptions = {}): string {
  return fixed(parseBounded(input, field, AMOUNT, AMOUNT_FORM, LIMITS.amountIntegerDigits, opts), 2);
}

/**
 * Parses a unit price: up to 11 integer digits and 8 decimals (energy at 0.125 €/kWh is ordinary).
 * Returns it exactly, without trailing zeros past the second decimal (`0.12500` → `0.125`, `150` → `150.00`).
 */
export function parsePrice(input: string, field: string, opts: AmountOptions = {}): string {
  return exact(parseBounded(input, field, PRICE, PRICE_FORM, LIMITS.priceIntegerDigits, opts));
}

/** Parses a positive quantity (up to 12 integer digits and 8 decimals, as the SDI allows); returns it without trailing zeros. */
export function parseQuantity(input: string, field: string): string {
  if (typeof input !== 'string' || !QUANTITY.test(input)) {
    throw new ValidationError(field, QUANTITY_FORM);
  }
  checkIntegerDigits(input, field, LIMITS.quantityIntegerDigits);
  const b = new Big(input);
  if (b.eq(0)) throw new ValidationError(field, t`must be greater than zero`);
  return fixed(b);
}

/** A rate or percentage from 0 to 100 with at most 2 decimals; returns it without trailing zeros (`22.00` → `22`). */
export function parseRate(input: string, field: string, what: Message = t`a rate in percent`): string {
  const v = typeof input === 'string' ? input.trim() : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(v) || new Big(v).gt(100)) {
    throw new ValidationError(field, t`must be ${what} from 0 to 100 with at most 2 decimals, like 22 or 10.5`);
  }
  return fixed(new Big(v));
}

/**
 * What a person types at a prompt, in Italian or international notation, as a canonical decimal
 * string: `150,00` → `150.00`, `1.234,50` → `1234.50`, `1,234.50` → `1234.50`, `0,125` → `0.125`.
 * A value that reads differently in the two notations (`1.234`, `1,234`: a thousand, or one point
 * two three four?) is refused with the spellings that are not ambiguous.
 */
export function parseTypedDecimal(input: string, field: string): string {
  const v = (input ?? '').trim().replace(/\s+/g, '');
  const sign = v.startsWith('-') ? '-' : '';
  const body = sign ? v.slice(1) : v;
  const canonical = (text: string) => sign + text.replace(/^\./, '0.');
  const ambiguous = /^([1-9]\d{0,2})[.,](\d{3})$/.exec(body);
  if (ambiguous) {
    const [, int, frac] = ambiguous;
    const [thousands, grouped, whole, decimals] = [`${sign}${int}${frac}`, `${sign}${int}.${frac},00`, `${sign}${int}`, `${sign}${int},${frac}0`];
    throw new ValidationError(
      field,
      t`'${v}' is ambiguous: write ${thousands} (or ${grouped}) for ${thousands}, or ${decimals} for ${whole} and ${frac} thousandths`,
    );
  }
  if (/^\d+$/.test(body) || /^\d*\.\d+$/.test(body)) return canonical(body);
  if (/^\d*,\d+$/.test(body)) return canonical(body.replace(',', '.'));
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(body)) return canonical(body.replace(/\./g, '').replace(',', '.'));
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(body)) return canonical(body.replace(/,/g, ''));
  throw new ValidationError(field, t`must be a number like 150,00 or 150.00 (1.234,50 with a thousands separator)`);
}

/** A millionth of a cent: closer than this to a whole cent, an amount is that cent (binary-float noise). */
const NOISE = new Big('0.00000001');
/** A JSON number literal (the text of an amount sent as a string may be written so too). */
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A whole number of cents written plainly: no leading zero, no exponent, at most two decimals. */
const PLAIN_CENTS = /^(-?)(0|[1-9]\d*)(?:\.(\d{1,2}))?$/;
/** Longer than any amount (Number.MAX_VALUE is 309 digits): a text this long is not an amount. */
const MAX_AMOUNT_TEXT = 400;

/** An amount's exact decimal text: a number's shortest round-trip text, a big integer's digits, a string as written. */
function amountText(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not an amount: ${value}`);
    return String(value);
  }
  if (typeof value === 'string' && value.length <= MAX_AMOUNT_TEXT && NUMBER_TEXT.test(value)) return value;
  throw new TypeError(`not an amount: ${JSON.stringify(value)?.slice(0, 40)}`);
}

/**
 * The one decoding rule for an amount the service sent (src/api/amounts.ts), decided exactly on
 * its decimal text with big.js, never with float arithmetic:
 *
 * - within a millionth of a cent of a whole cent it IS that cent: `0.30000000000000004` → `"0.30"`,
 *   `1e2` → `"100.00"`, `-0` → `"0.00"`, `100.1000000001` → `"100.10"` (a service's float noise);
 * - real digits past the cent are kept exactly as sent, never rounded: `100.125` → `"100.125"`
 *   (isCentExact says no; what must compute with it sets that record apart);
 * - null and undefined stay null; anything else (`"12,50"`, `true`, `""`) is a TypeError: not an amount.
 *
 * A number's text is its shortest round-trip form (`String(n)`), so a literal with more significant
 * digits than a double holds (beyond 15) reaches fisco as JSON.parse read it.
 */
export function normalizeAmount(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = amountText(value);
  // Most amounts are whole cents already written plainly (`1234.50`, `12.5`, `7`): their text, padded.
  const plain = PLAIN_CENTS.exec(text);
  if (plain) {
    const [, sign, units, cents = ''] = plain;
    const zero = units === '0' && !/[1-9]/.test(cents);
    return `${zero ? '' : sign}${units}.${cents.padEnd(2, '0')}`;
  }
  const b = new Big(text);
  // `1e999` is a short text of a thousand digits: no amount is that large or that small.
  if (b.e > 308 || b.e < -MAX_AMOUNT_TEXT) throw new TypeError(`not an amount: ${String(value).slice(0, 40)}`);
  const cent = b.round(2);
  return b.minus(cent).abs().lte(NOISE) ? fixed(cent, 2) : exact(b);
}

/**
 * Is this decoded amount a whole number of cents (`"0.30"`, `"12"`, `"-5.5"`)? An amount the service
 * sent with real digits past the cent (`"100.125"`) is shown as sent and never rounded; whatever must
 * compute with it (paying it, matching a credit to it, a report's total) sets that one record apart
 * instead (src/api/amounts.ts decides what reaches a command).
 */
export function isCentExact(amount: string): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(amount) || /^-?\d+\.\d{2}0+$/.test(amount);
}

export function add(...xs: string[]): string {
  return exact(xs.reduce((acc, x) => acc.plus(dec(x)), new Big(0)));
}

export function sum(list: readonly string[]): string {
  return add(...list);
}

export function sub(a: string, b: string): string {
  return exact(dec(a).minus(dec(b)));
}

export function mul(a: string, b: string): string {
  return exact(dec(a).times(dec(b)));
}

/** Half-up (away from zero on a tie) to the cent. */
export function round2(x: string): string {
  return fixed(dec(x), 2);
}

export function cmp(a: string, b: string): -1 | 0 | 1 {
  return dec(a).cmp(dec(b)) as -1 | 0 | 1;
}

export function isZero(x: string): boolean {
  return dec(x).eq(0);
}

/** amount × rate / 100, half-up to the cent. */
export function percentOf(amount: string, rate: string): string {
  return fixed(dec(amount).times(dec(rate)).div(100), 2);
}

/** `amount × part / whole`, half-up to the cent; `whole` must not be zero. */
export function proportion(amount: string, part: string, whole: string): string {
  return fixed(dec(amount).times(dec(part)).div(dec(whole)), 2);
}

/**
 * Italian human format, exact: `1.234,50 €`; an amount with digits past the cent keeps them all
 * (`100.125` → `100,125 €`): a figure is never rounded for display.
 */
export function formatEuro(amount: string): string {
  const [int, cents] = exact(dec(amount)).split('.') as [string, string];
  const negative = int.startsWith('-');
  const digits = negative ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negative ? '-' : ''}${grouped},${cents} €`;
}

/** Decimal comma, no thousands separator: the Italian CSV dialect (`1234,50`). */
export function toItalianDecimal(value: string): string {
  dec(value);
  return value.replace('.', ',');
}
