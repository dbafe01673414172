import { listPaymentMethods } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { listOptionsSchema, paginateOptions, parseOptions } from '../options.js';
import { paymentMethodView } from './view.js';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(listOptionsSchema, raw);
  await context.output.list(listPaymentMethods(await context.client(), paginateOptions(options, context)), paymentMethodView);
}
