import { listHooks } from '../../api/hooks.js';
import type { Context } from '../../context.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { parseFlags } from '../../flags/parse.js';
import { paginateOptions } from '../pages.js';
import { needsCompanyToken } from './company-token.js';
import { hookView } from './view.js';

/**
 * Subscriptions belong to the company whose own token is used: a firm token cannot read them for
 * any company (company-token.ts), so the list runs once, never per company.
 */
export const portfolio = 'token';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(LIST_FLAGS, raw);
  const client = await context.client();
  await needsCompanyToken(() => context.output.list(listHooks(client, paginateOptions(options, context)), hookView));
}
