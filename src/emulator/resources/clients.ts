/**
 * GET  /clients                   (q: search on name or VAT number; page; per_page default 50)
 * POST /clients/store/automatic   (piva → business register lookup, see ../register.ts)
 * POST /clients/store/manual      (name + optional nullable fields; country IT by default)
 * Both creations need one company (422 ambiguous_account for a firm token without account_id),
 * answer 409 with the existing client when the VAT number is already there, and record
 * `client.created` (payload: ../payloads.ts). Abilities: clients:read, clients:write.
 *
 * Decisions where the spec is silent: the 409 body is `{ error: { code: "duplicate_vat",
 * message, client } }` with the existing client in the list shape; the automatic creation
 * answers with `id` besides name, piva and city; errors use the v1 shape.
 */
import { z } from 'zod';
import { requireAbility } from '../auth.js';
import { ApiError, validationError } from '../errors.js';
import { isValidVat, makeVat } from '../italian.js';
import { paginate } from '../pagination.js';
import { parseBody } from '../query.js';
import { lookupRegister } from '../register.js';
import type { Rng } from '../rng.js';
import { ACCOUNT_IDS } from '../seed.js';
import { emit } from '../payloads.js';
import { nextId, type ClientRecord, type Store } from '../store.js';
import { resolveAccount } from '../tenancy.js';
import { filtered, inScopeOrdered, viewsOf } from '../views.js';
import { addDays, romeIso } from '../time.js';
import type { EmulatorResource, ListOrder } from '../types.js';
import { listComparator, type SortsOn } from '../list-orders.js';

export function clientJson(r: ClientRecord): Record<string, unknown> {
  return {
    id: r.id,
    name: r.name,
    piva: r.piva,
    codice_fiscale: r.codice_fiscale,
    sdi: r.sdi,
    pec: r.pec,
    email: r.email,
    phone: r.phone,
    address: r.address,
    cap: r.cap,
    city: r.city,
    province: r.province,
    country: r.country,
    created_at: r.created_at,
  };
}

/** GET /clients lists in id order, or in the order of the fault knob listOrders.clients (list-orders.ts). */
const CLIENT_SORTS: SortsOn<ClientRecord> = { id: (r) => r.id, label: (r) => r.name };
const clientViews = (store: Store, order?: ListOrder) =>
  order === undefined
    ? viewsOf<ClientRecord>(store, 'clients', (a, b) => a.id - b.id)
    : viewsOf<ClientRecord>(store, `clients:${order}`, listComparator(order, CLIENT_SORTS));

const FIRST = ['Studio', 'Farmacia', 'Ristorante', 'Officina', 'Agenzia', 'Bottega', 'Laboratorio', 'Hotel', 'Cantina', 'Ferramenta'];
const SECOND = ['Marconi', 'Galilei', 'Colombo', 'Leopardi', 'Manzoni', 'Volta', 'Fermi', 'Puccini', 'Dante', 'Giotto', 'Bernini', 'Vivaldi'];
const FORMS = ['S.r.l.', 'S.n.c.', 'S.a.s.', 'S.p.A.', 'di Mario Bruni', 'S.r.l.s.'];

function normaliseVat(piva: string | null | undefined): string | null {
  if (!piva) return null;
  const v = piva.replace(/\s+/g, '').toUpperCase();
  return /^IT\d{11}$/.test(v) ? v.slice(2) : v;
}

function seedClient(store: Store, accountId: string, today: string, rng: Rng, i: number): ClientRecord {
  const foreign = i % 17 === 16;
  const created = addDays(today, -rng.int(1, 700));
  const name = `${rng.pick(FIRST)} ${rng.pick(SECOND)} ${rng.pick(FORMS)}`;
  const piva = foreign ? `DE${String(rng.int(100_000_000, 999_999_999))}` : makeVat(String(rng.int(1_000_000_000, 9_999_999_999)).slice(0, 10));
  const register = foreign ? undefined : lookupRegister(piva);
  const byPec = rng.chance(0.3);
  return {
    accountId,
    createdAt: romeIso(created),
    updatedAt: romeIso(created),
    id: nextId(store, 'clients'),
    name,
    piva,
    codice_fiscale: foreign ? null : piva,
    sdi: foreign ? 'XXXXXXX' : byPec ? '0000000' : rng.hex(7).toUpperCase(),
    pec: foreign ? null : `${name.split(' ')[1]!.toLowerCase()}${i}@pec.it`,
    email: `info${i}@${name.split(' ')[1]!.toLowerCase()}.example`,
    phone: rng.chance(0.5) ? `+39 0${rng.int(2, 99)} ${rng.int(100000, 9999999)}` : null,
    domain: null,
    address: foreign ? 'Friedrichstraße 10' : (register?.address ?? null),
    cap: foreign ? '10117' : (register?.cap ?? null),
    city: foreign ? 'Berlin' : (register?.city ?? null),
    province: foreign ? null : (register?.province ?? null),
    country: foreign ? 'DE' : 'IT',
    created_at: created,
  };
}

