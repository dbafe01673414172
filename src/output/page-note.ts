/**
 * What a list says on stderr when one page of several was fetched (pure, tiny: the fast offline
 * path of bin/fisco.js says it too, without the CLI, in English). `null` when there is nothing to say.
 */
import { t, type Message } from '../i18n/message.js';

export interface PageNoteMeta {
  page: number;
  per_page: number;
  total: number;
  next_page: number | string | null;
}

export function pageNote(meta: PageNoteMeta, table: boolean): Message | null {
  const { total, per_page: perPage } = meta;
  const first = (meta.page - 1) * perPage + 1;
  const last = Math.min(total, first + perPage - 1);
  const pageNumber = typeof meta.next_page === 'number' || /^\d+$/.test(String(meta.next_page)) ? String(meta.next_page) : undefined;
  if (table)
    return pageNumber
      ? t`Showing ${first}–${last} of ${total}; --page ${pageNumber} for more, --all for everything.`
      : t`Showing ${first}–${last} of ${total}; --all for everything.`;
  if (total <= last) return null;
  const left = total - last;
  const more = left === 1 ? t`1 more item not fetched` : t`${left} more items not fetched`;
  return pageNumber
    ? t`${more} (this was ${first}–${last} of ${total}); add --all for every page, or --page ${pageNumber}.`
    : t`${more} (this was ${first}–${last} of ${total}); add --all for every page.`;
}
