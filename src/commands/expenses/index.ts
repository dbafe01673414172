import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

function addPeriodOptions(command: Command): Command {
  return command
    .option('--period <YYYY-MM>', 'one month of competence (periodo), YYYY-MM or mm/yyyy')
    .option('--from <YYYY-MM>', 'first month of a range (periodo_da), YYYY-MM or mm/yyyy')
    .option('--to <YYYY-MM>', 'last month of a range (periodo_a), YYYY-MM or mm/yyyy');
}

export function registerExpenses(program: Command): void {
  const expenses = program.command('expenses').description('classified expenses and their summary by allocation method and cost center');
  addPeriodOptions(addListOptions(expenses.command('list').description('list classified expenses (GET /v1/expenses)')))
    .option('--method <method>', 'diretto, personale, struttura (also finds records with no method) or escluso')
    .option('--cost-center <code|id>', 'only expenses of this cost center, by code or id')
    .addHelpText(
      'after',
      examples([
        'fisco expenses list --period 2026-10 --all -o csv > expenses-2026-10.csv',
        'fisco expenses list --from 2026-06 --to 2026-10 --cost-center COMM-2026-01 --method diretto',
      ]),
    )
    .action(lazy(() => import('./list.js')));
  addPeriodOptions(
    markScope(expenses.command('summary'), 'companies').description(
      'totals per allocation method and per cost center, unassigned kept apart (GET /v1/expenses/summary)',
    ),
  )
    .addHelpText(
      'after',
      examples(['fisco expenses summary --period 2026-10', 'fisco expenses summary --from 2026-01 --to 2026-06 -o csv --csv-dialect it > summary.csv']),
    )
    .action(lazy(() => import('./summary.js')));
}
