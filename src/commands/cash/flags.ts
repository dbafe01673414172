/** The flags of `fisco cash`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { FILE } from '../../completion/values.js';
import { defineFlags } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';

export const CASH_FLAGS = defineFlags({
  weeks: {
    flag: '--weeks <n>',
    kind: 'int',
    min: 1,
    max: 52,
    default: '13',
    invalid: t`must be a whole number of weeks, 1 to 52`,
    range: t`must be from 1 to 52 weeks`,
    description: 'how many weeks from today (default 13)',
  },
  openingBalance: {
    flag: '--opening-balance <amount>',
    kind: 'amount',
    allowZero: true,
    allowNegative: true,
    description: 'the bank balance the running balance starts from (1.234,50 or 1234.50; negative when overdrawn)',
  },
  fromStatement: {
    flag: '--from-statement <file>',
    kind: 'string',
    complete: FILE,
    description: 'start from the closing balance of a bank statement fisco reads (camt.053, MT940, CBI)',
  },
});
