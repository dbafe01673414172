/**
 * The list envelope: `{ data, meta: { page, per_page, total, next_page } }`.
 * `page` defaults to 1 and must be an integer ≥ 1; `per_page` must be an integer 1..100 and
 * defaults to 50 — the spec states 50 for GET /clients and leaves the /v1 lists silent; the
 * emulator uses 50 everywhere. `next_page` is the next page number, or null on the last page
 * (and on any page past the end, which answers an empty `data`).
 */
import type { Context } from 'hono';
import { validationError, type ErrorShape } from './errors.js';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  next_page: number | null;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export interface PaginateOptions {
  defaultPerPage?: number;
  shape?: ErrorShape;
}

const INTEGER_RE = /^\d+$/;

/** Reads and checks `page` / `per_page` from the query string. */
export function pageParams(c: Context, options: PaginateOptions = {}): { page: number; perPage: number } {
  const rawPage = c.req.query('page');
  const rawPerPage = c.req.query('per_page');
  let page = 1;
  let perPage = options.defaultPerPage ?? DEFAULT_PER_PAGE;
  if (rawPage !== undefined) {
    page = INTEGER_RE.test(rawPage) ? Number(rawPage) : 0;
    if (page < 1) throw validationError('page must be an integer of at least 1', 'page', options.shape);
  }
  if (rawPerPage !== undefined) {
    perPage = INTEGER_RE.test(rawPerPage) ? Number(rawPerPage) : 0;
    if (perPage < 1 || perPage > MAX_PER_PAGE) {
      throw validationError(`per_page must be between 1 and ${MAX_PER_PAGE}`, 'per_page', options.shape);
    }
  }
  return { page, perPage };
}

/** One page of `items` (already filtered and ordered) according to the request's query. */
export function paginate<T>(items: readonly T[], c: Context, options: PaginateOptions = {}): Page<T> {
  const { page, perPage } = pageParams(c, options);
  const start = (page - 1) * perPage;
  const data = items.slice(start, start + perPage);
  const next_page = start + perPage < items.length ? page + 1 : null;
  return { data, meta: { page, per_page: perPage, total: items.length, next_page } };
}
