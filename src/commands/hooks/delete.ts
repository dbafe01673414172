import { deleteHook } from '../../api/hooks.js';
import { integerPathSegment } from '../../api/path.js';
import type { Factory } from '../../factory/factory.js';
import { needsCompanyToken } from './company-token.js';
import { t } from '../../i18n/message.js';

export async function run([id]: string[], _options: object, factory: Factory): Promise<void> {
  // The service's API document: DELETE /v1/hooks/{id} takes an integer id; anything else is refused before sending.
  integerPathSegment(id, 'ID', t`a subscription id, as \`fisco hooks list\` shows`);
  const client = await factory.client();
  await needsCompanyToken(() => deleteHook(client, id));
  factory.output.success(
    t`turned off subscription ${id}: no more deliveries. It is not erased (\`fisco hooks list\` shows it inactive); \`fisco hooks create\` subscribes again with a new secret.`,
  );
}
