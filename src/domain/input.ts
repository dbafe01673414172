/**
 * What a person types — on a flag, at a prompt, in a file meant for people — read in one place:
 * dates as `YYYY-MM-DD` or Italian `dd/mm/yyyy`, amounts as `1234.50`, `1234,50`, `1.234,50` or
 * `1,234.50`. Every input is normalised here before any other rule runs, so a problem is reported
 * the same way whichever form was typed. Pure: no CLI imports.
 */
import { assertDate, assertMonth } from './dates.js';
import { add, parseAmount, toItalianDecimal, type AmountOptions } from './money.js';
import { ValidationError } from './validation-error.js';
import { t, type Message } from '../i18n/message.js';

const AMOUNT_FORMS: Message = t`like 1234.50, 1234,50 or 1.234,50 (at most two decimals)`;

/**
 * A money amount as a person writes it, returned as "1234.50". A dot and exactly three digits
 * after it, alone (`1.234`), reads as a thousand to an Italian and as three decimals in English:
 * guessing is how money is lost, so it is refused with the spellings that say which. A comma and
 * three digits (`100,505`) is the Italian decimal comma with one decimal too many: refused, naming
 * the two amounts in cents it lies between (`100,50` or `100,51`), never a thousand times more.
 */
export function parseAmountInput(input: string, field: string, opts: AmountOptions = {}): string {
  const v = String(input ?? '')
    .trim()
    .replace(/[\s\u00a0€]+/g, '');
  const sign = v.startsWith('-') ? '-' : '';
  const body = sign ? v.slice(1) : v;
  if (body === '') throw new ValidationError(field, t`is empty: write an amount ${AMOUNT_FORMS}`);
  const threeDecimals = /^(\d{1,3}),(\d{3})$/.exec(body);
  if (threeDecimals) {
    const [, whole, digits] = threeDecimals as unknown as [string, string, string];
    const below = `${sign}${whole},${digits.slice(0, 2)}`;
    const above = toItalianDecimal(add(`${sign}${whole}.${digits.slice(0, 2)}`, sign ? '-0.01' : '0.01'));
    const choice = digits.endsWith('0') ? below : t`${below} or ${above}`;
    throw new ValidationError(field, t`'${v}' has three decimals: an amount has at most two (${choice}?)`);
  }
  const ambiguous = /^([1-9]\d{0,2})\.(\d{3})$/.exec(body);
  if (ambiguous) {
    const whole = `${sign}${ambiguous[1]}${ambiguous[2]}`;
    const grouped = `${sign}${ambiguous[1]}.${ambiguous[2]},00`;
    throw new ValidationError(field, t`'${v}' is ambiguous: write ${whole} or ${grouped} for ${whole} euro (an amount has at most two decimals)`);
  }
  let canonical: string | undefined;
  if (/^\d+$/.test(body) || /^\d*\.\d+$/.test(body)) canonical = body;
  else if (/^\d*,\d+$/.test(body)) canonical = body.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(body)) canonical = body.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(body)) canonical = body.replace(/,/g, '');
  if (canonical === undefined) throw new ValidationError(field, t`'${v}' is not an amount: write it ${AMOUNT_FORMS}`);
  canonical = canonical.replace(/^\./, '0.');
  const decimals = canonical.includes('.') ? canonical.length - canonical.indexOf('.') - 1 : 0;
  if (decimals > 2) throw new ValidationError(field, t`'${v}' has ${decimals} decimals: an amount has at most two (${AMOUNT_FORMS})`);
  return parseAmount(sign + canonical, field, opts);
}

const ITALIAN_DATE = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;

/** A calendar date as `YYYY-MM-DD` or `dd/mm/yyyy` (also `d/m/yyyy`, `dd.mm.yyyy`), returned as YYYY-MM-DD. */
export function parseDateInput(input: string, field: string): string {
  const v = String(input ?? '').trim();
  const italian = ITALIAN_DATE.exec(v);
  if (italian) {
    const iso = `${italian[3]}-${italian[2].padStart(2, '0')}-${italian[1].padStart(2, '0')}`;
    try {
      return assertDate(iso, field);
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError(field, t`${v} is not a calendar date (write dd/mm/yyyy or YYYY-MM-DD)`);
      throw error;
    }
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    try {
      return assertDate(v, field);
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError(field, t`${v} is not a calendar date (write YYYY-MM-DD or dd/mm/yyyy)`);
      throw error;
    }
  }
  throw new ValidationError(field, t`must be a date written YYYY-MM-DD or dd/mm/yyyy, e.g. 2026-11-24 or 24/11/2026`);
}

/** A month as `YYYY-MM` or Italian `mm/yyyy` (also `m/yyyy`), returned as YYYY-MM. */
export function parseMonthInput(input: string, field: string): string {
  const v = String(input ?? '').trim();
  const italian = /^(\d{1,2})[/.](\d{4})$/.exec(v);
  try {
    return assertMonth(italian ? `${italian[2]}-${italian[1]!.padStart(2, '0')}` : v, field);
  } catch (error) {
    if (error instanceof ValidationError) throw new ValidationError(field, t`must be a month written YYYY-MM or mm/yyyy, e.g. 2026-11 or 11/2026`);
    throw error;
  }
}
