/**
 * Reading what a payer wrote (issue 18): invoice numbers in a remittance text, invoice numbers of the
 * service normalised to the same key, payer names normalised for comparison, VAT numbers in a text.
 * Pure, no I/O; amounts are not touched here.
 *
 * ## Invoice numbers (the key both sides are reduced to)
 * A number is reduced to `{ seq, year?, prefix }`:
 * - text is upper-cased, accents dropped; words are runs of letters, numbers runs of digits;
 * - the LAST number structure is the number: `N/YYYY`, `N-YYYY` (seq N, year YYYY, also when N looks
 *   like a year: `1998/2026` is number 1998 of 2026), `YYYY/N` (a year 1990–2099 first and a second
 *   part that is not one: seq N), `N/YY` (a two-digit
 *   year after a slash: 20YY), or a lone `N` (no year); leading zeros of the sequence are dropped
 *   (`2026/00012` is seq 12 of 2026);
 * - the prefix is the words before it, joined by one space (`FPR 12/2026` → FPR, `Note di credito-3/2026`
 *   → NOTE DI CREDITO, `B123/2026` → B); it only breaks ties between numberings.
 * An invoice whose number has no year takes its issue date's year (the matcher does this).
 *
 * ## References found in a remittance text
 * - Dates are recognised first and never read as numbers (`03/10/2026`, `3.10.26`, `2026-10-03`).
 * - After an anchor word — FATT, FATTURA, FATTURE, FT, FAT, FTT, FTR, FCT, FTA, FATTURAZIONE, RIF,
 *   RIFERIMENTO, DOC, DOCUMENTO, N, NR, NRO, NUM, NUMERO, INV, INVOICE, SALDO, ACCONTO, NS, VS, NOSTRA,
 *   VOSTRA — (other anchors may follow: `saldo fatt. n. 12`; a short code may stand between the anchors
 *   and the number and becomes its prefix: `FT PA 5/2026`; a bank word there — CRO, TRN, ID, ORDINE,
 *   DDT… — drops the anchor: `rif. CRO 1234` is no invoice), a LIST of numbers is read: numbers separated by `,` `&` `+`
 *   or the words E, ED, AND (`saldo fatt. 12, 13 e 14/2026`), or a dash (`12-13-14/2026`). A number is `N`, `N/YYYY`, `YYYY/N`,
 *   `N-YYYY` or `N/YY`. Sequences longer than 8 digits are bank references, not invoice numbers.
 * - Items of a list without a year take the year written on another item of the same list
 *   (`12, 13 e 14/2026` → 12/2026, 13/2026, 14/2026) or after it (`fattura 12 del 03/10/2026` → 12 of
 *   2026, issued on 2026-10-03; `fatture 12 e 13 del 2026`).
 * - Anywhere in the text, without an anchor, a number with a year (`12/2026`, `2026/12`) is a reference
 *   too; a bare number without an anchor never is (amounts, CRO and IBAN digits are everywhere).
 * - A reference still without a year is matched on its sequence alone; the matcher implies the year.
 * - The word right before a number (not an anchor) is kept as its prefix (`FPR 12/2026`, `PA-5/2026`).
 *
 * ## Names
 * `normaliseName` drops accents and case, turns punctuation into spaces, glues runs of single letters
 * (`S.R.L.` / `S r l` → SRL), then drops legal forms (SRL, SRLS, SPA, SNC, SAS, SAPA, SS, SCARL, SCRL,
 * SOC, SOCIETA, COOP, COOPERATIVA, UNIPERSONALE, SEMPLIFICATA, LTD, GMBH, …), connecting words (DI,
 * DEL, E, &, …) and any single letter left over. `nameSimilarity` is the Dice coefficient over the token
 * sets (2·common / (|a| + |b|)), where a token of four letters or more also meets a token it is a prefix
 * of (banks truncate names), and two names whose tokens glue to the same string are equal (1).
 */

export interface InvoiceNumberKey {
  /** The sequence without leading zeros ("12"); digits only. */
  seq: string;
  /** Four digits, when the number names its year. */
  year?: string;
  /** Words before the number, upper case, one space between ("FPR", "NOTE DI CREDITO"); "" when none. */
  prefix: string;
}

export interface InvoiceReference extends InvoiceNumberKey {
  /** The reference as it was read (normalised spacing), for the reasons shown to the user ("12/2026"). */
  text: string;
  /** Whether an anchor word (fatt., FT, rif., n.) introduced it. */
  anchored: boolean;
  /** An issue date written after it (`fattura 12 del 03/10/2026` → 2026-10-03). */
  issueDate?: string;
}

