import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { integerPathSegment, pathSegment, pathSegmentProblem } from '../../../src/api/path.js';

describe('pathSegment', () => {
  it('percent-encodes what it lets through', () => {
    expect(pathSegment('f24_0012', 'ID')).toBe('f24_0012');
    expect(pathSegment('a b?c#d%e', 'ID')).toBe('a%20b%3Fc%23d%25e');
    expect(pathSegment('invoice.created', 'KEY')).toBe('invoice.created');
    expect(pathSegment('6f1c…', 'UUID')).toBe('6f1c%E2%80%A6');
  });

  it.each([
    ['', 'cannot be empty'],
    ['   ', 'cannot be empty'],
    ['.', "cannot be '.'"],
    ['..', "cannot be '..'"],
    ['a/b', "cannot contain '/'"],
    ['../pagamenti', "cannot contain '/'"],
    ['x\x1b[31m', 'control characters'],
    ['bell\x07', 'control characters'],
    ['line\nbreak', 'control characters'],
    ['\u202egnp', 'control characters'],
    ['del\x7f', 'control characters'],
  ])('refuses %j: %s', (value, problem) => {
    expect(String(pathSegmentProblem(value))).toContain(problem);
    expect(() => pathSegment(value, 'UUID')).toThrow(UsageError);
    expect(() => pathSegment(value, 'UUID')).toThrow(/^UUID: /);
  });

  it('shows a refused value escaped, never raw', () => {
    const error = (() => {
      try {
        pathSegment('x\x1b]0;owned\x07', 'ID');
      } catch (e) {
        return e as Error;
      }
    })()!;
    expect(error.message).toContain('\\x1b]0;owned\\x07');
    expect(error.message).not.toMatch(/[\x07\x1b]/);
  });

  it('integer ids: whole numbers only', () => {
    expect(integerPathSegment('42', 'ID', 'a subscription id')).toBe('42');
    for (const bad of ['abc', '1.5', '-1', '12a', '']) expect(() => integerPathSegment(bad, 'ID', 'a subscription id')).toThrow(/^ID: /);
  });
});
