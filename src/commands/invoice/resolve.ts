/**
 * Invoices found the way people name them: by number as the company writes it (`42/2026`, or
 * `42` for any year) or by UUID, whatever the service's uuids look like (RFC 4122, `uuid-17`,
 * `9012`). One streaming pass over the outbound invoices (GET /v1/invoices, every page) finds
 * every reference at once, each tried against both the uuid and the number. A number that repeats
 * across years (or, with a firm token, across companies) is narrowed with --year or
 * --issued-from/--issued-to; a reference that is one invoice's uuid and another's number is
 * refused (exit 2) listing both; `uuid:REF` and `number:REF` say which is meant.
 */
import type { ApiClient } from '../../api/client.js';
import { pathSegmentProblem } from '../../api/path.js';
import { ExitCode, FiscoError, UsageError } from '../../errors.js';
import { listInvoices, type Invoice } from '../../api/invoices.js';
import type { Factory } from '../../factory/factory.js';
import { formatEuro } from '../../domain/money.js';
import type { Company } from '../../portfolio/companies.js';
import { t, type Message, joined, day } from '../../i18n/message.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[\p{L}\p{N}][\p{L}\p{N} ./_-]*$/u;
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** An RFC 4122 UUID (the form most services give; others are matched too). */
export function isUuid(ref: string): boolean {
  return UUID.test(ref.trim());
}

/** A reference as typed: `uuid:X` or `number:X` name what X is; without a prefix both are tried. */
export interface ParsedRef {
  text: string;
  only?: 'uuid' | 'number';
}

export function parseRef(ref: string): ParsedRef {
  const m = /^(uuid|number):(.*)$/is.exec(ref.trim());
  return m ? { text: m[2]!.trim(), only: m[1]!.toLowerCase() as 'uuid' | 'number' } : { text: ref.trim() };
}

/** The uuid a reference gives without a lookup: an RFC 4122 UUID, or one named with `uuid:`. */
export function directUuid(ref: string): string | undefined {
  const { text, only } = parseRef(ref);
  return only === 'uuid' || (only === undefined && isUuid(text)) ? text : undefined;
}

function refused(value: string): UsageError {
  return new UsageError(t`invoice ${JSON.stringify(value).slice(1, -1).replace(UNSAFE, '?')}: not an invoice number (like 42/2026) or UUID; nothing was sent`, [
    t`fisco invoice list --fields number,uuid shows them; uuid:ID names a UUID of any form.`,
  ]);
}

/**
 * A reference checked before any request: a UUID, or an invoice number as companies write them
 * (letters, digits, spaces and . / _ - with at least one digit: 42/2026, FT-12/2026, 2026.0042,
 * uuid-17). `uuid:ID` takes a uuid of any form that can name a resource in a path. Anything else
 * (`..`, `a/b`, control or bidirectional characters) is exit 2, nothing sent.
 */
export function checkRef(ref: string | undefined): string {
  const value = (ref ?? '').trim();
  if (value === '') throw new UsageError(t`give the invoice number (42/2026) or UUID (see fisco invoice list --fields number,uuid)`);
  const { text, only } = parseRef(value);
  if (only === 'uuid') {
    if (pathSegmentProblem(text) !== undefined || text.length > 200) throw refused(value);
    return `uuid:${text}`;
  }
  if (only === undefined && isUuid(text)) return text;
  if (!NUMBER.test(text) || !/\p{N}/u.test(text) || text.length > 60) throw refused(value);
  return only ? `number:${text}` : text;
}

export interface IssueFilters {
  year?: string;
  issuedFrom?: string;
  issuedTo?: string;
}

/** Does the reference name this invoice by its uuid (exactly; an RFC 4122 UUID in any case)? */
export function matchesUuid(invoice: Pick<Invoice, 'uuid'>, ref: string): boolean {
  const { text, only } = parseRef(ref);
  if (only === 'number' || !invoice.uuid) return false;
  return invoice.uuid === text || (isUuid(text) && invoice.uuid.toLowerCase() === text.toLowerCase());
}

/** Does the reference name this invoice by its number: exactly (case and spaces aside), or `42` for `42/2026` of any year? */
export function matchesNumber(invoice: Pick<Invoice, 'number'>, ref: string): boolean {
  const { text, only } = parseRef(ref);
  if (only === 'uuid') return false;
  const number = invoice.number.replace(/\s+/g, '').toLowerCase();
  const typed = text.replace(/\s+/g, '').toLowerCase();
  return number === typed || (!typed.includes('/') && number.startsWith(`${typed}/`));
}

/** The invoice a reference names: by its uuid or by its number. */
export function matchesRef(invoice: Pick<Invoice, 'uuid' | 'number'>, ref: string): boolean {
  return matchesUuid(invoice, ref) || matchesNumber(invoice, ref);
}

export function withinIssue(invoice: Pick<Invoice, 'issue_date'>, filters: IssueFilters): boolean {
  const date = invoice.issue_date ?? '';
  if (filters.year && !date.startsWith(`${filters.year}-`)) return false;
  if (filters.issuedFrom && date < filters.issuedFrom) return false;
  if (filters.issuedTo && date > filters.issuedTo) return false;
  return true;
}

