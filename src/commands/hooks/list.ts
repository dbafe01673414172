import { listHooks } from '../../api/hooks.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { LIST_FLAGS } from '../../flags/shared.js';
import { paginateOptions } from '../pages.js';
import { needsCompanyToken } from './company-token.js';
import { hookView } from './view.js';

export async function run(_args: string[], options: FlagValues<typeof LIST_FLAGS>, factory: Factory): Promise<void> {
  const client = await factory.client();
  await needsCompanyToken(() => factory.output.list(listHooks(client, paginateOptions(options, factory)), hookView));
}
