import { listClients } from '../../api/clients.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { paginateOptions } from '../pages.js';
import type { CLIENTS_LIST_FLAGS } from './flags.js';
import { clientView } from './view.js';

export async function run(_args: string[], options: FlagValues<typeof CLIENTS_LIST_FLAGS>, factory: Factory): Promise<void> {
  const client = await factory.client();
  await factory.output.list(listClients(client, { q: options.search }, paginateOptions(options, factory)), clientView);
}