/** Upper case, accents dropped. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
}

type Token =
  | { kind: 'word'; text: string; gap: boolean }
  | { kind: 'num'; text: string; a: string; b?: string; sep?: string; gap: boolean }
  | { kind: 'date'; date: string; gap: boolean }
  | { kind: 'amount'; gap: boolean }
  | { kind: 'sep'; text: string; gap: boolean };

// Tried in this order at each position: an ISO date, a dd/mm/yyyy (or . or -) date, an amount written
// with a decimal comma (1.220,10 or 1220,10, not followed by another list item), a number with its
// year part (after / or -, spaces allowed around /), a word, a list separator, any other character.
const TOKEN = new RegExp(
  [
    String.raw`(?<iso>(?<iy>\d{4})-(?<im>\d{2})-(?<id>\d{2}))(?!\d)`,
    String.raw`(?<dd>\d{1,2})(?<ds>[/.-])(?<dm>\d{1,2})\k<ds>(?<dy>\d{4}|\d{2})(?!\d)`,
    String.raw`(?<amount>\d{1,3}(?:\.\d{3})+,\d{2}|\d+,\d{2})(?![\d,/])`,
    String.raw`(?<a>\d+)(?:\s*(?<slash>\/)\s*(?<b>\d+)|(?<dash>-)(?<by>(?:19|20)\d{2})(?!\d))?`,
    String.raw`(?<word>[A-Z]+)`,
    String.raw`(?<sep>[,;&+])`,
    String.raw`(?<other>\S)`,
  ].join('|'),
  'y',
);

function isYear(s: string): boolean {
  return /^(199\d|20\d\d)$/.test(s);
}

function stripZeros(s: string): string {
  return s.replace(/^0+(?=\d)/, '');
}

function dateOf(d: string, m: string, y: string): string | undefined {
  const year = y.length === 2 ? `20${y}` : y;
  const day = Number(d);
  const month = Number(m);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function tokenize(input: string): Token[] {
  const text = fold(input);
  const tokens: Token[] = [];
  let gap = true;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
      gap = true;
      i++;
      continue;
    }
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(text);
    const g = m?.groups;
    if (!m || !g) {
      i++;
      continue;
    }
    i = TOKEN.lastIndex;
    let nextGap = false;
    if (g.iso !== undefined) {
      tokens.push({ kind: 'date', date: `${g.iy}-${g.im}-${g.id}`, gap });
    } else if (g.dd !== undefined) {
      const date = dateOf(g.dd, g.dm, g.dy);
      if (date) tokens.push({ kind: 'date', date, gap });
      else {
        // Not a calendar date (31.31.99): read the first group as a number and go on after it.
        tokens.push({ kind: 'num', text: g.dd, a: g.dd, gap });
        i = m.index + g.dd.length;
      }
    } else if (g.amount !== undefined) {
      tokens.push({ kind: 'amount', gap });
    } else if (g.a !== undefined) {
      const b = g.b ?? g.by;
      const sep = g.slash ?? g.dash;
      tokens.push({ kind: 'num', text: b === undefined ? g.a : `${g.a}${sep}${b}`, a: g.a, b, sep, gap });
    } else if (g.word !== undefined) {
      tokens.push({ kind: 'word', text: g.word, gap });
    } else if (g.sep !== undefined) {
      tokens.push({ kind: 'sep', text: g.sep, gap });
    } else {
      // Other punctuation (. : ° # ( ) ' "): ignored; '-' and '.' keep a word glued to what follows
      // (PA-5/2026, n.12), anything else separates like a space.
      nextGap = !/[-.]/.test(g.other ?? '');
    }
    gap = nextGap;
  }
  return tokens;
}

/** seq/year of one number token, or undefined when it cannot be an invoice number. */
function keyOfNum(tok: { a: string; b?: string; sep?: string }): { seq: string; year?: string } | undefined {
  const { a, b, sep } = tok;
  if (b === undefined) return a.length > 8 ? undefined : { seq: stripZeros(a) };
  // Both parts may look like years (1998/2026): the second is the year, as in N/YYYY.
  if (b.length === 4 && isYear(b)) return a.length > 8 ? undefined : { seq: stripZeros(a), year: b };
  if (a.length === 4 && isYear(a)) return b.length > 8 ? undefined : { seq: stripZeros(b), year: a };
  if (sep === '/' && b.length === 2 && a.length <= 8) return { seq: stripZeros(a), year: `20${b}` };
  return a.length > 8 ? undefined : { seq: stripZeros(a) };
}

