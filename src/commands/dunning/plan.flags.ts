/** `fisco dunning plan`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';
import { AGEING_FLAGS } from '../receivables/receivables.flags.js';

export const PLAN_FLAGS = defineFlags({
  ...AGEING_FLAGS,
  minDays: {
    flag: '--min-days <n>',
    kind: 'int',
    min: 1,
    max: 100000,
    default: '1',
    invalid: 'must be a whole number of days, 1 or more',
    range: 'must be a whole number of days, 1 or more',
    description: 'a letter for each client with an invoice at least N days late (default 1)',
  },
  rates: {
    flag: '--rates <file>',
    kind: 'string',
    description: "the reference rates to use instead of fisco's table: a CSV of from,rate (percent), one half-year a line",
  },
  compensation: {
    flag: '--no-compensation',
    kind: 'boolean',
    default: true,
    description: 'leave out the flat 40 euro per invoice for recovery costs (art. 6 D.Lgs. 231/2002)',
  },
  out: {
    flag: '--out <dir>',
    kind: 'string',
    default: 'solleciti',
    description: 'where the letters are written, HTML and PDF, a folder per company (default: solleciti)',
  },
  plan: { flag: '--plan <file>', kind: 'string', description: 'the plan file that dunning send reads (default: piano.json in --out)' },
});
