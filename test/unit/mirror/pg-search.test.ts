import { describe, expect, it } from 'vitest';
import { pgDocument, pgQuery, pgTokens } from '../../../src/mirror/pg-search.js';
import { searchExpression } from '../../../src/mirror/search.js';

describe('the PostgreSQL mirror’s search terms (pg-search.ts)', () => {
  it('cuts tokens as FTS5 unicode61 with remove_diacritics: runs of letters and digits, accents and case gone', () => {
    expect(pgTokens('FT 42/2026 — Città di Castello, IT01234567890; 1234x50')).toEqual([
      'ft',
      '42',
      '2026',
      'citta',
      'di',
      'castello',
      'it01234567890',
      '1234x50',
    ]);
    expect(pgDocument("Società  L'Àncora s.r.l.")).toBe('societa l ancora s r l');
  });

  it('turns search.ts’s FTS5 expression into a tsquery: phrases, prefixes, OR within parentheses, AND between', () => {
    expect(pgQuery(searchExpression('bian')!)).toBe("'bian':*");
    expect(pgQuery(searchExpression('42/2026')!)).toBe("('42' <-> '2026')");
    expect(pgQuery(searchExpression('FA/2026/00')!)).toBe("('fa' <-> '2026' <-> '00':*)");
    expect(pgQuery(searchExpression('zeta Città')!)).toBe("'zeta':* & 'citta':*");
    // A VAT number with or without IT, an amount as an Italian types it: the ways of one word, any of them.
    expect(pgQuery(searchExpression('IT01234567890')!)).toBe("('01234567890' | 'it01234567890':*)");
    expect(pgQuery(searchExpression('1.234,50')!)).toBe("'1234x50'");
    expect(pgQuery(searchExpression('450')!)).toBe("('450x00' | '450')");
  });

  it('a quote inside a phrase stays inside the lexeme; nothing to look for is undefined', () => {
    expect(pgQuery('"a""b"')).toBe("('a' <-> 'b')");
    expect(pgQuery('"—"')).toBeUndefined();
    expect(() => pgQuery('NEAR(a b)')).toThrow(/unexpected/);
  });
});
