import { getAccount } from '../../api/accounts.js';
import type { Factory } from '../../factory/factory.js';
import { accountView } from './view.js';

export async function run([id]: string[], _options: object, factory: Factory): Promise<void> {
  const client = await factory.client();
  await factory.output.item(await getAccount(client, id), accountView);
}
