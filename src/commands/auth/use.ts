import { UsageError } from '../../errors.js';
import type { Context } from '../../context.js';

export async function run([name]: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const store = await context.store();
  if (!store.get(name)) {
    throw new UsageError(`no profile named '${name}'`, [
      `Known profiles: ${
        store
          .list()
          .map((p) => p.name)
          .join(', ') || 'none (run `fisco auth login`)'
      }`,
    ]);
  }
  await store.setActive(name);
  context.output.success(`Profile ${name} is now active.`);
}
