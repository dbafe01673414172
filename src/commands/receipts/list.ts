import { z } from 'zod';
import { listReceipts } from '../../api/receipts.js';
import type { Context } from '../../context.js';
import { instantOption } from '../filters.js';
import { parseOptions } from '../options.js';

const schema = z.object({ updatedSince: instantOption.optional() });

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const answer = await listReceipts(await context.client(), { updated_since: options.updatedSince });
  if (answer.meta?.supported === false) {
    context.output.info(`The service does not manage telematic receipts (corrispettivi)${answer.meta.note ? `: ${answer.meta.note}` : '.'}`);
  }
  await context.output.list(answer.data ?? [], { empty: 'No receipt uploads.' });
}
