import { defineNoun, defineVerb } from '../verb.js';
import { PERIOD_FLAGS, EXPENSES_LIST_FLAGS } from './flags.js';

export const EXPENSES = defineNoun({
  name: 'expenses',
  description: 'classified expenses and their summary by allocation method and cost center',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list classified expenses (GET /v1/expenses)',
      flags: EXPENSES_LIST_FLAGS,
      scope: 'companies',
      offline: true,
      examples: [
        'fisco expenses list --period 2026-10 --all -o csv > expenses-2026-10.csv',
        'fisco expenses list --from 2026-06 --to 2026-10 --cost-center COMM-2026-01 --method diretto',
      ],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'summary',
      description: 'totals per allocation method and per cost center, unassigned kept apart (GET /v1/expenses/summary)',
      flags: PERIOD_FLAGS,
      // One company's summary: with several companies, one per company.
      scope: 'companies',
      offline: true,
      examples: ['fisco expenses summary --period 2026-10', 'fisco expenses summary --from 2026-01 --to 2026-06 -o csv --csv-dialect it > summary.csv'],
      load: () => import('./summary.js'),
    }),
  ],
});
