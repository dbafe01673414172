/**
 * GET /v1/events                  the event catalog (every key of the service's API document "Events")
 * GET /v1/events/{event}/sample   an example delivery in the real envelope shape; 404 not_found
 *                                 for an unknown key, the message listing the valid ones
 * Ability: webhooks:manage. A sample's `data` comes from the same payload builder as a real
 * delivery of that event (../payloads.ts), over made-up records: same field names, same types.
 */
import { EVENT_KEYS, type EventKey } from '../../webhooks/event-keys.js';
import { requireAbility } from '../auth.js';
import { notFound } from '../errors.js';
import { sampleData } from '../payloads.js';
import { freshUuid } from '../rng.js';
import type { EmulatorResource } from '../types.js';

export interface CatalogEntry {
  key: EventKey;
  label: string;
  description: string;
  category: string;
}

export const EVENT_CATALOG: CatalogEntry[] = [
  { key: 'invoice.created', label: 'Fattura emessa', category: 'invoices', description: 'A new invoice is created (drafts excluded).' },
  {
    key: 'invoice.sent',
    label: 'Fattura inviata',
    category: 'invoices',
    description: 'An invoice is transmitted, to the SDI or by e-mail to the client; `channel` says which.',
  },
  {
    key: 'payment.received',
    label: 'Incasso ricevuto',
    category: 'payments',
    description: 'A payment is recorded on an issued invoice, also for deposits; `is_fully_paid` says whether the invoice is now settled.',
  },
  {
    key: 'payment.failed',
    label: 'Pagamento fallito',
    category: 'payments',
    description: "The automatic payment of a subscription of the user's customer failed (debit refused).",
  },
  {
    key: 'payment.overdue',
    label: 'Fattura scaduta non incassata',
    category: 'payments',
    description: 'An invoice passed its due date and is still wholly or partly uncollected; fires once per invoice.',
  },
  { key: 'quote.accepted', label: 'Preventivo accettato', category: 'quotes', description: 'The customer accepted and signed the quote online.' },
  {
    key: 'quote.rejected',
    label: 'Preventivo rifiutato',
    category: 'quotes',
    description: 'The customer rejected the quote; `reason` holds the reason if given.',
  },
  { key: 'client.created', label: 'Nuovo cliente', category: 'clients', description: 'A client is added; suppliers do not fire it.' },
  {
    key: 'expense.created',
    label: 'Nuova spesa',
    category: 'expenses',
    description: 'An expense is recorded; bulk imports from the tax authority do not fire it.',
  },
  {
    key: 'tax.created',
    label: 'Nuovo bollettino fiscale',
    category: 'taxes',
    description: 'A payable tax slip (F24 or tax item) with a due date is generated.',
  },
  {
    key: 'tax.deadline_approaching',
    label: 'Bollettino in scadenza',
    category: 'taxes',
    description: 'An unpaid slip nears its due date, or has passed it; `days_until_due` is then negative.',
  },
  { key: 'subscription.created', label: 'Nuovo abbonamento', category: 'subscriptions', description: 'A customer of the user subscribed to a recurring plan.' },
  { key: 'subscription.renewed', label: 'Abbonamento rinnovato', category: 'subscriptions', description: 'A subscription entered a new billing period.' },
  { key: 'subscription.cancelled', label: 'Abbonamento cancellato', category: 'subscriptions', description: "A customer's subscription was cancelled." },
];

export const resource: EmulatorResource = {
  name: 'events',
  register(app, ctx) {
    app.get('/v1/events', requireAbility('webhooks:manage'), (c) => c.json({ data: EVENT_CATALOG }));

    app.get('/v1/events/:event/sample', requireAbility('webhooks:manage'), (c) => {
      const key = c.req.param('event');
      const entry = EVENT_CATALOG.find((e) => e.key === key);
      if (!entry) throw notFound(`Unknown event '${key}'. Valid events: ${EVENT_KEYS.join(', ')}`);
      return c.json({
        data: {
          event: entry.key,
          delivery_id: freshUuid(),
          occurred_at: ctx.clock.nowIso(),
          data: sampleData(entry.key, ctx.clock.today(), ctx.clock.nowIso()),
        },
      });
    });
  },
};
