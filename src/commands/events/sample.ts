import { jsonText } from '../../domain/answer-json.js';
import { getEventSample } from '../../api/events.js';
import type { Factory } from '../../factory/factory.js';

/** The envelope as JSON (also on a terminal: it is meant to be copied into an automation tool). */
export async function run([key]: string[], _options: object, factory: Factory): Promise<void> {
  const client = await factory.client();
  const envelope = await getEventSample(client, key);
  if (factory.output.format === 'table') factory.output.data(`${jsonText(envelope, 2)}\n`);
  else await factory.output.item(envelope);
}
