/**
 * What `fisco search TEXT` asks the mirror's full-text index (FTS5, accents and case ignored):
 * every word must match (AND), each in one of the ways a person means it. Pure.
 *
 * - a word: as a prefix when it ends in a letter (`bian` finds Bianchi, `citta` finds Città) or
 *   mixes letters and digits (`F800` finds F8002); a plain number is exact (below);
 * - an invoice or document number as written: `42/2026` is the phrase 42, 2026 (the tokenizer
 *   splits at the slash, so `FT 42/2026` and `42/2026` both match, `4/22026` does not);
 * - a VAT number with or without `IT` (the index holds both forms);
 * - an amount as an Italian types it (`1.234,50`, `1234,50`, `1234.50`; through the one input
 *   parser, src/domain/input.ts): the amount's own token, as the index holds it (kinds.ts);
 *   a whole number also finds that many euro (`450` finds 450,00 as well as the word 450).
 */
import { parseAmountInput } from '../domain/input.js';
import { amountToken } from './kinds.js';

const quote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * The amounts a word may mean (`1.234,50`, `1234,50`, `1.234`: a thousand and more), including one
 * with digits past the cent as the service sent it (`2217.595`, `2.217,595`), which the one input
 * parser refuses for a payment but the index holds as it came. `100.505` reads both ways.
 */
function amountsOf(word: string): string[] {
  if (!/^-?\d/.test(word)) return [];
  const found: string[] = [];
  const thousands = /^(-?[1-9]\d{0,2})[.,](\d{3})$/.exec(word);
  if (thousands) found.push(`${thousands[1]}${thousands[2]}.00`);
  const precise = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+),(\d{3,})$/.exec(word) ?? /^(-?)(\d{1,3}(?:,\d{3})+|\d+)\.(\d{3,})$/.exec(word);
  if (precise) found.push(`${precise[1]}${precise[2]!.replace(/[.,]/g, '')}.${precise[3]}`);
  if (found.length > 0) return found;
  try {
    return [parseAmountInput(word, 'TEXT', { allowNegative: true, allowZero: true })];
  } catch {
    return [];
  }
}

/**
 * A word finds the words it begins when it ends in a letter (`bian`, `citta`) or mixes letters and
 * digits (`F800` finds F8002, `FA/2026/00` finds FA/2026/008); a plain number (`450`, `42/2026`,
 * `8002`) is exact, as an amount, a VAT number or a document number are meant. One letter alone is exact.
 */
function isPrefix(word: string): boolean {
  if (word.length < 2) return false;
  if (/[A-Za-z]$/.test(word)) return true;
  if (/[0-9]$/.test(word)) return /[A-Za-z]/.test(word) || /\p{L}/u.test(word);
  return /\p{L}$/u.test(word);
}

/** The ways one word may match, as FTS5 phrases (one or more); empty for a word with no letter or digit. */
function waysOf(raw: string): string[] {
  const word = raw.replace(/^["'«»(]+|["'«»),;:]+$/g, '');
  // The ASCII tests first: V8 builds a Unicode property class (\p{L}) in a fraction of a
  // millisecond, which a search that starts a process pays for every word it has no need to.
  if (!/[A-Za-z0-9]/.test(word) && !/[\p{L}\p{N}]/u.test(word)) return [];
  const ways = new Set<string>();
  const vat = /^(?:IT)?(\d{11})$/i.exec(word);
  if (vat) ways.add(quote(vat[1]!));
  const amounts = amountsOf(word);
  for (const amount of amounts) ways.add(quote(amountToken(amount)));
  if (!/[.,]\d/.test(word) || amounts.length === 0) ways.add(isPrefix(word) ? `${quote(word)}*` : quote(word));
  return [...ways].filter((w) => w !== '""');
}

/**
 * The FTS5 expression for what was typed, or undefined when it holds nothing to look for: every
 * word must match. (Asking the words as one phrase too, in the names, would rank a name holding
 * them in that order first; it was measured and left out: 0.3–0.5 ms more over 60,000 invoices,
 * search at 1.47–1.52 × `fisco --version` against a goal of 1.5 ×: docs/performance.md.)
 */
export function searchExpression(text: string): string | undefined {
  const terms = text
    .split(/\s+/)
    .map(waysOf)
    .filter((ways) => ways.length > 0)
    .map((ways) => (ways.length === 1 ? ways[0]! : `(${ways.join(' OR ')})`));
  return terms.length === 0 ? undefined : terms.join(' AND ');
}
