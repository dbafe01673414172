import { EVENT_FIELDS, listEvents } from '../../api/events.js';
import type { Context } from '../../context.js';
import type { View } from '../../output/view.js';

const view: View = {
  columns: [
    { key: 'key', label: 'Key' },
    { key: 'label', label: 'Label' },
    { key: 'category', label: 'Category' },
    { key: 'description', label: 'Description' },
  ],
  fields: EVENT_FIELDS,
  empty: 'No events.',
};

export async function run(_args: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const client = await context.client();
  await context.output.list(await listEvents(client), view);
}
