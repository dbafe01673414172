import { getMe } from '../../api/me.js';
import type { Factory } from '../../factory/factory.js';
import { t } from '../../i18n/message.js';

export async function run(_args: string[], _options: object, factory: Factory): Promise<void> {
  const client = await factory.client();
  const me = await getMe(client);
  await factory.output.item(me, {
    columns: [
      { key: 'company.name', label: t`Company` },
      { key: 'company.vat_number', label: t`VAT number` },
      { key: 'company.id', label: t`Company id` },
      { key: 'token_type', label: t`Token type` },
      { key: 'accounts_count', label: t`Companies`, kind: 'count' },
      { key: 'full_access', label: t`Full access` },
      { key: 'abilities', label: t`Abilities`, kind: 'list' },
      { key: 'webhooks_supported', label: t`Webhooks supported` },
      { key: 'webhooks_ready', label: t`Webhooks ready` },
    ],
  });
  if (factory.offline) await (await import('../../mirror/open.js')).sayLatestAge(factory);
}
