/** The flags of `fisco receivables`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { AGEING_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';

export const RECEIVABLES_FLAGS = defineFlags({
  ...AGEING_FLAGS,
  by: {
    flag: '--by <rows>',
    kind: 'enum',
    choices: ['client', 'invoice', 'company'],
    default: 'client',
    description: 'one row per client (default), invoice or company',
  },
  minDays: {
    flag: '--min-days <n>',
    kind: 'int',
    min: 0,
    max: 100000,
    default: '0',
    invalid: t`must be a whole number of days, 0 or more`,
    range: t`must be a whole number of days, 0 or more`,
    description: 'client and invoice rows with at least N days late on one invoice (default 0: every open one; 1: overdue)',
  },
});
