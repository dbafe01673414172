import { EXPENSE_AMOUNTS, EXPENSE_FIELDS, listExpenses, UNASSIGNED, type Expense } from '../../api/expenses.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { View } from '../../output/view.js';
import { paginateOptions } from '../pages.js';
import type { EXPENSES_LIST_FLAGS } from './flags.js';
import { periodQuery } from './period.js';
import { t } from '../../i18n/message.js';

const review = (row: unknown) => (row as Expense).needs_review === true;

export const expenseView: View = {
  columns: [
    { key: 'document_date', label: t`Date`, kind: 'date' },
    { key: 'document_number', label: t`Document`, priority: 3, cut: 'middle', minWidth: 12 },
    { key: 'periodo_competenza', label: t`Period`, priority: 4 },
    { key: 'supplier.name', label: t`Supplier / employee` },
    { key: 'allocation_method', label: t`Method`, priority: 2 },
    {
      key: 'cost_center_code',
      label: t`Center`,
      tone: (row) => ((row as Expense).cost_center_code === UNASSIGNED ? 'danger' : undefined),
      priority: 1,
      minWidth: 12,
    },
    { key: 'total', label: t`Total`, kind: 'money' },
    { key: 'is_paid', label: t`Paid`, priority: 5 },
    { key: 'needs_review', label: t`Review`, tone: (row) => (review(row) ? 'danger' : 'muted') },
  ],
  fields: EXPENSE_FIELDS,
  amountFields: EXPENSE_AMOUNTS,
  rowTone: (row) => (review(row) ? 'warn' : undefined),
  empty: t`No expenses for these filters.`,
};

/** Table only: say what a missing method counts as, and who a payslip is for. */
export function forTable(expense: Expense): Expense {
  return {
    ...expense,
    allocation_method: (expense.allocation_method ?? t`struttura (none)`) as unknown as Expense['allocation_method'],
    supplier: expense.supplier ?? (expense.employee_ref ? { id: '', name: `payslip ${expense.employee_ref}` } : null),
  };
}

async function* mapped<T, U>(items: AsyncIterable<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield fn(item);
}

export async function run(_args: string[], options: FlagValues<typeof EXPENSES_LIST_FLAGS>, factory: Factory): Promise<void> {
  const query = { ...periodQuery(options), method: options.method, cost_center: options.costCenter };
  const client = await factory.client();
  const items = listExpenses(client, query, paginateOptions(options, factory));
  const table = factory.output.format === 'table';
  let flagged = 0;
  const shown = mapped(items, (expense: Expense) => {
    if (expense.needs_review) flagged++;
    return forTable(expense);
  });
  await factory.output.list(table ? shown : items, expenseView);
  if (table && flagged > 0)
    factory.output.info(
      flagged === 1
        ? t`1 row needs review (highlighted): method diretto without a cost center, shown as UNASSIGNED.`
        : t`${flagged} rows need review (highlighted): method diretto without a cost center, shown as UNASSIGNED.`,
    );
}
