import type { TaxDeadline } from '../../api/deadlines.js';
import { DEADLINE_FIELDS, listDeadlines } from '../../api/deadlines.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { Tone, View } from '../../output/view.js';
import { paginateOptions } from '../pages.js';
import { deadlineFilters } from './filters.js';
import type { DEADLINES_LIST_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

export function deadlineTone(status: unknown): Tone {
  if (status === 'overdue') return 'danger';
  if (status === 'due_today') return 'warn';
  if (status === 'done') return 'muted';
  return undefined;
}

const view: View = {
  columns: [
    // "What is due, and when": the date and the title stay; ids go first, then type, amount, status.
    { key: 'due_date', label: t`Due`, kind: 'date' },
    { key: 'title', label: t`Title`, minWidth: 24 },
    { key: 'type', label: t`Type`, priority: 3 },
    { key: 'amount', label: t`Amount`, kind: 'money', priority: 2 },
    { key: 'status', label: t`Status`, priority: 1 },
    { key: 'related_resource.id', label: t`Related`, id: true, priority: 8 },
    { key: 'id', label: t`ID`, id: true, priority: 9 },
  ],
  fields: DEADLINE_FIELDS,
  amountFields: ['amount'],
  rowTone: (row) => deadlineTone((row as TaxDeadline).status),
  empty: t`No tax deadlines for these filters.`,
};

export async function run(_args: string[], options: FlagValues<typeof DEADLINES_LIST_FLAGS>, factory: Factory): Promise<void> {
  const client = await factory.client();
  await factory.output.list(listDeadlines(client, deadlineFilters(options), paginateOptions(options, factory)), view);
}
