import { ALLOCATION_METHOD_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

/** --period, or --from/--to: the whole table of `expenses summary`, and part of `expenses list`. */
export const PERIOD_FLAGS = defineFlags({
  period: { flag: '--period <YYYY-MM>', kind: 'month', description: 'one month of competence (periodo), YYYY-MM or mm/yyyy' },
  from: { flag: '--from <YYYY-MM>', kind: 'month', description: 'first month of a range (periodo_da), YYYY-MM or mm/yyyy' },
  to: { flag: '--to <YYYY-MM>', kind: 'month', description: 'last month of a range (periodo_a), YYYY-MM or mm/yyyy' },
});

export const EXPENSES_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  ...PERIOD_FLAGS,
  method: {
    flag: '--method <method>',
    kind: 'enum',
    choices: ALLOCATION_METHOD_VALUES,
    description: 'diretto, personale, struttura (also finds records with no method) or escluso',
  },
  costCenter: {
    flag: '--cost-center <code|id>',
    kind: 'string',
    trim: true,
    empty: 'give a cost center code or id',
    description: 'only expenses of this cost center, by code or id',
  },
});

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
