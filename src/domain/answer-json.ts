/**
 * How fisco reads the JSON of an answer (decode.ts, error bodies): a bound on nesting, and
 * integers beyond 2^53 kept exactly.
 *
 * - An answer nested deeper than MAX_DEPTH is refused before it is parsed (a JSON.stringify of
 *   thousands of levels overflows the stack): the caller makes it exit 8, nothing on stdout.
 * - An integer that a JS number cannot hold exactly (beyond 2^53) is parsed as a BigInt by
 *   lossless-json (only when the text holds one: JSON.parse stays the fast path). A BigInt passes
 *   through to json, ndjson and csv output unchanged (`jsonText`); a schema that computes with
 *   the field (z.number()) refuses it, exit 8: never a silently changed number.
 */
import { isInteger, isSafeNumber, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json';

/** Levels of arrays and objects an answer may have: far more than any resource of the contract. */
export const MAX_DEPTH = 64;

export interface JsonScan {
  depth: number;
  /** An integer literal longer than 15 digits outside strings: maybe beyond 2^53. */
  longIntegers: boolean;
}

/** One pass over the text, strings skipped: the deepest nesting and whether a long integer occurs. */
export function scanJson(text: string): JsonScan {
  let depth = 0;
  let deepest = 0;
  let longIntegers = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (!longIntegers && c >= 0x30 && c <= 0x39) {
      let j = i;
      while (j < n && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39) j++;
      const next = text.charCodeAt(j);
      const before = text.charCodeAt(i - 1);
      if (j - i > 15 && next !== 0x2e && next !== 0x65 && next !== 0x45 && before !== 0x2e) longIntegers = true;
      i = j - 1;
    }
  }
  return { depth: deepest, longIntegers };
}

export class TooDeepError extends Error {
  constructor(readonly depth: number) {
    super(`nested more than ${MAX_DEPTH} levels deep`);
  }
}

/** JSON.parse with the depth bound, and exact big integers (as BigInt) when the text holds any. */
export function parseAnswerJson(text: string): unknown {
  const scan = scanJson(text);
  if (scan.depth > MAX_DEPTH) throw new TooDeepError(scan.depth);
  if (!scan.longIntegers) return JSON.parse(text);
  JSON.parse(text); // the same errors (and messages) as the fast path for a text that is not JSON
  return parseLossless(text, null, (value: string) => (isSafeNumber(value) || !isInteger(value) ? Number.parseFloat(value) : BigInt(value)));
}

/** JSON.stringify, except that a BigInt (a big integer from an answer) is written as its exact literal. */
export function jsonText(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) as string;
  } catch (error) {
    // eslint-disable-next-line no-restricted-syntax -- the runtime's words, not fisco's
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
    return stringifyLossless(value, null, indent) as string;
  }
}
