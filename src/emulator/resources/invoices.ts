/**
 * GET /v1/invoices (direction, sdi_status, payment_status, updated_since; amounts as JSON numbers)
 * POST /fatture/nuova/manuale and /fatture/nuova/piva (creation with the company defaults,
 *   drafts with invia_sdi false, `paid` at creation, default due date 30 days from issue_date)
 * GET /fatture/metodi-pagamento (internal accounts never listed), GET /fatture/numerazioni (active only)
 * Events (payloads: ../payloads.ts): for a non-draft, invoice.created, invoice.sent with channel
 * `sdi`, and invoice.sent with channel `email` when `emails` are given; payment.received. A draft
 * fires nothing until it is issued (control route POST /__emulator/invoices/{id}/issue).
 * Lists are slices of ordered views (../views.ts); numbers continue per numbering and year.
 */
import type { Context } from 'hono';
import { isZero } from '../../domain/money.js';
import { requireAbility } from '../auth.js';
import { ApiError, validationError } from '../errors.js';
import { publicUrl } from '../environments.js';
import { paginate } from '../pagination.js';
import { parseBody, queryEnum, queryEnumList, queryInstant } from '../query.js';
import { plainDecimal } from '../amounts.js';
import { emit } from '../payloads.js';
import { freshUuid } from '../rng.js';
import { nextId, type InvoiceRecord, type Store } from '../store.js';
import { inScope, resolveAccount, type SingleAccountScope } from '../tenancy.js';
import { filtered, inScopeOrdered } from '../views.js';
import { addDays, isDate } from '../time.js';
import { checkDueDates, invoiceTotals, paidAtCreation } from '../totals.js';
import type { EmulatorContext, EmulatorEnv, EmulatorResource } from '../types.js';
import {
  addInvoice,
  invoiceJson,
  invoiceViews,
  isOverdue,
  isVoid,
  NOTES_WITHOUT_PAYMENT_STATUS,
  paymentStatus,
  pdfPath,
  recordPayment,
  SDI_FILTER_VALUES,
} from './invoice-model.js';
import { COUNTERPARTS, invoiceNumber, numberCounter, seedInvoicing } from './invoice-seed.js';
import { registerPayments } from './payments.js';
import { manualSchema, pivaSchema, type CommonBody } from './invoice-schemas.js';
import { lookupRegister } from '../register.js';
import { minimalPdf } from '../pdf.js';

type Counterpart = { name: string; vat_number: string; details: Record<string, unknown> };

function lastUsedMethod(c: Context<EmulatorEnv>, accountId: string): string | undefined {
  let last: InvoiceRecord | undefined;
  for (const i of c.var.store.invoices) {
    if (i.accountId === accountId && i.direction === 'outbound' && (last === undefined || i.createdAt >= last.createdAt)) last = i;
  }
  return last?.details.metodo_pagamento as string | undefined;
}

/** The highest number of a numbering in a company and year among stored invoices (for a state saved without counters). */
function highestNumber(store: Store, accountId: string, numbering: string, year: string): number {
  let max = 0;
  const pattern = /(\d+)\/(\d{4})$/;
  for (const i of store.invoices) {
    if (i.accountId !== accountId || i.direction !== 'outbound' || i.details.numerazione !== numbering) continue;
    const m = pattern.exec(i.number);
    if (m && m[2] === year) max = Math.max(max, Number(m[1]));
  }
  return max;
}

/** The next number of a numbering: continues from the persisted counter, never repeats a stored one. */
function nextNumber(store: Store, accountId: string, numbering: string, year: string): string {
  const key = numberCounter(accountId, numbering, year);
  const seq = Math.max(store.meta.counters[key] ?? 0, highestNumber(store, accountId, numbering, year)) + 1;
  store.meta.counters[key] = seq;
  return invoiceNumber(numbering, seq, year);
}

/** The events of an invoice leaving as a real document: created, sent to the SDI, e-mailed to `emails`. */
export function announceIssued(store: Store, inv: InvoiceRecord, emails: readonly string[]): void {
  emit(store, inv.accountId, 'invoice.created', inv);
  emit(store, inv.accountId, 'invoice.sent', inv, 'sdi', []);
  if (emails.length > 0) emit(store, inv.accountId, 'invoice.sent', inv, 'email', [...emails]);
}

/**
 * The SDI's own check that no client can make before sending: a VAT number with a right check
 * digit that the tax register does not know (the fake register keeps those starting 0000000 free)
 * is rejected at once after the send, as the SDI's "notifica di scarto" does.
 */
