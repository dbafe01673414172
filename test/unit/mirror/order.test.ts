import { describe, expect, it } from 'vitest';
import { guessKey, OrderLearner, orderFrom, orderKey, orderText, walkKey } from '../../../src/mirror/order.js';

const inv = (id: string, issue_date: string, number: string) => ({ id, issue_date, number });
const learned = (records: Record<string, unknown>[]) => {
  const learner = new OrderLearner();
  for (const record of records) learner.feed(record);
  return learner.result();
};

describe("the service's order, learned from a walk (src/mirror/order.ts)", () => {
  const a = inv('3', '2026-01-10', '2/2026');
  const b = inv('1', '2026-02-01', '10/2026');
  const c = inv('2', '2026-02-01', '9/2026');
  it('finds the rule every record of the walk followed, with how many records proved it', () => {
    expect(learned([c, b, a])).toEqual({ rule: 'newest', records: 3 });
    expect(learned([a, b, c])).toEqual({ rule: 'oldest', records: 3 });
    expect(learned([a, c, b])).toEqual({ rule: 'date-asc-id-desc', records: 3 });
    expect(learned([b, c, a])).toEqual({ rule: 'date-desc-id-asc', records: 3 });
    // By id alone: neither the dates nor the numbers go one way.
    expect(learned([inv('1', '2026-02-01', '5/2026'), inv('2', '2026-01-01', '1/2026'), inv('3', '2026-03-01', '3/2026')])).toEqual({ rule: 'id', records: 3 });
    // 2/2026, 9/2026, 10/2026: by number as a person sorts it, not as text.
    expect(learned([a, c, b]).rule).not.toBe('number');
    const d = inv('4', '2025-12-01', '1/2026');
    expect(learned([d, a, c, b, inv('5', '2026-01-01', 'Note-1/2026')])).toEqual({ rule: 'number', records: 5 });
  });

  it('says `walk` when no rule explains it, or an id is not a number', () => {
    expect(learned([b, a, c]).rule).toBe('walk');
    expect(learned([inv('uuid-1', '2026-01-01', '1/2026'), inv('uuid-2', '2026-01-02', '2/2026')]).rule).toBe('walk');
  });

  it('keys sort as the rule lists: descending parts by inverted digits, places in a walk, guesses after them', () => {
    const keys = [a, b, c].map((r) => orderKey('newest', r)!);
    expect([...keys].sort()).toEqual([orderKey('newest', c), orderKey('newest', b), orderKey('newest', a)]);
    expect(walkKey(2) < walkKey(10)).toBe(true);
    expect(walkKey(999_999) < guessKey(a)).toBe(true);
    expect(orderKey('number', inv('1', '2026-01-01', 'Fattura nº 1'))).toBeUndefined();
  });

  it('is kept as text and read back; anything else is no order', () => {
    expect(orderFrom(orderText({ rule: 'id', records: 12 }))).toEqual({ rule: 'id', records: 12 });
    expect(orderFrom('{"rule":"random","records":1}')).toBeUndefined();
    expect(orderFrom('not json')).toBeUndefined();
    expect(orderFrom(undefined)).toBeUndefined();
  });
});
