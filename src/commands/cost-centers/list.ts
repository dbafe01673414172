import { COST_CENTER_FIELDS, listCostCenters } from '../../api/cost-centers.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import type { View } from '../../output/view.js';
import { paginateOptions } from '../pages.js';
import type { COST_CENTERS_LIST_FLAGS } from './flags.js';
import { t } from '../../i18n/message.js';

const view: View = {
  columns: [
    { key: 'code', label: t`Code`, isKey: true }, // what --cost-center takes
    { key: 'nome', label: t`Name` },
    { key: 'tipo', label: t`Type`, priority: 1 },
    { key: 'attivo', label: t`Active`, tone: (row) => ((row as { attivo?: boolean }).attivo ? undefined : 'muted'), priority: 2 },
    { key: 'client_id', label: t`Client`, priority: 3 },
    { key: 'id', label: t`ID`, id: true, priority: 9 },
  ],
  rowTone: (row) => ((row as { attivo?: boolean }).attivo === false ? 'muted' : undefined),
  fields: COST_CENTER_FIELDS,
  empty: t`No cost centers.`,
};

export async function run(_args: string[], options: FlagValues<typeof COST_CENTERS_LIST_FLAGS>, factory: Factory): Promise<void> {
  const client = await factory.client();
  await factory.output.list(
    listCostCenters(client, { attivo: options.active ? true : undefined, tipo: options.type }, paginateOptions(options, factory)),
    view,
  );
}
