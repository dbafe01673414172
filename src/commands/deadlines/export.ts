import { rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { listDeadlines, type TaxDeadline } from '../../api/deadlines.js';
import { UsageError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { selectionOf } from '../../portfolio/select.js';
import { parseOptions } from '../options.js';
import { deadlineFilterSchema, deadlineFilters } from './filters.js';
import { deadlinesToIcs } from './ics.js';

const schema = deadlineFilterSchema.extend({ ics: z.string().min(1).optional() });

/** With --all-accounts: one calendar of every company's deadlines, each titled with its company. */
export const portfolio = 'portfolio';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  if (!options.ics) throw new UsageError('--ics FILE is required: the iCalendar file to write (- for stdout)');
  const filters = deadlineFilters(options);
  const selection = selectionOf(context.globals);
  const deadlines: TaxDeadline[] = [];
  let failure: Error | undefined;
  if (selection) {
    const { collectAcross } = await import('../../portfolio/collect.js');
    const across = await collectAcross(context, selection, (client) => listDeadlines(client, filters, { all: true }), 'Deadlines');
    for (const { company, item } of across.items) deadlines.push({ ...item, title: `${company.name}: ${item.title}` });
    failure = across.failure;
  } else {
    for await (const deadline of listDeadlines(await context.client(), filters, { all: true })) deadlines.push(deadline);
  }
  const text = deadlinesToIcs(deadlines);
  if (options.ics === '-') {
    context.output.data(text);
    if (failure) throw failure;
    return;
  }
  const temp = `${options.ics}.${process.pid}.part`;
  try {
    await writeFile(temp, text, 'utf8');
    await rename(temp, options.ics);
  } catch (error) {
    await rm(temp, { force: true });
    throw new UsageError(`cannot write ${options.ics}: ${(error as Error).message}`);
  }
  context.output.success(`${deadlines.length} deadline${deadlines.length === 1 ? '' : 's'} written to ${options.ics} (re-importing updates the same events)`);
  if (failure) throw failure;
}
