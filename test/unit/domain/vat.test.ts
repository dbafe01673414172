import { describe, it, expect } from 'vitest';
import { NATURE_CODES, assertNatura, assertVatRate, isOrdinaryRate, vatNatureProblem } from '../../../src/domain/vat.js';
import { SCHEMA_NATURE_CODES } from '../../../src/domain/nature-codes.js';
import { detail } from './refusal.js';

describe('assertVatRate', () => {
  it.each([
    ['22', '22'],
    ['22.0', '22'],
    ['22.00', '22'],
    ['10', '10'],
    ['5', '5'],
    ['4.0', '4'],
    ['0', '0'],
    ['0.00', '0'],
    [' 22 ', '22'],
    // Special regimes use other rates: accepted (the preview warns), as the contract allows.
    ['21', '21'],
    ['6.4', '6.4'],
    ['7.30', '7.3'],
    ['0.22', '0.22'],
    ['100', '100'],
  ])('accepts %j as %s', (input, out) => {
    expect(assertVatRate(input, 'articoli[0].iva')).toBe(out);
  });

  it('tells the ordinary rates from the others', () => {
    expect(['22', '10', '5', '4', '0'].every(isOrdinaryRate)).toBe(true);
    expect(isOrdinaryRate('6.4')).toBe(false);
  });

  it.each(['100.01', '101', '-22', '22%', '22.000', '', 'ventidue', '1e1', '1000'])('refuses %j: 0 to 100 with 2 decimals, the e-invoice format', (input) => {
    expect(detail(() => assertVatRate(input, 'articoli[0].iva'))).toBe('must be a VAT rate in percent from 0 to 100 with at most 2 decimals, like 22 or 10.5');
  });
});

describe('assertNatura', () => {
  it('knows the 21 current codes', () => {
    expect(NATURE_CODES).toHaveLength(21);
    for (const code of NATURE_CODES) expect(assertNatura(code, 'natura')).toBe(code);
  });

  it('takes them from the official schema, less the generic N2, N3 and N6 the SDI refuses', () => {
    expect(SCHEMA_NATURE_CODES.filter((c) => !(NATURE_CODES as readonly string[]).includes(c))).toEqual(['N2', 'N3', 'N6']);
    expect(NATURE_CODES).toEqual(SCHEMA_NATURE_CODES.filter((c) => !/^N[236]$/.test(c)));
    expect(detail(() => assertNatura('N3', 'natura'))).toMatch(/^must be a VAT nature code: N1, N2\.1, N2\.2, N3\.1, .*, N7$/);
  });

  it('uppercases and trims', () => {
    expect(assertNatura(' n2.2 ', 'natura')).toBe('N2.2');
  });

  it.each(['N2', 'N3', 'N6', 'N3.7', 'N6.10', 'N8', 'N0', '', 'esente'])('refuses %j', (input) => {
    // N2, N3 and N6 without a sub-code were retired in 2021.
    expect(detail(() => assertNatura(input, 'natura'))).toMatch(/^must be a VAT nature code: N1, N2\.1, .*, N7$/);
  });
});

describe('vatNatureProblem', () => {
  it('a 0% line needs a nature code', () => {
    expect(vatNatureProblem('0', null)).toBe('missing');
    expect(vatNatureProblem('0', undefined)).toBe('missing');
    expect(vatNatureProblem('0', '')).toBe('missing');
    expect(vatNatureProblem('0', 'N2.2')).toBeNull();
  });

  it('a non-zero rate forbids one', () => {
    expect(vatNatureProblem('22', 'N4')).toBe('forbidden');
    expect(vatNatureProblem('4', 'N1')).toBe('forbidden');
    expect(vatNatureProblem('22', null)).toBeNull();
  });
});
