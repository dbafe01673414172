import { describe, expect, test } from 'vitest';
import { fromCents, plainDecimal, toCents } from '../../src/emulator/amounts.js';
import { isValidVat, makeFiscalCode, makeVat } from '../../src/emulator/italian.js';
import { Rng } from '../../src/emulator/rng.js';
import { addDays, createClock, formatInstant, msToSameTimeOn, parseInstant, romeInstant } from '../../src/emulator/time.js';

describe('italian identifiers', () => {
  test('VAT check digit', () => {
    expect(makeVat('0000000000')).toBe('00000000000');
    expect(makeVat('0482157015')).toBe('04821570159');
    expect(isValidVat('04821570159')).toBe(true);
    expect(isValidVat('IT04821570159')).toBe(true);
    expect(isValidVat('04821570158')).toBe(false);
    expect(isValidVat('0482157015')).toBe(false);
  });

  test('codice fiscale check character', () => {
    expect(makeFiscalCode('RSSMRA85T10A562')).toBe('RSSMRA85T10A562S');
  });
});

describe('rng', () => {
  test('same seed, same stream; derived streams differ', () => {
    const a = new Rng(7);
    const b = new Rng(7);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(Rng.derive(7, 'x').next()).not.toBe(Rng.derive(7, 'y').next());
    expect(new Rng(1).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('time', () => {
  test('Europe/Rome offsets, winter and summer', () => {
    expect(formatInstant(romeInstant('2025-01-15', '10:00:00'))).toBe('2025-01-15T10:00:00+01:00');
    expect(formatInstant(romeInstant('2025-07-15', '10:00:00'))).toBe('2025-07-15T10:00:00+02:00');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  test('parseInstant', () => {
    expect(parseInstant('2025-01-15T10:00:00Z')?.toISOString()).toBe('2025-01-15T10:00:00.000Z');
    expect(parseInstant('2025-01-15T10:00:00 01:00')?.toISOString()).toBe('2025-01-15T09:00:00.000Z');
    expect(parseInstant('2025-01-15')?.toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(parseInstant('2025-13-01')).toBeNull();
    expect(parseInstant('soon')).toBeNull();
  });

  test('moving the clock to a date keeps the wall-clock time, across the changes of the clocks', () => {
    const at = (date: string, time: string) => romeInstant(date, time);
    const moved = (from: Date, date: string) => formatInstant(new Date(from.getTime() + msToSameTimeOn(from, date)));
    // 23:30 in March (CET) to a date in April (CEST): the same 23:30, not 00:30 of the day after.
    expect(moved(at('2025-03-15', '23:30:00'), '2025-04-21')).toBe('2025-04-21T23:30:00+02:00');
    // 00:30 in October (CEST) to a date in November (CET): the same 00:30, not 23:30 of the day before.
    expect(moved(at('2025-10-20', '00:30:00'), '2025-11-03')).toBe('2025-11-03T00:30:00+01:00');
    expect(moved(at('2025-06-01', '12:00:00'), '2025-06-02')).toBe('2025-06-02T12:00:00+02:00');
    // Never backwards.
    expect(msToSameTimeOn(at('2025-06-01', '12:00:00'), '2025-06-01')).toBe(0);
  });

  test('a pinned clock shows the pinned date whatever the daylight-saving season', () => {
    for (const day of ['2030-06-10', '2030-01-10', '2025-03-30', '2025-10-26']) expect(createClock(day).today()).toBe(day);
  });
});

describe('amounts from integer cents', () => {
  test('fromCents formats exactly, toCents reads back', () => {
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(122050)).toBe('1220.50');
    expect(fromCents(-307)).toBe('-3.07');
    expect(() => fromCents(1.5)).toThrow(TypeError);
    for (const n of [0, 1, 99, 100, 1025, 900_000, -42]) expect(toCents(fromCents(n))).toBe(n);
    expect(toCents('1234.5')).toBe(123450);
    expect(() => toCents('12.345')).toThrow(TypeError);
  });
});

describe('numbers from request bodies', () => {
  test('plainDecimal never writes an exponent and keeps every digit', () => {
    expect(plainDecimal(1e-7)).toBe('0.0000001');
    expect(plainDecimal(0.00012345)).toBe('0.00012345');
    expect(plainDecimal(123456789.12)).toBe('123456789.12');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(1.5e21)).toBe('1500000000000000000000');
    expect(plainDecimal(-2.5e-7)).toBe('-0.00000025');
    expect(plainDecimal(0.125)).toBe('0.125');
  });
});
