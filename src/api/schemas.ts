/**
 * Shared pieces of the contract's shapes (the service's API document), for the schemas in src/api/<resource>.ts.
 * Objects are loose: fields fisco does not know are kept and reach json output unchanged.
 */
import * as z from './zod.js';

/**
 * The pagination envelope's meta: `next_page` a page number, a numeric string or a link, or null.
 * page, per_page and total only let pages be fetched ahead; without them the walk goes page by page.
 */
export const pageMeta = z.looseObject({
  page: z.number().int().optional(),
  per_page: z.number().int().optional(),
  total: z.number().int().optional(),
  next_page: z.union([z.number().int(), z.string(), z.null()]),
});

/** `{ data: item[], meta }`; without `meta` for the lists the contract gives none (events, hooks). */
export function listPage<T extends z.ZodType>(item: T, withMeta = true) {
  return z.looseObject({ data: z.array(item), meta: withMeta ? pageMeta : pageMeta.optional() });
}

/** `{ data: record }`. */
export function wrapped<T extends z.ZodType>(record: T) {
  return z.looseObject({ data: record });
}

/** An id the contract types as a string; a number is accepted and kept as the service sent it. */
export const id = z.union([z.string(), z.number()]);
export const nullableString = z.string().nullable();
