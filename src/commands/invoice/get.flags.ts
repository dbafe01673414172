/** `fisco invoice get NUMBER|UUID`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';

/** --issued-from / --issued-to: which of several invoices sharing a number (get and pdf). */
export const ISSUED_FLAGS = defineFlags({
  issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  issuedTo: { flag: '--issued-to <date>', kind: 'date', description: 'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
});

export const GET_FLAGS = defineFlags({
  year: { flag: '--year <yyyy>', kind: 'string', description: 'the year of issue, when the number repeats across years' },
  ...ISSUED_FLAGS,
});
