import { expect } from 'vitest';
import type { StatementMovement } from '../../src/emulator/statements/index.js';

/** Each movement's proposal is what the scenario says it should be. */
export function checkAgainstScenario(
  expected: StatementMovement[],
  proposals: { status: string; allocations: { invoiceId: string; amount: string }[]; fee?: string }[],
): void {
  expect(proposals).toHaveLength(expected.length);
  expected.forEach((m, i) => {
    const p = proposals[i];
    if (m.pays.length === 0) {
      expect(p.status, m.kind).toBe(m.kind === 'unrelated' ? 'unmatched' : 'skipped');
      return;
    }
    expect(p.status, m.kind).toBe('proposed');
    expect(
      p.allocations.map((a) => [a.invoiceId, a.amount]),
      m.kind,
    ).toEqual(m.pays.map((x) => [x.invoiceId, x.amount]));
    expect(p.fee, m.kind).toBe(m.fee);
  });
}
