import { describe, expect, it } from 'vitest';
import { DistinctCounter } from '../../../src/api/distinct.js';

describe('DistinctCounter', () => {
  it('counts each different key once, however often and in whatever order it comes', () => {
    const counter = new DistinctCounter();
    expect(counter.count()).toBe(0);
    for (const key of ['a', 'b', 'a', '', 'acc_1\u00001', 'acc_2\u00001', 'b', '']) counter.add(key);
    expect(counter.count()).toBe(5);
    counter.add('c');
    expect(counter.count()).toBe(6);
  });

  it('holds 200,000 keys (past many growths) and counts them exactly', () => {
    const counter = new DistinctCounter();
    for (let i = 0; i < 200_000; i++) counter.add(`inv_${i}`);
    for (let i = 0; i < 200_000; i += 7) counter.add(`inv_${i}`);
    expect(counter.count()).toBe(200_000);
  });
});
