import { describe, expect, it } from 'vitest';
import { parseAmountInput, parseDateInput } from '../../../src/domain/input.js';

describe('parseAmountInput: the one reader of typed amounts', () => {
  it.each([
    ['1234.50', '1234.50'],
    ['1234,50', '1234.50'],
    ['1.234,50', '1234.50'],
    ['1,234.50', '1234.50'],
    ['1.234.567,8', '1234567.80'],
    ['1234', '1234.00'],
    [' 150,5 ', '150.50'],
    ['€ 99,90', '99.90'],
    ['0,01', '0.01'],
    [',5', '0.50'],
  ])('%s -> %s', (input, expected) => {
    expect(parseAmountInput(input, 'amount')).toBe(expected);
  });

  it('refuses a three-digit group after the only separator, with spellings that are not ambiguous', () => {
    expect(() => parseAmountInput('1.234', 'amount')).toThrow(
      "amount: '1.234' is ambiguous: write 1234 or 1.234,00 for 1234 euro (an amount has at most two decimals)",
    );
  });

  it('a comma and three digits is the decimal comma with a decimal too many: it names the two amounts in cents, never a thousand times more', () => {
    expect(() => parseAmountInput('100,505', 'amount')).toThrow("amount: '100,505' has three decimals: an amount has at most two (100,50 or 100,51?)");
    expect(() => parseAmountInput('1,234', 'amount')).toThrow("'1,234' has three decimals: an amount has at most two (1,23 or 1,24?)");
    expect(() => parseAmountInput('99,999', 'amount')).toThrow('(99,99 or 100,00?)');
    expect(() => parseAmountInput('12,500', 'amount')).toThrow('(12,50?)');
    expect(() => parseAmountInput('-0,015', 'amount', { allowNegative: true })).toThrow('(-0,01 or -0,02?)');
    for (const input of ['100,505', '1,234']) {
      let message = '';
      try {
        parseAmountInput(input, 'amount');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).not.toMatch(/100505|100\.505|1234|1\.234/);
    }
  });

  it('refuses more than two decimals, naming how many', () => {
    expect(() => parseAmountInput('0.125', 'amount')).toThrow("amount: '0.125' has 3 decimals: an amount has at most two");
    // A dot and three digits may also be a thousands group: ambiguous, refused either way.
    expect(() => parseAmountInput('100.125', 'amount')).toThrow("'100.125' is ambiguous");
    expect(() => parseAmountInput('0,1234', 'amount')).toThrow('has 4 decimals');
  });

  it('refuses what is not an amount, and zero or negative unless allowed', () => {
    expect(() => parseAmountInput('12a', 'x')).toThrow("x: '12a' is not an amount");
    expect(() => parseAmountInput('', 'x')).toThrow('x: is empty');
    expect(() => parseAmountInput('0', 'x')).toThrow('x: must be greater than zero');
    expect(parseAmountInput('0,00', 'x', { allowZero: true })).toBe('0.00');
    expect(() => parseAmountInput('-5', 'x')).toThrow('must not be negative');
    expect(parseAmountInput('-1.234,50', 'x', { allowNegative: true })).toBe('-1234.50');
  });

  it('keeps the e-invoice limit of 11 integer digits', () => {
    expect(parseAmountInput('99999999999,99', 'x')).toBe('99999999999.99');
    expect(() => parseAmountInput('999999999999', 'x')).toThrow('more than 11 digits');
  });
});

describe('parseDateInput: the one reader of typed dates', () => {
  it.each([
    ['2026-11-24', '2026-11-24'],
    ['24/11/2026', '2026-11-24'],
    ['4/1/2027', '2027-01-04'],
    ['24.11.2026', '2026-11-24'],
    ['29/02/2028', '2028-02-29'],
  ])('%s -> %s', (input, expected) => {
    expect(parseDateInput(input, 'date')).toBe(expected);
  });

  it('refuses what is not a calendar date, naming both accepted forms', () => {
    expect(() => parseDateInput('31/02/2026', 'date')).toThrow('date: 31/02/2026 is not a calendar date (write dd/mm/yyyy or YYYY-MM-DD)');
    expect(() => parseDateInput('2026-02-30', 'date')).toThrow('date: 2026-02-30 is not a calendar date');
    expect(() => parseDateInput('11/24/26', 'date')).toThrow('date: must be a date written YYYY-MM-DD or dd/mm/yyyy');
    expect(() => parseDateInput('tomorrow', 'date')).toThrow('must be a date written');
  });
});
