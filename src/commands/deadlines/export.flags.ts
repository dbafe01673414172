/** `fisco deadlines export --ics FILE`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';
import { DEADLINE_FILTER_FLAGS } from './list.flags.js';

export const DEADLINES_EXPORT_FLAGS = defineFlags({
  ...DEADLINE_FILTER_FLAGS,
  // The wording users saw before the table (zod's own), kept as it was.
  ics: {
    flag: '--ics <file>',
    kind: 'string',
    empty: 'Too small: expected string to have >=1 characters',
    description: 'the .ics file to write (- for stdout)',
  },
  remind: {
    flag: '--remind <days>',
    kind: 'string',
    description: 'a reminder N days before each deadline still to do, at 9:00 (default 3; 0: the day itself; off: none)',
  },
});
