import { listAccounts } from '../../api/accounts.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { paginateOptions } from '../pages.js';
import type { ACCOUNTS_LIST_FLAGS } from './flags.js';
import { accountView } from './view.js';

export async function run(_args: string[], options: FlagValues<typeof ACCOUNTS_LIST_FLAGS>, factory: Factory): Promise<void> {
  const client = await factory.client();
  const listed: string[] = [];
  const accounts = listAccounts(client, { updated_since: options.updatedSince }, paginateOptions(options, factory));
  await factory.output.list(noting(accounts, listed), accountView);
  // Offline, the companies listed are the mirror's: how old each is, as every offline read says.
  if (factory.offline) await (await import('../../mirror/open.js')).sayListedAges(factory, listed);
}

/** The companies as they pass, their ids noted in `ids`. */
async function* noting<T extends { id: string }>(items: AsyncIterable<T>, ids: string[]): AsyncGenerator<T> {
  for await (const item of items) {
    ids.push(item.id);
    yield item;
  }
}
