/** `fisco invoice pay NUMBER|UUID --amount A`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';

export const PAY_FLAGS = defineFlags({
  amount: {
    flag: '--amount <amount>',
    kind: 'amount',
    required: 'is required: the amount collected, like 150.00 or 1.234,50',
    description: 'amount collected: 150.00, 150,00 or 1.234,50 (required)',
  },
  date: { flag: '--date <date>', kind: 'date', description: 'payment date, YYYY-MM-DD or dd/mm/yyyy (default today)' },
  // The wording users saw before the table (zod's own), kept as it was.
  method: { flag: '--method <name>', kind: 'string', empty: 'Too small: expected string to have >=1 characters', description: 'payment method name' },
  // The contract's limit for payment notes (the service's API document, Limits).
  note: { flag: '--note <text>', kind: 'string', allowEmpty: true, maxLength: 500, description: 'note (at most 500 characters)' },
  year: { flag: '--year <yyyy>', kind: 'string', allowEmpty: true, description: 'the year of issue, when the number repeats across years' },
  issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'issued on or after this date, when the number repeats' },
  issuedTo: { flag: '--issued-to <date>', kind: 'date', description: 'issued on or before this date, when the number repeats' },
});
