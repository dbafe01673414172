import { listF24s } from '../../api/f24.js';
import type { Context } from '../../context.js';
import { parseFlags } from '../../flags/parse.js';
import { checkRange } from '../../flags/parse.js';
import { paginateOptions } from '../options.js';
import { F24_LIST_FLAGS } from './list.flags.js';
import { f24View } from './view.js';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(F24_LIST_FLAGS, raw);
  checkRange(options.dueFrom, options.dueTo, '--due-from', '--due-to');
  const client = await context.client();
  const filters = { status: options.status, due_date_from: options.dueFrom, due_date_to: options.dueTo, updated_since: options.updatedSince };
  await context.output.list(listF24s(client, filters, paginateOptions(options, context)), f24View);
}
