import { describe, expect, it } from 'vitest';
import { findInvoiceReferences, findVatNumbers, nameSimilarity, normaliseInvoiceNumber, normaliseName, normaliseVat } from '../../../src/bank/remittance.js';

const refs = (text: string) => findInvoiceReferences(text).map((r) => `${r.prefix ? `${r.prefix} ` : ''}${r.seq}/${r.year ?? '?'}`);

describe('findInvoiceReferences', () => {
  it.each([
    ['Saldo fatt. n. 12/2026', ['12/2026']],
    ['FT 12/2026', ['12/2026']],
    ['FATTURA NR 12/2026 DEL MESE', ['12/2026']],
    ['rif. 2026/12', ['12/2026']],
    ['rif. 2026/00012', ['12/2026']],
    ['fattura 2024/2026', ['2024/2026']],
    ['pagamento n.12', ['12/?']],
    ['vs fattura numero 00012/26', ['12/2026']],
    ['FT.12-2026', ['12/2026']],
    ['saldo fatture 12 / 2026', ['12/2026']],
  ])('reads %j', (text, expected) => {
    expect(refs(text)).toEqual(expected);
  });

  it('gives the items of a list the year written on one of them', () => {
    expect(refs('saldo fatt. 12, 13 e 14/2026')).toEqual(['12/2026', '13/2026', '14/2026']);
    expect(refs('fatt.12,13,14/2026')).toEqual(['12/2026', '13/2026', '14/2026']);
    expect(refs('fatture 3 e 4 del 2026')).toEqual(['3/2026', '4/2026']);
    expect(refs('saldo ft. nr. 12-13-14/2026')).toEqual(['12/2026', '13/2026', '14/2026']);
    expect(refs('fattura n. 12/2026 e n. 13/2026')).toEqual(['12/2026', '13/2026']);
  });

  it('never reads a date as a number, and takes the year (and issue date) written after "del"', () => {
    const [ref, ...rest] = findInvoiceReferences('fattura 12 del 03/10/2026');
    expect(rest).toEqual([]);
    expect(ref).toMatchObject({ seq: '12', year: '2026', issueDate: '2026-10-03', anchored: true });
    expect(refs('bonifico del 03/10/2026 fatt 9')).toEqual(['9/?']);
    expect(refs('valuta 2026-10-03 fatt 9')).toEqual(['9/?']);
    expect(refs('accredito del 3.10.26')).toEqual([]);
  });

  it('reads numbers with a year without an anchor, keeping the word before as prefix', () => {
    expect(refs('BONIFICO FPR 12/2026')).toEqual(['FPR 12/2026']);
    expect(refs('PA-5/2026')).toEqual(['PA 5/2026']);
    expect(refs('B123/2026 e B124/2026')).toEqual(['B 123/2026', 'B 124/2026']);
    expect(refs('FT PA 5/2026')).toEqual(['PA 5/2026']);
  });

  it('ignores bare numbers, amounts, bank references and long digit runs', () => {
    expect(refs('BONIFICO 1234 CRO 12345678')).toEqual([]);
    expect(refs('rif CRO 1234')).toEqual([]);
    expect(refs('saldo 1.220,10 fatt 7')).toEqual(['7/?']);
    expect(refs('saldo 1220,10')).toEqual([]);
    expect(refs('RIF 123456789012 IT60X0542811101000000012345')).toEqual([]);
    expect(refs('')).toEqual([]);
  });

  it('lists each reference once, in the order written', () => {
    expect(refs('FT 12/2026 saldo FT 12/2026 e 13/2026')).toEqual(['12/2026', '13/2026']);
  });
});

describe('normaliseInvoiceNumber', () => {
  it.each([
    ['12/2026', { seq: '12', year: '2026', prefix: '' }],
    ['FPR 12/2026', { seq: '12', year: '2026', prefix: 'FPR' }],
    ['2026/00012', { seq: '12', year: '2026', prefix: '' }],
    ['12', { seq: '12', prefix: '' }],
    ['Note di credito-3/2026', { seq: '3', year: '2026', prefix: 'NOTE DI CREDITO' }],
    ['PA-5/2026', { seq: '5', year: '2026', prefix: 'PA' }],
    ['B123/2026', { seq: '123', year: '2026', prefix: 'B' }],
    ['007', { seq: '7', prefix: '' }],
    ['1998/2026', { seq: '1998', year: '2026', prefix: '' }],
  ])('%j', (number, key) => {
    expect(normaliseInvoiceNumber(number)).toEqual(key);
  });
  it('has no key without digits', () => {
    expect(normaliseInvoiceNumber('bozza')).toBeUndefined();
  });
});

describe('names', () => {
  it('drops case, punctuation, accents and legal forms', () => {
    const alfa = ['ALFA', 'LOGISTICA'];
    for (const n of ['Alfa Logistica S.r.l.', 'ALFA LOGISTICA SRL', 'alfa logistica s.r.l', 'Alfa  Logistica   S. R. L.', 'ALFA-LOGISTICA Srl'])
      expect(normaliseName(n)).toEqual(alfa);
    expect(normaliseName('Società Beta S.p.A.')).toEqual(['BETA']);
    expect(normaliseName('Gamma Ristorazione S.N.C.')).toEqual(['GAMMA', 'RISTORAZIONE']);
    expect(normaliseName('S.A.S. di Mario Rossi & C.')).toEqual(['MARIO', 'ROSSI']);
    expect(normaliseName('Caffè Città')).toEqual(['CAFFE', 'CITTA']);
  });
  it('scores token overlap, truncation and glued names', () => {
    const s = (a: string, b: string) => nameSimilarity(normaliseName(a), normaliseName(b));
    expect(s('Alfa Logistica S.r.l.', 'ALFA LOGISTICA SRL')).toBe(1);
    expect(s('ALFA LOGIST', 'Alfa Logistica Srl')).toBe(1);
    expect(s('ALFALOGISTICA SRL', 'Alfa Logistica S.r.l.')).toBe(1);
    expect(s('Alfa Logistica', 'Alfa Impianti Srl')).toBe(0.5);
    expect(s('Beta Software', 'Zeta Trasporti')).toBe(0);
    expect(s('', 'Zeta')).toBe(0);
  });
});

describe('VAT numbers', () => {
  it('finds 11-digit runs with or without IT, never inside longer digit runs', () => {
    expect(findVatNumbers('P.IVA IT01234560157 e 02345670588')).toEqual(['01234560157', '02345670588']);
    expect(findVatNumbers('CRO 123456789012345')).toEqual([]);
  });
  it('normalises a counterpart VAT', () => {
    expect(normaliseVat('IT 01234560157')).toBe('01234560157');
    expect(normaliseVat(undefined)).toBeUndefined();
  });
});
