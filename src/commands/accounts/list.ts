import { listAccounts } from '../../api/accounts.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { paginateOptions } from '../pages.js';
import type { ACCOUNTS_LIST_FLAGS } from './flags.js';
import { accountView } from './view.js';

export async function run(_args: string[], options: FlagValues<typeof ACCOUNTS_LIST_FLAGS>, factory: Factory): Promise<void> {
  const client = await factory.client();
  await factory.output.list(listAccounts(client, { updated_since: options.updatedSince }, paginateOptions(options, factory)), accountView);
}
