import { EVENT_FIELDS, listEvents } from '../../api/events.js';
import type { Context } from '../../context.js';
import type { View } from '../../output/view.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { parseFlags } from '../../flags/parse.js';
import { paginateOptions } from '../options.js';

const view: View = {
  columns: [
    { key: 'key', label: 'Key', isKey: true }, // what events sample and hooks create --event take
    { key: 'label', label: 'Label' },
    { key: 'category', label: 'Category', priority: 1 },
    { key: 'description', label: 'Description' },
  ],
  fields: EVENT_FIELDS,
  empty: 'No events.',
};

/** The event catalog is the same for every company. */
export const portfolio = 'token';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(LIST_FLAGS, raw);
  const client = await context.client();
  await context.output.list(listEvents(client, paginateOptions(options, context)), view);
}
