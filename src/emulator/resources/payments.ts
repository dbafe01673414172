/**
 * POST /fatture/{uuid}/pagamenti — registers a collection, following the payment state table of
 * the service's API document: below the residue → partial, equal → paid (payment.received with is_fully_paid),
 * over the residue → 422, credit note TD04 or void document (draft, rejected, error) → 422.
 * Errors in the legacy shape { success: false, errors: [{ message }] }; amounts as JSON numbers.
 */
import { z } from 'zod';
import { cmp, parseAmount } from '../../domain/money.js';
import { requireAbility } from '../auth.js';
import { ApiError, notFound, validationError } from '../errors.js';
import { parseBody } from '../query.js';
import { resolveAccount } from '../tenancy.js';
import { isDate } from '../time.js';
import type { EmulatorApp, EmulatorContext } from '../types.js';
import { amountDue, isVoid, paymentStatus, recordPayment } from './invoice-model.js';

const bodySchema = z.object({
  amount: z.number().positive(),
  payment_date: z.string().nullish(),
  metodo_pagamento: z.string().nullish(),
  note: z.string().max(500, 'at most 500 characters').nullish(),
});

const rejected = (message: string): ApiError => new ApiError(422, 'unprocessable', message, {}, 'legacy');

export function registerPayments(app: EmulatorApp, ctx: EmulatorContext): void {
  app.post('/fatture/:uuid/pagamenti', requireAbility('invoices:write'), async (c) => {
    const scope = resolveAccount(c, { requireSingle: true, shape: 'legacy' });
    const uuid = c.req.param('uuid');
    const invoice = c.var.store.invoices.find((i) => i.accountId === scope.account.id && i.uuid === uuid);
    if (!invoice) throw notFound(`Invoice ${uuid} not found`, 'legacy');
    const body = await parseBody(c, bodySchema, 'legacy');
    let amount: string;
    try {
      amount = parseAmount(String(body.amount), 'amount');
    } catch {
      throw validationError('amount must be a positive amount with at most two decimals', 'amount', 'legacy');
    }
    if (body.payment_date != null && !isDate(body.payment_date)) throw validationError('payment_date must be a date YYYY-MM-DD', 'payment_date', 'legacy');
    if (invoice.tipo_documento === 'TD04') throw rejected(`Invoice ${invoice.number} is a credit note (TD04): no payment can be registered on it`);
    if (isVoid(invoice)) throw rejected(`Invoice ${invoice.number} is fiscally void (SDI status ${invoice.sdi_status}): no payment can be registered on it`);
    const residue = amountDue(invoice);
    if (cmp(amount, residue) > 0) {
      throw rejected(`The amount ${amount} exceeds the residue ${residue} of invoice ${invoice.number} (payment status ${paymentStatus(invoice)})`);
    }
    const payment = recordPayment(
      c.var.store,
      invoice,
      {
        amount,
        payment_date: body.payment_date ?? ctx.clock.today(),
        metodo_pagamento: body.metodo_pagamento ?? null,
        note: body.note ?? null,
        at: ctx.clock.nowIso(),
      },
      { touch: ctx.knobs().paymentsMoveUpdatedSince },
    );
    return c.json(
      {
        payment: { id: payment.id, amount: Number(payment.amount), payment_date: payment.payment_date },
        invoice: {
          uuid: invoice.uuid,
          number: invoice.number,
          total: Number(invoice.total_amount),
          amount_paid: Number(invoice.amount_paid),
          amount_due: Number(amountDue(invoice)),
          payment_status: paymentStatus(invoice) ?? (cmp(invoice.amount_paid, invoice.total_amount) >= 0 ? 'paid' : 'partial'),
        },
      },
      201,
    );
  });
}
