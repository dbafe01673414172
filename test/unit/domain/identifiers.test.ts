import { describe, it, expect } from 'vitest';
import {
  PROVINCES,
  assertCap,
  assertCodiceFiscale,
  assertCountry,
  assertEmail,
  assertPartitaIva,
  assertProvince,
  assertSdiCode,
  assertVatId,
  codiceFiscaleCheckChar,
  isCodiceFiscale,
  isForeignVatId,
  isPartitaIva,
} from '../../../src/domain/identifiers.js';
import { detail } from './refusal.js';

const PIVA_FORMAT = 'must be a partita IVA: 11 digits, with or without the IT prefix';
const PIVA_CHECK = 'check digit is wrong: not a valid partita IVA (look for a typo)';

describe('partita IVA', () => {
  it.each([
    ['00743110157', '00743110157'],
    ['IT00743110157', '00743110157'],
    ['it00743110157', '00743110157'],
    ['  IT 00743110157 ', '00743110157'],
    ['12345678903', '12345678903'], // 1+4+3+8+5+3+7+7+9+0 = 47: check (10 - 7) % 10 = 3
    ['01234567897', '01234567897'],
  ])('accepts %j as %s', (input, out) => {
    expect(assertPartitaIva(input, 'piva')).toBe(out);
    expect(isPartitaIva(input)).toBe(true);
  });

  it.each(['00743110158', 'IT00743110158', '12345678901'])('refuses %s for its check digit', (input) => {
    expect(detail(() => assertPartitaIva(input, 'piva'))).toBe(PIVA_CHECK);
    expect(isPartitaIva(input)).toBe(false);
  });

  it.each(['0074311015', '007431101570', '0074311015A', 'IT', '', 'FR00743110157', 'IT-00743110157'])('refuses %j for its format', (input) => {
    expect(detail(() => assertPartitaIva(input, 'piva'))).toBe(PIVA_FORMAT);
    expect(isPartitaIva(input)).toBe(false);
  });

  it('says which field is wrong', () => {
    expect(() => assertPartitaIva('123', 'cliente.piva')).toThrow(`cliente.piva: ${PIVA_FORMAT}`);
  });
});

describe('foreign VAT ids', () => {
  it.each(['DE123456789', 'FRXX999999999', 'ATU12345678', 'el123456789', 'ESX1234567X'])('%s is foreign', (input) => {
    expect(isForeignVatId(input)).toBe(true);
  });

  it.each(['IT00743110157', '00743110157', 'DE', 'D1234567', ''])('%j is not foreign', (input) => {
    expect(isForeignVatId(input)).toBe(false);
  });

  it('assertVatId returns a foreign id as given and checks an Italian one', () => {
    expect(assertVatId(' DE123456789 ', 'piva')).toBe('DE123456789');
    expect(assertVatId('IT00743110157', 'piva')).toBe('00743110157');
    expect(detail(() => assertVatId('IT00743110158', 'piva'))).toBe(PIVA_CHECK);
  });
});

describe('codice fiscale', () => {
  // Check characters worked out by hand from the official odd/even tables, e.g. for RSSMRA85T10A562:
  // odd positions R S R 8 T 0 5 2 → 8+12+8+19+14+1+13+5 = 80; even S M A 5 1 A 6 → 18+12+0+5+1+0+6 = 42;
  // 122 mod 26 = 18 → S.
  it.each([
    ['RSSMRA85T10A562', 'S'],
    ['MRTMTT91D08F205', 'J'],
    ['RSSMRA85T10A56N', 'H'], // omocodia: the last digit of A562 (2) written as N
    ['RSSMRAURTMLARSN', 'L'], // omocodia on all seven positions
  ])('check character of %s is %s', (first15, check) => {
    expect(codiceFiscaleCheckChar(first15)).toBe(check);
  });

  it.each([
    ['RSSMRA85T10A562S', 'RSSMRA85T10A562S'],
    ['rssmra85t10a562s', 'RSSMRA85T10A562S'],
    [' RSSMRA85T10A562S ', 'RSSMRA85T10A562S'],
    ['MRTMTT91D08F205J', 'MRTMTT91D08F205J'],
    ['RSSMRA85T10A56NH', 'RSSMRA85T10A56NH'],
    ['RSSMRAURTMLARSNL', 'RSSMRAURTMLARSNL'],
    ['00743110157', '00743110157'],
  ])('accepts %j', (input, out) => {
    expect(assertCodiceFiscale(input, 'cf')).toBe(out);
    expect(isCodiceFiscale(input)).toBe(true);
  });

  it.each(['RSSMRA85T10A562T', 'RSSMRA85T10A56NS', 'MRTMTT91D08F205K'])('refuses %s for its check character', (input) => {
    expect(detail(() => assertCodiceFiscale(input, 'cf'))).toBe('check character is wrong: not a valid codice fiscale (look for a typo)');
    expect(isCodiceFiscale(input)).toBe(false);
  });

  it('refuses a company code with a wrong check digit', () => {
    expect(detail(() => assertCodiceFiscale('00743110158', 'cf'))).toBe('check digit is wrong: not a valid codice fiscale (look for a typo)');
  });

  it.each([
    'RSSMRA85T10A562', // 15 characters
    'RSSMRA85T10A562SX',
    'RSSMR185T10A562S', // digit among the name letters
    'RSSMRA85F10A562S', // F is not a month letter
    'RSSMRA85T1WA562S', // W is not an omocodia letter
    'RSSMRAA5T10A562S', // A is not an omocodia letter
    'RSSMRA85T10156200', // municipality must start with a letter
    'RSSMRA85T10A5621', // the check character is a letter
    '0074311015',
    '',
  ])('refuses %j for its format', (input) => {
    expect(detail(() => assertCodiceFiscale(input, 'cf'))).toBe(
      'must be a codice fiscale: 16 letters and digits like RSSMRA85T10A562S, or 11 digits for a company',
    );
    expect(isCodiceFiscale(input)).toBe(false);
  });
});

