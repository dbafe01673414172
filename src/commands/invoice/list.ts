import { listInvoices, type Invoice } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { checkRange } from '../../flags/parse.js';
import { paginateOptions } from '../pages.js';
import type { INVOICE_LIST_FLAGS } from './flags.js';
import { withinIssue, type IssueFilters } from './resolve.js';
import { invoiceViewFor } from './view.js';
import { todayIn } from '../../domain/dates.js';

/** The invoices as they stream by; the rejected ones kept aside for their explanation after the list. */
async function* noting(invoices: AsyncIterable<Invoice>, rejected: Invoice[]): AsyncGenerator<Invoice> {
  for await (const invoice of invoices) {
    if (invoice.sdi_status === 'rejected') rejected.push(invoice);
    yield invoice;
  }
}

/**
 * After a table, on stderr: what each rejected invoice's control means and until when it can be sent
 * again. A person reads a table; a script reading json, ndjson or csv gets the service's records and
 * nothing more (`invoice get` and `fisco sdi explain` say it for one invoice).
 */
async function explainRejected(factory: Factory, rejected: readonly Invoice[]): Promise<void> {
  if (factory.output.format !== 'table' || rejected.length === 0) return;
  // The SDI's control table is loaded only when there is a rejection to explain (start-up of a plain list).
  const { rejectionNotes } = await import('../../sdi/rejection.js');
  const today = todayIn();
  for (const invoice of rejected) for (const note of rejectionNotes(invoice, today)) factory.output.warn(note);
}

/** The service has no issue-date filter: fisco keeps the invoices in range as the pages stream by. */
async function* issuedWithin(invoices: AsyncIterable<Invoice>, filters: IssueFilters, limit?: number): AsyncGenerator<Invoice> {
  let count = 0;
  for await (const invoice of invoices) {
    if (limit !== undefined && count >= limit) return;
    if (!withinIssue(invoice, filters)) continue;
    count++;
    yield invoice;
  }
}

export async function run(_args: string[], options: FlagValues<typeof INVOICE_LIST_FLAGS>, factory: Factory): Promise<void> {
  checkRange(options.issuedFrom, options.issuedTo, '--issued-from', '--issued-to');
  const client = await factory.client();
  const filters = {
    direction: options.direction,
    sdi_status: options.sdiStatus,
    payment_status: options.paymentStatus,
    updated_since: options.updatedSince,
  };
  const view = invoiceViewFor(options.paymentStatus);
  const issued = options.issuedFrom !== undefined || options.issuedTo !== undefined;
  const rejected: Invoice[] = [];
  if (!issued) {
    await factory.output.list(noting(listInvoices(client, filters, paginateOptions(options, factory)), rejected), view);
    await explainRejected(factory, rejected);
    return;
  }
  // Filtered here: every page is read (or the one --page names) and --limit counts the invoices kept.
  const pages = options.page === undefined ? { all: true, perPage: options.perPage } : { page: options.page, perPage: options.perPage };
  await factory.output.list(
    noting(issuedWithin(listInvoices(client, filters, pages), { issuedFrom: options.issuedFrom, issuedTo: options.issuedTo }, options.limit), rejected),
    view,
  );
  await explainRejected(factory, rejected);
}
