/** `fisco f24 list` and the due-date range it shares with `f24 download`: data only (see src/commands/flags.ts). */
import { F24_STATUS_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

/** --due-from / --due-to, in f24 list and f24 download. */
export const DUE_FLAGS = defineFlags({
  dueFrom: { flag: '--due-from <date>', kind: 'date', description: 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  dueTo: { flag: '--due-to <date>', kind: 'date', description: 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
});

export const F24_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  status: { flag: '--status <status>', kind: 'enum', choices: F24_STATUS_VALUES, description: 'draft, ready, paid, expired or cancelled' },
  ...DUE_FLAGS,
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only forms updated since (ISO-8601, or YYYY-MM-DD)' },
});
