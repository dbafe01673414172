import { COST_CENTER_FIELDS, listCostCenters } from '../../api/cost-centers.js';
import type { Context } from '../../context.js';
import type { View } from '../../output/view.js';
import { parseFlags } from '../../flags/parse.js';
import { paginateOptions } from '../options.js';
import { COST_CENTERS_LIST_FLAGS } from './list.flags.js';

const view: View = {
  columns: [
    { key: 'code', label: 'Code', isKey: true }, // what --cost-center takes
    { key: 'nome', label: 'Name' },
    { key: 'tipo', label: 'Type', priority: 1 },
    { key: 'attivo', label: 'Active', tone: (row) => ((row as { attivo?: boolean }).attivo ? undefined : 'muted'), priority: 2 },
    { key: 'client_id', label: 'Client', priority: 3 },
    { key: 'id', label: 'ID', id: true, priority: 9 },
  ],
  rowTone: (row) => ((row as { attivo?: boolean }).attivo === false ? 'muted' : undefined),
  fields: COST_CENTER_FIELDS,
  empty: 'No cost centers.',
};

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseFlags(COST_CENTERS_LIST_FLAGS, raw);
  const client = await context.client();
  await context.output.list(
    listCostCenters(client, { attivo: options.active ? true : undefined, tipo: options.type }, paginateOptions(options, context)),
    view,
  );
}