describe('SDI recipient code', () => {
  it('accepts 7 characters for a business and uppercases', () => {
    expect(assertSdiCode('m5uxcr1', 'sdi', { pa: false })).toBe('M5UXCR1');
    expect(assertSdiCode('0000000', 'sdi', { pa: false })).toBe('0000000');
    expect(assertSdiCode('xxxxxxx', 'sdi')).toBe('XXXXXXX');
  });

  it('accepts 6 characters for a public administration office', () => {
    expect(assertSdiCode('uf1ab2', 'sdi', { pa: true })).toBe('UF1AB2');
    expect(assertSdiCode('UF1AB2', 'sdi')).toBe('UF1AB2');
  });

  it('refuses the wrong length for the kind of recipient', () => {
    expect(detail(() => assertSdiCode('UF1AB2', 'sdi', { pa: false }))).toBe(
      'must be an SDI recipient code: 7 letters or digits (0000000 for delivery by PEC, XXXXXXX for a foreign client)',
    );
    expect(detail(() => assertSdiCode('M5UXCR1', 'sdi', { pa: true }))).toBe(
      'must be an SDI recipient code: 6 letters or digits (public administration office code)',
    );
  });

  it.each(['M5UXC', 'M5UXCR12', 'M5U-CR1', 'M5U CR1', ''])('refuses %j', (input) => {
    expect(detail(() => assertSdiCode(input, 'sdi'))).toBe('must be an SDI recipient code: 7 letters or digits (6 for a public administration office)');
  });
});

describe('CAP, province, e-mail, country', () => {
  it('CAP is 5 digits', () => {
    expect(assertCap(' 20121 ', 'cap')).toBe('20121');
    for (const bad of ['2012', '201211', '2012A', '']) {
      expect(detail(() => assertCap(bad, 'cap'))).toBe('must be a CAP (postal code) of 5 digits, e.g. 20121');
    }
  });

  it('knows all 107 provinces and metropolitan cities', () => {
    expect(PROVINCES.size).toBe(107);
    expect(assertProvince('mi', 'province')).toBe('MI');
    expect(assertProvince('SU', 'province')).toBe('SU');
    expect(assertProvince('EE', 'province')).toBe('EE');
  });

  it.each(['XX', 'M', 'MIL', 'FO', 'PS', ''])('refuses province %j', (input) => {
    // FO and PS are the old Forlì and Pesaro codes, replaced by FC and PU.
    expect(detail(() => assertProvince(input, 'province'))).toBe('must be an Italian province code like MI or RM (EE for abroad)');
  });

  it('e-mail: a sane shape', () => {
    expect(assertEmail(' fatture@pec.example.it ', 'pec')).toBe('fatture@pec.example.it');
    for (const bad of ['fatture', 'a@b', 'a b@c.it', '@c.it', 'a@.it', 'a@c.', 'a@@c.it', `${'a'.repeat(250)}@c.it`]) {
      expect(detail(() => assertEmail(bad, 'pec'))).toBe('must be an e-mail address like nome@example.it');
    }
  });

  it('country: two letters, uppercased', () => {
    expect(assertCountry('it', 'country')).toBe('IT');
    expect(assertCountry('DE', 'country')).toBe('DE');
    for (const bad of ['ITA', 'I', '1T', '']) {
      expect(detail(() => assertCountry(bad, 'country'))).toBe('must be a two-letter country code like IT or DE');
    }
  });
});
