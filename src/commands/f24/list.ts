import { listF24s } from '../../api/f24.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { checkRange } from '../../flags/parse.js';
import { paginateOptions } from '../pages.js';
import type { F24_LIST_FLAGS } from './flags.js';
import { f24View } from './view.js';

export async function run(_args: string[], options: FlagValues<typeof F24_LIST_FLAGS>, factory: Factory): Promise<void> {
  checkRange(options.dueFrom, options.dueTo, '--due-from', '--due-to');
  const client = await factory.client();
  const filters = { status: options.status, due_date_from: options.dueFrom, due_date_to: options.dueTo, updated_since: options.updatedSince };
  await factory.output.list(listF24s(client, filters, paginateOptions(options, factory)), f24View);
}
