/**
 * GET /v1/tax-deadlines (account_id, type, status, due_date_from, due_date_to, updated_since, page, per_page)
 * Ability: deadlines:read. Amounts are JSON numbers (as the spec's examples show).
 * `status` follows from the date on the emulator's clock: done, or else overdue / due_today /
 * upcoming against today (Europe/Rome).
 */
import { fromCents, toCents } from '../amounts.js';
import { requireAbility } from '../auth.js';
import { paginate } from '../pagination.js';
import { queryDate, queryEnum, queryInstant } from '../query.js';
import { seedEachCompany } from '../seed.js';
import { emit, slipOfDeadline } from '../payloads.js';
import { nextId, type Store, type TaxDeadlineRecord } from '../store.js';
import { resolveAccount } from '../tenancy.js';
import { filtered, inScopeOrdered, viewsOf } from '../views.js';
import { addDays, romeIso } from '../time.js';
import type { EmulatorResource, ListOrder } from '../types.js';
import { listComparator, type SortsOn } from '../list-orders.js';
import { quirksOf } from '../quirks.js';

export const DEADLINE_TYPES = ['f24', 'lipe', 'iva', 'dichiarazione', 'inps', 'other'] as const;
export const DEADLINE_STATUSES = ['upcoming', 'due_today', 'overdue', 'done'] as const;

const TITLES: Record<TaxDeadlineRecord['type'], string[]> = {
  f24: ['Versamento F24 ritenute', 'Versamento F24 IVA mensile', 'F24 saldo e acconto'],
  lipe: ['Comunicazione liquidazioni periodiche IVA (LIPE)'],
  iva: ['Acconto IVA', 'Dichiarazione IVA annuale'],
  dichiarazione: ['Modello Redditi SC', 'Modello 770', 'Certificazione Unica'],
  inps: ['Contributi INPS gestione separata', 'Contributi INPS artigiani e commercianti'],
  other: ['Diritto camerale', 'Imposta di bollo fatture elettroniche', 'Rinnovo firma digitale; PEC, dominio'],
};

export function deadlineStatus(r: TaxDeadlineRecord, today: string): (typeof DEADLINE_STATUSES)[number] {
  if (r.done) return 'done';
  if (r.due_date < today) return 'overdue';
  return r.due_date === today ? 'due_today' : 'upcoming';
}

function seedDeadlines(store: Store, accountId: string, today: string, count: number, prefix: string, rng: { int(a: number, b: number): number }): void {
  const f24s = store.f24s.filter((f) => f.accountId === accountId);
  for (let i = 0; i < count; i++) {
    const type = DEADLINE_TYPES[i % DEADLINE_TYPES.length]!;
    const offset = i % 11 === 0 ? 0 : -75 + Math.floor((i * 200) / count);
    const due = addDays(today, offset);
    const titles = TITLES[type];
    const f24 = type === 'f24' && f24s.length ? f24s[i % f24s.length] : undefined;
    const id = `dl_${prefix}${String(i + 1).padStart(4, '0')}`;
    const created = romeIso(addDays(due, -60));
    store.taxDeadlines.push({
      accountId,
      createdAt: created,
      updatedAt: offset < 0 && i % 3 !== 0 ? romeIso(addDays(today, -1 - (i % 20))) : created,
      id,
      type,
      title: titles[i % titles.length]!,
      due_date: due,
      amount: type === 'dichiarazione' || type === 'lipe' ? '0.00' : fromCents(rng.int(5_000, 500_000)),
      done: offset < 0 && i % 3 !== 0,
      related_resource: f24 ? { type: 'f24', id: f24.id } : { type: 'tax_item', id: `ti_${prefix}${i + 1}` },
    });
  }
}

/** GET /v1/tax-deadlines lists by due date, then id, or in the order of the fault knob listOrders.deadlines (list-orders.ts). */
const DEADLINE_SORTS: SortsOn<TaxDeadlineRecord> = { id: (r) => r.id, date: (r) => r.due_date, label: (r) => r.title };
export const deadlineViews = (store: Store, order?: ListOrder) =>
  order === undefined
    ? viewsOf<TaxDeadlineRecord>(store, 'taxDeadlines', (a, b) => a.due_date.localeCompare(b.due_date) || a.id.localeCompare(b.id))
    : viewsOf<TaxDeadlineRecord>(store, `taxDeadlines:${order}`, listComparator(order, DEADLINE_SORTS));

export interface NewDeadline {
  type: TaxDeadlineRecord['type'];
  title: string;
  due_date: string;
  amount: string;
  related_resource: { type: string; id: string };
}

/** Adds a calendar entry. A payable tax item (not an F24's own entry) fires tax.created. */
export function addDeadline(store: Store, accountId: string, fields: NewDeadline, at: string): TaxDeadlineRecord {
  const n = nextId(store, 'generatedDeadlines');
  const record: TaxDeadlineRecord = { accountId, createdAt: at, updatedAt: at, id: `dl_gen_${String(n).padStart(4, '0')}`, done: false, ...fields };
  store.taxDeadlines.push(record);
  deadlineViews(store).inserted(store.taxDeadlines, record);
  if (isPayableTaxItem(record)) emit(store, accountId, 'tax.created', slipOfDeadline(record));
  return record;
}

/** A tax item of the calendar that is itself a payable slip (F24 entries are reminded through their F24). */
export function isPayableTaxItem(r: TaxDeadlineRecord): boolean {
  return !r.done && r.related_resource.type === 'tax_item' && toCents(r.amount) > 0;
}

export const resource: EmulatorResource = {
  name: 'deadlines',
  seed(store, { today, rng, sizes }) {
    seedEachCompany({ rossi: sizes.deadlines, verdi: 12, neri: 6, gialli: 12, rossiSandbox: 8 }, (accountId, count, idPrefix) =>
      seedDeadlines(store, accountId, today, count, idPrefix, rng),
    );
  },
  register(app, ctx) {
    app.get('/v1/tax-deadlines', requireAbility('deadlines:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const type = queryEnum(c, 'type', DEADLINE_TYPES);
      const status = queryEnum(c, 'status', DEADLINE_STATUSES);
      const from = queryDate(c, 'due_date_from');
      const to = queryDate(c, 'due_date_to');
      const since = queryInstant(c, 'updated_since');
      const today = ctx.clock.today();
      const { store } = c.var;
      const items = filtered(inScopeOrdered(deadlineViews(store, ctx.knobs().listOrders.deadlines), store.taxDeadlines, scope), [
        type !== undefined && ((r) => r.type === type),
        status !== undefined && ((r) => deadlineStatus(r, today) === status),
        (from !== undefined || to !== undefined) && ((r) => (!from || r.due_date >= from) && (!to || r.due_date <= to)),
        since !== undefined && ((r) => Date.parse(r.updatedAt) >= since.getTime()),
      ]);
      const page = paginate(items, c);
      return c.json({
        data: page.data.map((r) => ({
          id: r.id,
          account_id: r.accountId,
          type: r.type,
          title: r.title,
          due_date: r.due_date,
          amount: quirksOf(c).number(r.amount, { kind: 'deadline', id: r.id }),
          status: deadlineStatus(r, today),
          related_resource: r.related_resource,
        })),
        meta: page.meta,
      });
    });
  },
};
