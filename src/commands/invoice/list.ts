import { listInvoices, type Invoice } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { parseFlags } from '../../flags/parse.js';
import { checkRange } from '../../flags/parse.js';
import { paginateOptions } from '../pages.js';
import { INVOICE_LIST_FLAGS } from './list.flags.js';
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

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(INVOICE_LIST_FLAGS, raw);
  checkRange(options.issuedFrom, options.issuedTo, '--issued-from', '--issued-to');
  const client = await context.client();
  const filters = {
    direction: options.direction,
    sdi_status: options.sdiStatus,
    payment_status: options.paymentStatus,
    updated_since: options.updatedSince,
  };
  const view = invoiceViewFor(options.paymentStatus);
  const issued = options.issuedFrom !== undefined || options.issuedTo !== undefined;
  if (!issued) {
    await context.output.list(listInvoices(client, filters, paginateOptions(options, context)), view);
    return;
  }
  // Filtered here: every page is read (or the one --page names) and --limit counts the invoices kept.
  const pages = options.page === undefined ? { all: true, perPage: options.perPage } : { page: options.page, perPage: options.perPage };
  await context.output.list(
    issuedWithin(listInvoices(client, filters, pages), { issuedFrom: options.issuedFrom, issuedTo: options.issuedTo }, options.limit),
    view,
  );
}
