/**
 * GET /v1/expenses          (account_id, periodo | periodo_da/periodo_a, method, cost_center, page, per_page)
 * GET /v1/expenses/summary  (account_id, periodo | periodo_da/periodo_a)
 * Ability: expenses:read. Amounts are decimal strings here (the spec says so for expenses).
 *
 * Allocation rules of the spec:
 * - a record with no method counts as `struttura` (it is listed with `allocation_method: null`,
 *   and `method=struttura` finds it);
 * - `diretto` without a center reports `cost_center_code: "UNASSIGNED"` and `needs_review: true`;
 * - the summary reports unassigned expenses only in `non_assegnate`, outside `totali` and
 *   `per_centro`.
 * Decisions: the summary sums each expense's `total`; `cost_center` also accepts `UNASSIGNED`;
 * without any period the list and the summary cover every month; for a range the summary's
 * `periodo` is null and `periodo_da` / `periodo_a` say the range.
 */
import type { Context } from 'hono';
import { fromCents as cents, toCents } from '../amounts.js';
import { requireAbility } from '../auth.js';
import { validationError } from '../errors.js';
import { paginate } from '../pagination.js';
import { queryEnum, queryMonth } from '../query.js';
import { emit } from '../payloads.js';
import { ACCOUNT_IDS } from '../seed.js';
import { filtered, inScopeOrdered, viewsOf } from '../views.js';
import type { CostCenterRecord, ExpenseRecord, Store } from '../store.js';
import { inScope, resolveAccount } from '../tenancy.js';
import { romeIso } from '../time.js';
import type { EmulatorEnv, EmulatorResource, ListOrder } from '../types.js';
import { listComparator, type SortsOn } from '../list-orders.js';
import { NO_QUIRKS, quirksOf, type Quirks } from '../quirks.js';

export const ALLOCATION_METHODS = ['diretto', 'personale', 'struttura', 'escluso'] as const;
export const UNASSIGNED = 'UNASSIGNED';

function isUnassigned(r: ExpenseRecord): boolean {
  return r.allocation_method === 'diretto' && r.cost_center_id === null;
}

export function expenseJson(r: ExpenseRecord, centers: readonly CostCenterRecord[], quirks: Quirks = NO_QUIRKS): Record<string, unknown> {
  const center = r.cost_center_id === null ? undefined : centers.find((cc) => cc.id === r.cost_center_id);
  return {
    source: r.source,
    id: quirks.expenseId(r),
    account_id: r.accountId,
    document_number: r.document_number,
    document_date: r.document_date,
    periodo_competenza: r.periodo_competenza,
    allocation_method: r.allocation_method,
    cost_center_id: r.cost_center_id,
    cost_center_code: center ? center.code : isUnassigned(r) ? UNASSIGNED : null,
    needs_review: isUnassigned(r),
    employee_ref: r.employee_ref,
    supplier: r.supplier,
    subtotal: r.subtotal,
    vat: r.vat,
    total: quirks.text(r.total, { kind: 'expense', id: r.id }),
    is_paid: r.is_paid,
  };
}

