import { listNumberings } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { LIST_FLAGS } from '../../flags/shared.js';
import { paginateOptions } from '../pages.js';
import { numberingView } from './view.js';

export async function run(_args: string[], options: FlagValues<typeof LIST_FLAGS>, factory: Factory): Promise<void> {
  await factory.output.list(listNumberings(await factory.client(), paginateOptions(options, factory)), numberingView);
}