const ANCHORS = new Set([
  'FATT',
  'FATTURA',
  'FATTURE',
  'FATTURAZIONE',
  'FT',
  'FAT',
  'FTT',
  'FTR',
  'FCT',
  'FTA',
  'RIF',
  'RIFERIMENTO',
  'DOC',
  'DOCUMENTO',
  'N',
  'NR',
  'NRO',
  'NUM',
  'NUMERO',
  'INV',
  'INVOICE',
  'SALDO',
  'ACCONTO',
  'NS',
  'VS',
  'NOSTRA',
  'VOSTRA',
]);
/** Words that join the items of a list of numbers. */
const LIST_WORDS = new Set(['E', 'ED', 'AND']);
/** Words after an anchor that mean the number is the bank's, not an invoice's: the anchor is dropped. */
const BANK_WORDS = new Set([
  'CRO',
  'TRN',
  'ID',
  'ABI',
  'CAB',
  'CIN',
  'IBAN',
  'BIC',
  'SWIFT',
  'ORD',
  'ORDINE',
  'OPERAZIONE',
  'OP',
  'MANDATO',
  'CONTO',
  'CC',
  'CUP',
  'CIG',
  'DDT',
  'BOLLA',
]);

/** "del 03/10/2026" / "del 2026" after a list of numbers: their issue date or year, and the token after it. */
function issuedAfter(tokens: Token[], j: number): { year?: string; issueDate?: string; next: number } {
  const del = tokens[j];
  if (!del || del.kind !== 'word' || (del.text !== 'DEL' && del.text !== 'DD')) return { next: j };
  const after = tokens[j + 1];
  if (after?.kind === 'date') return { issueDate: after.date, year: after.date.slice(0, 4), next: j + 2 };
  if (after?.kind === 'num' && after.b === undefined && isYear(after.a)) return { year: after.a, next: j + 2 };
  return { next: j };
}

/**
 * Every invoice reference in a remittance text, in the order written, without duplicates (the
 * same seq/year/prefix once). See the module comment for the rules.
 */
export function findInvoiceReferences(text: string): InvoiceReference[] {
  const tokens = tokenize(text);
  const found: InvoiceReference[] = [];
  const seen = new Set<string>();
  const push = (r: InvoiceReference) => {
    const id = `${r.prefix}|${r.seq}|${r.year ?? ''}`;
    if (seen.has(id)) return;
    seen.add(id);
    found.push(r);
  };
  const prefixBefore = (k: number): string => {
    const prev = tokens[k - 1];
    const tok = tokens[k];
    if (!prev || prev.kind !== 'word' || ANCHORS.has(prev.text) || LIST_WORDS.has(prev.text)) return '';
    // Only a word glued to the number (B123/2026, PA-5/2026) or a short code before it (FPR 12/2026).
    if (!tok.gap || prev.text.length <= 4) return prev.text;
    return '';
  };
  let k = 0;
  while (k < tokens.length) {
    const tok = tokens[k];
    if (tok.kind === 'word' && ANCHORS.has(tok.text)) {
      // Skip further anchors and separators ("saldo fatt. n.", "rif.:").
      let j = k + 1;
      while (j < tokens.length && tokens[j].kind === 'word' && ANCHORS.has((tokens[j] as { text: string }).text)) j++;
      const items: { key: { seq: string; year?: string }; text: string; prefix: string }[] = [];
      let prefix = '';
      // A short code between the anchor and the number is the numbering's prefix: "FT PA 5/2026".
      if (j + 1 < tokens.length && tokens[j].kind === 'word' && tokens[j + 1].kind === 'num') {
        const w = (tokens[j] as { text: string }).text;
        if (w.length <= 4 && !LIST_WORDS.has(w) && !BANK_WORDS.has(w) && w !== 'DEL') {
          prefix = w;
          j++;
        }
      }
      while (j < tokens.length && tokens[j].kind === 'num') {
        const num = tokens[j] as Extract<Token, { kind: 'num' }>;
        const key = keyOfNum(num);
        if (key) items.push({ key, text: num.text, prefix });
        j++;
        const next = tokens[j];
        const listSep = next && ((next.kind === 'sep' && next.text !== ';') || (next.kind === 'word' && LIST_WORDS.has(next.text)));
        if (listSep && tokens[j + 1]?.kind === 'num') j++;
        // "12-13-14/2026": numbers joined by a dash are a list too.
        else if (next?.kind === 'num' && !next.gap && !num.b) continue;
        else break;
      }
      if (items.length > 0) {
        const after = issuedAfter(tokens, j);
        const year = items.find((it) => it.key.year)?.key.year ?? after.year;
        const issueDate = after.issueDate;
        j = after.next;
        for (const it of items) {
          const y = it.key.year ?? year;
          push({
            seq: it.key.seq,
            ...(y ? { year: y } : {}),
            prefix: it.prefix,
            text: it.key.year || !y ? it.text : `${it.text}/${y}`,
            anchored: true,
            ...(issueDate && items.length === 1 ? { issueDate } : {}),
          });
        }
        k = j;
        continue;
      }
      k = Math.max(j, k + 1);
      continue;
    }
    if (tok.kind === 'num' && tok.b !== undefined) {
      const key = keyOfNum(tok);
      if (key?.year) push({ ...key, prefix: prefixBefore(k), text: tok.text, anchored: false });
    }
    k++;
  }
  return found;
}