/** The `count` months up to and including `today`'s month, oldest first. */
function lastMonths(today: string, count: number): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let k = count - 1; k >= 0; k--) {
    const d = new Date(Date.UTC(y, m - 1 - k, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

const SUPPLIERS = [
  ['sup_01', 'Enel Energia S.p.A.'],
  ['sup_02', 'TIM S.p.A.'],
  ['sup_03', 'Amazon Business EU S.à r.l.'],
  ['sup_04', 'Cartoleria Manzoni'],
  ['sup_05', 'Aruba S.p.A.'],
  ['sup_06', 'Trenitalia S.p.A.'],
  ['sup_07', 'Studio Legale Fermi'],
  ['sup_08', 'Autonoleggio Volta S.r.l.'],
  ['sup_09', 'Catering Puccini'],
  ['sup_10', 'Microsoft Ireland Operations Ltd'],
] as const;

function seedExpenses(
  store: Store,
  accountId: string,
  today: string,
  count: number,
  rng: { int(a: number, b: number): number; pick<T>(x: readonly T[]): T; next(): number },
): void {
  const months = lastMonths(today, 6);
  const centers = store.costCenters.filter((cc) => cc.accountId === accountId);
  const active = centers.filter((cc) => cc.attivo);
  const lastDay = Number(today.slice(8, 10));
  for (let i = 0; i < count; i++) {
    const month = months[i % months.length]!;
    const drawn = rng.int(1, 28);
    const day = String(month === today.slice(0, 7) ? Math.min(drawn, lastDay) : drawn).padStart(2, '0');
    const date = `${month}-${day}`;
    const n = String(store.expenses.length + 1).padStart(4, '0');
    const payslip = i % 10 === 3;
    let method: ExpenseRecord['allocation_method'];
    let center: CostCenterRecord | undefined;
    if (payslip) method = 'personale';
    else {
      const p = rng.next();
      method = p < 0.45 ? 'diretto' : p < 0.7 ? 'struttura' : p < 0.8 ? null : p < 0.9 ? 'escluso' : 'personale';
      if (method === 'diretto' && i % 9 !== 5) center = rng.pick(i % 13 === 0 ? centers : active.length ? active : centers);
      // The current and the previous month each have one expense needing review.
      if (i === months.length - 1 || i === months.length - 2) [method, center] = ['diretto', undefined];
    }
    const subtotal = payslip ? rng.int(180_000, 320_000) : rng.int(1_500, 250_000);
    const vat = payslip || method === 'escluso' ? 0 : Math.round((subtotal * 22) / 100);
    const supplier = payslip ? null : rng.pick(SUPPLIERS);
    store.expenses.push({
      accountId,
      createdAt: romeIso(date, '10:00:00'),
      updatedAt: romeIso(date, '10:00:00'),
      id: `exp_${n}`,
      source: payslip ? 'payslip' : 'expense',
      document_number: payslip ? `CED-${month}-${(i % 5) + 1}` : `FA/${month.slice(0, 4)}/${n}`,
      document_date: date,
      periodo_competenza: month,
      allocation_method: method,
      cost_center_id: center?.id ?? null,
      employee_ref: payslip ? `EMP-${String((i % 5) + 1).padStart(3, '0')}` : null,
      supplier: supplier ? { id: supplier[0], name: supplier[1] } : null,
      subtotal: cents(subtotal),
      vat: cents(vat),
      total: cents(subtotal + vat),
      is_paid: rng.next() < 0.75,
    });
  }
}

/** periodo, or periodo_da / periodo_a (either end may be open); both forms together → 422. */
function periodFilter(c: Context<EmulatorEnv>): { periodo?: string; from?: string; to?: string; test: (month: string) => boolean } {
  const periodo = queryMonth(c, 'periodo');
  const from = queryMonth(c, 'periodo_da');
  const to = queryMonth(c, 'periodo_a');
  if (periodo && (from || to)) throw validationError('Give either periodo or periodo_da/periodo_a, not both', 'periodo');
  if (from && to && from > to) throw validationError('periodo_da must not be after periodo_a', 'periodo_da');
  return {
    periodo,
    from,
    to,
    test: (month) => (periodo ? month === periodo : (!from || month >= from) && (!to || month <= to)),
  };
}

export function summarise(records: readonly ExpenseRecord[], centers: readonly CostCenterRecord[]) {
  const totals: Record<(typeof ALLOCATION_METHODS)[number], number> = { diretto: 0, personale: 0, struttura: 0, escluso: 0 };
  const perCenter = new Map<string, { totale: number; documenti: number }>();
  let unassignedCount = 0;
  let unassignedCents = 0;
  for (const r of records) {
    const amount = toCents(r.total);
    if (isUnassigned(r)) {
      unassignedCount++;
      unassignedCents += amount;
      continue;
    }
    totals[r.allocation_method ?? 'struttura'] += amount;
    if (r.cost_center_id !== null) {
      const entry = perCenter.get(r.cost_center_id) ?? { totale: 0, documenti: 0 };
      entry.totale += amount;
      entry.documenti++;
      perCenter.set(r.cost_center_id, entry);
    }
  }
  const perCentro = [...perCenter.entries()]
    .map(([id, v]) => {
      const center = centers.find((cc) => cc.id === id);
      return { cost_center_id: id, cost_center_code: center?.code ?? id, nome: center?.nome ?? '', totale: cents(v.totale), documenti: v.documenti };
    })
    .sort((a, b) => a.cost_center_code.localeCompare(b.cost_center_code));
  return {
    totali: Object.fromEntries(ALLOCATION_METHODS.map((m) => [m, cents(totals[m])])),
    per_centro: perCentro,
    non_assegnate: { conteggio: unassignedCount, importo: cents(unassignedCents) },
  };
}

/** GET /v1/expenses lists by document date, then id, or in the order of the fault knob listOrders.expenses (list-orders.ts). */
const EXPENSE_SORTS: SortsOn<ExpenseRecord> = { id: (r) => r.id, date: (r) => r.document_date, label: (r) => r.document_number };
export const expenseViews = (store: Store, order?: ListOrder) =>
  order === undefined
    ? viewsOf<ExpenseRecord>(store, 'expenses', (a, b) => a.document_date.localeCompare(b.document_date) || a.id.localeCompare(b.id))
    : viewsOf<ExpenseRecord>(store, `expenses:${order}`, listComparator(order, EXPENSE_SORTS));

export type NewExpense = Partial<Omit<ExpenseRecord, 'accountId' | 'createdAt' | 'updatedAt' | 'id'>>;

/**
 * Records one expense (the control routes' way in: the API has no endpoint for it). `announce`
 * fires expense.created — an expense recorded one at a time; a bulk import passes false.
 */
export function addExpense(store: Store, accountId: string, fields: NewExpense, at: string, today: string, announce: boolean): ExpenseRecord {
  const n = String(store.expenses.length + 1).padStart(4, '0');
  const date = fields.document_date ?? today;
  const subtotal = fields.subtotal ?? '100.00';
  const vat = fields.vat ?? cents(Math.round((toCents(subtotal) * 22) / 100));
  const record: ExpenseRecord = {
    accountId,
    createdAt: at,
    updatedAt: at,
    id: `exp_${n}`,
    source: fields.source ?? 'expense',
    document_number: fields.document_number ?? `FA/${date.slice(0, 4)}/${n}`,
    document_date: date,
    periodo_competenza: fields.periodo_competenza ?? date.slice(0, 7),
    allocation_method: fields.allocation_method === undefined ? 'struttura' : fields.allocation_method,
    cost_center_id: fields.cost_center_id ?? null,
    employee_ref: fields.employee_ref ?? null,
    supplier: fields.supplier === undefined ? { id: SUPPLIERS[0][0], name: SUPPLIERS[0][1] } : fields.supplier,
    subtotal,
    vat,
    total: fields.total ?? cents(toCents(subtotal) + toCents(vat)),
    is_paid: fields.is_paid ?? false,
  };
  store.expenses.push(record);
  expenseViews(store).inserted(store.expenses, record);
  if (announce) emit(store, accountId, 'expense.created', record);
  return record;
}

export const resource: EmulatorResource = {
  name: 'expenses',
  seed(store, { today, rng, sizes }) {
    seedExpenses(store, ACCOUNT_IDS.rossi, today, sizes.expenses, rng);
    seedExpenses(store, ACCOUNT_IDS.verdi, today, 30, rng);
    seedExpenses(store, ACCOUNT_IDS.neri, today, 12, rng);
    seedExpenses(store, ACCOUNT_IDS.gialli, today, 15, rng);
    seedExpenses(store, ACCOUNT_IDS.rossiSandbox, today, 20, rng);
  },
  register(app, ctx) {
    app.get('/v1/expenses', requireAbility('expenses:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const period = periodFilter(c);
      const method = queryEnum(c, 'method', ALLOCATION_METHODS);
      const center = c.req.query('cost_center')?.trim() || undefined;
      const { store } = c.var;
      const centers = inScope(store.costCenters, scope);
      const byId = new Map(centers.map((cc) => [cc.id, cc]));
      const items = filtered(inScopeOrdered(expenseViews(store, ctx.knobs().listOrders.expenses), store.expenses, scope), [
        Boolean(period.periodo || period.from || period.to) && ((r) => period.test(r.periodo_competenza)),
        method !== undefined && ((r) => (r.allocation_method ?? 'struttura') === method),
        center !== undefined &&
          ((r) => {
            if (center.toUpperCase() === UNASSIGNED) return isUnassigned(r);
            const cc = r.cost_center_id === null ? undefined : byId.get(r.cost_center_id);
            return cc !== undefined && (cc.id === center || cc.code === center);
          }),
      ]);
      const page = paginate(items, c);
      return c.json({ data: page.data.map((r) => expenseJson(r, centers, quirksOf(c))), meta: page.meta });
    });

    app.get('/v1/expenses/summary', requireAbility('expenses:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const period = periodFilter(c);
      const records = inScope(c.var.store.expenses, scope).filter((r) => period.test(r.periodo_competenza));
      const summary = summarise(records, inScope(c.var.store.costCenters, scope));
      const range = period.from || period.to ? { periodo_da: period.from ?? null, periodo_a: period.to ?? null } : {};
      return c.json({ data: { periodo: period.periodo ?? null, ...range, ...summary } });
    });
  },
};
