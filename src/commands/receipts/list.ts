import { listReceipts } from '../../api/receipts.js';
import type { Context } from '../../context.js';
import { instantOption } from '../filters.js';
import { listOptionsSchema, paginateOptions, parseOptions } from '../options.js';

const schema = listOptionsSchema.extend({ updatedSince: instantOption.optional() });

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const pages = paginateOptions(options, context);
  const hint = pages.onPage;
  let told = false;
  pages.onPage = (meta) => {
    hint?.(meta);
    if (told || meta?.supported !== false) return;
    told = true;
    const note = typeof meta.note === 'string' && meta.note !== '' ? `: ${meta.note}` : '.';
    context.output.info(`The service does not manage telematic receipts (corrispettivi)${note}`);
  };
  await context.output.list(listReceipts(await context.client(), { updated_since: options.updatedSince }, pages), { empty: 'No receipt uploads.' });
}
