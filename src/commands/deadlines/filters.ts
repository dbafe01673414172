import type { DeadlineFilters } from '../../api/deadlines.js';
import { checkRange } from '../../flags/parse.js';
import type { FlagValues } from '../../flags/spec.js';
import type { DEADLINE_FILTER_FLAGS } from './flags.js';

export function deadlineFilters(options: FlagValues<typeof DEADLINE_FILTER_FLAGS>): DeadlineFilters {
  checkRange(options.from, options.to, '--from', '--to');
  return { type: options.type, status: options.status, due_date_from: options.from, due_date_to: options.to, updated_since: options.updatedSince };
}