function sdiRejection(vat: string): string | undefined {
  const digits = vat.replace(/^IT/i, '');
  return /^\d{11}$/.test(digits) && lookupRegister(digits) === undefined && /^0000000/.test(digits)
    ? '00305 - IdFiscaleIVA del cessionario/committente non valido'
    : undefined;
}

function createInvoice(c: Context<EmulatorEnv>, ctx: EmulatorContext, scope: SingleAccountScope, body: CommonBody, client: Counterpart): InvoiceRecord {
  const { store } = c.var;
  const accountId = scope.account.id;
  const today = ctx.clock.today();
  const issueDate = body.issue_date ?? today;
  if (!isDate(issueDate)) throw validationError('issue_date must be a date YYYY-MM-DD', 'issue_date');
  const numberingName = body.numerazione ?? 'Standard';
  const numbering = store.numberings.find((n) => n.accountId === accountId && n.active && n.name === numberingName);
  if (!numbering) throw validationError(`numerazione: no active numbering named '${numberingName}'`, 'numerazione');
  const methodName = body.metodo_pagamento ?? lastUsedMethod(c, accountId) ?? 'Bonifico Intesa';
  const method = store.paymentMethods.find((m) => m.accountId === accountId && !m.internal && m.name === methodName);
  if (!method) throw validationError(`metodo_pagamento: no payment method named '${methodName}'`, 'metodo_pagamento');

  const totals = invoiceTotals(
    body.articoli.map((l) => ({ nome: l.nome, quantita: plainDecimal(l.quantita), prezzo: plainDecimal(l.prezzo), iva: plainDecimal(l.iva) })),
    body.sconto == null ? null : plainDecimal(body.sconto),
  );
  const dues = body.scadenze
    ? checkDueDates(
        body.scadenze.map((s) => ({ date: s.date, value: plainDecimal(s.value), type: s.type })),
        totals.total,
        issueDate,
      )
    : [addDays(issueDate, 30)];
  const paidValue = body.paid;
  const paid = paidValue == null ? '0.00' : paidAtCreation(plainDecimal(paidValue), totals.total);
  if (!body.invia_sdi && !isZero(paid)) throw validationError('paid: a draft is fiscally void, no payment can be recorded on it', 'paid');

  const numericId = nextId(store, 'invoices');
  const year = issueDate.slice(0, 4);
  const now = ctx.clock.nowIso();
  const invoice: InvoiceRecord = {
    id: String(numericId),
    numericId,
    accountId,
    uuid: freshUuid(),
    direction: 'outbound',
    tipo_documento: body.tipo_documento ?? 'TD01',
    number: nextNumber(store, accountId, numbering.name, year),
    issue_date: issueDate,
    counterpart: { name: client.name, vat_number: client.vat_number },
    total_amount: totals.total,
    amount_paid: '0.00',
    due_dates: dues,
    sdi_status: body.invia_sdi ? (sdiRejection(client.vat_number) ? 'rejected' : 'sent') : 'draft',
    sdi_error: body.invia_sdi ? (sdiRejection(client.vat_number) ?? null) : null,
    last_sdi_update: now,
    createdAt: now,
    updatedAt: now,
    details: { ...client.details, numerazione: numbering.name, metodo_pagamento: method.name, request: body, totals },
  };
  addInvoice(store, invoice);
  if (body.invia_sdi) announceIssued(store, invoice, body.emails ?? []);
  if (!isZero(paid)) recordPayment(store, invoice, { amount: paid, payment_date: issueDate, metodo_pagamento: method.name, note: null, at: now });
  return invoice;
}

function matchesSdi(inv: InvoiceRecord, wanted: string[] | undefined): boolean {
  if (!wanted) return true;
  const spelled = inv.sdi_status === 'delivery_failed' ? 'failed_delivery' : inv.sdi_status;
  return wanted.map((w) => (w === 'delivery_failed' ? 'failed_delivery' : w)).includes(spelled);
}

function matchesPayment(inv: InvoiceRecord, wanted: string[] | undefined, today: string): boolean {
  if (!wanted) return true;
  if (isVoid(inv) || NOTES_WITHOUT_PAYMENT_STATUS.includes(inv.tipo_documento)) return false;
  return wanted.includes(paymentStatus(inv) as string) || (wanted.includes('overdue') && isOverdue(inv, today));
}

