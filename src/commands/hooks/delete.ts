import { deleteHook } from '../../api/hooks.js';
import type { Context } from '../../context.js';

export async function run([id]: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const client = await context.client();
  await deleteHook(client, id);
  context.output.success(`turned off subscription ${id}: no more deliveries. It is not erased (\`fisco hooks list\` shows it inactive); \`fisco hooks create\` subscribes again with a new secret.`);
}
