import * as z from './zod.js';
import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

export const COST_CENTER_TYPES = ['cliente', 'prodotto', 'commessa', 'sede'] as const;
/** The Cost center fields of the service's API document. */
export const COST_CENTER_FIELDS = ['id', 'account_id', 'code', 'nome', 'tipo', 'client_id', 'attivo', 'created_at'] as const;

/** A Cost center of the service's API document. `code` is the stable reference external systems map on. */
export const costCenterSchema = z.looseObject({
  id: z.string(),
  account_id: z.string().nullable().optional(),
  code: z.string(),
  nome: z.string(),
  tipo: z.string(),
  client_id: z.union([z.string(), z.number()]).nullable().optional(),
  attivo: z.boolean(),
  created_at: z.string().nullable().optional(),
});
export type CostCenter = z.infer<typeof costCenterSchema>;

export function listCostCenters(client: ApiClient, filters: { attivo?: boolean; tipo?: string }, pages: PaginateOptions) {
  return paginate(client, '/v1/cost-centers', filters as Query, pages, costCenterSchema);
}
