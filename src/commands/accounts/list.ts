import { listAccounts } from '../../api/accounts.js';
import type { Context } from '../../context.js';
import { instantOption } from '../filters.js';
import { listOptionsSchema, paginateOptions, parseOptions } from '../options.js';
import { accountView } from './view.js';

const schema = listOptionsSchema.extend({ updatedSince: instantOption.optional() });

/** The company list is the token's: --all-accounts changes nothing. */
export const portfolio = 'token';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const client = await context.client();
  await context.output.list(listAccounts(client, { updated_since: options.updatedSince }, paginateOptions(options, context)), accountView);
}
