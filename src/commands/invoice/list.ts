import { listInvoices, type Invoice } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { checkRange } from '../../flags/parse.js';
import { paginateOptions } from '../pages.js';
import type { INVOICE_LIST_FLAGS } from './flags.js';
import { withinIssue, type IssueFilters } from './resolve.js';
import { invoiceViewFor } from './view.js';

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
  if (!issued) {
    await factory.output.list(listInvoices(client, filters, paginateOptions(options, factory)), view);
    return;
  }
  // Filtered here: every page is read (or the one --page names) and --limit counts the invoices kept.
  const pages = options.page === undefined ? { all: true, perPage: options.perPage } : { page: options.page, perPage: options.perPage };
  await factory.output.list(
    issuedWithin(listInvoices(client, filters, pages), { issuedFrom: options.issuedFrom, issuedTo: options.issuedTo }, options.limit),
    view,
  );
}
