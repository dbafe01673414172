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
        { key: 'active', label: 'Active' },
        { key: 'name', label: 'Profile' },
        { key: 'environment', label: 'Env', priority: 2 },
        { key: 'company.name', label: 'Company' },
        { key: 'base_url', label: 'Base URL', priority: 1 },
      ],
      empty: t`No profiles: run \`fisco auth login\`.`,
    },
  );
}
