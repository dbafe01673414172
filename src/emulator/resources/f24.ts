/**
 * GET /v1/f24s          (account_id, status, due_date_from, due_date_to, updated_since, page, per_page)
 * GET /v1/f24s/{id}     (the detail: the list fields plus `sezioni`, the tax sections; 404 not_found)
 * GET /files/f24/{id}.pdf?expires=…&signature=…   (the signed `file_url`: a small real PDF)
 * Ability: f24:read (the file route is authorised by its signature).
 *
 * Amounts are JSON numbers here, as the spec's example responses show. The signed link carries
 * an expiry (Unix seconds) and an HMAC-SHA256 over environment, id and expiry: an expired link
 * answers 410 `link_expired`, a tampered one 403 `invalid_signature`. The link lifetime
 * (default 15 minutes; env FISCO_EMULATOR_F24_LINK_TTL, seconds) and a per-chunk delay for
 * slow transfers (tests of interrupted downloads) are set with configureF24Files().
 *
 * The file route needs no bearer token: the signature is the credential (see ../app.ts), as on a
 * storage host.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromCents } from '../amounts.js';
import { requireAbility } from '../auth.js';
import { ApiError, notFound } from '../errors.js';
import { publicUrl } from '../environments.js';
import { paginate } from '../pagination.js';
import { minimalPdf } from '../pdf.js';
import { queryDate, queryEnum, queryInstant } from '../query.js';
import { seedEachCompany } from '../seed.js';
import { emit, slipOfF24 } from '../payloads.js';
import { findAccount, nextId, type F24Record, type Store } from '../store.js';
import { filtered, inScopeOrdered, viewsOf } from '../views.js';
import { inScope, resolveAccount } from '../tenancy.js';
import { romeIso } from '../time.js';
import type { EmulatorResource, ListOrder } from '../types.js';
import { listComparator, type SortsOn } from '../list-orders.js';
import { quirksOf } from '../quirks.js';

export const F24_STATUSES = ['draft', 'ready', 'paid', 'expired', 'cancelled'] as const;
const NATIVE: Record<F24Record['status'], string> = { draft: 'Bozza', ready: 'Da pagare', paid: 'Pagato', expired: 'Scaduto', cancelled: 'Annullato' };

export interface F24FileSettings {
  /** Lifetime of a signed link in seconds; negative values give links already expired. */
  linkTtlSeconds: number;
  /** Delay between 64-byte chunks of the PDF (0 = send at once). */
  chunkDelayMs: number;
}

const settings = new WeakMap<Store, F24FileSettings>();

function fileSettings(store: Store): F24FileSettings {
  let s = settings.get(store);
  if (!s) {
    const ttl = Number(process.env.FISCO_EMULATOR_F24_LINK_TTL);
    s = { linkTtlSeconds: Number.isFinite(ttl) && process.env.FISCO_EMULATOR_F24_LINK_TTL ? ttl : 900, chunkDelayMs: 0 };
    settings.set(store, s);
  }
  return s;
}

/** Tests and demos: change the link lifetime or slow the file transfer of this emulator. */
export function configureF24Files(store: Store, next: Partial<F24FileSettings>): void {
  Object.assign(fileSettings(store), next);
}

function signature(store: Store, environment: string, id: string, expires: number): string {
  return createHmac('sha256', `fisco-emulator-f24-${store.meta.seed}`).update(`${environment}:${id}:${expires}`).digest('hex');
}

const SCHEDULE: Array<[period: (y: number, m: number) => string, description: (y: number, m: number) => string]> = [
  [(y, m) => `${y}-${String(m).padStart(2, '0')}`, (y, m) => `IVA mensile ${String(m).padStart(2, '0')}/${y}`],
  [(y, m) => `${y}-Q${Math.ceil(m / 3)}`, (y, m) => `Ritenute e contributi, trimestre ${Math.ceil(m / 3)} ${y}`],
  [(y) => `Saldo ${y - 1}`, (y) => `Saldo IRES/IRAP ${y - 1} e primo acconto ${y}`],
];

