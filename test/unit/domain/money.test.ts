import { describe, it, expect } from 'vitest';
import Big from 'big.js';
import fc from 'fast-check';
import {
  add,
  cmp,
  formatEuro,
  isZero,
  mul,
  normalizeAmount,
  parseAmount,
  parsePrice,
  parseQuantity,
  parseRate,
  parseTypedDecimal,
  percentOf,
  proportion,
  round2,
  sub,
  sum,
  toItalianDecimal,
} from '../../../src/domain/money.js';
import { detail, refusal } from './refusal.js';

const FORM = 'must be a decimal amount like 1234.50 (dot for decimals, no thousands separator)';

describe('ValidationError', () => {
  it('names the field and the rule in its message', () => {
    const e = refusal(() => parseAmount('1,5', 'articoli[2].prezzo'));
    expect(e.field).toBe('articoli[2].prezzo');
    expect(String(e.detail)).toBe(FORM);
    expect(e.message).toBe(`articoli[2].prezzo: ${FORM}`);
    expect(e.name).toBe('ValidationError');
  });
});

describe('parseAmount', () => {
  it.each([
    ['1234', '1234.00'],
    ['1234.5', '1234.50'],
    ['1234.50', '1234.50'],
    ['0.99', '0.99'],
    ['007.10', '7.10'],
  ])('accepts %s as %s', (input, out) => {
    expect(parseAmount(input, 'x')).toBe(out);
  });

  it.each(['1.234,56', '1,5', '1e3', '12.345', '', ' ', '12 ', ' 12', '1 234', 'NaN', '+1', '1,234.56', '1.', '.5', '€12', 'Infinity'])(
    'refuses %j naming the accepted form',
    (input) => {
      expect(refusal(() => parseAmount(input, 'prezzo')).message).toBe(`prezzo: ${FORM}`);
    },
  );

  it('refuses negatives unless allowed', () => {
    expect(String(refusal(() => parseAmount('-5', 'a')).detail)).toBe('must not be negative');
    expect(parseAmount('-5', 'a', { allowNegative: true })).toBe('-5.00');
    expect(parseAmount('-0.5', 'a', { allowNegative: true })).toBe('-0.50');
  });

  it('refuses zero unless allowed', () => {
    expect(String(refusal(() => parseAmount('0', 'a')).detail)).toBe('must be greater than zero');
    expect(String(refusal(() => parseAmount('0.00', 'a')).detail)).toBe('must be greater than zero');
    expect(parseAmount('0', 'a', { allowZero: true })).toBe('0.00');
    expect(parseAmount('-0', 'a', { allowZero: true, allowNegative: true })).toBe('0.00');
  });
});

describe('parseQuantity', () => {
  it.each([
    ['1', '1'],
    ['1.5', '1.5'],
    ['0.25', '0.25'],
    ['2.50', '2.5'],
    ['0.00000001', '0.00000001'],
    ['12.12345678', '12.12345678'],
  ])('accepts %s as %s', (input, out) => {
    expect(parseQuantity(input, 'q')).toBe(out);
  });

  it.each(['0.123456789', '1,5', '-1', '1e2', '', 'abc', '+2'])('refuses %j', (input) => {
    expect(refusal(() => parseQuantity(input, 'articoli[0].quantita')).message).toBe(
      'articoli[0].quantita: must be a positive quantity like 1, 1.5 or 0.25 (dot for decimals, at most 8 decimals)',
    );
  });

  it('refuses zero', () => {
    expect(String(refusal(() => parseQuantity('0.0', 'q')).detail)).toBe('must be greater than zero');
  });
});

