/** `fisco cash`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';

export const CASH_FLAGS = defineFlags({
  weeks: {
    flag: '--weeks <n>',
    kind: 'int',
    min: 1,
    max: 52,
    default: '13',
    invalid: 'must be a whole number of weeks, 1 to 52',
    range: 'must be from 1 to 52 weeks',
    description: 'how many weeks from today (default 13)',
  },
});
