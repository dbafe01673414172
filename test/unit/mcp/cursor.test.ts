import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, questionKey } from '../../../src/mcp/cursor.js';
import { safeData } from '../../../src/output/safe-text.js';

describe("fisco mcp's cursor", () => {
  const key = questionKey('list_invoices', { direction: 'outbound', payment_status: ['unpaid'] });

  it('carries the next page, its size and the records handed so far, for its own question only', () => {
    const cursor = encodeCursor({ page: 3, size: 25, offset: 50 }, key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, key)).toEqual({ page: 3, size: 25, offset: 50 });
    expect(decodeCursor(cursor, questionKey('list_invoices', { direction: 'inbound' }))).toEqual({ error: 'foreign' });
    expect(decodeCursor(cursor, questionKey('list_clients', { direction: 'outbound', payment_status: ['unpaid'] }))).toEqual({ error: 'foreign' });
  });

  it('names a question by its filters in any order, the ones not given aside', () => {
    expect(questionKey('t', { a: 1, b: undefined, c: 'x' })).toBe(questionKey('t', { c: 'x', a: 1 }));
    expect(questionKey('t', { a: 1 })).not.toBe(questionKey('t', { a: 2 }));
  });

  it('refuses what fisco did not make: not base64 JSON, a page below 1, a size over 100, a missing offset', () => {
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const text of [
      'not-a-cursor',
      made(null),
      made({ p: 0, s: 10, o: 0, k: key }),
      made({ p: 1, s: 101, o: 0, k: key }),
      made({ p: 1, s: 10, k: key }),
      made({ p: 1.5, s: 10, o: 0, k: key }),
    ])
      expect(decodeCursor(text, key)).toEqual({ error: 'malformed' });
  });
});

describe("safeData: the service's strings handed on as data", () => {
  it('removes control and direction-changing characters at any depth, keeping line breaks, tabs and other values', () => {
    const value = { name: 'Evil\u202eCorp\u0007', lines: [{ text: 'a\nb\tc\u2066d\u2069' }], n: 3, ok: true, none: null, ['k\u200e']: 'v' };
    expect(safeData(value)).toEqual({ name: 'EvilCorp', lines: [{ text: 'a\nb\tcd' }], n: 3, ok: true, none: null, k: 'v' });
  });
});
