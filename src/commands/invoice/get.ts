/**
 * fisco invoice get NUMBER|UUID [--year | --issued-from --issued-to]: one outbound invoice as the
 * list gives it (GET /v1/invoices, every page, one pass). With a firm token and no company named
 * the invoice is looked for in every company and shown with its company.
 */
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { checkRange } from '../../flags/parse.js';
import type { GET_FLAGS } from './flags.js';
import { checkRef, findInvoices, firmCompanies, onlyOne } from './resolve.js';
import { invoiceView } from './view.js';
import { todayIn } from '../../domain/dates.js';
import { rejectionNotes } from '../../sdi/rejection.js';

export async function run([ref]: string[], options: FlagValues<typeof GET_FLAGS>, factory: Factory): Promise<void> {
  const filters = { year: options.year, issuedFrom: options.issuedFrom, issuedTo: options.issuedTo };
  checkRange(filters.issuedFrom, filters.issuedTo, '--issued-from', '--issued-to');
  ref = checkRef(ref);
  const companies = await firmCompanies(factory);
  const found = await findInvoices(await factory.client(), [ref], filters);
  const invoice = onlyOne(ref, found.get(ref) ?? [], filters, companies);
  const company = companies?.find((c) => c.id === invoice.account_id);
  await factory.output.item(company ? { ...invoice, company: company.name } : invoice, invoiceView);
  // A rejected invoice: the control's explanation beside the service's text, and the day the window to resend closes.
  for (const note of rejectionNotes(invoice, todayIn())) factory.output.warn(note);
}
