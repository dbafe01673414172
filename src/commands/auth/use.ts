import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import { t } from '../../i18n/message.js';

export async function run([name]: string[], _options: object, factory: Factory): Promise<void> {
  const store = await factory.store();
  if (!store.get(name)) {
    throw new UsageError(t`no profile named '${name}'`, [
      t`Known profiles: ${
        store
          .list()
          .map((p) => p.name)
          .join(', ') || t`none (run \`fisco auth login\`)`
      }`,
    ]);
  }
  await store.setActive(name);
  factory.output.success(t`Profile ${name} is now active.`);
}
