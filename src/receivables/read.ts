/**
 * What receivables, dunning plan and cash share: the service's today (its Date header, on the Rome
 * calendar, so "late" agrees with the API's own "overdue"), the contacts file, and one company's
 * open items read through the data source.
 */
import type { ApiClient } from '../api/client.js';
import type { Invoice } from '../api/invoices.js';
import { getMeWithClock } from '../api/me.js';
import { todayIn } from '../domain/dates.js';
import { EDITED_FILE_MAX_BYTES, readInputFile } from '../io/input-file.js';
import { parseContacts, type Contact } from './contacts.js';
import { clientIndex, openItems, type OpenItems } from './items.js';
import type { CompanySource } from './source.js';
import { UsageError } from '../errors.js';
import { t } from '../i18n/message.js';
import type { ResidueHistory } from './as-of.js';

export async function serviceToday(client: ApiClient): Promise<string> {
  const { serviceDate } = await getMeWithClock(client);
  return todayIn('Europe/Rome', serviceDate ?? new Date());
}

export async function readContacts(file: string | undefined): Promise<Map<string, Contact>> {
  if (file === undefined) return new Map();
  const bytes = await readInputFile(file, `--contacts ${file}`, t`give a CSV of VAT number and e-mail address, one client a line`, EDITED_FILE_MAX_BYTES);
  return parseContacts(bytes.toString('utf8'), file);
}

/**
 * The mirror's record of residues for a past date (as-of.ts), or undefined when this run has no
 * mirror it may read (never synced, another token's): the figures are then today's, and said so.
 */
export async function residueHistory<M extends ResidueHistory>(run: { mirror(): Promise<M> }): Promise<M | undefined> {
  try {
    return await run.mirror();
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}

/** A company's open items on `asOf`, joined to its clients (and the contacts); `outbound` when the caller has read every outbound document. */
export async function companyItems(
  source: CompanySource,
  asOf: string,
  contacts: ReadonlyMap<string, Contact>,
  all?: boolean,
  /** Every outbound document as it stood on asOf (as-of.ts asOfInvoices); `all` must be set. */
  past?: (invoices: Invoice[]) => Invoice[],
) {
  const [invoices, clients] = await Promise.all([all ? source.outboundInvoices() : source.openReceivables(), source.clients()]);
  const open: OpenItems = openItems(past ? past(invoices) : invoices, asOf, clientIndex(clients), contacts);
  return { ...open, invoices, clients };
}
