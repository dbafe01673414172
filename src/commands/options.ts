import { z } from 'zod';
import { UsageError } from '../api/errors.js';
import type { PaginateOptions } from '../api/paginate.js';
import type { Context } from '../context.js';

/** The flag a camelCase option key came from: perPage → --per-page. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * Validates a verb's options with its zod schema; the first problem becomes one usage line that
 * names the flag and what is allowed (exit 2, nothing sent).
 */
export function parseOptions<S extends z.ZodType>(schema: S, options: Record<string, unknown>): z.infer<S> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue.path.length ? String(issue.path[0]) : '';
  throw new UsageError(`${key ? `${flagName(key)}: ` : ''}${issue.message}`);
}

const positiveInt = (what: string, max?: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number${max ? ` from 1 to ${max}` : ' of 1 or more'}`)
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), `must be ${max ? `from 1 to ${max}` : '1 or more'} (${what})`);

export const listOptionsSchema = z.object({
  page: positiveInt('page number').optional(),
  perPage: positiveInt('items per page, the service allows at most 100', 100).optional(),
  all: z.boolean().optional(),
  limit: positiveInt('items').optional(),
});

/**
 * The pagination of a list command. Given the context, a table that shows one page of several
 * ends with a hint on stderr naming the next page and --all.
 */
export function paginateOptions(options: z.infer<typeof listOptionsSchema>, context?: Context): PaginateOptions {
  const pages: PaginateOptions = { page: options.page, perPage: options.perPage, all: options.all, limit: options.limit };
  if (context && !options.all && options.limit === undefined) {
    pages.onPage = (meta) => {
      if (!meta || meta.next_page == null || typeof meta.total !== 'number' || typeof meta.page !== 'number' || typeof meta.per_page !== 'number') return;
      const { total, per_page: perPage } = meta;
      const first = (meta.page - 1) * perPage + 1;
      const next = typeof meta.next_page === 'number' || /^\d+$/.test(meta.next_page) ? `--page ${meta.next_page} for more, ` : '';
      context.onClose(async () => {
        if (context.output.format === 'table') {
          context.output.info(`Showing ${first}–${Math.min(total, first + perPage - 1)} of ${total}; ${next}--all for everything.`);
        }
      });
    };
  }
  return pages;
}
