/**
 * Open receivables, pure: the outbound invoices that still take money (payment_status unpaid or
 * partial, amount due above zero; credit notes, debit notes and void documents never: their
 * payment_status is null), each aged on an as-of date and joined to the company's client record.
 * An amount with real digits past the cent is set apart with the reason, never rounded.
 */
import type { Contact } from './contacts.js';
import type { Client } from '../api/clients.js';
import type { Invoice } from '../api/invoices.js';
import { cmp, isCentExact } from '../domain/money.js';
import { daysBetween } from '../domain/dates.js';

export const BUCKETS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type Bucket = (typeof BUCKETS)[number];

export const BUCKET_LABELS: Record<Bucket, string> = { not_due: 'Not due', d1_30: '1–30', d31_60: '31–60', d61_90: '61–90', over_90: '>90' };

/** A counterpart as the letters and the tables name it; `key` groups its invoices. */
export interface Counterpart {
  /** The VAT number without `IT` and spaces, or `name:<name>` when the invoice carries none. */
  key: string;
  name: string;
  vat_number: string | null;
  /** The client record joined by VAT number (null: no record; the counterpart is still listed). */
  client_id: number | null;
  pec: string | null;
  /** From --contacts. */
  email: string | null;
  address: string | null;
}

export interface OpenItem {
  invoice_id: string;
  uuid: string | null;
  number: string;
  issue_date: string;
  due_date: string | null;
  total_amount: string;
  amount_due: string;
  /** As-of date minus due date: above zero when late; null without a due date. */
  days_late: number | null;
  bucket: Bucket;
  counterpart: Counterpart;
}

/** An invoice left out of totals and letters, with why. */
export interface SetApart {
  invoice_id: string;
  number: string;
  counterpart: string;
  amount_due: string | null;
  reason: string;
}

/** `IT 00743110157` → `00743110157`; a foreign VAT id keeps its letters. */
export function vatKey(vat: string | null | undefined): string | undefined {
  const v = (vat ?? '').replace(/[\s.-]/g, '').toUpperCase();
  if (v === '') return undefined;
  return /^IT\d{11}$/.test(v) ? v.slice(2) : v;
}

export function bucketOf(daysLate: number | null): Bucket {
  if (daysLate === null || daysLate <= 0) return 'not_due';
  if (daysLate <= 30) return 'd1_30';
  if (daysLate <= 60) return 'd31_60';
  if (daysLate <= 90) return 'd61_90';
  return 'over_90';
}

/** Clients by VAT key: the first record with a PEC wins over one without (two records of one VAT number are the service's to tell apart). */
export function clientIndex(clients: readonly Client[]): Map<string, Client> {
  const index = new Map<string, Client>();
  for (const client of clients) {
    const key = vatKey(client.piva);
    if (!key) continue;
    const known = index.get(key);
    if (!known || (!known.pec && client.pec)) index.set(key, client);
  }
  return index;
}

function clientAddress(client: Client | undefined): string | null {
  if (!client) return null;
  const place = [client.cap, client.city, client.province ? `(${client.province})` : ''].filter(Boolean).join(' ');
  const text = [client.address, place].filter(Boolean).join(', ');
  return text || null;
}

export function counterpartOf(
  invoice: Pick<Invoice, 'counterpart'>,
  clients: ReadonlyMap<string, Client>,
  contacts: ReadonlyMap<string, Contact>,
): Counterpart {
  const name = invoice.counterpart?.name?.trim() || '(no name)';
  const vat = vatKey(invoice.counterpart?.vat_number);
  const client = vat ? clients.get(vat) : undefined;
  return {
    key: vat ?? `name:${name.toLowerCase()}`,
    name,
    vat_number: invoice.counterpart?.vat_number ?? null,
    client_id: client?.id ?? null,
    pec: client?.pec?.trim() || null,
    email: (vat && contacts.get(vat)?.email) || null,
    address: clientAddress(client) ?? ((vat && contacts.get(vat)?.address) || null),
  };
}

export interface OpenItems {
  items: OpenItem[];
  apart: SetApart[];
}

/** The open outbound invoices of `invoices` on `asOf` (any others are ignored), and those set apart. */
export function openItems(
  invoices: readonly Invoice[],
  asOf: string,
  clients: ReadonlyMap<string, Client>,
  contacts: ReadonlyMap<string, Contact> = new Map(),
): OpenItems {
  const items: OpenItem[] = [];
  const apart: SetApart[] = [];
  for (const invoice of invoices) {
    if (invoice.direction != null && invoice.direction !== 'outbound') continue;
    if (invoice.payment_status !== 'unpaid' && invoice.payment_status !== 'partial') continue;
    const due = invoice.amount_due ?? null;
    const counterpart = counterpartOf(invoice, clients, contacts);
    const inexact = [due, invoice.total_amount].find((a) => a !== null && !isCentExact(a));
    if (inexact !== undefined || due === null) {
      apart.push({
        invoice_id: invoice.id,
        number: invoice.number,
        counterpart: counterpart.name,
        amount_due: due,
        reason:
          due === null
            ? 'the service gave no amount due'
            : `the service sent ${inexact} with digits past the cent: left out of the totals and the letters, never rounded`,
      });
      continue;
    }
    if (cmp(due, '0') <= 0) continue;
    const daysLate = invoice.due_date ? daysBetween(invoice.due_date, asOf) : null;
    items.push({
      invoice_id: invoice.id,
      uuid: invoice.uuid ?? null,
      number: invoice.number,
      issue_date: invoice.issue_date,
      due_date: invoice.due_date ?? null,
      total_amount: invoice.total_amount,
      amount_due: due,
      days_late: daysLate,
      bucket: bucketOf(daysLate),
      counterpart,
    });
  }
  return { items, apart };
}
