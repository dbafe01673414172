import { listDeadlines, type TaxDeadline } from '../../api/deadlines.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { writeFileAtomic } from '../../io/atomic.js';
import { assertWritableFile } from '../../io/paths.js';
import { selectionOf } from '../../portfolio/select.js';
import type { DEADLINES_EXPORT_FLAGS } from './flags.js';
import { deadlineFilters } from './filters.js';
import { deadlinesToIcs, parseRemind } from '../../report/calendar.js';
import { t } from '../../i18n/message.js';

export async function run(_args: string[], options: FlagValues<typeof DEADLINES_EXPORT_FLAGS>, factory: Factory): Promise<void> {
  if (!options.ics) throw new UsageError(t`--ics FILE is required: the iCalendar file to write (- for stdout)`);
  const filters = deadlineFilters(options);
  const remindDays = parseRemind(options.remind);
  // The file is checked before any request (a folder, a missing folder, no permission: exit 2, nothing sent).
  if (options.ics !== '-') await assertWritableFile(options.ics, '--ics');
  const selection = selectionOf(factory.globals);
  const deadlines: TaxDeadline[] = [];
  let failure: Error | undefined;
  if (selection) {
    const { collectAcross } = await import('../../portfolio/collect.js');
    const across = await collectAcross(factory, selection, (client) => listDeadlines(client, filters, { all: true }), t`Deadlines`);
    for (const { company, item } of across.items) deadlines.push({ ...item, title: `${company.name}: ${item.title}` });
    failure = across.failure;
  } else {
    // A company named (flag, FISCO_ACCOUNT, profile) is one of the token's, or a usage error before any read.
    await factory.company();
    for await (const deadline of listDeadlines(await factory.client(), filters, { all: true })) deadlines.push(deadline);
  }
  const text = deadlinesToIcs(deadlines, new Date(), { remindDays });
  if (options.ics === '-') {
    factory.output.data(text);
    if (failure) throw failure;
    return;
  }
  // All or nothing: a temporary file beside it, renamed over it when complete.
  try {
    await writeFileAtomic(options.ics, text);
  } catch (error) {
    throw new UsageError(t`--ics: cannot write ${options.ics} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const reminders =
    remindDays === null
      ? t`no reminders`
      : remindDays === 0
        ? t`reminders on the day, at 9:00`
        : remindDays === 1
          ? t`reminders 1 day before, at 9:00`
          : t`reminders ${remindDays} days before, at 9:00`;
  factory.output.success(
    t`${deadlines.length === 1 ? t`1 deadline` : t`${deadlines.length} deadlines`} written to ${options.ics} (${reminders}; re-importing updates the same events)`,
  );
  if (failure) throw failure;
}
