import type { Factory } from '../../factory/factory.js';
import { publicProfile } from '../../profiles/profile.js';
import { t } from '../../i18n/message.js';

export async function run(_args: string[], _options: object, factory: Factory): Promise<void> {
  const store = await factory.store();
  const active = store.activeName();
  await factory.output.list(
    store.list().map((profile) => publicProfile(profile, profile.name === active)),
    {
      columns: [
        { key: 'active', label: t`Active` },
        { key: 'name', label: t`Profile` },
        { key: 'environment', label: t`Env`, priority: 2 },
        { key: 'company.name', label: t`Company` },
        { key: 'base_url', label: t`Base URL`, priority: 1 },
      ],
      empty: t`No profiles: run \`fisco auth login\`.`,
    },
  );
}
