import { describe, expect, it } from 'vitest';
import { KIND } from '../../../src/mirror/kinds.js';
import { agree, guessKey, OrderLearner, orderFrom, orderKey, orderText, walkKey } from '../../../src/mirror/order.js';

const inv = (id: string, issue_date: string, number: string) => ({ id, issue_date, number });
const learned = (records: Record<string, unknown>[], kind: (typeof KIND)[keyof typeof KIND] = KIND.invoice) => {
  const learner = new OrderLearner(kind);
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
    expect(learned([a, c, b])).toEqual({ rule: 'date-asc-id-desc', records: 3, also: ['id-desc', 'number'] });
    expect(learned([b, c, a])).toMatchObject({ rule: 'date-desc-id-asc', records: 3 });
    // By id alone: neither the dates nor the numbers go one way.
    expect(learned([inv('1', '2026-02-01', '5/2026'), inv('2', '2026-01-01', '1/2026'), inv('3', '2026-03-01', '3/2026')])).toEqual({ rule: 'id', records: 3 });
    // 2/2026, 9/2026, 10/2026: by number as a person sorts it, not as text.
    expect(learned([a, c, b]).rule).not.toBe('number');
    const d = inv('4', '2025-12-01', '1/2026');
    expect(learned([d, a, c, b, inv('5', '2026-01-01', 'Note-1/2026')])).toEqual({ rule: 'number', records: 5 });
  });

  it('says `walk` when no rule explains it, or an id is neither a number nor printable ASCII', () => {
    expect(learned([b, a, c]).rule).toBe('walk');
    expect(learned([inv('fattura-è1', '2026-01-01', '1/2026'), inv('fattura-è2', '2026-01-02', '2/2026')]).rule).toBe('walk');
  });

  it("learns every list's order on its own date and label: F24s and deadlines by due date, expenses by document date, clients by name", () => {
    const f24 = (id: string, due_date: string, description: string) => ({ id, due_date, description });
    // Text ids sort byte by byte; descending, a longer id first (f24_10 before f24_1).
    expect(learned([f24('f24_2', '2026-03-16', 'IVA'), f24('f24_10', '2026-02-16', 'IVA'), f24('f24_1', '2026-02-16', 'IRPEF')], KIND.f24)).toEqual({
      rule: 'newest',
      records: 3,
      also: ['id-desc'],
    });
    expect(learned([f24('f24_1', '2026-02-16', 'B'), f24('f24_10', '2026-02-16', 'A'), f24('f24_2', '2026-03-16', 'C')], KIND.f24).rule).toBe('oldest');
    const client = (id: number, name: string) => ({ id, name });
    expect(learned([client(3, 'Bottega 2'), client(1, 'Bottega 10'), client(2, 'Studio')], KIND.client)).toEqual({ rule: 'number', records: 3 });
    // A list without a date never follows a rule by date.
    expect(learned([client(1, 'B'), client(2, 'A')], KIND.client)).toEqual({ rule: 'id', records: 2 });
    const expense = (id: string, document_date: string) => ({ id, document_date, document_number: id });
    expect(learned([expense('exp_1', '2026-01-02'), expense('exp_3', '2026-01-02'), expense('exp_2', '2026-01-01')], KIND.expense).rule).toBe(
      'date-desc-id-asc',
    );
  });

  it('names the other rules a walk followed just as well, and says whether they agree on where a record added since goes', () => {
    const f24 = (id: string, due_date: string) => ({ id, due_date });
    const walk = [f24('f24_01', '2026-01-16'), f24('f24_02', '2026-02-16'), f24('f24_03', '2026-03-16')];
    expect(learned(walk, KIND.f24)).toEqual({ rule: 'oldest', records: 3, also: ['date-asc-id-desc', 'id'] });
    // A new form due after every other one: by date and by id, last.
    expect(agree(['date-asc-id-desc', 'id'], KIND.f24, f24('f24_04', '2026-04-16'), walk[2], undefined)).toBe(true);
    // Due in the middle: by date between the first two, by id last: a guess.
    expect(agree(['date-asc-id-desc', 'id'], KIND.f24, f24('f24_04', '2026-01-20'), walk[0], walk[1])).toBe(false);
  });

  it('keys sort as the rule lists: descending parts by inverted digits, places in a walk, guesses after them', () => {
    const keys = [a, b, c].map((r) => orderKey('newest', r)!);
    expect([...keys].sort()).toEqual([orderKey('newest', c), orderKey('newest', b), orderKey('newest', a)]);
    expect(walkKey(2) < walkKey(10)).toBe(true);
    expect(walkKey(999_999) < guessKey(a)).toBe(true);
    expect(orderKey('number', inv('1', '2026-01-01', 'Fattura nº 1'))).toBeUndefined();
    const ids = ['a', 'ab', 'b', 'B', 'a_1'];
    const descending = [...ids].sort((x, y) => (x < y ? 1 : x > y ? -1 : 0));
    expect(ids.map((id) => orderKey('id-desc', { id })!).sort()).toEqual(descending.map((id) => orderKey('id-desc', { id })));
  });

  it('is kept as text and read back; anything else is no order', () => {
    expect(orderFrom(orderText({ rule: 'id', records: 12 }))).toEqual({ rule: 'id', records: 12 });
    expect(orderFrom(orderText({ rule: 'oldest', records: 3, also: ['id'] }))).toEqual({ rule: 'oldest', records: 3, also: ['id'] });
    expect(orderFrom('{"rule":"oldest","records":3,"also":["random"]}')).toBeUndefined();
    expect(orderFrom('{"rule":"random","records":1}')).toBeUndefined();
    expect(orderFrom('not json')).toBeUndefined();
    expect(orderFrom(undefined)).toBeUndefined();
  });
});
