/**
 * Finding a created invoice on the service: the matching rule (counterpart, total, issue date,
 * draft or not) of the lookups that settle a creation whose outcome was lost (invoice create and
 * invoice batch, through the journal driver), the lookup window on the service's clock, and the
 * contract's common key between a creation answer and a list item (its `url` and the item's
 * `pdf_url`; the ids only where the list shows the same one).
 */
import { LOOKUP_MARGIN_MS, serverSkewMs } from '../api/clock.js';
import type { ApiClient } from '../api/client.js';
import { listInvoices, type Invoice } from '../api/invoices.js';
import { cmp } from '../domain/money.js';
import type { Prepared } from './body.js';

export interface Expected {
  vatNumber?: string;
  name?: string;
  total: string;
  issueDate: string;
  draft: boolean;
}

function sameVat(a: string | null | undefined, b: string | undefined): boolean {
  const norm = (v: string | null | undefined) => (v ?? '').toUpperCase().replace(/\s+/g, '').replace(/^IT/, '');
  return norm(a) !== '' && norm(a) === norm(b);
}

/** What a lookup matches on, from the prepared request: the client (VAT number or name), total, issue date, draft or not. */
export function expectedOf(prepared: Prepared, draft: boolean): Expected {
  const body = prepared.body as { piva?: string; cliente?: { name: string; piva: string } };
  return { vatNumber: body.piva ?? body.cliente?.piva, name: body.cliente?.name, total: prepared.totals.total, issueDate: prepared.issueDate, draft };
}

/** Records with this same key have identical content (company, client, total, issue date, draft or not): their invoices cannot be told apart. */
export function groupKey(account: string | null | undefined, expected: Expected): string {
  return JSON.stringify([account ?? null, expected.vatNumber ?? null, expected.name ?? null, expected.total, expected.issueDate, expected.draft]);
}

export function matches(invoice: Invoice, expected: Expected): boolean {
  const counterpart =
    sameVat(invoice.counterpart?.vat_number, expected.vatNumber) ||
    (!!expected.name && invoice.counterpart?.name?.trim().toLowerCase() === expected.name.trim().toLowerCase());
  return (
    counterpart &&
    cmp(invoice.total_amount, expected.total) === 0 &&
    invoice.issue_date === expected.issueDate &&
    (invoice.sdi_status === 'draft') === expected.draft
  );
}

/** The start of the lookup window: just before `startedAt`, on the server's clock. */
export async function windowStart(client: ApiClient, startedAt: number): Promise<string> {
  const skew = await serverSkewMs(client);
  return new Date(startedAt + skew - LOOKUP_MARGIN_MS).toISOString();
}

/** The invoices updated since `since` that match `expected` (every page). */
export async function matchingSince(client: ApiClient, since: string, expected: Expected): Promise<Invoice[]> {
  const found: Invoice[] = [];
  for await (const invoice of listInvoices(client, { direction: 'outbound', updated_since: since }, { all: true })) {
    if (matches(invoice, expected)) found.push(invoice);
  }
  return found;
}

/** The invoice a creation answered, as the list gives it (number, UUID), tied by its url (or its id where the list shows that id). */
export async function findListed(client: ApiClient, created: CreatedRef, since: string): Promise<Invoice | undefined> {
  const items: Invoice[] = [];
  for await (const invoice of listInvoices(client, { direction: 'outbound', updated_since: since }, { all: true })) items.push(invoice);
  return tieCreated([created], items)[0];
}

/** Whether two links name the same resource (a creation answer's `url` and a list item's `pdf_url`): equal, or equal once parsed. */
export function sameLink(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

/** What the journal keeps of a created invoice: the creation answer's id and url (or, found by a lookup, the list's id and pdf_url). */
export interface CreatedRef {
  id?: string | null;
  url?: string | null;
}

/**
 * Ties created invoices to list items by the contract's common key: the creation answer's `url`
 * against an item's `pdf_url` first, then its id, only where the list shows that same id (the
 * contract never says the two ids are equal). Each item is tied at most once. Returns, per created
 * invoice, the item it is, or undefined.
 */
export function tieCreated(created: readonly CreatedRef[], items: readonly Invoice[]): (Invoice | undefined)[] {
  const free = new Set(items);
  const out: (Invoice | undefined)[] = created.map((c) => {
    const item = [...free].find((i) => sameLink(c.url, i.pdf_url));
    if (item) free.delete(item);
    return item;
  });
  created.forEach((c, k) => {
    if (out[k] || c.id === undefined || c.id === null) return;
    const item = [...free].find((i) => i.id === String(c.id));
    if (item) {
      free.delete(item);
      out[k] = item;
    }
  });
  return out;
}

/**
 * Records with identical content (same company, client, date, total, draft or not) form a group:
 * with n records and k matching invoices created since the batch began, the k invoices not tied
 * to a record the journal shows as created settle the records it does not, in order (those whose
 * request was in flight first), and the rest are sent. `candidates` are the matching invoices
 * since the batch began, minus those there before it (oldest first).
 */
export function assignGroup(
  created: readonly CreatedRef[],
  unsettled: readonly string[],
  candidates: readonly Invoice[],
): { assigned: Map<string, Invoice>; surplus: Invoice[] } {
  const tied = new Set(tieCreated(created, candidates).filter((i): i is Invoice => i !== undefined));
  const untied = candidates.filter((i) => !tied.has(i));
  const assigned = new Map<string, Invoice>();
  unsettled.forEach((key, k) => {
    if (k < untied.length) assigned.set(key, untied[k]!);
  });
  return { assigned, surplus: untied.slice(unsettled.length) };
}
