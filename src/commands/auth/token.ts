import type { Context } from '../../context.js';
import { notConfigured } from './not-configured.js';

/** Prints the token in use: the one command meant to reveal it, for `$(fisco auth token)`. Nothing configured: exit 3. */
export async function run(_args: string[], _options: Record<string, unknown>, context: Context): Promise<void> {
  const credentials = await context.credentials().catch(notConfigured);
  if (context.stdoutIsTTY) context.output.warn('this prints a secret; anyone who sees it can act as this company.');
  context.output.data(`${credentials.token}\n`, { reveal: true });
}