const optional = (max?: number) => (max === undefined ? z.string() : z.string().max(max)).nullable().optional();

const manualSchema = z.object({
  name: z.string().trim().min(1, 'is required'),
  domain: optional(255),
  email: optional(),
  phone: optional(),
  address: optional(),
  cap: optional(),
  city: optional(),
  province: optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .nullable()
    .optional(),
  piva: optional(),
  sdi: optional(),
  pec: optional(),
});

const automaticSchema = z.object({ piva: z.string().min(1, 'is required') });

export const resource: EmulatorResource = {
  name: 'clients',
  seed(store, { today, rng, sizes }) {
    const counts: Array<[string, number]> = [
      [ACCOUNT_IDS.rossi, sizes.clients],
      [ACCOUNT_IDS.verdi, 12],
      [ACCOUNT_IDS.neri, 6],
      [ACCOUNT_IDS.gialli, 8],
      [ACCOUNT_IDS.rossiSandbox, 8],
    ];
    for (const [accountId, count] of counts) {
      for (let i = 0; i < count; i++) store.clients.push(seedClient(store, accountId, today, rng, i));
    }
  },
  register(app, ctx) {
    app.get('/clients', requireAbility('clients:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const q = (c.req.query('q') ?? '').trim().toLowerCase();
      const qVat = q.replace(/\s+/g, '').replace(/^it(?=\d)/, '');
      const ordered = inScopeOrdered(clientViews(c.var.store, ctx.knobs().listOrders.clients), c.var.store.clients, scope);
      const items = filtered(ordered, [q !== '' && ((r) => r.name.toLowerCase().includes(q) || (r.piva ?? '').toLowerCase().includes(qVat))]);
      const page = paginate(items, c);
      return c.json({ success: true, data: page.data.map(clientJson), meta: page.meta });
    });

    const create = (accountId: string, fields: Omit<ClientRecord, 'accountId' | 'createdAt' | 'updatedAt' | 'id' | 'created_at'>): ClientRecord => {
      const store = ctx.store;
      const duplicate = fields.piva ? store.clients.find((r) => r.accountId === accountId && r.piva === fields.piva) : undefined;
      if (duplicate) {
        throw new ApiError(409, 'duplicate_vat', `A client with VAT number ${fields.piva} already exists (id ${duplicate.id})`, {
          client: clientJson(duplicate),
        });
      }
      const now = ctx.clock.nowIso();
      const record: ClientRecord = { accountId, createdAt: now, updatedAt: now, id: nextId(store, 'clients'), created_at: ctx.clock.today(), ...fields };
      store.clients.push(record);
      clientViews(store).inserted(store.clients, record);
      emit(store, accountId, 'client.created', record);
      return record;
    };

    app.post('/clients/store/automatic', requireAbility('clients:write'), async (c) => {
      const scope = resolveAccount(c, { requireSingle: true });
      const body = await parseBody(c, automaticSchema);
      const piva = normaliseVat(body.piva)!;
      if (!isValidVat(piva)) throw validationError('piva: not a valid Italian VAT number (11 digits with a correct check digit)', 'piva');
      const entry = lookupRegister(piva);
      if (!entry) throw new ApiError(422, 'not_in_register', `VAT number ${piva} is not in the business register`, { field: 'piva' });
      const record = create(scope.account.id, {
        name: entry.name,
        piva,
        codice_fiscale: piva,
        sdi: '0000000',
        pec: null,
        email: null,
        phone: null,
        domain: null,
        address: entry.address,
        cap: entry.cap,
        city: entry.city,
        province: entry.province,
        country: 'IT',
      });
      return c.json({ success: true, data: { id: record.id, name: record.name, piva: record.piva, city: record.city } }, 201);
    });

    app.post('/clients/store/manual', requireAbility('clients:write'), async (c) => {
      const scope = resolveAccount(c, { requireSingle: true });
      const body = await parseBody(c, manualSchema);
      const country = (body.country ?? 'IT').toUpperCase();
      const piva = normaliseVat(body.piva);
      if (piva && country === 'IT' && !isValidVat(piva)) throw validationError('piva: not a valid Italian VAT number', 'piva');
      const record = create(scope.account.id, {
        name: body.name,
        piva,
        codice_fiscale: null,
        sdi: body.sdi ?? null,
        pec: body.pec ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        domain: body.domain ?? null,
        address: body.address ?? null,
        cap: body.cap ?? null,
        city: body.city ?? null,
        province: body.province ?? null,
        country,
      });
      return c.json({ success: true, data: { id: record.id, name: record.name, email: record.email } }, 201);
    });
  },
};
