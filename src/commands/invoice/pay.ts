import { z } from 'zod';
import type { ApiClient } from '../../api/client.js';
import { ApiError, UsageError } from '../../api/errors.js';
import { listInvoices, registerPayment, type Invoice } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { parseAmount } from '../../domain/money.js';
import { dateOption } from '../filters.js';
import { parseOptions } from '../options.js';
import { asUsage } from './validation.js';
import { paymentView } from './view.js';

const schema = z.object({
  amount: z.string({ message: 'is required: the amount collected, like 150.00' }),
  date: dateOption.optional(),
  method: z.string().min(1).optional(),
  note: z.string().max(500, 'at most 500 characters').optional(),
});

async function findByUuid(client: ApiClient, uuid: string): Promise<Invoice | undefined> {
  for await (const invoice of listInvoices(client, { direction: 'outbound' }, { all: true })) if (invoice.uuid === uuid) return invoice;
  return undefined;
}

/** A 422 explained with what the invoice says: residue, payment status, SDI status. */
async function explain(client: ApiClient, uuid: string, amount: string, error: ApiError): Promise<ApiError> {
  const invoice = await findByUuid(client, uuid).catch(() => undefined);
  if (!invoice) return error;
  let why: string;
  if (invoice.payment_status === null && ['draft', 'rejected', 'error'].includes(invoice.sdi_status)) {
    why = `invoice ${invoice.number} is fiscally void (SDI status ${invoice.sdi_status}): no payment can be registered on it`;
  } else if (invoice.payment_status === null) {
    why = `invoice ${invoice.number} is a credit or debit note (no payment status): no payment can be registered on it`;
  } else {
    why = `${amount} is over the residue of invoice ${invoice.number}: ${invoice.amount_due} still due of ${invoice.total_amount} (payment status ${invoice.payment_status})`;
  }
  return new ApiError({ status: error.status, code: error.code, message: `payment refused: ${why}`, method: error.method, path: error.path, body: error.body, hints: [`the service said: ${error.message}`] });
}

export async function run([uuid]: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const amount = asUsage(() => parseAmount(options.amount, 'amount'), ['e.g. --amount 150.00 (dot for decimals, no thousands separator)']);
  if (!uuid?.trim()) throw new UsageError('give the invoice UUID (see fisco invoice list --fields uuid,number)');
  const client = await context.client();
  try {
    const result = await registerPayment(client, uuid, { amount, payment_date: options.date, metodo_pagamento: options.method, note: options.note });
    context.output.success(`Payment of ${result.payment.amount} registered on invoice ${result.invoice.number}: ${result.invoice.amount_due} still due (${result.invoice.payment_status})`);
    await context.output.item(result, paymentView);
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw await explain(client, uuid, amount, error);
    throw error;
  }
}
