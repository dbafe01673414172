import type { ApiClient, Query } from './client.js';

/** The pagination envelope of api-spec.md. */
export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
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
 * Pages in flight at once when the total is known. Under the contract's 120 a minute the pacer is
 * the bound and this only shortens the tail after each full window; under a higher announced
 * limit an export takes about pages / PAGE_CONCURRENCY round trips.
 */
export const PAGE_CONCURRENCY = 6;

/**
 * Iterates the items of a list endpoint in order. With `all` or `limit`, it follows the pages;
 * once the first page gives meta.total it fetches the following pages a few at a time (the
 * client's pacer keeps them inside the rate limit) while still yielding items in order.
 */
export async function* paginate<T>(
  client: ApiClient,
  path: string,
  query: Query = {},
  options: PaginateOptions = {},
  transform: (item: unknown) => T = (item) => item as T,
): AsyncGenerator<T> {
  const follow = options.all || options.limit !== undefined;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const perPage = options.perPage ?? (options.limit !== undefined && !options.all ? Math.min(100, Math.max(1, options.limit)) : follow ? 100 : undefined);
  const fetchPage = (page: number) => client.get<Page<unknown>>(path, { ...query, page, per_page: perPage });
  let yielded = 0;

  const first = await fetchPage(options.page ?? 1);
  options.onPage?.(first.meta);
  if (!first.meta) {
    // No envelope (GET /v1/events, /v1/hooks): the answer is the whole list, so page it here.
    for (const item of pageLocally(asItems(first), options).slice(0, limit)) yield transform(item);
    return;
  }
  for (const item of asItems(first)) {
    if (yielded >= limit) return;
    yield transform(item);
    yielded++;
  }
  if (!follow || first.meta?.next_page == null || yielded >= limit) return;

  const meta = first.meta;
  const known = typeof meta.total === 'number' && typeof meta.per_page === 'number' && meta.per_page > 0 && typeof meta.next_page === 'number';
  if (known) {
    const lastPage = Math.ceil(meta.total / meta.per_page);
    const needed = Math.min(lastPage, meta.page + Math.ceil((limit - yielded) / meta.per_page));
    const concurrency = Math.max(1, options.concurrency ?? PAGE_CONCURRENCY);
    const pending: Promise<Page<unknown>>[] = [];
    let nextToFetch = Number(meta.next_page);
    const refill = () => {
      while (pending.length < concurrency && nextToFetch <= needed) pending.push(fetchPage(nextToFetch++));
    };
    refill();
    while (pending.length > 0) {
      const page = await pending.shift()!;
      refill();
      options.onPage?.(page.meta);
      for (const item of asItems(page)) {
        if (yielded >= limit) return;
        yield transform(item);
        yielded++;
      }
    }
    return;
  }

  let next: number | string | null | undefined = meta.next_page;
  while (next != null && yielded < limit) {
    const page = await fetchPage(Number(next));
    options.onPage?.(page.meta);
    const items = asItems(page);
    for (const item of items) {
      if (yielded >= limit) return;
      yield transform(item);
      yielded++;
    }
    next = items.length > 0 ? page.meta?.next_page : null;
  }
}

function pageLocally<T>(items: T[], options: PaginateOptions): T[] {
  if (options.all || options.limit !== undefined) return items;
  const page = options.page ?? 1;
  if (options.perPage === undefined) return page === 1 ? items : [];
  return items.slice((page - 1) * options.perPage, page * options.perPage);
}

function asItems(page: Page<unknown>): unknown[] {
  return Array.isArray(page?.data) ? page.data : [];
}
