import { getMe } from '../../api/me.js';
import type { Factory } from '../../factory/factory.js';

export async function run(_args: string[], _options: object, factory: Factory): Promise<void> {
  const client = await factory.client();
  const me = await getMe(client);
  await factory.output.item(me, {
    columns: [
      { key: 'company.name', label: 'Company' },
      { key: 'company.vat_number', label: 'VAT number' },
      { key: 'company.id', label: 'Company id' },
      { key: 'token_type', label: 'Token type' },
      { key: 'accounts_count', label: 'Companies', kind: 'count' },
      { key: 'full_access', label: 'Full access' },
      { key: 'abilities', label: 'Abilities', kind: 'list' },
      { key: 'webhooks_supported', label: 'Webhooks supported' },
      { key: 'webhooks_ready', label: 'Webhooks ready' },
    ],
  });
}
