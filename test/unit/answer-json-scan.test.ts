/**
 * scanJson (src/domain/answer-json.ts) takes strings and then everything but brackets out with
 * regular expressions. Its answers are checked against the plain reading it replaced, one
 * character at a time, on JSON texts of every shape (fast-check's JSON values, with deep nesting,
 * escaped quotes and brackets inside strings, and integers of every length).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { scanJson } from '../../src/domain/answer-json.js';

/** The character-by-character reading: strings skipped, brackets counted, long integer literals seen. */
function reference(text: string): { depth: number; longIntegers: boolean } {
  let depth = 0;
  let deepest = 0;
  let longIntegers = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '"') break;
      }
    } else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
    else if (/\d/.test(c)) {
      let j = i;
      while (j < text.length && /\d/.test(text[j]!)) j++;
      if (j - i > 15 && !/[.eE]/.test(text[j] ?? '') && text[i - 1] !== '.') longIntegers = true;
      i = j - 1;
    }
  }
  return { depth: deepest, longIntegers };
}

const longInteger = fc.bigInt({ min: 10n ** 15n, max: 10n ** 30n }).map((n) => ({ raw: n.toString() }));
const nested = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.jsonValue(), tie('array'), tie('object'), longInteger),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ unit: fc.constantFrom('a', '"', '\\', '[', '{', ']', '}', '1', 'é') }), tie('value'), { maxKeys: 4 }),
}));
/** JSON text with long integer literals written as themselves (JSON.stringify cannot write a BigInt). */
const text = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (v && typeof v === 'object' && 'raw' in v ? `@@${(v as { raw: string }).raw}@@` : v)).replace(/"@@(\d+)@@"/g, '$1');

describe('scanJson', () => {
  it('reads depth and long integers as a character-by-character reading does, on any JSON', () => {
    fc.assert(
      fc.property(nested.value, (value) => {
        const json = text(value);
        expect(scanJson(json)).toEqual(reference(json));
      }),
      { numRuns: 2000 },
    );
  });

  it('skips brackets, quotes and digits inside strings, escapes included', () => {
    expect(scanJson('{"a":"[[\\"[[","b":"12345678901234567","c":[[[1]]]}')).toEqual({ depth: 4, longIntegers: false });
    expect(scanJson('[1234567890123456]')).toEqual({ depth: 1, longIntegers: true });
    expect(scanJson('[1234567890123456.5, 1.1234567890123456, 1234567890123456e2]')).toEqual({ depth: 1, longIntegers: false });
  });
});
