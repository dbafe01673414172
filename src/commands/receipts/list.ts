import { listReceipts } from '../../api/receipts.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { paginateOptions } from '../pages.js';
import type { RECEIPTS_LIST_FLAGS } from './flags.js';
import { t, serviceSaid, type Text } from '../../i18n/message.js';

/**
 * Always an empty list (the service does not manage telematic receipts): said once, in the
 * service's own words when it gives a note, as the table's empty message or on stderr otherwise.
 */
export async function run(_args: string[], options: FlagValues<typeof RECEIPTS_LIST_FLAGS>, factory: Factory): Promise<void> {
  const pages = paginateOptions(options, factory);
  const hint = pages.onPage;
  let note: Text | undefined;
  pages.onPage = (meta) => {
    hint?.(meta);
    if (note !== undefined || meta?.supported !== false) return;
    // The service's own note, framed as its words; fisco's when it gives none.
    note =
      typeof meta.note === 'string' && meta.note.trim() !== ''
        ? serviceSaid(meta.note.trim())
        : t`The service does not manage telematic receipts (corrispettivi).`;
    if (factory.output.format !== 'table') factory.output.info(note);
  };
  await factory.output.list(listReceipts(await factory.client(), { updated_since: options.updatedSince }, pages), {
    get empty() {
      return note ?? t`No receipt uploads.`;
    },
  });
}
