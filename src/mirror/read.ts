/**
 * Reads of the mirror for code that works on records directly rather than through the client's
 * offline answers: search, the fast offline path of bin/fisco.js (src/fast-offline.ts), and the receivables
 * views (`fisco receivables`, `fisco cash`, dunning) when they read offline. Records come back as
 * the client decoded them at the last sync (the same objects a command gets online), with the
 * company's sync time to say how old they are.
 */
import { hitOf, KIND, SEARCH_KINDS, type Kind, type SearchHit } from './kinds.js';
import type { Mirror, MirrorCompany, RecordQuery } from './store.js';

type Rec = Record<string, unknown>;

/** Every record of a query, parsed, in the mirror's order. */
export function* records<T = Rec>(mirror: Mirror, query: RecordQuery): Generator<T> {
  for (const row of mirror.rows(query)) yield JSON.parse(row.json) as T;
}

/**
 * The open outbound invoices of a company (payment status unpaid or partial), newest first: what
 * a receivables view reads online with GET /v1/invoices?direction=outbound&payment_status=unpaid,partial.
 * `overdue` is as the service said at the last sync.
 */
export function openInvoices<T = Rec>(mirror: Mirror, company: MirrorCompany): Generator<T> {
  return records<T>(mirror, { cids: [company.cid], kind: KIND.invoice, part: 0, k: ['unpaid', 'partial'], descending: true });
}

/** The clients of a company, by id (GET /clients, every page). */
export function clientsOf<T = Rec>(mirror: Mirror, company: MirrorCompany): Generator<T> {
  return records<T>(mirror, { cids: [company.cid], kind: KIND.client });
}

/**
 * What a search covers: undefined when it is everything the index holds (every searchable kind of
 * every mirrored company: the index alone answers), else the kinds and companies.
 */
export function searchScope(
  mirror: Mirror,
  kinds: readonly Kind[],
  companies: readonly MirrorCompany[],
): { kinds: readonly Kind[]; cids: readonly number[] } | undefined {
  const everyKind = Object.values(SEARCH_KINDS).every((kind) => kinds.includes(kind));
  const everyCompany = mirror.companies().every((held) => companies.some((c) => c.cid === held.cid));
  return everyKind && everyCompany ? undefined : { kinds, cids: companies.map((c) => c.cid) };
}

/** Search hits, best first, each naming its company. */
export function searchHits(
  mirror: Mirror,
  match: string,
  kinds: readonly Kind[],
  companies: readonly MirrorCompany[],
  offset: number,
  limit: number,
): SearchHit[] {
  const byCid = new Map(companies.map((c) => [c.cid, c]));
  return mirror.search(match, searchScope(mirror, kinds, companies), offset, limit).map((row) => {
    const company = byCid.get(row.cid)!;
    return hitOf(row.kind, JSON.parse(row.json) as Rec, { id: company.id, name: company.name });
  });
}

/** How many hits a search has in all. */
export function searchTotal(mirror: Mirror, match: string, kinds: readonly Kind[], companies: readonly MirrorCompany[]): number {
  return mirror.searchCount(match, searchScope(mirror, kinds, companies));
}
