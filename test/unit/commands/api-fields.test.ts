import { describe, expect, it } from 'vitest';
import { setField } from '../../../src/commands/api/api.js';

describe('fisco api -f: keys as gh reads them', () => {
  it('key[]=v appends to an array, key[sub]=v nests, key=v sets', () => {
    const body: Record<string, unknown> = {};
    expect(setField(body, 'target_url', 'https://example.com/h')).toBeUndefined();
    expect(setField(body, 'events[]', 'invoice.created')).toBeUndefined();
    expect(setField(body, 'events[]', 'payment.received')).toBeUndefined();
    expect(setField(body, 'pa[cig]', 'Z1')).toBeUndefined();
    expect(setField(body, 'pa[cups][]', 'A')).toBeUndefined();
    expect(setField(body, 'pa[cups][]', 'B')).toBeUndefined();
    expect(body).toEqual({ target_url: 'https://example.com/h', events: ['invoice.created', 'payment.received'], pa: { cig: 'Z1', cups: ['A', 'B'] } });
  });

  it('says what is wrong with a key', () => {
    const body: Record<string, unknown> = { a: 'x', list: ['y'] };
    expect(String(setField(body, 'a[]', 'v'))).toBe('a is already a single value, not an array');
    expect(String(setField(body, 'a', 'v'))).toBe('a is given twice (use a[]=… for an array)');
    expect(String(setField(body, 'list[x]', 'v'))).toBe('list is already a value, not an object');
    expect(String(setField(body, 'b[][c]', 'v'))).toBe('[] may only end the key');
    expect(String(setField(body, '[x]', 'v'))).toMatch(/the key must be/);
  });
});
