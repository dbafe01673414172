import * as z from './zod.js';
import type { ApiClient, Query } from './client.js';
import { DEBUG_HINT } from './decode.js';
import { errorText, UnexpectedAnswerError, WordedError } from '../errors.js';
import { listPage } from './schemas.js';
import { DistinctCounter } from './distinct.js';
import { t } from '../i18n/message.js';

/** The pagination envelope of the service's API document. */
export interface PageMeta {
  page?: number;
  per_page?: number;
  total?: number;
  next_page: number | string | null;
  [extra: string]: unknown;
}

export interface Page<T> {
  data: T[];
  meta?: PageMeta;
}

export interface PaginateOptions {
  page?: number;
  perPage?: number;
  /** Follow every page. */
  all?: boolean;
  /** Stop after this many items (following pages as needed). */
  limit?: number;
  /** Pages fetched at once when meta.total tells how many there are. */
  concurrency?: number;
  /** Called with each page's meta, e.g. to say "page 1 of 7" on stderr. */
  onPage?: (meta: PageMeta | undefined) => void;
}

/**
 * A walk over every page (`all`, or a `limit` not reached) that ended by itself (an empty page, a
 * page seen before, no next page) with fewer different records than the largest `meta.total` its
 * pages announced: the list cannot be taken as complete (records created or deleted while it was
 * read shift the pages; a service's pages can disagree), so it is not: an export, a total, a sweep
 * of the mirror never rests on it. Exit 8, after the records read.
 */
export class ShortListError extends UnexpectedAnswerError {
  constructor(
    path: string,
    readonly listed: number,
    readonly total: number,
  ) {
    super(t`${listed} of ${total} listed: the pages announced meta.total ${total}, and the walk ended after ${listed}`, 'GET', path, 200, false, [
      t`The list changed while it was read (records created or deleted), or the service's pages disagree: what was read is not the whole list. Run the command again.`,
    ]);
  }
}

/**
 * Pages in flight at once when the total is known. Under the contract's 120 a minute the pacer is
 * the bound and this only shortens the tail after each full window; under a higher announced
 * limit an export takes about pages / PAGE_CONCURRENCY round trips.
 */
export const PAGE_CONCURRENCY = 6;

/** Where the next page is: a page number, or a path and query on the API's origin (from a link). */
export type NextPage = { page: number } | { path: string; query: Query; key: string };

/**
 * `meta.next_page` is a "page indicator" (the service's API document): a number, a numeric string, or a link.
 * A link is followed only on the API's own origin (the token goes with it); anything else is
 * the end of the walk (null) or an unexpected answer (the thrown message names it).
 */
export function nextPageOf(value: unknown, client: Pick<ApiClient, 'baseUrl' | 'sameOrigin' | 'relativePath'>): NextPage | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 1) return { page: value };
    throw new WordedError(t`meta.next_page is ${value}, not a page number`);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^\d+$/.test(text) && Number(text) >= 1) return { page: Number(text) };
    let url: URL;
    try {
      url = new URL(text, `${client.baseUrl}/`);
    } catch {
      throw new WordedError(t`meta.next_page '${text.slice(0, 60)}' is neither a page number nor a link`);
    }
    if (!client.sameOrigin(url)) throw new WordedError(t`meta.next_page links to another host (${url.origin}); fisco follows links on the API's own host only`);
    const { path, query } = client.relativePath(url);
    const page = query.page;
    return { path, query, key: typeof page === 'string' && /^\d+$/.test(page) ? `page:${Number(page)}` : `link:${path}?${url.searchParams}` };
  }
  throw new WordedError(t`meta.next_page is ${typeof value}, not a page indicator`);
}

function keyOf(next: NextPage): string {
  return 'page' in next ? `page:${next.page}` : next.key;
}

/**
 * Iterates the items of a list endpoint in order, each decoded with `item` (the contract's shape;
 * the whole page is checked, so a bad page fails before any of its items is yielded). With `all`
 * or `limit`, it follows the pages; when the first page gives meta.total and a numeric next page,
 * the following pages are fetched a few at a time (the client's pacer keeps them inside the rate
 * limit) while items are still yielded in order. A page fetched ahead is always awaited or aborted:
 * however pages fail, no rejection is left unhandled. The walk stops at an empty page or at a page
 * seen before, so no answer can make it loop.
 */
