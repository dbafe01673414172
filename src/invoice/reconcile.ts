/**
 * Finding a created invoice on the service: the fields a list item shows of what a creation sent
 * (counterpart VAT number and name, total, issue date, draft or not), compared by the twin rule of
 * src/journal/twins.ts in the lookups that settle a creation whose outcome was lost (invoice create and
 * invoice batch, through the journal driver), the lookup window on the service's clock, and the
 * contract's common key between a creation answer and a list item (its `url` and the item's
 * `pdf_url`; the ids only where the list shows the same one).
 */
import { LOOKUP_MARGIN_MS, serverSkewMs } from '../api/clock.js';
import type { ApiClient } from '../api/client.js';
import { listInvoices, type Invoice } from '../api/invoices.js';
import { round2 } from '../domain/money.js';
import { sameShown, twinKey, type Shown } from '../journal/twins.js';
import type { Prepared } from './body.js';

export interface Expected {
  vatNumber?: string;
  name?: string;
  total: string;
  issueDate: string;
  draft: boolean;
}

/** A VAT number as the list may write it: upper case, no spaces, no IT prefix ('' when there is none). */
function vatShown(v: string | null | undefined): string {
  return (v ?? '').toUpperCase().replace(/\s+/g, '').replace(/^IT/, '');
}

/** A name as the list may write it: NFC, spaces collapsed, lower case. */
function nameShown(v: string | null | undefined): string {
  return (v ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What a lookup matches on, from the prepared request: the client (VAT number, and the name when the request sends it), total, issue date, draft or not. */
export function expectedOf(prepared: Prepared, draft: boolean): Expected {
  const body = prepared.body as { piva?: string; cliente?: { name: string; piva: string } };
  return { vatNumber: body.piva ?? body.cliente?.piva, name: body.cliente?.name, total: prepared.totals.total, issueDate: prepared.issueDate, draft };
}

/**
 * What an invoice created with `expected` shows on the list (src/journal/twins.ts): every field of
 * the list item that the request set. The name only when the request sent one (`/fatture/nuova/piva`
 * takes it from the business register).
 */
export function sentShown(expected: Expected): Shown {
  return {
    vat: expected.vatNumber === undefined ? undefined : vatShown(expected.vatNumber),
    name: expected.name === undefined ? undefined : nameShown(expected.name),
    total: round2(expected.total),
    date: expected.issueDate,
    draft: String(expected.draft),
  };
}

/** The same fields of a list item. */
export function listedShown(invoice: Invoice): Shown {
  return {
    vat: vatShown(invoice.counterpart?.vat_number),
    name: nameShown(invoice.counterpart?.name),
    total: round2(invoice.total_amount),
    date: invoice.issue_date,
    draft: String(invoice.sdi_status === 'draft'),
  };
}

/** Records with this same key cannot be told apart on the list (company, and every field the list shows of what they send). */
export function groupKey(account: string | null | undefined, expected: Expected, rewritten?: ReadonlySet<string>): string {
  return JSON.stringify([account ?? null, twinKey(sentShown(expected), rewritten)]);
}

/** Whether a list item shows every field a creation with `expected` set (less those the service is seen to rewrite). */
export function matches(invoice: Invoice, expected: Expected, rewritten?: ReadonlySet<string>): boolean {
  return sameShown(sentShown(expected), listedShown(invoice), rewritten);
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

/** A link as one string: parsed and written back (the form `sameLink` compares), or as given when it does not parse. */
export function linkKey(link: string): string {
  try {
    return new URL(link).href;
  } catch {
    return link;
  }
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
