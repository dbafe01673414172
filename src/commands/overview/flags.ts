/** The flags of `fisco overview`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { defineFlags } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';

export const OVERVIEW_FLAGS = defineFlags({
  days: {
    flag: '--days <n>',
    kind: 'int',
    min: 1,
    max: 366,
    invalid: t`must be a whole number of days, 1 or more`,
    range: t`must be from 1 to 366 days`,
    default: '14',
    description: 'deadlines due within N days (a whole number of 1 or more)',
  },
  wide: { flag: '--wide', kind: 'boolean', description: 'every column whole in the table, whatever the width (default: what fits, key figures first)' },
});
