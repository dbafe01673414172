/**
 * Reads of the mirror for code that works on records directly rather than through the client's
 * offline answers: search, the fast offline path of bin/fisco.js (src/fast-offline.ts), and the receivables
 * views (`fisco receivables`, `fisco cash`, dunning) when they read offline. Records come back as
 * the client decoded them at the last sync (the same objects a command gets online), with the
 * company's sync time to say how old they are.
 */
import { hitOf, KIND, SEARCH_KINDS, type Kind, type SearchHit } from './kinds.js';
import type { MirrorCompany, MirrorStore, RecordQuery } from './storage.js';

type Rec = Record<string, unknown>;

/** Every record of a query, parsed, in the mirror's order. */
export function* records<T = Rec>(mirror: MirrorStore, query: RecordQuery): Generator<T> {
  for (const row of mirror.rows(query)) yield JSON.parse(row.json) as T;
}

/**
 * The open outbound invoices of a company (payment status unpaid or partial), newest first: what
 * a receivables view reads online with GET /v1/invoices?direction=outbound&payment_status=unpaid,partial.
 * `overdue` is as the service said at the last sync.
 */
export function openInvoices<T = Rec>(mirror: MirrorStore, company: MirrorCompany): Generator<T> {
  return records<T>(mirror, openInvoicesQuery(company));
}

/** The query of openInvoices. */
export const openInvoicesQuery = (company: MirrorCompany): RecordQuery => ({
  cids: [company.cid],
  kind: KIND.invoice,
  part: 0,
  k: ['unpaid', 'partial'],
  descending: true,
});

/** The clients of a company, by id (GET /clients, every page). */
export function clientsOf<T = Rec>(mirror: MirrorStore, company: MirrorCompany): Generator<T> {
  return records<T>(mirror, { cids: [company.cid], kind: KIND.client });
}

/**
 * One search of the mirror: what to match (an FTS5 expression, search.ts) and where. `within` is
 * undefined when it covers everything the index holds (every searchable kind of every mirrored
 * company: the index alone answers), else the kinds and companies.
 */
export interface Search {
  match: string;
  companies: readonly MirrorCompany[];
  within: { kinds: readonly Kind[]; cids: readonly number[] } | undefined;
}

/** A search of `match` in `kinds` of `companies`, of the companies the mirror holds (`held`). */
export function searchOf(match: string, kinds: readonly Kind[], companies: readonly MirrorCompany[], held: readonly MirrorCompany[]): Search {
  const everyKind = Object.values(SEARCH_KINDS).every((kind) => kinds.includes(kind));
  const everyCompany = held.every((h) => companies.some((c) => c.cid === h.cid));
  return { match, companies, within: everyKind && everyCompany ? undefined : { kinds, cids: companies.map((c) => c.cid) } };
}

/** Search hits, best first, each naming its company. */
export function searchHits(mirror: MirrorStore, search: Search, offset: number, limit: number): SearchHit[] {
  return hitsOf(search, mirror.search(search.match, search.within, offset, limit));
}

/** The hits of a search's rows (the store's answer to it), each naming its company. */
export function hitsOf(search: Search, rows: readonly { cid: number; kind: Kind; json: string }[]): SearchHit[] {
  const byCid = new Map(search.companies.map((c) => [c.cid, c]));
  return rows.map((row) => {
    const company = byCid.get(row.cid)!;
    return hitOf(row.kind, JSON.parse(row.json) as Rec, { id: company.id, name: company.name });
  });
}

/**
 * How many hits a search has in all, given the page shown: `shown` hits from `offset`, of at most
 * `perPage`. A page with some hits and room left is the last one, so its hits end the count, and
 * the index is counted only otherwise (a full page, or one past the end).
 */
export function searchTotal(mirror: MirrorStore, search: Search, page: { offset: number; perPage: number; shown: number }): number {
  return shownTotal(page) ?? mirror.searchCount(search.match, search.within);
}

/** searchTotal's count when the page shown tells it (some hits and room left: the last page), else undefined (count the index). */
export function shownTotal(page: { offset: number; perPage: number; shown: number }): number | undefined {
  return page.shown > 0 && page.shown < page.perPage ? page.offset + page.shown : undefined;
}
