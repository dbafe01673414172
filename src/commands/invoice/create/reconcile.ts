/**
 * When a creation POST's outcome is unknown (the connection dropped after sending), fisco does
 * not retry: it looks for the invoice it may have created — GET /v1/invoices with updated_since
 * from just before the attempt, corrected by the server's clock (its Date header), matched on
 * the counterpart and the total — and reports what it found.
 */
import type { ApiClient } from '../../../api/client.js';
import { OutcomeUnknownError } from '../../../api/errors.js';
import { listInvoices, type Invoice } from '../../../api/invoices.js';
import { cmp } from '../../../domain/money.js';

export const MARGIN_MS = 2 * 60_000;

export interface Expected {
  vatNumber?: string;
  name?: string;
  total: string;
  issueDate: string;
  draft: boolean;
}

function sameVat(a: string | undefined, b: string | undefined): boolean {
  const norm = (v: string | undefined) => (v ?? '').toUpperCase().replace(/\s+/g, '').replace(/^IT/, '');
  return norm(a) !== '' && norm(a) === norm(b);
}

export function matches(invoice: Invoice, expected: Expected): boolean {
  const counterpart = sameVat(invoice.counterpart?.vat_number, expected.vatNumber) || (!!expected.name && invoice.counterpart?.name?.trim().toLowerCase() === expected.name.trim().toLowerCase());
  return counterpart && cmp(invoice.total_amount, expected.total) === 0 && invoice.issue_date === expected.issueDate && (invoice.sdi_status === 'draft') === expected.draft;
}

/** The server's clock minus ours, from a response's Date header (0 when absent). */
async function serverSkewMs(client: ApiClient): Promise<number> {
  const response = await client.request('GET', '/v1/invoices', { query: { per_page: 1 } });
  const header = response.headers.date;
  const date = Date.parse(Array.isArray(header) ? header[0] : (header ?? ''));
  return Number.isNaN(date) ? 0 : date - Date.now();
}

export async function findCreated(client: ApiClient, startedAt: number, expected: Expected): Promise<{ found: Invoice[]; since: string }> {
  const skew = await serverSkewMs(client);
  const since = new Date(startedAt + skew - MARGIN_MS).toISOString();
  const found: Invoice[] = [];
  for await (const invoice of listInvoices(client, { direction: 'outbound', updated_since: since }, { all: true })) {
    if (matches(invoice, expected)) found.push(invoice);
  }
  return { found, since };
}

export function lookupFailed(since: string, error: unknown): OutcomeUnknownError {
  return new OutcomeUnknownError(
    `the connection dropped after the invoice was sent, and looking it up failed too (${error instanceof Error ? error.message : String(error)}): it may or may not have been created`,
    [`Do NOT create it again yet. Check with: fisco invoice list --updated-since ${since} (or in the web application), then decide.`],
  );
}

export function notFound(since: string): OutcomeUnknownError {
  return new OutcomeUnknownError('the connection dropped after the invoice was sent; not found: safe to retry', [
    `No invoice with this client and total was created or changed since ${since}: it is safe to run the same command again.`,
    `To double-check first: fisco invoice list --updated-since ${since}`,
  ]);
}

export function ambiguous(found: Invoice[], since: string): OutcomeUnknownError {
  return new OutcomeUnknownError(`the connection dropped after the invoice was sent; ${found.length} invoices since ${since} match its client and total: ${found.map((i) => `${i.number} (id ${i.id})`).join(', ')}`, [
    'One of them is probably the one just created: check them before creating it again.',
  ]);
}
