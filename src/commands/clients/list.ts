import { listClients } from '../../api/clients.js';
import type { Context } from '../../context.js';
import { parseFlags } from '../../flags/parse.js';
import { paginateOptions } from '../options.js';
import { CLIENTS_LIST_FLAGS } from './list.flags.js';
import { clientView } from './view.js';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(CLIENTS_LIST_FLAGS, raw);
  const client = await context.client();
  await context.output.list(listClients(client, { q: options.search }, paginateOptions(options, context)), clientView);
}
