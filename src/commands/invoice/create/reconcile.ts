/**
 * When a creation POST's outcome is unknown (the connection dropped after sending), fisco does
 * not retry: it looks for the invoice it may have created — GET /v1/invoices with updated_since
 * from just before the attempt, corrected by the server's clock (its Date header), matched on
 * the counterpart and the total — and reports what it found.
 */
import { LOOKUP_MARGIN_MS, serverSkewMs } from '../../../api/clock.js';
import type { ApiClient } from '../../../api/client.js';
import { OutcomeUnknownError } from '../../../errors.js';
import { listInvoices, type Invoice } from '../../../api/invoices.js';
import { cmp } from '../../../domain/money.js';
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

/** The invoice a creation answered with `id`, as the list gives it (number, UUID), when it is listed already. */
export async function findCreatedById(client: ApiClient, id: string, since: string): Promise<Invoice | undefined> {
  for await (const invoice of listInvoices(client, { direction: 'outbound', updated_since: since }, { all: true })) if (invoice.id === id) return invoice;
  return undefined;
}

/**
 * Taken just before the POST: the invoices that ALREADY match (same client, total, date, draft or
 * not) in the lookup window. Without it, an identical invoice created a minute earlier would be
 * reported as the one just created, when the dropped request in fact created nothing.
 */
export interface Snapshot {
  since: string;
  ids: Set<string>;
}

export async function snapshotMatches(client: ApiClient, startedAt: number, expected: Expected): Promise<Snapshot> {
  const since = await windowStart(client, startedAt);
  return { since, ids: new Set((await matchingSince(client, since, expected)).map((i) => i.id)) };
}

/** After the outcome became unknown: the matching invoices that were not there before the POST. */
export async function findCreated(client: ApiClient, startedAt: number, expected: Expected, before?: Snapshot): Promise<{ found: Invoice[]; since: string }> {
  const since = before?.since ?? (await windowStart(client, startedAt));
  const found = (await matchingSince(client, since, expected)).filter((i) => !before?.ids.has(i.id));
  return { found, since };
}

/** `cause` says what made the outcome unknown: "the connection dropped after the invoice was sent", "the service answered HTTP 502". */
export function lookupFailed(cause: string, since: string, error: unknown): OutcomeUnknownError {
  return new OutcomeUnknownError(
    `${cause}, and looking it up failed too (${error instanceof Error ? error.message : String(error)}): it may or may not have been created`,
    [`Do NOT create it again yet. Check with: fisco invoice list --updated-since ${since} (or in the web application), then decide.`],
  );
}

/**
 * One lookup right after the failure is evidence, not proof: the service may still be processing
 * the request. So "not found" keeps exit 9 and asks for one more check before a second submission.
 */
export function notFound(cause: string, since: string): OutcomeUnknownError {
  return new OutcomeUnknownError(`${cause}; not found: probably not created`, [
    `No new invoice with this client, date and total appeared since ${since}.`,
    `Before running the same command again, check once more: fisco invoice list --updated-since ${since}`,
  ]);
}

export function ambiguous(cause: string, found: Invoice[], since: string): OutcomeUnknownError {
  return new OutcomeUnknownError(
    `${cause}; ${found.length} invoices since ${since} match its client, date and total: ${found.map((i) => `${i.number} (id ${i.id})`).join(', ')}`,
    ['One of them is probably the one just created: check them before creating it again.'],
  );
}

/** A match, but no snapshot from before the POST to tell it from an identical older invoice. */
export function unproven(cause: string, invoice: Invoice, since: string): OutcomeUnknownError {
  return new OutcomeUnknownError(`${cause}; probably created as ${invoice.number} (id ${invoice.id}), but it could also be an older identical invoice`, [
    `Do NOT create it again yet. Check ${invoice.number} with: fisco invoice list --updated-since ${since} (or in the web application).`,
  ]);
}
