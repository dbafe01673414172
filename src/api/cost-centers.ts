import type { ApiClient, Query } from './client.js';
import { paginate, type PaginateOptions } from './paginate.js';

export const COST_CENTER_TYPES = ['cliente', 'prodotto', 'commessa', 'sede'] as const;
/** The Cost center fields of api-spec.md. */
export const COST_CENTER_FIELDS = ['id', 'account_id', 'code', 'nome', 'tipo', 'client_id', 'attivo', 'created_at'] as const;

/** A Cost center of api-spec.md. `code` is the stable reference external systems map on. */
export interface CostCenter {
  id: string;
  account_id: string;
  code: string;
  nome: string;
  tipo: (typeof COST_CENTER_TYPES)[number];
  client_id: string | null;
  attivo: boolean;
  created_at: string;
}

export function listCostCenters(client: ApiClient, filters: { attivo?: boolean; tipo?: string }, pages: PaginateOptions) {
  return paginate<CostCenter>(client, '/v1/cost-centers', filters as Query, pages);
}