/**
 * Every outbound invoice each reference names (by uuid or by number), within the filters: one
 * pass over the list. When every reference is a uuid given as such (RFC 4122, or `uuid:`), the
 * walk stops once each has been found by its uuid.
 */
export async function findInvoices(client: ApiClient, refs: readonly string[], filters: IssueFilters): Promise<Map<string, Invoice[]>> {
  const found = new Map<string, Invoice[]>(refs.map((ref) => [ref, []]));
  const uuidsOnly = refs.every((ref) => directUuid(ref) !== undefined);
  const byUuid = new Set<string>();
  for await (const invoice of listInvoices(client, { direction: 'outbound' }, { all: true })) {
    if (!withinIssue(invoice, filters)) continue;
    for (const ref of refs) {
      if (!matchesRef(invoice, ref)) continue;
      found.get(ref)!.push(invoice);
      if (matchesUuid(invoice, ref)) byUuid.add(ref);
    }
    if (uuidsOnly && byUuid.size === refs.length) break;
  }
  return found;
}

function companyOf(invoice: Invoice, companies?: readonly Company[]): string | undefined {
  if (!invoice.account_id) return undefined;
  const company = companies?.find((c) => c.id === invoice.account_id);
  return company ? `${company.name} (${company.id})` : invoice.account_id;
}

/** One line per candidate: number, issue date, total, counterpart, company (firm tokens), UUID. */
export function candidateLines(candidates: readonly Invoice[], companies?: readonly Company[], ref?: string): Message[] {
  return candidates.map((i) =>
    joined(
      [
        ref === undefined ? undefined : matchesUuid(i, ref) ? t`by its UUID:` : t`by its number:`,
        i.number,
        t`issued ${day(i.issue_date)}`,
        t`total ${formatEuro(i.total_amount)}`,
        i.counterpart?.name ?? '',
        companies ? companyOf(i, companies) : undefined,
        `uuid ${i.uuid ?? '—'}`,
      ].filter(Boolean),
      '   ',
    ),
  );
}

/** What a reference was looked for as, in the "not found" message. */
function lookedFor(ref: string): Message {
  const { text, only } = parseRef(ref);
  if (only) return only === 'uuid' ? t`UUID` : t`number`;
  return isUuid(text) ? t`UUID` : t`number or UUID`;
}

/** A reference that is one invoice's uuid and another's number: exit 2 listing both, and how to say which. */
function uuidOrNumber(ref: string, byUuid: readonly Invoice[], byNumber: readonly Invoice[], companies?: readonly Company[]): UsageError {
  const { text } = parseRef(ref);
  return new UsageError(
    t`invoice ${ref}: it is the UUID of one invoice and the number of ${byNumber.length === 1 ? t`another` : t`${byNumber.length} others`}; say which, nothing was sent:`,
    [
      ...candidateLines([...byUuid, ...byNumber], companies, ref),
      t`uuid:${text} names the invoice whose UUID it is; number:${text} (or the number with its year) the one numbered so.`,
    ],
  );
}

/** The one invoice of a reference: none is exit 4, several is exit 2 listing them; nothing is sent either way. */
export function onlyOne(ref: string, candidates: readonly Invoice[], filters: IssueFilters, companies?: readonly Company[]): Invoice {
  if (candidates.length === 1) return candidates[0]!;
  const narrowed = filters.year || filters.issuedFrom || filters.issuedTo ? t` within the given dates` : '';
  if (candidates.length === 0) {
    throw new FiscoError(t`invoice ${ref}: no outbound invoice has this ${lookedFor(ref)}${narrowed}`, ExitCode.notFound, [
      t`fisco invoice list --fields number,issue_date,uuid shows them (--issued-from/--issued-to narrow the list).`,
    ]);
  }
  const byUuid = candidates.filter((c) => matchesUuid(c, ref));
  const byNumber = candidates.filter((c) => !matchesUuid(c, ref));
  if (byUuid.length > 0 && byNumber.length > 0) throw uuidOrNumber(ref, byUuid, byNumber, companies);
  const years = [...new Set(candidates.map((c) => c.issue_date.slice(0, 4)))];
  const what = byUuid.length > 0 ? t`UUID` : t`number`;
  throw new UsageError(t`invoice ${ref}: ${candidates.length} invoices have this ${what}${narrowed}; say which, nothing was sent:`, [
    ...candidateLines(candidates, companies),
    years.length > 1
      ? t`Add --year ${years[0]} (or --issued-from/--issued-to), or give the UUID.`
      : companies
        ? t`They belong to different companies: add --account ID, or give the UUID.`
        : t`Give the UUID, or narrow with --issued-from/--issued-to.`,
  ]);
}

/** With a firm token and no company named, the companies (to name each invoice's); otherwise undefined. */
export async function firmCompanies(factory: Factory): Promise<Company[] | undefined> {
  const credentials = await factory.credentials();
  if (credentials.accountId) return undefined;
  const { isFirmToken } = await import('../../portfolio/token-kind.js');
  if (!(await isFirmToken(factory))) return undefined;
  const { listCompanies } = await import('../../portfolio/companies.js');
  return listCompanies(await factory.client());
}
