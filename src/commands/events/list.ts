import { EVENT_FIELDS, listEvents } from '../../api/events.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { View } from '../../output/view.js';
import type { LIST_FLAGS } from '../../flags/shared.js';
import { paginateOptions } from '../pages.js';
import { t } from '../../i18n/message.js';

const view: View = {
  columns: [
    { key: 'key', label: t`Key`, isKey: true }, // what events sample and hooks create --event take
    { key: 'label', label: t`Label` },
    { key: 'category', label: t`Category`, priority: 1 },
    { key: 'description', label: t`Description` },
  ],
  fields: EVENT_FIELDS,
  empty: t`No events.`,
};

export async function run(_args: string[], options: FlagValues<typeof LIST_FLAGS>, factory: Factory): Promise<void> {
  const client = await factory.client();
  await factory.output.list(listEvents(client, paginateOptions(options, factory)), view);
}
