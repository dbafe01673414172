import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { addFlags } from '../../flags/commander.js';
import { EXPENSES_LIST_FLAGS, PERIOD_FLAGS } from './list.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

export function registerExpenses(program: Command): void {
  const expenses = program.command('expenses').description('classified expenses and their summary by allocation method and cost center');
  addListFlags(expenses.command('list').description('list classified expenses (GET /v1/expenses)'), EXPENSES_LIST_FLAGS)
    .addHelpText(
      'after',
      examples([
        'fisco expenses list --period 2026-10 --all -o csv > expenses-2026-10.csv',
        'fisco expenses list --from 2026-06 --to 2026-10 --cost-center COMM-2026-01 --method diretto',
      ]),
    )
    .action(lazy(() => import('./list.js')));
  addFlags(
    markScope(expenses.command('summary'), 'companies').description(
      'totals per allocation method and per cost center, unassigned kept apart (GET /v1/expenses/summary)',
    ),
    PERIOD_FLAGS,
  )
    .addHelpText(
      'after',
      examples(['fisco expenses summary --period 2026-10', 'fisco expenses summary --from 2026-01 --to 2026-06 -o csv --csv-dialect it > summary.csv']),
    )
    .action(lazy(() => import('./summary.js')));
}
