import { defineFlags } from '../flags.js';
import { JOURNAL_FLAGS } from '../journal.flags.js';

export const APPLY_FLAGS = defineFlags({
  minConfidence: {
    flag: '--min-confidence <x>',
    kind: 'string',
    description: 'register only proposals at or above this confidence (0 to 1; default 0: all proposed)',
  },
  ...JOURNAL_FLAGS,
});
