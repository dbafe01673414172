import { listHooks } from '../../api/hooks.js';
import type { Context } from '../../context.js';
import { hookView } from './view.js';

export async function run(_args: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const client = await context.client();
  await context.output.list(await listHooks(client), hookView);
}
