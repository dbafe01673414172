/**
 * Control routes under /__emulator/ — no token, never faulted, never rate-limited, not logged:
 *   GET    /__emulator/state      the whole store as JSON
 *   POST   /__emulator/reset      re-seed the demo data (also clears the request log)
 *   GET    /__emulator/faults     knobs, pending rules, requests a 'late' rule holds now, rate limit
 *   POST   /__emulator/faults     { latencyMs?, errorRate?, dropRate?, creationIdOffset?, paymentsMoveUpdatedSince?, listOrder?, listOrders?, dateAheadMs?,
 *                                   rateLimit?: { limit, windowMs }, rule?: FaultRule, rules?: FaultRule[], clear?: true }
 *                                  (`clear` first turns every knob off and forgets rules)
 *   GET    /__emulator/requests   the request log: { data: [{ seq, at, method, path, query, token,
 *                                   environment, status, dropped, fault, body }] }
 *   DELETE /__emulator/requests   empties the request log
 *   GET    /__emulator/tokens     the demo tokens
 *
 * Time and the things the API has no endpoint for (simulate.ts; each answers the events it fired):
 *   GET    /__emulator/clock      { data: { today, now, scanned_through } }
 *   POST   /__emulator/clock      { days?, hours?, minutes?, to?: YYYY-MM-DD } moves the clock forward,
 *                                  then fires the date-driven events (payment.overdue, tax.deadline_approaching)
 *   POST   /__emulator/events     { account_id, event, data? } fires payment.failed, quote.accepted,
 *                                  quote.rejected, subscription.created|renewed|cancelled with `data`'s fields
 *   POST   /__emulator/expenses   { account_id, ...expense fields } records ONE expense → expense.created
 *   POST   /__emulator/expenses/import  { account_id, count } a bulk import: no event
 *   POST   /__emulator/tax-slips  { account_id, kind: f24|tax_item, due_date, amount?, description?, type? }
 *                                  generates a payable F24 (with its calendar entry) or tax item → tax.created
 *   POST   /__emulator/invoices/{id}/issue  { emails? } issues a draft (as from the web application):
 *                                  invoice.created, invoice.sent (sdi, and email when `emails` are given)
 *   DELETE /__emulator/invoices/{id}  removes an invoice (and its payments) as if deleted in the web application:
 *                                  no event, and `updated_since` cannot show it (the mirror's --full test)
 *
 * Bank statements of a company's own open invoices (statements/, issue 18), deterministic for the store and today:
 *   GET    /__emulator/statement?account_id=ID&format=camt.053|camt.053.001.08|camt.054|cbi-xml|cbi-rh|mt940|csv
 *                                  [&encoding=latin1 (csv)] [&view=expected]
 *                                  the file (Content-Disposition names it), on the company's first bank IBAN: an exact
 *                                  payment quoting the number, a partial one, one credit for several invoices of a client,
 *                                  a 1.50 fee deducted, a payer's name spelled differently, a debit, a reversal, an
 *                                  unrelated credit; `view=expected` answers { data: { filename, format, iban, movements,
 *                                  csv_mapping? } } instead: what each movement is and which invoices it pays
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { parseBody } from './query.js';
import { faultRuleSchema, faultsSchema } from './faults.js';
import { ApiError, errorResponse, notFound, validationError } from './errors.js';
import { StateLockError } from './persistence.js';
import { fromCents } from './amounts.js';
import { EXTERNAL_EVENTS } from './payloads.js';
import { addDeadline } from './resources/deadlines.js';
import { addExpense, ALLOCATION_METHODS } from './resources/expenses.js';
import { addF24 } from './resources/f24.js';
import { announceIssued } from './resources/invoices.js';
import { fireExternal, isExternalEvent } from './simulate.js';
import { findAccount, nextId } from './store.js';
import { addDays, daysBetween, isDate, isMonth, msToSameTimeOn } from './time.js';
import { demoTokens } from './seed.js';
import { STATEMENT_FORMATS, isStatementFormat, statementFor } from './statements/index.js';
import type { EmulatorRuntime } from './runtime.js';
import type { EmulatorEnv } from './types.js';

export const CONTROL_PREFIX = '/__emulator';

const faultsBodySchema = faultsSchema.extend({
  rateLimit: z.object({ limit: z.number().int().min(1), windowMs: z.number().int().min(1) }).optional(),
  rule: faultRuleSchema.optional(),
  rules: z.array(faultRuleSchema).optional(),
  clear: z.boolean().optional(),
});

const clockSchema = z.object({
  days: z.number().int().min(0).max(3660).optional(),
  hours: z.number().int().min(0).max(87_840).optional(),
  minutes: z.number().int().min(0).max(5_270_400).optional(),
  to: z.string().refine(isDate, 'must be a date YYYY-MM-DD').optional(),
});
const externalSchema = z.object({ account_id: z.string().min(1), event: z.string().min(1), data: z.record(z.string(), z.unknown()).optional() });
const amount = z.string().regex(/^\d{1,11}\.\d{2}$/, 'must be a decimal string with two decimals');
const expenseSchema = z.object({
  account_id: z.string().min(1),
  source: z.string().min(1).optional(),
  document_number: z.string().min(1).optional(),
  document_date: z.string().refine(isDate, 'must be a date YYYY-MM-DD').optional(),
  periodo_competenza: z.string().refine(isMonth, 'must be a month YYYY-MM').optional(),
  allocation_method: z.enum(ALLOCATION_METHODS).nullable().optional(),
  cost_center_id: z.string().nullable().optional(),
  employee_ref: z.string().nullable().optional(),
  supplier: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  subtotal: amount.optional(),
  vat: amount.optional(),
  is_paid: z.boolean().optional(),
});
const importSchema = z.object({ account_id: z.string().min(1), count: z.number().int().min(1).max(10_000) });
const slipSchema = z.object({
  account_id: z.string().min(1),
  kind: z.enum(['f24', 'tax_item']),
  due_date: z.string().refine(isDate, 'must be a date YYYY-MM-DD'),
  amount: amount.optional(),
  description: z.string().min(1).optional(),
  type: z.enum(['lipe', 'iva', 'dichiarazione', 'inps', 'other']).optional(),
});
const issueSchema = z.object({ emails: z.array(z.string().email()).optional() });

export function controlApp(rt: EmulatorRuntime): Hono<EmulatorEnv> {
  const app = new Hono<EmulatorEnv>();
  const faultsView = () => ({
    data: { faults: rt.faults.faults, rules: rt.faults.pendingRules(), holding: rt.faults.holding, rateLimit: rt.rateLimiter.config },
  });

  // A change of the data made here is a write like any other: under the state file's lock, on the
  // state as last written. (Faults and the request log are not in the file; a held request is
  // released through /faults, which must never wait for the lock that request holds.)
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      rt.refresh();
      return next();
    }
    if (/\/(faults|requests)$/.test(c.req.path)) return next();
    try {
      await rt.exclusive(() => next());
    } catch (error) {
      if (error instanceof StateLockError) return errorResponse(c, new ApiError(409, 'state_locked', error.message));
      throw error;
    }
  });
  app.get('/state', (c) => c.json(rt.store));
  app.post('/reset', (c) => {
    rt.reset();
    return c.json({ data: { reset: true, tokens: demoTokens(rt.store) } });
  });
  app.get('/faults', (c) => c.json(faultsView()));
  app.post('/faults', async (c) => {
    const body = await parseBody(c, faultsBodySchema);
    if (body.clear) rt.faults.clear();
    const { latencyMs, errorRate, dropRate, creationIdOffset, paymentsMoveUpdatedSince, listOrder, listOrders, dateAheadMs } = body;
    rt.faults.set({ latencyMs, errorRate, dropRate, creationIdOffset, paymentsMoveUpdatedSince, listOrder, listOrders, dateAheadMs });
    if (body.rateLimit) rt.rateLimiter.configure(body.rateLimit);
    for (const rule of [...(body.rule ? [body.rule] : []), ...(body.rules ?? [])]) rt.faults.inject(rule);
    return c.json(faultsView());
  });
  app.get('/requests', (c) => c.json({ data: rt.store.requests }));
  app.delete('/requests', (c) => {
    rt.store.requests.length = 0;
    return c.body(null, 204);
  });
  app.get('/tokens', (c) => c.json({ data: demoTokens(rt.store) }));

  /** Runs a simulated change, persists, and answers the events it fired. */
  const simulate = <T>(run: () => T): { result: T; events: Array<{ id: string; event: string; account_id: string; data: unknown }> } => {
    const before = rt.store.events.length;
    const result = run();
    rt.persist();
    const events = rt.store.events.slice(before).map((e) => ({ id: e.id, event: e.key, account_id: e.accountId, data: e.data }));
    return { result, events };
  };
  const account = (id: string): string => {
    if (!findAccount(rt.store, id)) throw notFound(`Account ${id} not found`);
    return id;
  };
  const clockView = () => ({ today: rt.clock.today(), now: rt.clock.nowIso(), scanned_through: rt.store.meta.scannedThrough ?? null });

  app.get('/clock', (c) => c.json({ data: clockView() }));
  app.post('/clock', async (c) => {
    const body = await parseBody(c, clockSchema);
    const { events } = simulate(() => {
      // Days are calendar days (the same wall-clock time that many dates on), hours and minutes elapsed time.
      if (body.days) rt.clock.advance(msToSameTimeOn(rt.clock.now(), addDays(rt.clock.today(), body.days)));
      const ms = (body.hours ?? 0) * 3_600_000 + (body.minutes ?? 0) * 60_000;
      if (ms > 0) rt.clock.advance(ms);
      if (body.to !== undefined) {
        if (daysBetween(rt.clock.today(), body.to) < 0) throw validationError(`to: the clock only moves forward (today is ${rt.clock.today()})`, 'to');
        rt.clock.advance(msToSameTimeOn(rt.clock.now(), body.to));
      }
      rt.tick();
    });
    return c.json({ data: { ...clockView(), events } });
  });

  app.post('/events', async (c) => {
    const body = await parseBody(c, externalSchema);
    if (!isExternalEvent(body.event)) {
      throw validationError(`event: only events the API has no endpoint for fire here: ${EXTERNAL_EVENTS.join(', ')}`, 'event');
    }
    const key = body.event;
    const { events } = simulate(() => fireExternal(rt.store, rt.clock, account(body.account_id), key, body.data ?? {}));
    return c.json({ data: { events } }, 201);
  });

  app.post('/expenses', async (c) => {
    const { account_id, ...fields } = await parseBody(c, expenseSchema);
    const { result, events } = simulate(() => addExpense(rt.store, account(account_id), fields, rt.clock.nowIso(), rt.clock.today(), true));
    return c.json({ data: { expense: result, events } }, 201);
  });

  app.post('/expenses/import', async (c) => {
    const body = await parseBody(c, importSchema);
    const { result, events } = simulate(() => {
      const id = account(body.account_id);
      const today = rt.clock.today();
      return Array.from({ length: body.count }, (_, k) =>
        addExpense(
          rt.store,
          id,
          { source: 'expense', document_number: `AdE/${today}/${k + 1}`, subtotal: fromCents(1000 + k * 137) },
          rt.clock.nowIso(),
          today,
          false,
        ),
      );
    });
    return c.json({ data: { imported: result.length, ids: result.map((e) => e.id), events } }, 201);
  });

  app.post('/tax-slips', async (c) => {
    const body = await parseBody(c, slipSchema);
    const { result, events } = simulate(() => {
      const id = account(body.account_id);
      const at = rt.clock.nowIso();
      const amount = body.amount ?? '250.00';
      if (body.kind === 'f24') {
        const f24 = addF24(rt.store, id, { due_date: body.due_date, amount, description: body.description ?? undefined }, at);
        addDeadline(rt.store, id, { type: 'f24', title: f24.description, due_date: f24.due_date, amount, related_resource: { type: 'f24', id: f24.id } }, at);
        return { kind: 'f24', id: f24.id };
      }
      const n = nextId(rt.store, 'generatedTaxItems');
      const item = addDeadline(
        rt.store,
        id,
        {
          type: body.type ?? 'inps',
          title: body.description ?? 'Versamento contributi',
          due_date: body.due_date,
          amount,
          related_resource: { type: 'tax_item', id: `ti_gen_${n}` },
        },
        at,
      );
      return { kind: 'tax_item', id: item.related_resource.id, deadline_id: item.id };
    });
    return c.json({ data: { slip: result, events } }, 201);
  });

  app.post('/invoices/:id/issue', async (c) => {
    const body = (await c.req.text()).trim() === '' ? {} : await parseBody(c, issueSchema);
    const id = c.req.param('id');
    const invoice = rt.store.invoices.find((i) => i.id === id);
    if (!invoice) throw notFound(`Invoice ${id} not found`);
    if (invoice.sdi_status !== 'draft') throw validationError(`Invoice ${id} is not a draft (SDI status ${invoice.sdi_status})`, 'id');
    const { events } = simulate(() => {
      const now = rt.clock.nowIso();
      invoice.sdi_status = 'sent';
      invoice.last_sdi_update = now;
      invoice.updatedAt = now;
      announceIssued(rt.store, invoice, body.emails ?? []);
    });
    return c.json({ data: { id: invoice.id, number: invoice.number, sdi_status: invoice.sdi_status, events } });
  });
  // An invoice gone from the service (deleted in the web application): no list shows it any more.
  app.delete('/invoices/:id', (c) => {
    const id = c.req.param('id');
    const invoice = rt.store.invoices.find((i) => i.id === id);
    if (!invoice) throw notFound(`Invoice ${id} not found`);
    // New arrays, not splices: the ordered list views (views.ts) see another collection and rebuild.
    rt.store.invoices = rt.store.invoices.filter((i) => i !== invoice);
    rt.store.payments = rt.store.payments.filter((p) => p.invoiceId !== invoice.id || p.accountId !== invoice.accountId);
    rt.persist();
    return c.json({ data: { id: invoice.id, number: invoice.number, account_id: invoice.accountId, deleted: true } });
  });
  app.get('/statement', (c) => {
    const accountId = c.req.query('account_id');
    const format = c.req.query('format') ?? 'camt.053';
    const encoding = c.req.query('encoding') ?? 'utf-8';
    if (!accountId) throw validationError('account_id: required (the company whose statement to write)', 'account_id');
    if (!isStatementFormat(format)) throw validationError(`format: must be one of ${STATEMENT_FORMATS.join(', ')}`, 'format');
    if (encoding !== 'utf-8' && encoding !== 'latin1') throw validationError('encoding: must be utf-8 or latin1', 'encoding');
    account(accountId);
    if (!rt.store.paymentMethods.some((m) => m.accountId === accountId && !m.internal && m.iban !== '')) {
      throw validationError(`account_id: account ${accountId} has no bank payment method with an IBAN`, 'account_id');
    }
    const file = statementFor(rt.store, accountId, format, { today: rt.clock.today(), csvEncoding: encoding });
    if (c.req.query('view') === 'expected') {
      return c.json({
        data: {
          filename: file.filename,
          format,
          iban: file.scenario.iban,
          movements: file.movements,
          ...(file.csvMapping ? { csv_mapping: file.csvMapping } : {}),
        },
      });
    }
    const body = typeof file.text === 'string' ? file.text : new Uint8Array(file.text);
    return c.body(body, 200, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"` });
  });
  app.all('*', (c) => {
    throw notFound(`No control route ${c.req.method} ${c.req.path}`);
  });
  return app;
}
