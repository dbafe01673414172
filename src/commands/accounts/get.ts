import { getAccount } from '../../api/accounts.js';
import type { Context } from '../../context.js';
import { accountView } from './view.js';

/** One company by id: --all-accounts changes nothing. */
export const portfolio = 'token';

export async function run([id]: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const client = await context.client();
  await context.output.item(await getAccount(client, id), accountView);
}