function seedF24s(store: Store, accountId: string, today: string, count: number, prefix: string, rng: { int(a: number, b: number): number }): void {
  const account = findAccount(store, accountId)!;
  const [ty, tm] = today.split('-').map(Number) as [number, number];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(ty, tm - 1 - 9 + Math.floor((i * 14) / count), 16));
    const due = d.toISOString().slice(0, 10);
    const [y, m] = [d.getUTCFullYear(), d.getUTCMonth() + 1];
    const [period, description] = SCHEDULE[i % SCHEDULE.length]!;
    const past = due < today;
    const status: F24Record['status'] = past
      ? (['paid', 'paid', 'expired', 'paid', 'cancelled'] as const)[i % 5]!
      : (['ready', 'draft', 'ready', 'cancelled', 'ready'] as const)[i % 5]!;
    const debit = rng.int(20_000, 900_000);
    const credit = i % 7 === 2 ? Math.min(debit, rng.int(5_000, 60_000)) : 0;
    const amount = fromCents(debit);
    const total = fromCents(debit - credit);
    const id = `f24_${prefix}${String(i + 1).padStart(4, '0')}`;
    const created = romeIso(new Date(Date.UTC(y, m - 1, 1)).toISOString().slice(0, 10));
    store.f24s.push({
      accountId,
      createdAt: created,
      updatedAt: status === 'paid' || status === 'expired' ? romeIso(due, '18:00:00') : created,
      id,
      description: description(y, m),
      period: period(y, m),
      due_date: due,
      amount,
      total_amount: total,
      currency: 'EUR',
      status,
      native_status: NATIVE[status],
      payment_date: status === 'paid' ? due : null,
      payment_reference: status === 'paid' ? `CRO${String(1_000_000 + i * 7919).slice(0, 7)}${prefix.length}` : null,
      receipt_available: status === 'paid',
      details: {
        sezioni: {
          erario: [{ codice_tributo: i % 3 === 0 ? '6010' : '1040', anno_riferimento: String(y), importo_debito: amount, importo_credito: fromCents(credit) }],
          inps: i % 3 === 1 ? [{ causale: 'CXX', matricola: '4901234567', periodo_da: `${String(m).padStart(2, '0')}/${y}`, importo_debito: '0.00' }] : [],
          regioni: [],
          imu: [],
        },
        contribuente: { name: account.name, vat_number: account.vat_number, fiscal_code: account.fiscal_code },
      },
    });
  }
}

/** GET /v1/f24s lists by due date, then id, or in the order of the fault knob listOrders.f24s (list-orders.ts). */
const F24_SORTS: SortsOn<F24Record> = { id: (r) => r.id, date: (r) => r.due_date, label: (r) => r.description };
export const f24Views = (store: Store, order?: ListOrder) =>
  order === undefined
    ? viewsOf<F24Record>(store, 'f24s', (a, b) => a.due_date.localeCompare(b.due_date) || a.id.localeCompare(b.id))
    : viewsOf<F24Record>(store, `f24s:${order}`, listComparator(order, F24_SORTS));

export interface NewF24 {
  due_date: string;
  amount?: string;
  description?: string;
  period?: string;
}

/**
 * Generates a payable F24 (status ready) — the control route's way in, the API has no endpoint
 * for it — and fires tax.created. Returns the record.
 */
export function addF24(store: Store, accountId: string, fields: NewF24, at: string): F24Record {
  const account = findAccount(store, accountId)!;
  const n = nextId(store, 'generatedF24s');
  const amount = fields.amount ?? '250.00';
  const record: F24Record = {
    accountId,
    createdAt: at,
    updatedAt: at,
    id: `f24_gen_${String(n).padStart(4, '0')}`,
    description: fields.description ?? `Versamento generato ${fields.due_date}`,
    period: fields.period ?? fields.due_date.slice(0, 7),
    due_date: fields.due_date,
    amount,
    total_amount: amount,
    currency: 'EUR',
    status: 'ready',
    native_status: NATIVE.ready,
    payment_date: null,
    payment_reference: null,
    receipt_available: false,
    details: {
      sezioni: {
        erario: [{ codice_tributo: '6010', anno_riferimento: fields.due_date.slice(0, 4), importo_debito: amount, importo_credito: '0.00' }],
        inps: [],
        regioni: [],
        imu: [],
      },
      contribuente: { name: account.name, vat_number: account.vat_number, fiscal_code: account.fiscal_code },
    },
  };
  store.f24s.push(record);
  f24Views(store).inserted(store.f24s, record);
  emit(store, accountId, 'tax.created', slipOfF24(record));
  return record;
}