describe('normalizeAmount', () => {
  it.each<[unknown, string | null]>([
    [1220.5, '1220.50'],
    [100, '100.00'],
    [0.1, '0.10'],
    [0, '0.00'],
    [-12.3, '-12.30'],
    ['1220.5', '1220.50'],
    ['1220.50', '1220.50'],
    ['-3', '-3.00'],
    [null, null],
    [undefined, null],
  ])('%j → %j', (value, out) => {
    expect(normalizeAmount(value)).toBe(out);
  });

  it('goes through the shortest string form: float noise is the cent, real digits are kept', () => {
    // 0.1 + 0.2 is 0.30000000000000004: within a millionth of a cent of 0.30, so it is 0.30.
    expect(normalizeAmount(0.1 + 0.2)).toBe('0.30');
    // 1.005's shortest form is "1.005": a real third decimal, kept exactly, never rounded.
    expect(normalizeAmount(1.005)).toBe('1.005');
    expect(normalizeAmount(1e21)).toBe('1000000000000000000000.00');
  });

  it('reads plainly written whole cents as big.js reads them (the short path of the common amount)', () => {
    // The rule on big.js alone, as normalizeAmount applied it to every amount before its short path.
    const byBig = (text: string): string => {
      const b = new Big(text);
      const cent = b.round(2);
      const out = b.minus(cent).abs().lte('0.00000001') ? cent.toFixed(2) : b.toFixed();
      const plain = /^-0(\.0*)?$/.test(out) ? out.slice(1) : out;
      return plain.includes('.') && plain.length - plain.indexOf('.') - 1 >= 2 ? plain : new Big(plain).toFixed(2);
    };
    const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
    const text = fc
      .tuple(fc.constantFrom('', '-'), digits(1, 18), fc.option(digits(0, 4), { nil: undefined }))
      .map(([sign, units, cents]) => `${sign}${units}${cents === undefined ? '' : `.${cents}`}`)
      .filter((t) => !t.endsWith('.'));
    fc.assert(
      fc.property(text, (t) => {
        expect(normalizeAmount(t)).toBe(byBig(t));
      }),
      { numRuns: 5000 },
    );
    for (const t of ['-0', '-0.00', '-0.0', '0.00', '-0.01', '007.5', '1e2', '12.345', '-12.340']) expect(normalizeAmount(t)).toBe(byBig(t));
  });

  it.each<unknown>([NaN, Infinity, '', 'abc', '1,5', '1.234,56', true, {}, [], '12 '])('throws TypeError on %j', (value) => {
    expect(() => normalizeAmount(value)).toThrow(TypeError);
  });
});

describe('arithmetic', () => {
  it('adds exactly, keeping at least two decimals', () => {
    expect(add('0.10', '0.20')).toBe('0.30');
    expect(add('1.5', '2')).toBe('3.50');
    expect(add()).toBe('0.00');
    expect(add('100.00', '22.00', '-0.01')).toBe('121.99');
    expect(sum(['0.1', '0.1', '0.1'])).toBe('0.30');
  });

  it('subtracts', () => {
    expect(sub('1220.00', '1000.01')).toBe('219.99');
    expect(sub('1', '1')).toBe('0.00');
    expect(sub('1', '2.5')).toBe('-1.50');
  });

  it('multiplies without rounding', () => {
    expect(mul('1.5', '3')).toBe('4.50');
    expect(mul('0.333', '3')).toBe('0.999');
    expect(mul('2.5', '10.25')).toBe('25.625');
    expect(mul('0.00000001', '0.01')).toBe('0.0000000001');
  });

  it('rounds half-up to the cent, away from zero on a tie', () => {
    expect(round2('25.625')).toBe('25.63');
    expect(round2('25.624999')).toBe('25.62');
    expect(round2('2.255')).toBe('2.26');
    expect(round2('-2.255')).toBe('-2.26');
    expect(round2('-0.004')).toBe('0.00');
    expect(round2('7')).toBe('7.00');
  });

  it('compares', () => {
    expect(cmp('1.00', '1')).toBe(0);
    expect(cmp('1.01', '1')).toBe(1);
    expect(cmp('-1', '0')).toBe(-1);
    expect(isZero('0.00')).toBe(true);
    expect(isZero('-0')).toBe(true);
    expect(isZero('0.01')).toBe(false);
  });

  it('refuses what is not a decimal string', () => {
    expect(() => add('1,5')).toThrow(TypeError);
    expect(() => cmp('1e3', '1')).toThrow(TypeError);
    expect(() => round2('')).toThrow(TypeError);
  });
});

describe('percentOf', () => {
  it('gets the VAT cent that floats lose', () => {
    expect(((10.25 * 22) / 100).toFixed(2)).toBe('2.25'); // the float answer, wrong
    expect(percentOf('10.25', '22')).toBe('2.26');
  });

  it.each([
    ['100.00', '22', '22.00'],
    ['1000.00', '10', '100.00'],
    ['0.02', '22', '0.00'], // 0.0044
    ['0.03', '22', '0.01'], // 0.0066
    ['12.50', '4', '0.50'],
    ['19.90', '5', '1.00'], // 0.995
    ['0.00', '22', '0.00'],
  ])('%s × %s%% = %s', (amount, rate, out) => {
    expect(percentOf(amount, rate)).toBe(out);
  });

  it('proportion rounds amount × part / whole half-up', () => {
    expect(proportion('10.00', '1', '3')).toBe('3.33');
    expect(proportion('10.00', '2', '3')).toBe('6.67');
    expect(proportion('0.01', '1', '2')).toBe('0.01');
  });
});