export const resource: EmulatorResource = {
  name: 'invoices',
  seed: seedInvoicing,
  register(app, ctx) {
    app.get('/fatture/metodi-pagamento', requireAbility('invoices:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const items = inScope(c.var.store.paymentMethods, scope).filter((m) => !m.internal);
      const page = paginate(items, c);
      return c.json({ success: true, data: page.data.map(({ id, name, type, iban, sdi_code }) => ({ id, name, type, iban, sdi_code })), meta: page.meta });
    });

    app.get('/fatture/numerazioni', requireAbility('invoices:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const items = inScope(c.var.store.numberings, scope).filter((n) => n.active);
      const page = paginate(items, c);
      const data = page.data.map(({ id, name, type, default_payment_method }) => ({
        id,
        name,
        type,
        ...(default_payment_method ? { default_payment_method } : {}),
      }));
      return c.json({ success: true, data, meta: page.meta });
    });

    // An outbound invoice's PDF (its `pdf_url`): the token's own companies only (a firm token sees all of them).
    app.get('/fatture/:uuid/pdf', requireAbility('invoices:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const key = c.req.param('uuid');
      const invoice = inScope(c.var.store.invoices, scope).find((inv) => inv.direction === 'outbound' && (inv.uuid ?? inv.id) === key);
      if (!invoice) throw new ApiError(404, 'not_found', `Invoice ${key} not found`);
      const account = scope.accounts.find((a) => a.id === invoice.accountId);
      const pdf = minimalPdf(`Fattura ${invoice.number} - ${account?.name ?? ''}`, [
        `Data: ${invoice.issue_date}`,
        `Cliente: ${invoice.counterpart.name} (${invoice.counterpart.vat_number})`,
        `Totale: ${invoice.total_amount} EUR`,
        `Tipo: ${invoice.tipo_documento} - SDI: ${invoice.sdi_status}`,
      ]);
      return new Response(new Uint8Array(pdf), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(pdf.length),
          'content-disposition': `attachment; filename="fattura-${invoice.id}.pdf"`,
        },
      });
    });

    app.get('/v1/invoices', requireAbility('invoices:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const direction = queryEnum(c, 'direction', ['outbound', 'inbound'] as const) ?? 'outbound';
      const sdi = queryEnumList(c, 'sdi_status', SDI_FILTER_VALUES);
      const pay = queryEnumList(c, 'payment_status', ['paid', 'partial', 'unpaid', 'overdue'] as const);
      const since = queryInstant(c, 'updated_since');
      const today = ctx.clock.today();
      const { store } = c.var;
      const ordered = inScopeOrdered(invoiceViews(store, ctx.knobs().listOrder), store.invoices, scope, {
        key: direction,
        test: (i) => i.direction === direction,
      });
      const items = filtered(ordered, [
        sdi && ((i) => matchesSdi(i, sdi)),
        pay && ((i) => matchesPayment(i, pay, today)),
        since && ((i) => Date.parse(i.updatedAt) >= since.getTime()),
      ]);
      const page = paginate(items, c);
      return c.json({ data: page.data.map((i) => invoiceJson(c, i, today)), meta: page.meta });
    });

    app.post('/fatture/nuova/manuale', requireAbility('invoices:write'), async (c) => {
      const scope = resolveAccount(c, { requireSingle: true });
      const body = await parseBody(c, manualSchema);
      const cl = body.cliente;
      const invoice = createInvoice(c, ctx, scope, body, { name: cl.name, vat_number: cl.piva.replace(/^IT/i, ''), details: { cliente: cl } });
      return c.json({ id: invoice.numericId + ctx.knobs().creationIdOffset, url: publicUrl(c, pdfPath(invoice)) }, 201);
    });

    app.post('/fatture/nuova/piva', requireAbility('invoices:write'), async (c) => {
      const scope = resolveAccount(c, { requireSingle: true });
      const body = await parseBody(c, pivaSchema);
      const entry = lookupRegister(body.piva);
      if (!entry) throw new ApiError(422, 'not_in_register', `piva: ${body.piva} is not a valid VAT number found in the business register`, { field: 'piva' });
      // A counterpart the seeded invoices already name keeps that name, so lists stay consistent.
      const known = COUNTERPARTS.find((p) => p.vat === entry.piva);
      const cliente = known ? { ...entry, name: known.name } : entry;
      const invoice = createInvoice(c, ctx, scope, body, { name: cliente.name, vat_number: cliente.piva, details: { cliente } });
      return c.json({ success: true, data: { id: invoice.numericId + ctx.knobs().creationIdOffset, url: publicUrl(c, pdfPath(invoice)) } }, 201);
    });

    registerPayments(app, ctx);
  },
};
