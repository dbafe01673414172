import { listPaymentMethods } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { parseFlags } from '../../flags/parse.js';
import { paginateOptions } from '../pages.js';
import { paymentMethodView } from './view.js';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(LIST_FLAGS, raw);
  await context.output.list(listPaymentMethods(await context.client(), paginateOptions(options, context)), paymentMethodView);
}
