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

/** A JSON string literal (its escapes included): what the scan sets aside before it looks at the rest. */
const STRING = /"[^"\\]*(?:\\.[^"\\]*)*"/g;
/** An integer literal longer than 15 digits (no fraction, no exponent after it, no point before it). */
const LONG_INTEGER = /(?<![.\d])\d{16,}(?![.eE\d])/;
/** Everything but the brackets. */
const NOT_BRACKET = /[^[\]{}]+/g;

/**
 * The deepest nesting and whether a long integer occurs, strings skipped. The text's strings and
 * then everything but its brackets are taken out by regular expressions (the engine's own loops,
 * not a loop in JavaScript over every character of an answer of 100 records); what is left, a few
 * hundred brackets, is counted.
 */
export function scanJson(text: string): JsonScan {
  const bare = text.replace(STRING, '""');
  const longIntegers = LONG_INTEGER.test(bare);
  const brackets = bare.replace(NOT_BRACKET, '');
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < brackets.length; i++) {
    const c = brackets.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else depth--;
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
