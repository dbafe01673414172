import * as z from '../../api/zod.js';
import { listClients } from '../../api/clients.js';
import type { Context } from '../../context.js';
import { listOptionsSchema, paginateOptions, parseOptions } from '../options.js';
import { clientView } from './view.js';

const schema = listOptionsSchema.extend({ search: z.string().trim().min(1, 'give some text to search for').optional() });

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const client = await context.client();
  await context.output.list(listClients(client, { q: options.search }, paginateOptions(options, context)), clientView);
}