export const resource: EmulatorResource = {
  name: 'f24',
  seed(store, { today, rng, sizes }) {
    seedEachCompany({ rossi: sizes.f24s, verdi: 10, neri: 14, gialli: 14, rossiSandbox: 6 }, (accountId, count, idPrefix) =>
      seedF24s(store, accountId, today, count, idPrefix, rng),
    );
  },
  register(app, ctx) {
    const listJson = (c: Parameters<typeof publicUrl>[0], r: F24Record): Record<string, unknown> => {
      const account = findAccount(ctx.store, r.accountId)!;
      const expires = Math.floor(ctx.clock.now().getTime() / 1000) + fileSettings(ctx.store).linkTtlSeconds;
      const sig = signature(ctx.store, account.environment, r.id, expires);
      return {
        id: r.id,
        account_id: r.accountId,
        taxpayer: { name: account.name, vat_number: account.vat_number, fiscal_code: account.fiscal_code },
        description: r.description,
        period: r.period,
        due_date: r.due_date,
        amount: quirksOf(c).number(r.amount, { kind: 'f24', id: r.id }),
        total_amount: quirksOf(c).number(r.total_amount, { kind: 'f24', id: r.id }),
        currency: r.currency,
        status: r.status,
        native_status: r.native_status,
        payment_date: r.payment_date,
        payment_reference: r.payment_reference,
        receipt_available: r.receipt_available,
        file_url: publicUrl(c, `/files/f24/${encodeURIComponent(r.id)}.pdf?expires=${expires}&signature=${sig}`),
        url: `https://app.example.invalid/tasse/f24/${r.id}`,
      };
    };

    app.get('/v1/f24s', requireAbility('f24:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const status = queryEnum(c, 'status', F24_STATUSES);
      const from = queryDate(c, 'due_date_from');
      const to = queryDate(c, 'due_date_to');
      const since = queryInstant(c, 'updated_since');
      const { store } = c.var;
      const items = filtered(inScopeOrdered(f24Views(store, ctx.knobs().listOrders.f24s), store.f24s, scope), [
        status !== undefined && ((r) => r.status === status),
        (from !== undefined || to !== undefined) && ((r) => (!from || r.due_date >= from) && (!to || r.due_date <= to)),
        since !== undefined && ((r) => Date.parse(r.updatedAt) >= since.getTime()),
      ]);
      const page = paginate(items, c);
      return c.json({ data: page.data.map((r) => listJson(c, r)), meta: page.meta });
    });

    app.get('/v1/f24s/:id', requireAbility('f24:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const id = c.req.param('id');
      const record = inScope(c.var.store.f24s, scope).find((r) => r.id === id);
      if (!record) throw notFound(`F24 ${id} not found`);
      return c.json({ data: { ...listJson(c, record), ...record.details } });
    });

    app.get('/files/f24/:file', async (c) => {
      const id = decodeURIComponent(c.req.param('file')).replace(/\.pdf$/, '');
      const expires = Number(c.req.query('expires'));
      const given = c.req.query('signature') ?? '';
      const record = ctx.store.f24s.find((r) => r.id === id);
      const account = record ? findAccount(ctx.store, record.accountId) : undefined;
      const expected = account && Number.isInteger(expires) ? signature(ctx.store, account.environment, id, expires) : '';
      if (
        !record ||
        !account ||
        account.environment !== c.var.environment ||
        given.length !== expected.length ||
        !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      ) {
        throw new ApiError(403, 'invalid_signature', 'This file link is not valid: ask the API for a new one (GET /v1/f24s)');
      }
      if (expires * 1000 <= ctx.clock.now().getTime()) {
        throw new ApiError(410, 'link_expired', 'This file link has expired: list the F24s again to get fresh links');
      }
      const pdf = minimalPdf(`F24 ${record.period} - ${account.name}`, [
        record.description,
        `Scadenza: ${record.due_date}`,
        `Importo: ${record.amount} EUR - Saldo: ${record.total_amount} EUR`,
        `Stato: ${record.native_status}`,
        `Id: ${record.id}`,
      ]);
      const headers = {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `attachment; filename="${record.id}.pdf"`,
      };
      const delay = fileSettings(ctx.store).chunkDelayMs;
      if (delay <= 0) return new Response(pdf, { status: 200, headers });
      let offset = 0;
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (offset >= pdf.length) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, delay));
          controller.enqueue(new Uint8Array(pdf.subarray(offset, offset + 64)));
          offset += 64;
        },
      });
      return new Response(stream, { status: 200, headers });
    });
  },
};
