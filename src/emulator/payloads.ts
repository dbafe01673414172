/**
 * One payload builder per event key (the service's API document "Events"). Real deliveries (`emit`) and the
 * samples of GET /v1/events/{event}/sample (`sampleData`) both go through these builders, so a
 * sample has exactly the field names a delivery has.
 *
 * The spec names a few fields (`invoice_id` integer, `channel`, `is_fully_paid`, `reason`,
 * `days_until_due`); the rest are the emulator's decisions, listed in README.md. Amounts in
 * payloads are decimal strings (the spec's general rule; it shows no payload amounts).
 *
 * Events the API has no endpoint for (payment.failed, quote.*, subscription.*) are fired through
 * the control route POST /__emulator/events: their builders take the fields given there, and
 * fill the missing ones with plausible values.
 */
import type { EventKey } from '../webhooks/event-keys.js';
import { sub, cmp } from '../domain/money.js';
import {
  recordEvent,
  type ClientRecord,
  type DomainEvent,
  type ExpenseRecord,
  type F24Record,
  type InvoiceRecord,
  type PaymentRecord,
  type Store,
  type TaxDeadlineRecord,
} from './store.js';
import { addDays, daysBetween } from './time.js';

type Payload = Record<string, unknown>;

/** What client.created carries of the client, beside its id (a subset of the API's client). */
const CLIENT_EVENT_FIELDS = ['name', 'piva', 'codice_fiscale', 'sdi', 'pec', 'email', 'city', 'country'] as const satisfies readonly (keyof ClientRecord)[];

/** A payable tax slip: an F24, or a tax item of the deadline calendar. */
export interface Slip {
  kind: 'f24' | 'tax_item';
  id: string;
  type: string;
  description: string;
  period: string | null;
  due_date: string;
  amount: string;
}

export function slipOfF24(r: F24Record): Slip {
  return { kind: 'f24', id: r.id, type: 'f24', description: r.description, period: r.period, due_date: r.due_date, amount: r.total_amount };
}

export function slipOfDeadline(r: TaxDeadlineRecord): Slip {
  return { kind: 'tax_item', id: r.related_resource.id, type: r.type, description: r.title, period: null, due_date: r.due_date, amount: r.amount };
}

function invoiceFields(inv: InvoiceRecord): Payload {
  return {
    invoice_id: inv.numericId,
    uuid: inv.uuid,
    number: inv.number,
    issue_date: inv.issue_date,
    tipo_documento: inv.tipo_documento,
    total_amount: inv.total_amount,
    counterpart: { name: inv.counterpart.name, vat_number: inv.counterpart.vat_number },
  };
}

function latestDue(inv: InvoiceRecord): string | null {
  return [...inv.due_dates].sort().at(-1) ?? null;
}

function slipFields(s: Slip): Payload {
  return {
    slip_id: s.id,
    kind: s.kind,
    f24_id: s.kind === 'f24' ? s.id : null,
    type: s.type,
    description: s.description,
    period: s.period,
    due_date: s.due_date,
    amount: s.amount,
  };
}

/** Fields given on the control route, over defaults: the payload's field names never change. */
function pick(defaults: Payload, given: Payload): Payload {
  return Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, k in given ? given[k] : v]));
}

interface ExternalSubject {
  /** Fields given by the caller (control route); unknown ones are ignored. */
  given: Payload;
  today: string;
  now: string;
}

const CUSTOMER = { id: 'cus_101', name: 'Bianchi Arredamenti S.r.l.', vat_number: '00743110157' };
const plan = (today: string): Payload => ({
  subscription_id: 'sub_3021',
  plan: 'Manutenzione annuale',
  customer: CUSTOMER,
  amount: '120.00',
  currency: 'EUR',
  interval: 'month',
  next_billing_date: addDays(today, 30),
});

