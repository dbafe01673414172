/**
 * What a list says on stderr when one page of several was fetched (pure, tiny: the fast offline
 * path of bin/fisco.js says it too, without the CLI). `null` when there is nothing to say.
 */
export interface PageNoteMeta {
  page: number;
  per_page: number;
  total: number;
  next_page: number | string | null;
}

export function pageNote(meta: PageNoteMeta, table: boolean): string | null {
  const { total, per_page: perPage } = meta;
  const first = (meta.page - 1) * perPage + 1;
  const last = Math.min(total, first + perPage - 1);
  const pageNumber = typeof meta.next_page === 'number' || /^\d+$/.test(String(meta.next_page)) ? String(meta.next_page) : undefined;
  if (table) return `Showing ${first}–${last} of ${total}; ${pageNumber ? `--page ${pageNumber} for more, ` : ''}--all for everything.`;
  if (total <= last) return null;
  const left = total - last;
  return `${left} more item${left === 1 ? '' : 's'} not fetched (this was ${first}–${last} of ${total}); add --all for every page${pageNumber ? `, or --page ${pageNumber}` : ''}.`;
}
