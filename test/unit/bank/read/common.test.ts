import { describe, expect, it } from 'vitest';
import { decodeText, hashKey, isValidIban, normaliseIban, statementAmount } from '../../../../src/bank/read/index.js';

describe('statementAmount', () => {
  it('normalises the written amount to two decimals with string operations only', () => {
    expect(statementAmount('000000004377,96')).toBe('4377.96');
    expect(statementAmount('1220.1')).toBe('1220.10');
    expect(statementAmount('000123')).toBe('123.00');
    expect(statementAmount('0')).toBe('0.00');
    expect(statementAmount('12,')).toBe('12.00');
    expect(statementAmount(' 7.00 ')).toBe('7.00');
    expect(statementAmount('123456789012345678.99')).toBe('123456789012345678.99'); // no float on the way
  });

  it('refuses three significant decimals and malformed text, and a separator the format does not use', () => {
    expect(() => statementAmount('1.005')).toThrow("'1.005' has 3 decimals: a statement amount has at most 2 (cents)");
    expect(() => statementAmount('1,2,3')).toThrow("'1,2,3' is not an amount: expected digits with at most 2 decimals, like 1234.56 or 1234,56");
    expect(() => statementAmount('')).toThrow("'' is not an amount");
    expect(() => statementAmount('1e3')).toThrow("'1e3' is not an amount");
    expect(() => statementAmount('12.50', { decimal: ',' })).toThrow("'12.50' is not an amount: expected digits with at most 2 decimals, like 1234,56");
    expect(() => statementAmount('12,50', { decimal: '.' })).toThrow('like 1234.56');
  });
});

describe('IBANs', () => {
  it('normalises spaces, dots, dashes and case', () => {
    expect(normaliseIban(' it60 x054 2811 1010 0000 0123 456 ')).toBe('IT60X0542811101000000123456');
    expect(normaliseIban('IT60-X054.2811')).toBe('IT60X0542811');
  });

  it('checks the mod-97 check digits', () => {
    expect(isValidIban('IT60 X054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
    expect(isValidIban('IT60X05428')).toBe(false);
  });
});

describe('decodeText', () => {
  it('reads UTF-8 (dropping a BOM), else Latin-1, and UTF-16 with its BOM', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x63, 0x61, 0x66, 0x66, 0xc3, 0xa8]))).toEqual({ text: 'caffè', encoding: 'utf-8' });
    expect(decodeText(new Uint8Array([0x63, 0x61, 0x66, 0x66, 0xe8]))).toEqual({ text: 'caffè', encoding: 'latin1' });
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0xe8, 0x00]))).toEqual({ text: 'aè', encoding: 'utf-16le' });
    expect(decodeText(new Uint8Array([0x80]), 'latin1').text).toBe('€'); // windows-1252, as Italian "ANSI" exports are
    expect(decodeText(new Uint8Array([0x80, 0x31, 0x30])).text).toBe('€10');
  });

  it('reads a file mixing UTF-8 and Latin-1 bytes, each as written', () => {
    // "Società" in UTF-8, then "caffè" in Latin-1, in one file.
    const mixed = new Uint8Array([...Buffer.from('Società ', 'utf8'), ...Buffer.from('caffè', 'latin1')]);
    expect(decodeText(mixed)).toEqual({ text: 'Società caffè', encoding: 'mixed' });
  });
});

describe('hashKey', () => {
  it('is stable and depends on date, amount, payer and text', () => {
    const k = hashKey('2026-03-04', '10.00', 'Rossi', 'FT 1/2026');
    expect(k).toMatch(/^h:[0-9a-f]{32}$/);
    expect(hashKey('2026-03-04', '10.00', 'Rossi', 'FT 1/2026')).toBe(k);
    expect(hashKey('2026-03-04', '10.01', 'Rossi', 'FT 1/2026')).not.toBe(k);
    expect(hashKey('2026-03-04', '10.00', undefined, 'FT 1/2026')).not.toBe(k);
  });
});
