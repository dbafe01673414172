import { UsageError } from '../../api/errors.js';
import type { Context } from '../../context.js';

export async function run([requested]: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const store = await context.store();
  const name = requested ?? store.activeName();
  if (!name) throw new UsageError('no active profile to log out of; name one: fisco auth logout NAME');
  if (!store.get(name)) throw new UsageError(`no profile named '${name}'`, ['`fisco auth list` shows the stored profiles.']);
  store.remove(name);
  context.output.success(`Removed profile ${name}${store.activeName() ? `; active profile is now ${store.activeName()}` : ''}. The token itself stays valid until revoked in the web application.`);
}
