/** The flags of `fisco deadlines`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { DEADLINE_STATUS_VALUES, DEADLINE_TYPE_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { FILE } from '../../completion/values.js';
import { t } from '../../i18n/message.js';

/** The deadline filters, in list and export. */
export const DEADLINE_FILTER_FLAGS = defineFlags({
  type: { flag: '--type <type>', kind: 'enum', choices: DEADLINE_TYPE_VALUES, description: 'f24, lipe, iva, dichiarazione, inps or other' },
  status: { flag: '--status <status>', kind: 'enum', choices: DEADLINE_STATUS_VALUES, description: 'upcoming, due_today, overdue or done' },
  from: { flag: '--from <date>', kind: 'date', description: 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  to: { flag: '--to <date>', kind: 'date', description: 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only deadlines updated since (ISO-8601, or YYYY-MM-DD)' },
});

export const DEADLINES_LIST_FLAGS = defineFlags({ ...LIST_FLAGS, ...DEADLINE_FILTER_FLAGS });

export const DEADLINES_EXPORT_FLAGS = defineFlags({
  ...DEADLINE_FILTER_FLAGS,
  // The wording users saw before the table (zod's own), kept as it was.
  ics: {
    flag: '--ics <file>',
    kind: 'string',
    complete: FILE,
    empty: t`Too small: expected string to have >=1 characters`,
    description: 'the .ics file to write (- for stdout)',
  },
  remind: {
    flag: '--remind <days>',
    kind: 'string',
    description: 'a reminder N days before each deadline still to do, at 9:00 (default 3; 0: the day itself; off: none)',
  },
});
