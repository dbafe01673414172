/** The flags of `fisco expenses`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { ALLOCATION_METHOD_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';

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
    empty: t`give a cost center code or id`,
    description: 'only expenses of this cost center, by code or id',
  },
});
