import { describe, expect, it } from 'vitest';
import { expandExponent, jsonNumber, JsonNumber, NumberText, parseJsonExact, positional, RawJson, writeJson } from '../../../src/domain/json-number.js';

describe('writeJson: numbers written from their decimal strings', () => {
  it('writes a JsonNumber literally: no exponent, no float rounding', () => {
    expect(writeJson({ prezzo: jsonNumber('0.0000001') })).toBe('{"prezzo":0.0000001}');
    expect(writeJson({ amount: jsonNumber('123456789.12') })).toBe('{"amount":123456789.12}');
    // 15+ significant digits that a double cannot hold.
    expect(writeJson([jsonNumber('12345678901234567.89'), jsonNumber('0.12345678901234567890')])).toBe('[12345678901234567.89,0.12345678901234567890]');
    expect(writeJson(jsonNumber('150.00'))).toBe('150.00');
    expect(writeJson({ q: jsonNumber('-5.50') })).toBe('{"q":-5.50}');
  });

  it('refuses negative zero and anything that is not a plain decimal literal', () => {
    for (const bad of ['-0', '-0.00', '1e-7', '1E3', '01', '.5', '5.', '+1', 'NaN', '1,5', ' 1', '']) {
      expect(() => jsonNumber(bad), bad).toThrow(TypeError);
    }
    expect(() => writeJson({ n: -0 })).toThrow(/negative zero/);
    expect(() => writeJson({ n: Number.NaN })).toThrow(/not a finite number/);
    expect(() => writeJson({ n: Infinity })).toThrow(/not a finite number/);
  });

  it('writes plain JS numbers in positional form, never exponent', () => {
    expect(writeJson({ a: 1e-7, b: 1.5e21, c: 12, d: -2.5e-10 })).toBe('{"a":0.0000001,"b":1500000000000000000000,"c":12,"d":-0.00000000025}');
    expect(positional(123456789.12)).toBe('123456789.12');
  });

  it('writes everything else as JSON.stringify does', () => {
    const value = {
      s: 'a"b\n\u2028',
      t: true,
      f: false,
      n: null,
      u: undefined,
      fn: () => 1,
      arr: [1, undefined, 'x'],
      nested: { d: new Date(0) },
      empty: {},
      none: [],
    };
    expect(writeJson(value)).toBe(JSON.stringify(value));
    expect(writeJson(value, 2)).toBe(JSON.stringify(value, null, 2));
    expect(() => writeJson(undefined)).toThrow();
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => writeJson(loop)).toThrow(/circular/);
  });

  it('indents like JSON.stringify, with exact numbers', () => {
    expect(writeJson({ a: [jsonNumber('0.125')] }, 2)).toBe('{\n  "a": [\n    0.125\n  ]\n}');
  });

  it('passes a RawJson text through unchanged, checked to be JSON', () => {
    expect(writeJson(new RawJson(' {"amount": 0.0000001, "x": 1e400} \n'))).toBe('{"amount": 0.0000001, "x": 1e400}');
    expect(() => new RawJson('{nope')).toThrow(SyntaxError);
  });

  it('refuses JSON.stringify of a JsonNumber, so no body can lose exactness by accident', () => {
    expect(() => JSON.stringify({ n: new JsonNumber('1.5') })).toThrow(/use writeJson/);
  });
});

describe('parseJsonExact and expandExponent', () => {
  it('keeps every number as written', () => {
    const parsed = parseJsonExact('{"a":0.0000001,"b":[123456789.123456789,1e-7,-2.5E+3],"s":"1.5 \\" 2","t":true,"n":null}') as Record<string, unknown>;
    expect(parsed.a).toEqual(new NumberText('0.0000001'));
    expect((parsed.b as NumberText[]).map(String)).toEqual(['123456789.123456789', '0.0000001', '-2500']);
    expect(parsed.s).toBe('1.5 " 2');
    expect(parsed.t).toBe(true);
    expect(parsed.n).toBeNull();
  });

  it("fails on text that is not JSON, with JSON.parse's message", () => {
    expect(() => parseJsonExact('{"a": 01}')).toThrow(SyntaxError);
    expect(() => parseJsonExact('nope')).toThrow(SyntaxError);
  });

  it('moves the decimal point without arithmetic', () => {
    expect(expandExponent('1.25e2')).toBe('125');
    expect(expandExponent('1.25e1')).toBe('12.5');
    expect(expandExponent('125e-5')).toBe('0.00125');
    expect(expandExponent('9.99e-1')).toBe('0.999');
    expect(expandExponent('0.5')).toBe('0.5');
  });
});
