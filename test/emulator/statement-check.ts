import { expect } from 'vitest';
import type { OpenInvoice } from '../../src/bank/types.js';
import { amountDue } from '../../src/emulator/resources/invoice-model.js';
import { openInvoices, type StatementMovement } from '../../src/emulator/statements/index.js';
import type { Store } from '../../src/emulator/store.js';

/** A company's open invoices in the store, as the matcher takes them. */
export function matcherInvoices(store: Store, accountId: string): OpenInvoice[] {
  return openInvoices(store, accountId).map((i) => ({
    id: i.id,
    uuid: i.uuid ?? '',
    number: i.number,
    issueDate: i.issue_date,
    counterpartName: i.counterpart.name,
    counterpartVat: i.counterpart.vat_number,
    totalAmount: i.total_amount,
    amountDue: amountDue(i),
  }));
}

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
