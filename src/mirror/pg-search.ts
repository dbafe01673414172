/**
 * `fisco search` on the PostgreSQL mirror (pg-store.ts): the same words, ways and ranking rules as
 * the SQLite index (search.ts builds one FTS5 expression for both; kinds.ts says what a record is
 * found by), in PostgreSQL's own text search. Pure.
 *
 * - Tokens are cut by fisco on both sides, as FTS5's `unicode61 remove_diacritics 2` cuts them (a
 *   token is a run of letters and digits; accents and case go): `FT 42/2026` is `ft 42 2026`,
 *   `Città` is `citta`. PostgreSQL then only stems them, so both stores see the same words.
 * - The text search configuration is `fisco_mirror.italian`: PostgreSQL's `italian` (its Snowball
 *   stemmer) without its stop words, so `e` or `fa` typed are looked for like any word, as in SQLite.
 * - An FTS5 phrase (`"42/2026"`) becomes a tsquery phrase (`'42' <-> '2026'`), a prefix (`"bian"*`)
 *   a prefix (`'bian':*`), OR and AND the same.
 */

/** The text search configuration the PostgreSQL mirror indexes and queries with (pg-schema.ts). */
export const PG_TS_CONFIG = 'fisco_mirror.italian';

/** Letters and digits, accents and case removed, each run one token (FTS5 unicode61 with remove_diacritics 2). */
export function pgTokens(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '');
}

/** The text PostgreSQL indexes for a record's part (key or rest): its tokens, one space apart. */
export function pgDocument(text: string): string {
  return pgTokens(text).join(' ');
}

const lexeme = (token: string): string => `'${token.replace(/'/g, "''")}'`;

type Piece = { op: '(' | ')' | 'AND' | 'OR' } | { phrase: string; prefix: boolean };

/** The pieces of an FTS5 expression as search.ts writes it. */
function piecesOf(match: string): Piece[] {
  const pieces: Piece[] = [];
  const pattern = /\s*(?:([()])|(AND|OR)\b|"((?:[^"]|"")*)"(\*)?)/y;
  let at = 0;
  while (match.slice(at).trim() !== '') {
    pattern.lastIndex = at;
    const m = pattern.exec(match);
    if (!m) throw new SyntaxError(`pgQuery: unexpected ${JSON.stringify(match.slice(at))}`);
    at = pattern.lastIndex;
    if (m[1]) pieces.push({ op: m[1] as '(' | ')' });
    else if (m[2]) pieces.push({ op: m[2] as 'AND' | 'OR' });
    else pieces.push({ phrase: m[3]!.replace(/""/g, '"'), prefix: m[4] === '*' });
  }
  return pieces;
}

/** One FTS5 phrase as a tsquery phrase; undefined when it holds no token. */
function phraseQuery(phrase: string, prefix: boolean): string | undefined {
  const tokens = pgTokens(phrase);
  if (tokens.length === 0) return undefined;
  const text = tokens.map((token, i) => (prefix && i === tokens.length - 1 ? `${lexeme(token)}:*` : lexeme(token))).join(' <-> ');
  return tokens.length === 1 ? text : `(${text})`;
}

/**
 * The tsquery text (for to_tsquery) of an FTS5 expression as search.ts writes it: terms joined by
 * AND, each a phrase (`"…"`, `"…"*`) or phrases joined by OR within parentheses; undefined when
 * nothing is left to look for.
 */
export function pgQuery(match: string): string | undefined {
  const pieces = piecesOf(match);
  const terms: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if ('phrase' in piece) {
      const one = phraseQuery(piece.phrase, piece.prefix);
      if (one) terms.push(one);
    } else if (piece.op === '(') {
      const ways: string[] = [];
      for (i++; i < pieces.length && !('op' in pieces[i]! && (pieces[i] as { op: string }).op === ')'); i++) {
        const way = pieces[i]!;
        if ('phrase' in way) {
          const one = phraseQuery(way.phrase, way.prefix);
          if (one) ways.push(one);
        }
      }
      if (ways.length > 0) terms.push(ways.length === 1 ? ways[0]! : `(${ways.join(' | ')})`);
    }
  }
  return terms.length === 0 ? undefined : terms.join(' & ');
}
