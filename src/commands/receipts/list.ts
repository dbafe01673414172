import { listReceipts } from '../../api/receipts.js';
import type { Context } from '../../context.js';
import { parseFlags } from '../../flags/parse.js';
import { paginateOptions } from '../options.js';
import { RECEIPTS_LIST_FLAGS } from './list.flags.js';

/**
 * Always an empty list (the service does not manage telematic receipts): said once, in the
 * service's own words when it gives a note, as the table's empty message or on stderr otherwise.
 */
export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(RECEIPTS_LIST_FLAGS, raw);
  const pages = paginateOptions(options, context);
  const hint = pages.onPage;
  let note: string | undefined;
  pages.onPage = (meta) => {
    hint?.(meta);
    if (note !== undefined || meta?.supported !== false) return;
    note = typeof meta.note === 'string' && meta.note.trim() !== '' ? meta.note.trim() : 'The service does not manage telematic receipts (corrispettivi).';
    if (context.output.format !== 'table') context.output.info(note);
  };
  await context.output.list(listReceipts(await context.client(), { updated_since: options.updatedSince }, pages), {
    get empty() {
      return note ?? 'No receipt uploads.';
    },
  });
}