export const PAYLOADS = {
  'invoice.created': (inv: InvoiceRecord): Payload => invoiceFields(inv),
  'invoice.sent': (inv: InvoiceRecord, channel: 'sdi' | 'email', recipients: string[]): Payload => ({
    ...invoiceFields(inv),
    channel,
    recipients,
    sdi_status: inv.sdi_status,
  }),
  'payment.received': (inv: InvoiceRecord, payment: PaymentRecord): Payload => ({
    invoice_id: inv.numericId,
    uuid: inv.uuid,
    number: inv.number,
    payment_id: payment.id,
    amount: payment.amount,
    payment_date: payment.payment_date,
    metodo_pagamento: payment.metodo_pagamento,
    is_fully_paid: cmp(inv.amount_paid, inv.total_amount) >= 0,
    amount_paid: inv.amount_paid,
    amount_due: sub(inv.total_amount, inv.amount_paid),
  }),
  'payment.overdue': (inv: InvoiceRecord, today: string): Payload => {
    const due = latestDue(inv);
    return {
      ...invoiceFields(inv),
      due_date: due,
      days_overdue: due === null ? 0 : daysBetween(due, today),
      amount_paid: inv.amount_paid,
      amount_due: sub(inv.total_amount, inv.amount_paid),
    };
  },
  'client.created': (r: ClientRecord): Payload => ({ client_id: r.id, ...Object.fromEntries(CLIENT_EVENT_FIELDS.map((key) => [key, r[key]])) }),
  'expense.created': (r: ExpenseRecord): Payload => ({
    expense_id: r.id,
    source: r.source,
    document_number: r.document_number,
    document_date: r.document_date,
    periodo_competenza: r.periodo_competenza,
    allocation_method: r.allocation_method,
    cost_center_id: r.cost_center_id,
    needs_review: r.allocation_method === 'diretto' && r.cost_center_id === null,
    supplier: r.supplier,
    subtotal: r.subtotal,
    vat: r.vat,
    total: r.total,
    is_paid: r.is_paid,
  }),
  'tax.created': (s: Slip): Payload => slipFields(s),
  'tax.deadline_approaching': (s: Slip, today: string): Payload => ({ ...slipFields(s), days_until_due: daysBetween(today, s.due_date) }),
  'payment.failed': ({ given, today, now }: ExternalSubject): Payload =>
    pick({ ...plan(today), amount_due: '120.00', failure_reason: 'debit refused by the bank', attempted_at: now }, given),
  'quote.accepted': ({ given, now }: ExternalSubject): Payload =>
    pick({ quote_id: 'quo_275', number: 'P-2026/031', total_amount: '2440.00', client: CUSTOMER, accepted_at: now }, given),
  'quote.rejected': ({ given, now }: ExternalSubject): Payload =>
    pick({ quote_id: 'quo_276', number: 'P-2026/032', total_amount: '980.00', client: CUSTOMER, reason: null, rejected_at: now }, given),
  'subscription.created': ({ given, today }: ExternalSubject): Payload => pick({ ...plan(today), started_at: today }, given),
  'subscription.renewed': ({ given, today }: ExternalSubject): Payload => pick({ ...plan(today), period_start: today, period_end: addDays(today, 29) }, given),
  'subscription.cancelled': ({ given, today, now }: ExternalSubject): Payload => pick({ ...plan(today), cancelled_at: now, reason: null }, given),
} satisfies Record<EventKey, (...args: never[]) => Payload>;

export type PayloadArgs<K extends EventKey> = Parameters<(typeof PAYLOADS)[K]>;

/** Events fired only through the control route (the API has no endpoint that causes them). */
export const EXTERNAL_EVENTS = [
  'payment.failed',
  'quote.accepted',
  'quote.rejected',
  'subscription.created',
  'subscription.renewed',
  'subscription.cancelled',
] as const;
export type ExternalEvent = (typeof EXTERNAL_EVENTS)[number];