export async function* paginate<S extends z.ZodType = z.ZodUnknown>(
  client: ApiClient,
  path: string,
  query: Query = {},
  options: PaginateOptions = {},
  item?: S,
  envelope: 'meta' | 'optional' = 'meta',
): AsyncGenerator<z.output<S>> {
  const walk = new PageWalk<z.output<S>>(client, path, query, options, listPage(item ?? z.unknown(), envelope === 'meta'));
  try {
    yield* walkPages(walk, client, path, options);
    // Reached only when the walk ended by itself (a reader that stops early never gets here).
    if (walk.follow && walk.fromFirst && walk.yielded < walk.limit && walk.total !== undefined) {
      const listed = walk.listed();
      if (listed < walk.total) throw new ShortListError(path, listed, walk.total);
    }
  } finally {
    // Stopped early (a limit, a failure, a reader that went away): cancel what was fetched ahead.
    if (walk.pending.length > 0) {
      walk.abort.abort();
      await Promise.allSettled(walk.pending);
    }
  }
}

/** The pages of one walk, in order: the first, then ahead (size known) or in turn. */
async function* walkPages<Item>(walk: PageWalk<Item>, client: ApiClient, path: string, options: PaginateOptions): AsyncGenerator<Item> {
  const firstKey: NextPage = { page: options.page ?? 1 };
  walk.seen.add(keyOf(firstKey));
  const first = await walk.fetchPage(firstKey);
  walk.onPage(first.meta);
  if (!first.meta) {
    // No envelope (GET /v1/events, /v1/hooks): the answer is the whole list, so page it here.
    for (const record of pageLocally(first.data, options).slice(0, walk.limit)) yield record;
    return;
  }
  yield* walk.emit(first.data);
  if (!walk.follow || walk.yielded >= walk.limit || first.data.length === 0) return;
  const next = indicator(first.meta.next_page, client, path);
  if (!next) return;
  const meta = first.meta;
  if ('page' in next && typeof meta.page === 'number' && typeof meta.per_page === 'number' && meta.per_page > 0 && typeof meta.total === 'number') {
    yield* walk.ahead(next.page, Math.min(Math.ceil(meta.total / meta.per_page), meta.page + Math.ceil((walk.limit - walk.yielded) / meta.per_page)));
    return;
  }
  yield* walk.inTurn(next);
}

