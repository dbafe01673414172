import type { PaginateOptions } from '../api/paginate.js';
import type { Factory } from '../factory/factory.js';
import type { LIST_FLAGS } from '../flags/shared.js';
import type { FlagValues } from '../flags/spec.js';
import { pageNote } from '../output/page-note.js';

/**
 * The pagination of a list command. Given the Factory, when one page of several was fetched, one
 * stderr line (never with -q) says what was left and how to get it: on a terminal after the
 * table, and in a pipe too, where a partial export would otherwise pass unnoticed. A call of
 * `fisco mcp` (the Factory's page observer) is told of every page instead: its answer says it.
 */
export function paginateOptions(options: FlagValues<typeof LIST_FLAGS>, factory?: Factory): PaginateOptions {
  const pages: PaginateOptions = { page: options.page, perPage: options.perPage, all: options.all, limit: options.limit };
  const observer = factory?.pageObserver;
  if (observer) {
    pages.onPage = (meta) => {
      if (!meta || typeof meta.total !== 'number' || typeof meta.page !== 'number' || typeof meta.per_page !== 'number') return;
      observer({ page: meta.page, per_page: meta.per_page, total: meta.total, next_page: meta.next_page ?? null });
    };
  } else if (factory && !options.all && options.limit === undefined) {
    pages.onPage = (meta) => {
      if (!meta || meta.next_page == null || typeof meta.total !== 'number' || typeof meta.page !== 'number' || typeof meta.per_page !== 'number') return;
      const page = { page: meta.page, per_page: meta.per_page, total: meta.total, next_page: meta.next_page };
      factory.onClose(async () => {
        const table = factory.output.format === 'table';
        const note = table || !factory.io.stdoutIsTTY ? pageNote(page, table) : null;
        if (note) factory.output.info(note);
      });
    };
  }
  return pages;
}
