/**
 * The opaque cursor of a tool's list (pure): which page comes next, of which question. A cursor
 * names its tool and a digest of the filters it was made for, so it never pages another question.
 */
import { createHash } from 'node:crypto';

export interface Cursor {
  /** The next page, from 1. */
  page: number;
  /** Items per page (over a firm's companies: each company's). */
  size: number;
  /** Records handed before this page. */
  offset: number;
}

/** The digest of a tool's question: its name and filters (the paging fields aside), in a stable order. */
export function questionKey(tool: string, filters: Record<string, unknown>): string {
  const stable = Object.keys(filters)
    .sort()
    .filter((key) => filters[key] !== undefined)
    .map((key) => [key, filters[key]]);
  return createHash('sha256')
    .update(JSON.stringify([tool, stable]))
    .digest('base64url')
    .slice(0, 16);
}

export function encodeCursor(cursor: Cursor, key: string): string {
  return Buffer.from(JSON.stringify({ p: cursor.page, s: cursor.size, o: cursor.offset, k: key })).toString('base64url');
}

/** The cursor's page, or why it cannot be used (made for another question, or not a cursor of fisco's). */
export function decodeCursor(text: string, key: string): Cursor | { error: 'foreign' | 'malformed' } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return { error: 'malformed' };
  }
  if (value === null || typeof value !== 'object') return { error: 'malformed' };
  const { p, s, o, k } = value as Record<string, unknown>;
  const whole = (n: unknown, min: number): n is number => Number.isInteger(n) && (n as number) >= min;
  if (!whole(p, 1) || !whole(s, 1) || s > 100 || !whole(o, 0) || typeof k !== 'string') return { error: 'malformed' };
  if (k !== key) return { error: 'foreign' };
  return { page: p, size: s, offset: o };
}
