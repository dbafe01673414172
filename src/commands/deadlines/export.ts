import { listDeadlines, type TaxDeadline } from '../../api/deadlines.js';
import { UsageError } from '../../errors.js';
import type { Context } from '../../context.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { assertWritableFile } from '../../io/paths.js';
import { selectionOf } from '../../portfolio/select.js';
import { parseFlags } from '../../flags/parse.js';
import { DEADLINES_EXPORT_FLAGS } from './export.flags.js';
import { deadlineFilters } from './filters.js';
import { deadlinesToIcs, parseRemind } from './ics.js';

/** With --all-accounts: one calendar of every company's deadlines, each titled with its company. */
export const portfolio = 'portfolio';

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(DEADLINES_EXPORT_FLAGS, raw);
  if (!options.ics) throw new UsageError('--ics FILE is required: the iCalendar file to write (- for stdout)');
  const filters = deadlineFilters(options);
  const remindDays = parseRemind(options.remind);
  // The file is checked before any request (a folder, a missing folder, no permission: exit 2, nothing sent).
  if (options.ics !== '-') await assertWritableFile(options.ics, '--ics');
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
  const text = deadlinesToIcs(deadlines, new Date(), { remindDays });
  if (options.ics === '-') {
    context.output.data(text);
    if (failure) throw failure;
    return;
  }
  // All or nothing: a temporary file beside it, renamed over it when complete.
  try {
    await writeFileAtomic(options.ics, text);
  } catch (error) {
    throw new UsageError(`--ics: cannot write ${options.ics} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const reminders =
    remindDays === null ? 'no reminders' : `reminders ${remindDays === 0 ? 'on the day' : `${remindDays} day${remindDays === 1 ? '' : 's'} before`}, at 9:00`;
  context.output.success(
    `${deadlines.length} deadline${deadlines.length === 1 ? '' : 's'} written to ${options.ics} (${reminders}; re-importing updates the same events)`,
  );
  if (failure) throw failure;
}
