/**
 * fisco invoice get NUMBER|UUID [--year | --issued-from --issued-to]: one outbound invoice as the
 * list gives it (GET /v1/invoices, every page, one pass). With a firm token and no company named
 * the invoice is looked for in every company and shown with its company.
 */
import type { Context } from '../../context.js';
import { parseFlags } from '../../flags/parse.js';
import { checkRange } from '../../flags/parse.js';
import { GET_FLAGS } from './get.flags.js';
import { checkRef, checkYear, findInvoices, firmCompanies, onlyOne } from './resolve.js';
import { invoiceView } from './view.js';

export async function run([ref]: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(GET_FLAGS, raw);
  const filters = { year: checkYear(options.year), issuedFrom: options.issuedFrom, issuedTo: options.issuedTo };
  checkRange(filters.issuedFrom, filters.issuedTo, '--issued-from', '--issued-to');
  ref = checkRef(ref);
  const companies = await firmCompanies(context);
  const found = await findInvoices(await context.client(), [ref], filters);
  const invoice = onlyOne(ref, found.get(ref) ?? [], filters, companies);
  const company = companies?.find((c) => c.id === invoice.account_id);
  await context.output.item(company ? { ...invoice, company: company.name } : invoice, invoiceView);
}
