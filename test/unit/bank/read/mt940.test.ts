import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../../src/bank/read/index.js';
import { bytes, fixture, fixtureText, statementError } from './helpers.js';
import { english } from '../../../shared/english.js';

describe('MT940', () => {
  const s = readStatement(fixture('mt940.sta'), 'mt940.sta');

  it('is detected from its tags and reads the :25: IBAN', () => {
    expect(s.format).toBe('mt940');
    expect(s.accountIban).toBe('IT60X0542811101000000123456');
    expect(english(s.notes)).toEqual([]); // :60F: + lines = :62F:
    expect(s.movements).toHaveLength(5);
  });

  it('reads a :61: line with its multi-line :86: (a line cut at 65 characters is joined without a space)', () => {
    expect(s.movements[0]).toEqual({
      // The bank's reference (after //) with the account and the booking date, the direction and the amount.
      key: 'bank:IT60X0542811101000000123456/2026-03-05/0305CRD0001/C1220.10',
      legacyKey: 'ref:0305CRD0001',
      formerKey: 'bank:IT60X0542811101000000123456/2026-03-05/0305CRD0001',
      source: { file: 'mt940.sta', format: 'mt940', location: 'line 5' },
      accountIban: 'IT60X0542811101000000123456',
      bookingDate: '2026-03-05',
      valueDate: '2026-03-05',
      amount: '1220.10',
      currency: 'EUR',
      direction: 'credit',
      reversal: false,
      remittance: 'BONIFICO A VOSTRO FAVORE DA ROSSI E FIGLI SRL CAUSALE: SALDO FATT. N. 12/2026 DEL 03/02/2026 TRN 0305CRD0001 BONIFICO SEPA',
      references: { bank: '0305CRD0001', entry: undefined },
    });
  });

  it('takes the amount from the text: leading zeros, no decimals after the comma', () => {
    const m = s.movements[1];
    expect(m.amount).toBe('500.00'); // written 000000000500,
    // No bank reference: the customer's (before //) is the account holder's, never an identity; a fingerprint.
    expect(m.key).toMatch(/^fp:2026-03-05\/[0-9a-f]{24}$/);
    expect(m.legacyKey).toBe('ref:VERDI-0305');
    expect(m.remittance).toBe('ACCREDITO VERDI SRL RIF. 2026/14');
  });

  it('keeps debits, reads RC as a reversal, and fingerprints a NONREF line', () => {
    expect(s.movements.slice(2).map((m) => [m.direction, m.reversal, m.amount, m.key.split(':')[0], m.legacyKey?.slice(0, 2)])).toEqual([
      ['debit', false, '89.90', 'bank', 're'],
      ['debit', true, '300.00', 'bank', 're'],
      ['credit', false, '45.00', 'fp', 'h:'],
    ]);
  });

  it('reads a SWIFT envelope and German structured :86: (?20.. text, ?32/?33 name, ?31 IBAN, EREF)', () => {
    const t = readStatement(fixture('mt940-swift-structured.sta'), 'de.sta');
    expect(t.accountIban).toBe('DE89370400440532013000');
    expect(t.movements).toHaveLength(1);
    expect(t.movements[0]).toMatchObject({
      key: 'bank:DE89370400440532013000/2026-03-05/DE0305-1/C732.00',
      amount: '732.00', // CR732,00: C and the funds code R
      direction: 'credit',
      payer: { name: 'Ferri Impianti srl', iban: 'DE44500105175407324931' },
      remittance: 'Rechnung FT 31/2026 Danke',
      references: { bank: 'DE0305-1', endToEnd: 'INV-2026-31' },
    });
  });

  it('reads /CODE/ structured :86: (NAME, REMI, EREF)', () => {
    const text = [
      ':20:X',
      ':25:IT60X0542811101000000123456',
      ':60F:C260304EUR0,00',
      ':61:2603050305C100,00NTRFNONREF//B-1',
      ':86:/EREF/E2E-9/ORDP//NAME/Blu Srl/REMI/USTD//FT 40/2026/',
      ':62F:C260305EUR100,00',
      '-',
    ].join('\n');
    const m = readStatement(bytes(text), 'codes.sta').movements[0];
    expect(m.payer).toEqual({ name: 'Blu Srl', iban: undefined });
    expect(m.remittance).toBe('FT 40/2026');
    expect(m.references.endToEnd).toBe('E2E-9');
  });

  it('dates an entry across New Year from the value date', () => {
    const text = [
      ':20:X',
      ':25:IT60X0542811101000000123456',
      ':60F:C251231EUR0,00',
      ':61:2601021231C10,00NTRFNONREF//B-2',
      ':86:X',
      ':62F:C260102EUR10,00',
    ].join('\n');
    const m = readStatement(bytes(text), 'ny.sta').movements[0];
    expect([m.valueDate, m.bookingDate]).toEqual(['2026-01-02', '2025-12-31']);
  });

  it('refuses a :61: line it cannot read and an amount with three decimals, naming the line', () => {
    const bad = fixtureText('mt940.sta').replace(':61:260305C000000000500,NTRFVERDI-0305', ':61:260305X500,00NTRFVERDI-0305');
    expect(statementError(() => readStatement(bytes(bad), 'bad.sta')).message).toBe(
      "bad.sta: line 10 (:61:): '260305X500,00NTRFVERDI-0305' is not a statement line: expected YYMMDD[MMDD], C/D/RC/RD, the amount (1234,56), the type (NTRF) and the reference",
    );
    const three = fixtureText('mt940.sta').replace('C1220,10NTRF', 'C1220,105NTRF');
    expect(statementError(() => readStatement(bytes(three), 'three.sta')).message).toBe(
      "three.sta: line 5 (:61:): '1220,105' has 3 decimals: a statement amount has at most 2 (cents)",
    );
    const balance = fixtureText('mt940.sta').replace(':60F:C260304EUR10000,00', ':60F:C260304EUR10.000,00');
    expect(statementError(() => readStatement(bytes(balance), 'bal.sta')).message).toBe(
      "bal.sta: line 4 (:60F:): 'C260304EUR10.000,00' is not a balance: expected C or D, YYMMDD, the currency and the amount, like C260301EUR1234,56",
    );
  });

  it('notes a closing balance the lines do not explain', () => {
    const off = fixtureText('mt940.sta').replace(':62F:C260305EUR11375,20', ':62F:C260305EUR11475,20');
    expect(english(readStatement(bytes(off), 'off.sta').notes)).toEqual([
      'line 18 (:62F:): the closing balance 11475.20 is not the opening balance 10000.00 plus the lines read (11375.20; difference 100.00)',
    ]);
  });
});
