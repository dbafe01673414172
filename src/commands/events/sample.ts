import { jsonText } from '../../domain/answer-json.js';
import { getEventSample } from '../../api/events.js';
import type { Context } from '../../context.js';

/** The envelope as JSON (also on a terminal: it is meant to be copied into an automation tool). */
/** The event catalog is the same for every company. */
export const portfolio = 'token';

export async function run([key]: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const client = await context.client();
  const envelope = await getEventSample(client, key);
  if (context.output.format === 'table') context.output.data(`${jsonText(envelope, 2)}\n`);
  else await context.output.item(envelope);
}