/** One walk over a list's pages: what was asked, what was seen, what was yielded, what is fetched ahead. */
class PageWalk<Item> {
  readonly follow: boolean;
  readonly limit: number;
  private readonly perPage: number | undefined;
  readonly abort = new AbortController();
  readonly seen = new Set<string>();
  readonly pending: Promise<Page<Item>>[] = [];
  yielded = 0;
  /** The largest meta.total the pages announced. */
  total?: number;
  /** The walk starts at the first page (the check against meta.total means nothing otherwise). */
  readonly fromFirst: boolean;
  /** The records yielded, by company and id (one listed twice, on a page that shifted, counts once), and those without an id. */
  private readonly ids = new DistinctCounter();
  private unkeyed = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly path: string,
    private readonly query: Query,
    private readonly options: PaginateOptions,
    private readonly schema: z.ZodType,
  ) {
    this.follow = Boolean(options.all) || options.limit !== undefined;
    this.fromFirst = (options.page ?? 1) === 1;
    this.limit = options.limit ?? Number.POSITIVE_INFINITY;
    this.perPage = options.perPage ?? (options.limit !== undefined && !options.all ? Math.min(100, Math.max(1, options.limit)) : this.follow ? 100 : undefined);
  }

  async fetchPage(next: NextPage, onAnswer?: () => void): Promise<Page<Item>> {
    const { options, query } = this;
    // A per_page the caller put in the query itself (`fisco api … -f per_page=7`) is kept as given.
    const size = options.perPage === undefined && query.per_page !== undefined && query.per_page !== '' ? query.per_page : this.perPage;
    const target = 'page' in next ? { path: this.path, query: { ...query, page: next.page, per_page: size } } : next;
    return (await this.client.request('GET', target.path, { query: target.query, schema: this.schema, signal: this.abort.signal, onAnswer }))
      .body as Page<Item>;
  }

  /** Each page's meta: the caller's onPage, and the total it announces. */
  onPage(meta: PageMeta | undefined): void {
    if (meta && typeof meta.total === 'number' && Number.isFinite(meta.total)) this.total = Math.max(this.total ?? 0, meta.total);
    this.options.onPage?.(meta);
  }

  /** A page's items, up to the limit. */
  *emit(items: Item[]): Generator<Item> {
    for (const record of items) {
      if (this.yielded >= this.limit) return;
      if (this.follow) this.count(record);
      yield record;
      this.yielded++;
    }
  }

  private count(record: Item): void {
    const id = record !== null && typeof record === 'object' ? (record as { id?: unknown }).id : undefined;
    if (typeof id === 'string' || typeof id === 'number') {
      // Ids are a company's, and (expenses) a source's: a firm's list may hold two companies' records
      // with the same id, and an expense and a payslip may share one (the contract does not say they differ).
      const { account_id: company, source } = record as { account_id?: unknown; source?: unknown };
      this.ids.add(`${typeof company === 'string' ? company : ''}\0${typeof source === 'string' ? source : ''}\0${id}`);
    } else this.unkeyed++;
  }

  /** The different records yielded. */
  listed(): number {
    return this.ids.count() + this.unkeyed;
  }

  /**
   * Known size: pages `from`..`needed` fetched ahead, a few at once, yielded in order.
   * `concurrency` requests in flight, refilled as each answer arrives, before it is decoded (not
   * when the page in order is consumed, so one slow page does not idle the others), and at most
   * twice that many pages fetched but not yet yielded, so memory stays bounded.
   */
  async *ahead(from: number, needed: number): AsyncGenerator<Item> {
    const concurrency = Math.max(1, this.options.concurrency ?? PAGE_CONCURRENCY);
    let nextToFetch = from;
    let inFlight = 0;
    const refill = () => {
      while (inFlight < concurrency && this.pending.length < 2 * concurrency && nextToFetch <= needed && !this.abort.signal.aborted) {
        const page = nextToFetch++;
        if (this.seen.has(`page:${page}`)) continue;
        this.seen.add(`page:${page}`);
        inFlight++;
        let answered = false;
        const promise = this.fetchPage({ page }, () => {
          answered = true;
          inFlight--;
          refill();
        });
        // A failed request frees its slot; the failure is thrown when its page's turn comes (never
        // unhandled), and the pages fetched ahead of it are then aborted.
        promise.catch(() => {
          if (!answered) inFlight--;
        });
        this.pending.push(promise);
      }
    };
    refill();
    while (this.pending.length > 0) {
      const page = await this.pending.shift()!;
      this.onPage(page.meta);
      if (page.data.length === 0) return;
      yield* this.emit(page.data);
      if (this.yielded >= this.limit) return;
      refill();
    }
  }

  /** Size not known: each page in turn, by its next-page indicator, until an empty page or one seen before. */
  async *inTurn(next: NextPage | null): AsyncGenerator<Item> {
    while (next && this.yielded < this.limit) {
      const key = keyOf(next);
      if (this.seen.has(key)) return;
      this.seen.add(key);
      const page = await this.fetchPage(next);
      this.onPage(page.meta);
      if (page.data.length === 0) return;
      yield* this.emit(page.data);
      next = indicator(page.meta?.next_page, this.client, this.path);
    }
  }
}

function indicator(value: unknown, client: ApiClient, path: string): NextPage | null {
  try {
    return nextPageOf(value, client);
  } catch (error) {
    throw new UnexpectedAnswerError(t`GET ${path}: unexpected answer: ${errorText(error)}; ${DEBUG_HINT}`, 'GET', path, 200, false);
  }
}

function pageLocally<T>(items: T[], options: PaginateOptions): T[] {
  if (options.all || options.limit !== undefined) return items;
  const page = options.page ?? 1;
  if (options.perPage === undefined) return page === 1 ? items : [];
  return items.slice((page - 1) * options.perPage, page * options.perPage);
}

/** Every item of a walk, in order: for the few commands that need a whole list at once (most stream). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
