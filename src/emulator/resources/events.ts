/**
 * GET /v1/events                  the event catalog (every key of api-spec.md "Events")
 * GET /v1/events/{event}/sample   an example delivery in the real envelope shape; 404 not_found
 *                                 for an unknown key, the message listing the valid ones
 * Ability: webhooks:manage. Samples are plausible: the fields the spec names are there
 * (`invoice_id` integer, `channel`, `is_fully_paid`, `reason`, `days_until_due`); the rest is
 * invented and marked as such nowhere, like a real sample would be.
 */
import { EVENT_KEYS, type EventKey } from '../../webhooks/event-keys.js';
import { requireAbility } from '../auth.js';
import { notFound } from '../errors.js';
import type { EmulatorResource } from '../types.js';

export interface CatalogEntry {
  key: EventKey;
  label: string;
  description: string;
  category: string;
}

export const EVENT_CATALOG: CatalogEntry[] = [
  { key: 'invoice.created', label: 'Fattura emessa', category: 'invoices', description: 'A new invoice is created (drafts excluded).' },
  { key: 'invoice.sent', label: 'Fattura inviata', category: 'invoices', description: 'An invoice is transmitted, to the SDI or by e-mail to the client; `channel` says which.' },
  { key: 'payment.received', label: 'Incasso ricevuto', category: 'payments', description: 'A payment is recorded on an issued invoice, also for deposits; `is_fully_paid` says whether the invoice is now settled.' },
  { key: 'payment.failed', label: 'Pagamento fallito', category: 'payments', description: "The automatic payment of a subscription of the user's customer failed (debit refused)." },
  { key: 'payment.overdue', label: 'Fattura scaduta non incassata', category: 'payments', description: 'An invoice passed its due date and is still wholly or partly uncollected; fires once per invoice.' },
  { key: 'quote.accepted', label: 'Preventivo accettato', category: 'quotes', description: 'The customer accepted and signed the quote online.' },
  { key: 'quote.rejected', label: 'Preventivo rifiutato', category: 'quotes', description: 'The customer rejected the quote; `reason` holds the reason if given.' },
  { key: 'client.created', label: 'Nuovo cliente', category: 'clients', description: 'A client is added; suppliers do not fire it.' },
  { key: 'expense.created', label: 'Nuova spesa', category: 'expenses', description: 'An expense is recorded; bulk imports from the tax authority do not fire it.' },
  { key: 'tax.created', label: 'Nuovo bollettino fiscale', category: 'taxes', description: 'A payable tax slip (F24 or tax item) with a due date is generated.' },
  { key: 'tax.deadline_approaching', label: 'Bollettino in scadenza', category: 'taxes', description: 'An unpaid slip nears its due date, or has passed it; `days_until_due` is then negative.' },
  { key: 'subscription.created', label: 'Nuovo abbonamento', category: 'subscriptions', description: 'A customer of the user subscribed to a recurring plan.' },
  { key: 'subscription.renewed', label: 'Abbonamento rinnovato', category: 'subscriptions', description: 'A subscription entered a new billing period.' },
  { key: 'subscription.cancelled', label: 'Abbonamento cancellato', category: 'subscriptions', description: "A customer's subscription was cancelled." },
];

const CUSTOMER = { id: 101, name: 'Bianchi Arredamenti S.r.l.', vat_number: 'IT00743110157' };
const PLAN = { subscription_id: 'sub_3021', plan: 'Manutenzione annuale', amount: '120.00', currency: 'EUR', interval: 'month', customer: CUSTOMER };

/** A plausible `data` for each key, given today's date. */
function sampleData(key: EventKey, today: string): Record<string, unknown> {
  const invoice = { invoice_id: 4821, uuid: '5b0f3c9e-2d1a-4c8e-9f00-7a1d2c3b4e5f', number: '2026/0148', issue_date: today, total_amount: '1220.00', client: CUSTOMER };
  switch (key) {
    case 'invoice.created':
      return invoice;
    case 'invoice.sent':
      return { ...invoice, channel: 'sdi', sdi_status: 'sent' };
    case 'payment.received':
      return { invoice_id: 4821, uuid: invoice.uuid, payment_id: 933, amount: '1220.00', payment_date: today, metodo_pagamento: 'Bonifico', is_fully_paid: true, amount_due: '0.00' };
    case 'payment.failed':
      return { ...PLAN, amount_due: '120.00', failure_reason: 'debit refused by the bank', attempted_at: `${today}T06:00:00+01:00` };
    case 'payment.overdue':
      return { invoice_id: 4790, uuid: '0c6e1f9a-8b7d-4a3c-9e2f-1d0b5a6c7e8f', number: '2026/0112', due_date: '2026-10-31', amount_due: '610.00', client: CUSTOMER };
    case 'quote.accepted':
      return { quote_id: 275, number: 'P-2026/031', total_amount: '2440.00', client: CUSTOMER, accepted_at: `${today}T10:12:00+01:00` };
    case 'quote.rejected':
      return { quote_id: 276, number: 'P-2026/032', total_amount: '980.00', client: CUSTOMER, reason: 'Budget rinviato al prossimo anno' };
    case 'client.created':
      return { client_id: CUSTOMER.id, name: CUSTOMER.name, piva: '00743110157', sdi: 'M5UXCR1', pec: null, email: 'amministrazione@bianchiarredamenti.it', city: 'Milano' };
    case 'expense.created':
      return { expense_id: 'exp_5512', document_number: 'FT-889', document_date: today, supplier: { id: 'sup_42', name: 'Cartoleria Centrale S.n.c.' }, subtotal: '100.00', vat: '22.00', total: '122.00', cost_center_id: null };
    case 'tax.created':
      return { f24_id: 'f24_2026_11', type: 'f24', description: 'IVA mensile novembre', due_date: '2026-12-16', amount: '1830.40' };
    case 'tax.deadline_approaching':
      return { f24_id: 'f24_2026_11', type: 'f24', description: 'IVA mensile novembre', due_date: '2026-12-16', amount: '1830.40', days_until_due: 3 };
    case 'subscription.created':
      return { ...PLAN, started_at: today, next_billing_date: '2026-12-20' };
    case 'subscription.renewed':
      return { ...PLAN, period_start: today, period_end: '2026-12-19', invoice_id: 4822 };
    case 'subscription.cancelled':
      return { ...PLAN, cancelled_at: `${today}T18:30:00+01:00`, reason: null };
  }
}

export const resource: EmulatorResource = {
  name: 'events',
  register(app, ctx) {
    app.get('/v1/events', requireAbility('webhooks:manage'), (c) => c.json({ data: EVENT_CATALOG }));

    app.get('/v1/events/:event/sample', requireAbility('webhooks:manage'), (c) => {
      const key = c.req.param('event');
      const entry = EVENT_CATALOG.find((e) => e.key === key);
      if (!entry) throw notFound(`Unknown event '${key}'. Valid events: ${EVENT_KEYS.join(', ')}`);
      return c.json({
        data: { event: entry.key, delivery_id: ctx.rng('event-samples').uuid(), occurred_at: ctx.clock.nowIso(), data: sampleData(entry.key, ctx.clock.today()) },
      });
    });
  },
};
