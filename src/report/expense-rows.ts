/**
 * The expense summary as rows, for CSV (and ndjson-like consumers): one row per allocation
 * method (`section` = totali), one per cost center (`per_centro`) and one for the unassigned
 * expenses (`non_assegnate`, kept apart as the spec says: they are in neither of the others).
 * Every row has the same columns, so a spreadsheet or importer sees one table:
 *
 *   periodo, section, allocation_method, cost_center_id, cost_center_code, nome, totale, documenti
 */
import { UNASSIGNED, type ExpenseSummary } from '../api/expenses.js';

export interface SummaryRow {
  periodo: string;
  section: 'totali' | 'per_centro' | 'non_assegnate';
  allocation_method: string | null;
  cost_center_id: string | null;
  cost_center_code: string | null;
  nome: string | null;
  totale: string;
  documenti: number | null;
}

export const SUMMARY_COLUMNS = ['periodo', 'section', 'allocation_method', 'cost_center_id', 'cost_center_code', 'nome', 'totale', 'documenti'] as const;

export function summaryRows(summary: ExpenseSummary, periodo: string): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const [method, total] of Object.entries(summary.totali ?? {})) {
    rows.push({
      periodo,
      section: 'totali',
      allocation_method: method,
      cost_center_id: null,
      cost_center_code: null,
      nome: null,
      totale: total,
      documenti: null,
    });
  }
  for (const center of summary.per_centro ?? []) {
    rows.push({
      periodo,
      section: 'per_centro',
      allocation_method: null,
      cost_center_id: center.cost_center_id,
      cost_center_code: center.cost_center_code,
      nome: center.nome,
      totale: center.totale,
      documenti: center.documenti,
    });
  }
  const unassigned = summary.non_assegnate;
  if (unassigned) {
    rows.push({
      periodo,
      section: 'non_assegnate',
      allocation_method: 'diretto',
      cost_center_id: null,
      cost_center_code: UNASSIGNED,
      nome: null,
      totale: unassigned.importo,
      documenti: unassigned.conteggio,
    });
  }
  return rows;
}
