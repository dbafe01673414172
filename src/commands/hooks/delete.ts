import { UsageError } from '../../api/errors.js';
import { deleteHook } from '../../api/hooks.js';
import type { Context } from '../../context.js';
import { needsCompanyToken } from './company-token.js';

export async function run([id]: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  // api-spec.md: DELETE /v1/hooks/{id} takes an integer id; anything else is refused before sending.
  if (!/^\d+$/.test(id)) throw new UsageError(`ID: '${id}' is not a subscription id (a whole number, as \`fisco hooks list\` shows)`);
  const client = await context.client();
  await needsCompanyToken(() => deleteHook(client, id));
  context.output.success(`turned off subscription ${id}: no more deliveries. It is not erased (\`fisco hooks list\` shows it inactive); \`fisco hooks create\` subscribes again with a new secret.`);
}
