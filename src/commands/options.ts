import * as z from '../api/zod.js';
import { UsageError } from '../errors.js';
import type { PaginateOptions } from '../api/paginate.js';
import type { Context } from '../context.js';
import type { LIST_FLAGS } from './declare.js';
import type { FlagValues } from './flags.js';
import { pageNote } from '../output/page-note.js';

/** The flag a camelCase option key came from: perPage → --per-page. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * Validates a verb's options with its zod schema. Every problem is reported at once, each line
 * naming its flag and what is allowed (exit 2, nothing sent).
 */
export function parseOptions<S extends z.ZodType>(schema: S, options: Record<string, unknown>, earlier: readonly string[] = []): z.infer<S> {
  const result = schema.safeParse(options);
  if (result.success && earlier.length === 0) return result.data;
  const issues = result.success ? [] : result.error.issues;
  const lines = [
    ...earlier,
    ...issues.flatMap((issue) => {
      if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${flagName(key)}: is not an option of this command`);
      const key = issue.path.length ? String(issue.path[0]) : '';
      return [`${key ? `${flagName(key)}: ` : ''}${issue.message}`];
    }),
  ];
  const unique = [...new Set(lines)];
  if (unique.length === 1) throw new UsageError(unique[0]);
  throw new UsageError(`${unique.length} problems with the options, nothing was sent:`, unique);
}

/**
 * The pagination of a list command. Given the context, when one page of several was fetched, one
 * stderr line (never with -q) says what was left and how to get it: on a terminal after the
 * table, and in a pipe too, where a partial export would otherwise pass unnoticed.
 */
export function paginateOptions(options: FlagValues<typeof LIST_FLAGS>, context?: Context): PaginateOptions {
  const pages: PaginateOptions = { page: options.page, perPage: options.perPage, all: options.all, limit: options.limit };
  if (context && !options.all && options.limit === undefined) {
    pages.onPage = (meta) => {
      if (!meta || meta.next_page == null || typeof meta.total !== 'number' || typeof meta.page !== 'number' || typeof meta.per_page !== 'number') return;
      const page = { page: meta.page, per_page: meta.per_page, total: meta.total, next_page: meta.next_page };
      context.onClose(async () => {
        const table = context.output.format === 'table';
        const note = table || !context.stdoutIsTTY ? pageNote(page, table) : null;
        if (note) context.output.info(note);
      });
    };
  }
  return pages;
}