/** The key of an invoice number of the service (`12/2026`, `FPR 12/2026`, `2026/00012`, `12`); undefined without digits. */
export function normaliseInvoiceNumber(number: string): InvoiceNumberKey | undefined {
  const tokens = tokenize(number);
  let last = -1;
  for (let k = tokens.length - 1; k >= 0; k--) {
    if (tokens[k].kind === 'num') {
      last = k;
      break;
    }
  }
  if (last < 0) return undefined;
  const num = tokens[last] as Extract<Token, { kind: 'num' }>;
  let key = keyOfNum(num);
  if (!key) key = { seq: stripZeros(num.a) };
  const prefix = tokens
    .slice(0, last)
    .filter((t): t is Extract<Token, { kind: 'word' }> => t.kind === 'word')
    .map((t) => t.text)
    .join(' ');
  return { ...key, prefix };
}

const LEGAL_FORMS = new Set([
  'SRL',
  'SRLS',
  'SPA',
  'SNC',
  'SAS',
  'SAPA',
  'SS',
  'SCARL',
  'SCRL',
  'SCPA',
  'SCA',
  'SC',
  'SOC',
  'SOCIETA',
  'COOP',
  'COOPERATIVA',
  'UNIPERSONALE',
  'SEMPLIFICATA',
  'CONSORTILE',
  'RESPONSABILITA',
  'LIMITATA',
  'AZIONI',
  'ACCOMANDITA',
  'SEMPLICE',
  'NOME',
  'COLLETTIVO',
  'LTD',
  'GMBH',
  'INC',
  'SA',
  'SL',
  'SARL',
  'BV',
  'AG',
  'LLC',
  'CO',
  'DITTA',
  'LIQUIDAZIONE',
  'IN',
]);
const CONNECTORS = new Set(['DI', 'DA', 'DEL', 'DELLA', 'DELLE', 'DEI', 'DEGLI', 'E', 'ED', 'THE', 'AND', 'OF', 'A', 'PER', 'CON']);

/** The significant tokens of a name (see the module comment), in order. */
export function normaliseName(name: string): string[] {
  const raw = fold(name)
    .replace(/&/g, ' ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t !== '');
  // Glue runs of single letters: S R L -> SRL, S P A -> SPA.
  const glued: string[] = [];
  let run = '';
  for (const t of raw) {
    if (t.length === 1 && /[A-Z]/.test(t)) {
      run += t;
      continue;
    }
    if (run) glued.push(run);
    run = '';
    glued.push(t);
  }
  if (run) glued.push(run);
  return glued.filter((t) => t.length > 1 && !LEGAL_FORMS.has(t) && !CONNECTORS.has(t));
}

/** Token-overlap similarity of two normalised names, 0..1 (see the module comment). */
export function nameSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  if (sameJoined(a, b)) return 1;
  // Distinct tokens of each (names are a few tokens: plain arrays beat sets here; this runs for every candidate client).
  const setA = distinct(a);
  const setB = distinct(b);
  const usedB: boolean[] = new Array<boolean>(setB.length).fill(false);
  let common = 0;
  for (const x of setA) {
    let hit = setB.indexOf(x);
    if (hit >= 0 && usedB[hit]) hit = -1;
    if (hit < 0 && x.length >= 4) hit = setB.findIndex((y, k) => !usedB[k] && y.length >= 4 && (y.startsWith(x) || x.startsWith(y)));
    if (hit >= 0) {
      usedB[hit] = true;
      common++;
    }
  }
  return (2 * common) / (setA.length + setB.length);
}

/** a.join('') === b.join(''), without building the strings when their lengths differ. */
function sameJoined(a: readonly string[], b: readonly string[]): boolean {
  let la = 0;
  let lb = 0;
  for (const x of a) la += x.length;
  for (const y of b) lb += y.length;
  return la === lb && a.join('') === b.join('');
}

/** The tokens once each, in order. */
function distinct(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tokens) if (!out.includes(t)) out.push(t);
  return out;
}

/** Every 11-digit run in a text (a partita IVA, with or without IT before it), digits only, in order, once each. */
export function findVatNumbers(text: string): string[] {
  const found = new Set<string>();
  for (const m of fold(text).matchAll(/(?<![0-9])(?:IT\s?)?(\d{11})(?![0-9])/g)) found.add(m[1]);
  return [...found];
}

/** A VAT number as digits only (IT and spaces dropped), or undefined when it is not 11 digits. */
export function normaliseVat(vat: string | undefined): string | undefined {
  if (!vat) return undefined;
  const v = fold(vat)
    .replace(/[\s.-]/g, '')
    .replace(/^IT/, '');
  return /^\d{11}$/.test(v) ? v : v === '' ? undefined : v;
}
