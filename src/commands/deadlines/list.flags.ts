/** `fisco deadlines list` and `deadlines export`, which share the filters: data only (see src/commands/flags.ts). */
import { DEADLINE_STATUS_VALUES, DEADLINE_TYPE_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

/** The deadline filters, in list and export. */
export const DEADLINE_FILTER_FLAGS = defineFlags({
  type: { flag: '--type <type>', kind: 'enum', choices: DEADLINE_TYPE_VALUES, description: 'f24, lipe, iva, dichiarazione, inps or other' },
  status: { flag: '--status <status>', kind: 'enum', choices: DEADLINE_STATUS_VALUES, description: 'upcoming, due_today, overdue or done' },
  from: { flag: '--from <date>', kind: 'date', description: 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  to: { flag: '--to <date>', kind: 'date', description: 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only deadlines updated since (ISO-8601, or YYYY-MM-DD)' },
});

export const DEADLINES_LIST_FLAGS = defineFlags({ ...LIST_FLAGS, ...DEADLINE_FILTER_FLAGS });
