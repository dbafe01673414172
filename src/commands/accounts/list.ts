import { listAccounts } from '../../api/accounts.js';
import type { Context } from '../../context.js';
import { parseFlags } from '../../flags/parse.js';
import { paginateOptions } from '../options.js';
import { ACCOUNTS_LIST_FLAGS } from './list.flags.js';
import { accountView } from './view.js';

/** The company list is the token's: --all-accounts changes nothing. */
export const portfolio = 'token';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(ACCOUNTS_LIST_FLAGS, raw);
  const client = await context.client();
  await context.output.list(listAccounts(client, { updated_since: options.updatedSince }, paginateOptions(options, context)), accountView);
}
