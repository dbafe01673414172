/**
 * GET /v1/cost-centers (account_id, attivo, tipo, page, per_page). Inactive centers are listed
 * unless `attivo=true` (`attivo=false` lists only the inactive ones). Ability: expenses:read.
 */
import { requireAbility } from '../auth.js';
import { paginate } from '../pagination.js';
import { queryBoolean, queryEnum } from '../query.js';
import { ACCOUNT_IDS } from '../seed.js';
import type { CostCenterRecord, Store } from '../store.js';
import { inScope, resolveAccount } from '../tenancy.js';
import { addDays, romeIso } from '../time.js';
import type { EmulatorResource } from '../types.js';
import { listComparator, type SortsOn } from '../list-orders.js';

export const COST_CENTER_TYPES = ['cliente', 'prodotto', 'commessa', 'sede'] as const;

export function costCenterJson(r: CostCenterRecord): Record<string, unknown> {
  return { id: r.id, account_id: r.accountId, code: r.code, nome: r.nome, tipo: r.tipo, client_id: r.client_id, attivo: r.attivo, created_at: r.createdAt };
}

type Seed = [code: string, nome: string, tipo: CostCenterRecord['tipo'], attivo: boolean];

const ROSSI: Seed[] = [
  ['SEDE-MI', 'Sede di Milano', 'sede', true],
  ['SEDE-TO', 'Filiale di Torino (chiusa)', 'sede', false],
  ['COMM-2026-01', 'Commessa Comune di Monza – portale', 'commessa', true],
  ['COMM-2026-02', 'Commessa ERP Lombarda Servizi', 'commessa', true],
  ['COMM-2025-07', 'Commessa migrazione cloud 2025', 'commessa', false],
  ['PROD-SAAS', 'Prodotto gestionale SaaS', 'prodotto', true],
  ['PROD-FORM', 'Formazione aziendale', 'prodotto', true],
  ['CLI-ACME', 'Cliente Acme Italia', 'cliente', true],
  ['CLI-GALILEI', 'Cliente Studio Galilei', 'cliente', true],
  ['CLI-VOLTA', 'Cliente Officina Volta', 'cliente', false],
];
const OTHERS: Record<string, Seed[]> = {
  [ACCOUNT_IDS.verdi]: [
    ['CANT-BG-01', 'Cantiere Bergamo Nord', 'commessa', true],
    ['CANT-RM-02', 'Cantiere Roma Eur', 'commessa', true],
    ['SEDE-RM', 'Sede di Roma', 'sede', true],
  ],
  [ACCOUNT_IDS.neri]: [['STUDIO', 'Studio', 'sede', true]],
  [ACCOUNT_IDS.gialli]: [
    ['NEG-BA', 'Negozio di Bari', 'sede', true],
    ['PROD-FORNO', 'Prodotti da forno', 'prodotto', true],
    ['CLI-GDO', 'Cliente grande distribuzione', 'cliente', true],
  ],
  [ACCOUNT_IDS.rossiSandbox]: [
    ['SEDE-MI', 'Sede di Milano', 'sede', true],
    ['COMM-TEST', 'Commessa di prova', 'commessa', true],
  ],
};

function seedCenters(store: Store, accountId: string, rows: Seed[], today: string, prefix: string): void {
  rows.forEach(([code, nome, tipo, attivo], i) => {
    const created = romeIso(addDays(today, -400 + i * 17));
    const client = tipo === 'cliente' ? store.clients.find((c) => c.accountId === accountId && c.id % 7 === i % 7) : undefined;
    store.costCenters.push({
      accountId,
      createdAt: created,
      updatedAt: created,
      id: `cc_${prefix}${String(i + 1).padStart(2, '0')}`,
      code,
      nome,
      tipo,
      client_id: client ? String(client.id) : null,
      attivo,
    });
  });
}

/** What the order knob sorts cost centers on (no date: by id for newest and oldest). */
const COST_CENTER_SORTS: SortsOn<CostCenterRecord> = { id: (r) => r.id, label: (r) => r.code };

export const resource: EmulatorResource = {
  name: 'cost-centers',
  seed(store, { today }) {
    seedCenters(store, ACCOUNT_IDS.rossi, ROSSI, today, '');
    for (const [accountId, rows] of Object.entries(OTHERS)) seedCenters(store, accountId, rows, today, `${accountId.replace(/^acc_/, '')}_`);
  },
  register(app, ctx) {
    app.get('/v1/cost-centers', requireAbility('expenses:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const attivo = queryBoolean(c, 'attivo');
      const tipo = queryEnum(c, 'tipo', COST_CENTER_TYPES);
      const order = ctx.knobs().listOrders['cost-centers'];
      const items = inScope(c.var.store.costCenters, scope).filter(
        (r) => (attivo === undefined || r.attivo === attivo) && (tipo === undefined || r.tipo === tipo),
      );
      // Listed as stored, or in the order of the fault knob listOrders['cost-centers'] (list-orders.ts): a company has a few.
      if (order !== undefined) items.sort(listComparator(order, COST_CENTER_SORTS));
      const page = paginate(items, c);
      return c.json({ data: page.data.map(costCenterJson), meta: page.meta });
    });
  },
};
