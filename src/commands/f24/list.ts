import { F24_STATUSES, listF24s } from '../../api/f24.js';
import type { Context } from '../../context.js';
import { checkRange, dateOption, enumOption, instantOption } from '../filters.js';
import { listOptionsSchema, paginateOptions, parseOptions } from '../options.js';
import { f24View } from './view.js';

const schema = listOptionsSchema.extend({
  status: enumOption(F24_STATUSES).optional(),
  dueFrom: dateOption.optional(),
  dueTo: dateOption.optional(),
  updatedSince: instantOption.optional(),
});

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  checkRange(options.dueFrom, options.dueTo, '--due-from', '--due-to');
  const client = await context.client();
  const filters = { status: options.status, due_date_from: options.dueFrom, due_date_to: options.dueTo, updated_since: options.updatedSince };
  await context.output.list(listF24s(client, filters, paginateOptions(options, context)), f24View);
}