/** Builds `key`'s payload and records the event for `accountId` (delivered to its subscriptions). */
export function emit<K extends EventKey>(store: Store, accountId: string, key: K, ...args: PayloadArgs<K>): DomainEvent {
  const build = PAYLOADS[key] as (...a: PayloadArgs<K>) => Payload;
  return recordEvent(store, accountId, key, build(...args));
}

// --- samples: the same builders over made-up records ------------------------------------------

function sampleInvoice(today: string): InvoiceRecord {
  const at = `${today}T10:00:00+01:00`;
  return {
    id: '4821',
    numericId: 4821,
    accountId: 'acc_sample',
    uuid: '5b0f3c9e-2d1a-4c8e-9f00-7a1d2c3b4e5f',
    direction: 'outbound',
    tipo_documento: 'TD01',
    number: '148/2026',
    issue_date: today,
    counterpart: { name: CUSTOMER.name, vat_number: CUSTOMER.vat_number },
    total_amount: '1220.00',
    amount_paid: '0.00',
    due_dates: [addDays(today, 30)],
    sdi_status: 'sent',
    sdi_error: null,
    last_sdi_update: at,
    createdAt: at,
    updatedAt: at,
    details: {},
  };
}

/** A plausible `data` for `key`, built by the same builder as a real delivery. */
export function sampleData(key: EventKey, today: string, now: string): Payload {
  const inv = sampleInvoice(today);
  const external: ExternalSubject = { given: {}, today, now };
  const slip: Slip = {
    kind: 'f24',
    id: 'f24_sample',
    type: 'f24',
    description: 'IVA mensile 10/2026',
    period: '2026-10',
    due_date: addDays(today, 3),
    amount: '1830.40',
  };
  switch (key) {
    case 'invoice.created':
      return PAYLOADS[key](inv);
    case 'invoice.sent':
      return PAYLOADS[key](inv, 'sdi', []);
    case 'payment.received': {
      const paid = { ...inv, amount_paid: inv.total_amount };
      const payment: PaymentRecord = {
        id: 933,
        accountId: inv.accountId,
        invoiceId: inv.id,
        amount: '1220.00',
        payment_date: today,
        metodo_pagamento: 'Bonifico',
        note: null,
        createdAt: inv.createdAt,
        updatedAt: inv.createdAt,
      };
      return PAYLOADS[key](paid, payment);
    }
    case 'payment.overdue':
      return PAYLOADS[key]({ ...inv, issue_date: addDays(today, -45), due_dates: [addDays(today, -15)], amount_paid: '610.00' }, today);
    case 'client.created':
      return PAYLOADS[key]({
        id: 101,
        accountId: inv.accountId,
        createdAt: inv.createdAt,
        updatedAt: inv.createdAt,
        name: CUSTOMER.name,
        piva: CUSTOMER.vat_number,
        codice_fiscale: CUSTOMER.vat_number,
        sdi: 'M5UXCR1',
        pec: null,
        email: 'amministrazione@bianchiarredamenti.it',
        phone: null,
        domain: null,
        address: 'Via Roma 1',
        cap: '20121',
        city: 'Milano',
        province: 'MI',
        country: 'IT',
        created_at: today,
      });
    case 'expense.created':
      return PAYLOADS[key]({
        id: 'exp_5512',
        accountId: inv.accountId,
        createdAt: inv.createdAt,
        updatedAt: inv.createdAt,
        source: 'expense',
        document_number: 'FT-889',
        document_date: today,
        periodo_competenza: today.slice(0, 7),
        allocation_method: 'diretto',
        cost_center_id: null,
        employee_ref: null,
        supplier: { id: 'sup_42', name: 'Cartoleria Centrale S.n.c.' },
        subtotal: '100.00',
        vat: '22.00',
        total: '122.00',
        is_paid: false,
      });
    case 'tax.created':
      return PAYLOADS[key](slip);
    case 'tax.deadline_approaching':
      return PAYLOADS[key](slip, today);
    default:
      return PAYLOADS[key](external);
  }
}
