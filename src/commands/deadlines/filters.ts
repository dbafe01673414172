import * as z from '../../api/zod.js';
import { DEADLINE_STATUSES, DEADLINE_TYPES, type DeadlineFilters } from '../../api/deadlines.js';
import { checkRange, dateOption, enumOption, instantOption } from '../filters.js';

export const deadlineFilterSchema = z.object({
  type: enumOption(DEADLINE_TYPES).optional(),
  status: enumOption(DEADLINE_STATUSES).optional(),
  from: dateOption.optional(),
  to: dateOption.optional(),
  updatedSince: instantOption.optional(),
});

export function deadlineFilters(options: z.infer<typeof deadlineFilterSchema>): DeadlineFilters {
  checkRange(options.from, options.to, '--from', '--to');
  return { type: options.type, status: options.status, due_date_from: options.from, due_date_to: options.to, updated_since: options.updatedSince };
}
