import type { Factory } from '../../factory/factory.js';
import { notConfigured } from './not-configured.js';
import { t } from '../../i18n/message.js';

/** Prints the token in use: the one command meant to reveal it, for `$(fisco auth token)`. Nothing configured: exit 3. */
export async function run(_args: string[], _options: object, factory: Factory): Promise<void> {
  const credentials = await factory.credentials().catch(notConfigured);
  if (factory.io.stdoutIsTTY) factory.output.warn(t`this prints a secret; anyone who sees it can act as this company.`);
  factory.output.data(`${credentials.token}\n`, { reveal: true });
}
