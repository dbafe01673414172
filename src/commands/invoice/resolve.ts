/**
 * Invoices found the way people name them: by number as the company writes it (`42/2026`, or
 * `42` for any year) or by UUID. One streaming pass over the outbound invoices (GET
 * /v1/invoices, every page) finds every reference at once; a number that repeats across years
 * (or, with a firm token, across companies) is narrowed with --year or --issued-from/--issued-to,
 * and otherwise refused (exit 2) listing the candidates with their dates and totals.
 */
import type { ApiClient } from '../../api/client.js';
import { ExitCode, FiscoError, UsageError } from '../../errors.js';
import { listInvoices, type Invoice } from '../../api/invoices.js';
import type { Context } from '../../context.js';
import { formatEuro } from '../../domain/money.js';
import type { Company } from '../../portfolio/companies.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(ref: string): boolean {
  return UUID.test(ref.trim());
}

/**
 * A reference checked before any request: a UUID, or an invoice number as companies write them
 * (letters, digits, spaces and . / _ - with at least one digit: 42/2026, FT-12/2026, 2026.0042).
 * Anything else (`..`, `a/b`, control or bidirectional characters) is exit 2, nothing sent.
 */
export function checkRef(ref: string | undefined): string {
  const value = (ref ?? '').trim();
  if (value === '') throw new UsageError('give the invoice number (42/2026) or UUID (see fisco invoice list --fields number,uuid)');
  if (isUuid(value)) return value;
  if (!/^[\p{L}\p{N}][\p{L}\p{N} ./_-]*$/u.test(value) || !/\p{N}/u.test(value) || value.length > 60) {
    throw new UsageError(
      `invoice ${JSON.stringify(value)
        .slice(1, -1)
        .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '?')}: not an invoice number (like 42/2026) or UUID; nothing was sent`,
      ['fisco invoice list --fields number,uuid shows them.'],
    );
  }
  return value;
}

export interface IssueFilters {
  year?: string;
  issuedFrom?: string;
  issuedTo?: string;
}

/** The invoice a reference names: its UUID, its number exactly (case and spaces aside), or `42` for `42/2026` of any year. */
export function matchesRef(invoice: Pick<Invoice, 'uuid' | 'number'>, ref: string): boolean {
  const wanted = ref.trim();
  if (isUuid(wanted)) return (invoice.uuid ?? '').toLowerCase() === wanted.toLowerCase();
  const number = invoice.number.replace(/\s+/g, '').toLowerCase();
  const typed = wanted.replace(/\s+/g, '').toLowerCase();
  return number === typed || (!typed.includes('/') && number.startsWith(`${typed}/`));
}

export function withinIssue(invoice: Pick<Invoice, 'issue_date'>, filters: IssueFilters): boolean {
  const date = invoice.issue_date ?? '';
  if (filters.year && !date.startsWith(`${filters.year}-`)) return false;
  if (filters.issuedFrom && date < filters.issuedFrom) return false;
  if (filters.issuedTo && date > filters.issuedTo) return false;
  return true;
}

/** A year as --year takes it: four digits. */
export function checkYear(year: string | undefined): string | undefined {
  if (year === undefined) return undefined;
  if (!/^\d{4}$/.test(year.trim())) throw new UsageError(`--year: '${year}' is not a year (four digits, like 2026)`);
  return year.trim();
}

/** Every outbound invoice each reference names, within the filters: one pass over the list. */
export async function findInvoices(client: ApiClient, refs: readonly string[], filters: IssueFilters): Promise<Map<string, Invoice[]>> {
  const found = new Map<string, Invoice[]>(refs.map((ref) => [ref, []]));
  const byNumberOnly = refs.some((ref) => !isUuid(ref));
  for await (const invoice of listInvoices(client, { direction: 'outbound' }, { all: true })) {
    if (!withinIssue(invoice, filters)) continue;
    for (const ref of refs) if (matchesRef(invoice, ref)) found.get(ref)!.push(invoice);
    // UUIDs are unique: with only UUIDs asked for, the walk stops once each is found.
    if (!byNumberOnly && [...found.values()].every((list) => list.length > 0)) break;
  }
  return found;
}

function companyOf(invoice: Invoice, companies?: readonly Company[]): string | undefined {
  if (!invoice.account_id) return undefined;
  const company = companies?.find((c) => c.id === invoice.account_id);
  return company ? `${company.name} (${company.id})` : invoice.account_id;
}

/** One line per candidate: number, issue date, total, counterpart, company (firm tokens), UUID. */
export function candidateLines(candidates: readonly Invoice[], companies?: readonly Company[]): string[] {
  return candidates.map((i) =>
    [
      i.number,
      `issued ${i.issue_date}`,
      `total ${formatEuro(i.total_amount)}`,
      i.counterpart?.name ?? '',
      companies ? companyOf(i, companies) : undefined,
      `uuid ${i.uuid ?? '—'}`,
    ]
      .filter(Boolean)
      .join('   '),
  );
}

/** The one invoice of a reference: none is exit 4, several is exit 2 listing them; nothing is sent either way. */
export function onlyOne(ref: string, candidates: readonly Invoice[], filters: IssueFilters, companies?: readonly Company[]): Invoice {
  if (candidates.length === 1) return candidates[0]!;
  const narrowed = filters.year || filters.issuedFrom || filters.issuedTo ? ' within the given dates' : '';
  if (candidates.length === 0) {
    throw new FiscoError(`invoice ${ref}: no outbound invoice has this ${isUuid(ref) ? 'UUID' : 'number'}${narrowed}`, ExitCode.notFound, [
      'fisco invoice list --fields number,issue_date,uuid shows them (--issued-from/--issued-to narrow the list).',
    ]);
  }
  const years = [...new Set(candidates.map((c) => c.issue_date.slice(0, 4)))];
  throw new UsageError(`invoice ${ref}: ${candidates.length} invoices have this number${narrowed}; say which, nothing was sent:`, [
    ...candidateLines(candidates, companies),
    years.length > 1
      ? `Add --year ${years[0]} (or --issued-from/--issued-to), or give the UUID.`
      : companies
        ? 'They belong to different companies: add --account ID, or give the UUID.'
        : 'Give the UUID, or narrow with --issued-from/--issued-to.',
  ]);
}

/** With a firm token and no company named, the companies (to name each invoice's); otherwise undefined. */
export async function firmCompanies(context: Context): Promise<Company[] | undefined> {
  const credentials = await context.credentials();
  if (credentials.accountId) return undefined;
  const { isFirmToken } = await import('../../portfolio/token-kind.js');
  if (!(await isFirmToken(context))) return undefined;
  const { listCompanies } = await import('../../portfolio/companies.js');
  return listCompanies(await context.client());
}
