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
import { quirksOf } from '../quirks.js';

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
    // The uuid as the list serves it (with quirks, `uuid-17` or `17`), and only that.
    const quirks = quirksOf(c);
    const invoice = c.var.store.invoices.find((i) => i.accountId === scope.account.id && i.uuid !== null && quirks.uuid(i) === uuid);
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
    const status = paymentStatus(invoice) ?? (cmp(invoice.amount_paid, invoice.total_amount) >= 0 ? 'paid' : 'partial');
    const of = { kind: 'invoice' as const, id: invoice.id, pastCent: status !== 'paid' };
    return c.json(
      {
        payment: { id: payment.id, amount: quirks.number(payment.amount, { ...of, pastCent: false }), payment_date: payment.payment_date },
        invoice: {
          uuid: quirks.uuid(invoice),
          number: invoice.number,
          total: quirks.number(invoice.total_amount, of),
          amount_paid: quirks.number(invoice.amount_paid, { ...of, pastCent: false }),
          amount_due: quirks.number(amountDue(invoice), of),
          payment_status: status,
        },
      },
      201,
    );
  });
}