describe('Italian formats', () => {
  it.each([
    ['1234.50', '1.234,50 €'],
    ['0.5', '0,50 €'],
    ['999', '999,00 €'],
    ['1000', '1.000,00 €'],
    ['1234567.891', '1.234.567,891 €'],
    ['-1234.50', '-1.234,50 €'],
    ['-0.001', '-0,001 €'],
    ['100.125', '100,125 €'],
    ['-0.00', '0,00 €'],
  ])('formatEuro(%s) = %s', (amount, out) => {
    expect(formatEuro(amount)).toBe(out);
  });

  it('toItalianDecimal swaps the dot for a comma and adds no separators', () => {
    expect(toItalianDecimal('1234.50')).toBe('1234,50');
    expect(toItalianDecimal('-1234567.89')).toBe('-1234567,89');
    expect(toItalianDecimal('12')).toBe('12');
    expect(() => toItalianDecimal('1.234,50')).toThrow(TypeError);
  });
});

describe('e-invoice number limits', () => {
  it('parsePrice keeps up to 8 decimals exactly and at least 2', () => {
    expect(parsePrice('0.125', 'prezzo')).toBe('0.125');
    expect(parsePrice('0.12500000', 'prezzo')).toBe('0.125');
    expect(parsePrice('150', 'prezzo')).toBe('150.00');
    expect(parsePrice('0.00000001', 'prezzo')).toBe('0.00000001');
    expect(parsePrice('99999999999.99999999', 'prezzo')).toBe('99999999999.99999999');
    expect(detail(() => parsePrice('0.123456789', 'prezzo'))).toMatch(/at most 8 decimals/);
    expect(detail(() => parsePrice('100000000000', 'prezzo'))).toBe('has more than 11 digits before the decimal point: the e-invoice format allows at most 11');
  });

  it('parseAmount allows 11 integer digits and 2 decimals', () => {
    expect(parseAmount('99999999999.99', 'amount')).toBe('99999999999.99');
    expect(parseAmount('00000000000012.50', 'amount')).toBe('12.50');
    expect(detail(() => parseAmount('100000000000.00', 'amount'))).toMatch(/more than 11 digits/);
    expect(detail(() => parseAmount('1.005', 'amount'))).toMatch(/decimal amount like 1234\.50/);
  });

  it('parseQuantity allows 12 integer digits and 8 decimals', () => {
    expect(parseQuantity('999999999999.12345678', 'q')).toBe('999999999999.12345678');
    expect(detail(() => parseQuantity('1000000000000', 'q'))).toMatch(/more than 12 digits/);
    expect(detail(() => parseQuantity('1.123456789', 'q'))).toMatch(/at most 8 decimals/);
  });

  it('parseRate takes 0 to 100 with 2 decimals', () => {
    expect(parseRate('22.00', 'iva')).toBe('22');
    expect(parseRate('100', 'iva')).toBe('100');
    expect(() => parseRate('100.01', 'iva')).toThrow(/from 0 to 100/);
    expect(() => parseRate('10.125', 'iva')).toThrow(/from 0 to 100/);
  });
});

describe('parseTypedDecimal: what people type at a prompt', () => {
  it.each([
    ['150,00', '150.00'],
    ['150.00', '150.00'],
    ['1.234,50', '1234.50'],
    ['1,234.50', '1234.50'],
    ['1.234.567', '1234567'],
    ['0,125', '0.125'],
    ['0.125', '0.125'],
    ['1234,567', '1234.567'],
    [',5', '0.5'],
    ['  12  ', '12'],
    ['-3,5', '-3.5'],
  ])('%j is %s', (input, out) => {
    expect(parseTypedDecimal(input, 'prezzo')).toBe(out);
  });

  it.each(['1.234', '1,234', '12.500', '999,000'])('%j reads two ways: refused, naming the unambiguous spellings', (input) => {
    expect(detail(() => parseTypedDecimal(input, 'prezzo'))).toMatch(
      /is ambiguous: write \d+ \(or \d+\.\d{3},00\) for \d+, or \d+,\d{4} for \d+ and \d{3} thousandths/,
    );
  });

  it('the hint of an ambiguous 1.234 names spellings that read back as what they say', () => {
    const hint = detail(() => parseTypedDecimal('1.234', 'prezzo'));
    expect(hint).toContain('write 1234 (or 1.234,00) for 1234, or 1,2340 for 1 and 234 thousandths');
    for (const spelling of ['1234', '1.234,00']) expect(parseTypedDecimal(spelling, 'prezzo')).toMatch(/^1234(\.00)?$/);
    expect(parseTypedDecimal('1,2340', 'prezzo')).toBe('1.2340');
  });

  it.each(['', 'abc', '1,2,3', '1.2.3', '1..2', '€5', '1e3'])('%j is refused', (input) => {
    expect(detail(() => parseTypedDecimal(input, 'prezzo'))).toMatch(/must be a number like 150,00/);
  });
});
