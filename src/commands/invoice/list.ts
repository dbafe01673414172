import { DELIVERY_FAILED, listInvoices, PAYMENT_FILTERS, SDI_STATUSES } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { enumListOption, enumOption, instantOption } from '../filters.js';
import { listOptionsSchema, paginateOptions, parseOptions } from '../options.js';
import { invoiceViewFor } from './view.js';

const schema = listOptionsSchema.extend({
  direction: enumOption(['outbound', 'inbound']).optional(),
  sdiStatus: enumListOption([...SDI_STATUSES, DELIVERY_FAILED]).optional(),
  paymentStatus: enumListOption(PAYMENT_FILTERS).optional(),
  updatedSince: instantOption.optional(),
});

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const client = await context.client();
  const filters = { direction: options.direction as 'outbound' | 'inbound' | undefined, sdi_status: options.sdiStatus, payment_status: options.paymentStatus, updated_since: options.updatedSince };
  await context.output.list(listInvoices(client, filters, paginateOptions(options, context)), invoiceViewFor(options.paymentStatus));
}
