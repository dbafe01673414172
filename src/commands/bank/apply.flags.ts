import { defineFlags } from '../flags.js';
import { JOURNAL_FLAGS } from '../journal.flags.js';

export const APPLY_FLAGS = defineFlags({
  minConfidence: {
    flag: '--min-confidence <x>',
    kind: 'string',
    description:
      'register the proposals at or above this confidence (0 to 1), partial and over-payments included; default: only exact ones (or less a bank fee) and reviewed ones',
  },
  ...JOURNAL_FLAGS,
});
