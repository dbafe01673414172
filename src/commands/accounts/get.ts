import { getAccount } from '../../api/accounts.js';
import type { Context } from '../../context.js';
import { accountView } from './view.js';

export async function run([id]: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const client = await context.client();
  await context.output.item(await getAccount(client, id), accountView);
}
