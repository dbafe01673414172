/**
 * The sync of one company into the mirror: every resource read through the one client (its typed
 * calls of src/api/, so records arrive decoded exactly as every command sees them), put into the
 * company's ONE transaction as pages arrive (nothing held in memory), committed at the end.
 *
 * - Invoices (both directions), F24s and deadlines: incremental through `updated_since`, with a
 *   cursor per company and resource taken from the service's clock (its Date header, minus
 *   CURSOR_MARGIN_MS), never the machine's; each read starts at the previous read's start, so
 *   every change is listed by two walks; read whole (and swept) on the first and every full sync.
 * - A walk read whole that would sweep records is walked once more, and only what neither walk
 *   listed is swept (a deletion on a page already read shifts the list: a walk can skip one).
 * - Clients and cost centers (no `updated_since`): read whole every time, and swept.
 * - Expenses: from the month before that of the previous sync to the current one (at least two
 *   months; 24 on a full sync), swept within those months; their summaries, one request per month.
 * - F24 details (GET /v1/f24s/{id}): for every new or changed form (every form on a full sync).
 * - The open outbound invoices (payments.ts): on every sync until the mirror has seen that a
 *   payment moves `updated_since`, then once per service day (their `overdue` moves with the
 *   date); and once per service day the deadlines due since the last such refresh.
 * - Every list walk must add up to the `meta.total` its pages announced: a shorter one fails the
 *   company (nothing swept, no cursor moved), never a sweep of what it did not list.
 *
 * A resource the service refuses with 403 is recorded (and answered offline the same way); any
 * other failure fails the company: its transaction is rolled back, the mirror keeps what it had.
 */
import { crashPoint } from '../io/crash-point.js';
import { ApiError, FiscoError } from '../errors.js';
import type { ApiClient } from '../api/client.js';
import { listClients } from '../api/clients.js';
import { listCostCenters } from '../api/cost-centers.js';
import { listDeadlines } from '../api/deadlines.js';
import { getExpenseSummary, listExpenses } from '../api/expenses.js';
import { getF24, listF24s } from '../api/f24.js';
import { listInvoices, type Invoice } from '../api/invoices.js';
import type { PageMeta, PaginateOptions } from '../api/paginate.js';
import { jsonText } from '../domain/answer-json.js';
import { KIND, recordKey, RESOURCES, type Kind } from './kinds.js';
import { invoiceChange, PAYMENTS_READING, provesMove, readingOf, type InvoiceChange, type PaymentsReading } from './payments.js';
import type { Listing, MirrorStore, MirrorWriter, PutResult, SweepScope } from './storage.js';
import { agree, guessKey, OrderLearner, orderFrom, orderKey, orderText, UNSURE_MARK, walkKey, type OrderRule } from './order.js';
import { integer, joined, t, type Text } from '../i18n/message.js';

/** How far before the service's clock at the start of a sync its cursor is put: updates stamped slightly out of order are read again, never missed. */
export const CURSOR_MARGIN_MS = 5 * 60_000;
/** How far the service's clock (its Date header) may be from the machine's before `fisco sync` says so. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** Months of expenses (and their summaries) a full sync reads, the current one included. */
export const EXPENSE_MONTHS = 24;
const DETAIL_CONCURRENCY = 4;

/** The service's clock when the run started (GET /v1/me's Date header), and the machine's at the same moment. */
export interface ServiceClock {
  /** undefined when the service sent no usable Date header: then no cursor is kept (the next sync reads whole). */
  serviceMs?: number;
  localMs: number;
  /** The service's date in Europe/Rome (the machine's when the service gave none). */
  today: string;
}

export interface SyncTarget {
  account: { id: string; json: string; pos: number };
  /** The one client acting on this company. */
  client: ApiClient;
}

export interface SyncOptions {
  full: boolean;
  clock: ServiceClock;
  /** A line for the progress display (a terminal only). */
  progress?: (text: Text) => void;
}

export interface RefusedPart {
  resource: string;
  request: string;
  reason: string;
  exit_code: number;
}

export interface CompanyResult {
  full: boolean;
  new: number;
  changed: number;
  removed: number;
  requests: number;
  refused: RefusedPart[];
  warnings: Text[];
}

/** Thrown into the other tasks of a company once one failed: they stop at their next record. */
class Stopped extends Error {}

/** What the resource tasks of one company share. */
class CompanySync {
  requests = 0;
  readonly refused: RefusedPart[] = [];
  readonly warnings: Text[] = [];
  private failure?: unknown;
  private readonly seen = new Map<string, number>();

  constructor(
    readonly writer: MirrorWriter,
    readonly client: ApiClient,
    readonly options: SyncOptions,
    private readonly label: string,
    /** This company's place in the run (1, 2, …), for the crash points. */
    private readonly index: number,
  ) {}

  private puts = 0;

  /** Page options that count each page as a request; a walk shorter than its meta.total fails (nothing is swept, no cursor moves). */
  pages(extra: Partial<PaginateOptions> = {}): PaginateOptions {
    return { all: true, perPage: 100, ...extra, onPage: (_meta: PageMeta | undefined) => void this.requests++ };
  }

  /** Puts an invoice, saying how it changed against the mirror (payments.ts). */
  putInvoice(resource: string, invoice: Invoice, part: number): InvoiceChange {
    const before = this.writer.stored(KIND.invoice, recordKey(KIND.invoice, invoice, part));
    if (this.put(KIND.invoice, resource, invoice, this.listing(KIND.invoice, invoice, part)) === 'new' || before === undefined) return 'other';
    return invoiceChange(JSON.parse(before) as Record<string, unknown>, invoice);
  }

  /**
   * Where a record read outside a full walk of its list goes in the service's order (order.ts): its
   * key under the rule a walk showed, or, when the walk showed none, the place it has (a new one has
   * none yet: after the others, its order a guess until the next full walk). Before any walk was
   * watched, as before.
   */
  listing(kind: Kind, record: Record<string, unknown>, part = 0): Listing {
    const learned = orderFrom(this.writer.order(kind, part));
    if (!learned) return { part };
    const rule = learned.rule;
    if (rule === 'walk') return { part, order: (held) => held || guessKey(record) };
    return {
      part,
      order: (held) => {
        const key = orderKey(rule, record, kind);
        if (key === undefined) return held ?? guessKey(record);
        // A rule the walk could not tell from others places a record it did not list only when they all agree (order.ts).
        const unsure = held === undefined ? !this.agreed(kind, part, learned.also ?? [], record, key) : held.endsWith(UNSURE_MARK);
        return unsure ? key + UNSURE_MARK : key;
      },
    };
  }

  /** Do the other rules a walk followed put `record` between the same two records as the one chosen (its key `key`)? */
  private agreed(kind: Kind, part: number, rules: readonly OrderRule[], record: Record<string, unknown>, key: string): boolean {
    if (rules.length === 0) return true;
    const { below, above } = this.writer.neighbours(kind, part, key);
    const parse = (json: string | undefined) => (json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>));
    return agree(rules, kind, record, parse(below), parse(above));
  }

  /** A full walk of the list of `kind` (one part), watched for the service's order. */
  watch(kind: Kind, part = 0): WalkWatch {
    return new WalkWatch(this.writer, kind, part);
  }

  /** The reading of payments and `updated_since` the mirror holds (payments.ts). */
  reading(): PaymentsReading | undefined {
    return readingOf(this.writer.fact(PAYMENTS_READING));
  }

  /** Records a reading seen: `stays` always; `moves` unless `stays` was seen. */
  learn(reading: PaymentsReading): void {
    const held = this.reading();
    if (held !== reading && (reading === 'stays' || held === undefined)) this.writer.learn(PAYMENTS_READING, reading);
  }

  put(kind: Kind, resource: string, record: Record<string, unknown>, listing: Listing = {}): PutResult {
    if (this.failure !== undefined) throw new Stopped();
    const result = this.writer.put(kind, record, jsonText(record), listing);
    this.seen.set(resource, (this.seen.get(resource) ?? 0) + 1);
    this.puts++;
    crashPoint('sync-put', this.index, this.puts);
    if (this.puts % 200 === 0) this.showProgress();
    return result;
  }

  showProgress(): void {
    const parts = [...this.seen].map(([resource, n]) => joined([resource, integer(n)], ' '));
    this.options.progress?.(
      parts.length ? t`Syncing ${this.label} · ${joined(parts, ' · ')} · ${this.requests} requests` : t`Syncing ${this.label} · ${this.requests} requests`,
    );
  }

  /** Runs one resource's task: a 403 is recorded as refused; anything else fails the company (the other tasks stop). */
  async task(resource: string, request: string, kinds: { kind: Kind; part?: number }[], work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.writer.accept(resource);
    } catch (error) {
      if (error instanceof Stopped) return;
      if (error instanceof ApiError && error.status === 403) {
        this.writer.refuse(resource, error.status, jsonText(error.body ?? {}));
        for (const { kind, part } of kinds) this.writer.removeAll(kind, part);
        this.writer.setCursor(resource, undefined);
        this.writer.setCursor(resource + BEFORE, undefined);
        this.refused.push({ resource, request, reason: error.message.replace(/\s+/g, ' ').trim(), exit_code: error.exitCode });
        return;
      }
      // The company fails; its summary names what could not be read.
      if (error instanceof FiscoError && this.failure === undefined) error.reword((text) => joined([request, text], ': '));
      this.failure ??= error;
    }
  }

  /** The first failure of a task, rethrown once every task has stopped. */
  rethrow(): void {
    if (this.failure !== undefined) throw this.failure;
  }
}

/**
 * A full walk of one list (the first sync, `--full`; clients and cost centers every time), watched
 * as it arrives (order.ts): each record gets its place in the walk, and once the walk is over the
 * rule it followed, if any, keys every record of the list and is recorded. A second walk of the
 * same list (walkAndSweep) starts the places and the watching over.
 */
class WalkWatch {
  private learner: OrderLearner;
  private position = 0;

  constructor(
    private readonly writer: MirrorWriter,
    private readonly kind: Kind,
    private readonly part: number,
  ) {
    this.learner = new OrderLearner(kind);
  }

  /** The walk starts (again). */
  start(): void {
    this.learner = new OrderLearner(this.kind);
    this.position = 0;
  }

  /** Where the next record of the walk goes. */
  listing(record: Record<string, unknown>, extra: Omit<Listing, 'order' | 'part'> = {}): Listing {
    this.learner.feed(record);
    const place = walkKey(this.position++);
    return { ...extra, part: this.part, order: () => place };
  }

  /** The walk is over: what it showed keys the list (a rule), or leaves each record its place (none). */
  finish(): void {
    const learned = this.learner.result();
    const rule = learned.rule;
    if (rule !== 'walk')
      this.writer.reorder(this.kind, this.part, (json, held) => orderKey(rule, JSON.parse(json) as Record<string, unknown>, this.kind) ?? held);
    this.writer.setOrder(this.kind, this.part, orderText(learned));
  }
}

/** Where the cursor of the incremental read before the last is kept (cursors table, beside the resource's own). */
const BEFORE = '~before';

/**
 * `updated_since` for a resource, unless the listing must be read whole (first or full sync, no
 * cursor kept): the earlier of its cursor and the one the read before used, so each incremental
 * read overlaps the previous one and a change a shifting list hid from one walk is listed by the next.
 */
function since(sync: CompanySync, resource: string): string | undefined {
  if (sync.writer.full) return undefined;
  const cursor = sync.writer.cursor(resource);
  const before = sync.writer.cursor(resource + BEFORE);
  const chosen = cursor !== undefined && before !== undefined && Date.parse(before) < Date.parse(cursor) ? before : cursor;
  const now = sync.options.clock.serviceMs;
  // A cursor ahead of the service's clock (a sync while its Date header ran ahead) would hide every
  // later change: it is pulled back to the latest earlier sync that clock has passed, or the list is read whole.
  if (chosen === undefined || now === undefined || !(Date.parse(chosen) > now)) return chosen;
  const back = sync.writer.lastSyncAtOrBefore(now);
  return back === undefined ? undefined : new Date(back - CURSOR_MARGIN_MS).toISOString();
}

/** Where this run's cursors are put: within the service's clock and the machine's (the earlier), less the margin. */
function cursorAt(clock: ServiceClock): string | undefined {
  return clock.serviceMs === undefined ? undefined : new Date(Math.min(clock.serviceMs, clock.localMs) - CURSOR_MARGIN_MS).toISOString();
}

/** Moves a resource's cursor to this run's (the service's clock at its start, minus the margin), keeping the one it replaces for the next read's overlap. */
function moveCursor(sync: CompanySync, resource: string): void {
  const at = cursorAt(sync.options.clock);
  const raw = sync.writer.full ? undefined : sync.writer.cursor(resource);
  const now = sync.options.clock.serviceMs;
  const held = raw !== undefined && now !== undefined && Date.parse(raw) > now ? since(sync, resource) : raw;
  sync.writer.setCursor(resource + BEFORE, at === undefined ? undefined : held);
  sync.writer.setCursor(resource, at);
}

/**
 * A listing read whole, then swept. When the walk would sweep records, it is walked once more
 * first and only what neither walk listed goes: a record deleted on a page already read shifts
 * the later ones back by one, so a walk can miss one that the service still lists.
 */
async function walkAndSweep(sync: CompanySync, kind: Kind, scope: SweepScope, walk: (again: boolean) => Promise<void>): Promise<void> {
  await walk(false);
  if (sync.writer.stale(kind, scope).length > 0) await walk(true);
  sync.writer.sweep(kind, scope);
}

/**
 * Invoices of one direction: incremental, or whole and swept. Outbound also gets the read of the
 * open invoices: on every sync until the mirror has seen that a payment moves `updated_since`
 * (payments.ts), once per service day after that (their `overdue` moves with the date anyway).
 */
async function syncInvoices(sync: CompanySync, direction: 'outbound' | 'inbound'): Promise<void> {
  const resource = direction === 'outbound' ? RESOURCES.outbound : RESOURCES.inbound;
  const part = direction === 'outbound' ? 0 : 1;
  const cursor = since(sync, resource);
  if (cursor === undefined) {
    // A full walk: each invoice gets its place in it, and the walk is watched for the rule it follows (order.ts).
    const watch = sync.watch(KIND.invoice, part);
    await walkAndSweep(sync, KIND.invoice, { part }, async () => {
      watch.start();
      for await (const invoice of listInvoices(sync.client, { direction }, sync.pages())) sync.put(KIND.invoice, resource, invoice, watch.listing(invoice));
    });
    watch.finish();
  } else {
    for await (const invoice of listInvoices(sync.client, { direction, updated_since: cursor }, sync.pages()))
      if (provesMove(sync.putInvoice(resource, invoice, part), invoice, cursor)) sync.learn('moves');
    if (direction === 'outbound' && (sync.reading() !== 'moves' || sync.writer.previous.day !== sync.options.clock.today)) await refreshOpen(sync, cursor);
  }
  moveCursor(sync, resource);
}

const OPEN = ['unpaid', 'partial'];

/**
 * The open outbound invoices, read whole: their `overdue` moves with the date without an update,
 * and a payment may not move `updated_since` (the contract does not say). An invoice the mirror
 * holds as open that is no longer listed as open was paid (or voided) without the service
 * reporting it: it is looked for among the paid ones. A payment found here that the incremental
 * read (`updated_since` = `cursor`) did not list is checked against that read once more.
 */
async function refreshOpen(sync: CompanySync, cursor: string): Promise<void> {
  const resource = RESOURCES.outbound;
  const missed: string[] = [];
  const take = (invoice: Invoice) => {
    const change = sync.putInvoice(resource, invoice, 0);
    if (change === 'payment' || change === 'payment-and-more') missed.push(invoice.id);
  };
  for await (const invoice of listInvoices(sync.client, { direction: 'outbound', payment_status: OPEN }, sync.pages())) take(invoice);
  const left = new Set(sync.writer.unseen(KIND.invoice, 0, OPEN));
  if (left.size > 0) {
    for await (const invoice of listInvoices(sync.client, { direction: 'outbound', payment_status: ['paid'] }, sync.pages())) {
      if (!left.delete(invoice.id)) continue;
      take(invoice);
      if (left.size === 0) break;
    }
  }
  if (left.size > 0) warnLeft(sync, [...left]);
  if (missed.length > 0 && sync.reading() !== 'stays') await checkMissed(sync, cursor, missed);
}

/**
 * Payments the open invoices showed and the incremental read did not list: the same read again. A
 * payment it still does not list (registered before this read, after `cursor`) did not move
 * `updated_since`; one it lists now was registered during the sync.
 */
async function checkMissed(sync: CompanySync, cursor: string, missed: readonly string[]): Promise<void> {
  const listed = new Set<string>();
  for await (const invoice of listInvoices(sync.client, { direction: 'outbound', updated_since: cursor }, sync.pages())) {
    sync.put(KIND.invoice, RESOURCES.outbound, invoice, sync.listing(KIND.invoice, invoice, 0));
    listed.add(invoice.id);
  }
  if (missed.some((id) => !listed.has(id))) sync.learn('stays');
}

function warnLeft(sync: CompanySync, left: string[]): void {
  sync.warnings.push(
    left.length === 1
      ? t`1 invoice left the open list without the service reporting a change (${left.join(', ')}); \`fisco sync --full\` reads its state`
      : t`${left.length} invoices left the open list without the service reporting a change (${left.slice(0, 5).join(', ')}${left.length > 5 ? ', …' : ''}); \`fisco sync --full\` reads their state`,
  );
}

/** A listing read whole every time: clients or cost centers, swept afterwards; every walk is watched for the service's order. */
async function syncWhole(sync: CompanySync, kind: Kind, resource: string, items: () => AsyncIterable<Record<string, unknown>>): Promise<void> {
  const watch = sync.watch(kind);
  await walkAndSweep(sync, kind, {}, async () => {
    watch.start();
    let position = 0;
    for await (const item of items()) sync.put(kind, resource, item, watch.listing(item, { position: position++ }));
  });
  watch.finish();
}

/** F24 forms, incremental or whole; the detail of each new or changed form (of every form on a full sync). */
async function syncF24s(sync: CompanySync): Promise<void> {
  const cursor = since(sync, RESOURCES.f24s);
  if (cursor === undefined) {
    const watch = sync.watch(KIND.f24);
    await walkAndSweep(sync, KIND.f24, {}, (again) => walkF24s(sync, undefined, again, watch));
    watch.finish();
    sync.writer.sweep(KIND.f24Detail);
  } else await walkF24s(sync, cursor, false);
  moveCursor(sync, RESOURCES.f24s);
}

/** One walk of the F24 list (a full one watched for its order); a second walk of a full sync fetches only the details the first did not. */
async function walkF24s(sync: CompanySync, cursor: string | undefined, again: boolean, watch?: WalkWatch): Promise<void> {
  const pool = new DetailPool(sync);
  watch?.start();
  try {
    for await (const form of listF24s(sync.client, { updated_since: cursor }, sync.pages())) {
      const result = sync.put(KIND.f24, RESOURCES.f24s, form, watch ? watch.listing(form) : sync.listing(KIND.f24, form));
      if (result !== 'same' || (sync.writer.full && !(again && sync.writer.listed(KIND.f24Detail, form.id)))) await pool.add(form.id);
    }
  } finally {
    await pool.drain();
  }
  pool.rethrow();
}

/** F24 details, a few at a time, each put as it arrives; a form gone meanwhile (404) is skipped. The first failure is kept and rethrown. */
class DetailPool {
  private readonly running = new Set<Promise<void>>();
  private failure?: { error: unknown };

  constructor(private readonly sync: CompanySync) {}

  async add(id: string): Promise<void> {
    while (this.running.size >= DETAIL_CONCURRENCY) await Promise.race(this.running);
    this.rethrow();
    const job: Promise<void> = this.fetch(id)
      .catch((error: unknown) => void (this.failure ??= { error }))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
  }

  rethrow(): void {
    if (this.failure) throw this.failure.error;
  }

  private async fetch(id: string): Promise<void> {
    this.sync.requests++;
    try {
      const detail = await getF24(this.sync.client, id);
      this.sync.put(KIND.f24Detail, 'f24-details', detail, { key: id });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return;
      throw error;
    }
  }
}

/** Deadlines, incremental or whole; once per service day, those due since the last such day (their status moved). */
async function syncDeadlines(sync: CompanySync): Promise<void> {
  const cursor = since(sync, RESOURCES.deadlines);
  const { day } = sync.writer.previous;
  const today = sync.options.clock.today;
  if (cursor === undefined) {
    const watch = sync.watch(KIND.deadline);
    await walkAndSweep(sync, KIND.deadline, {}, async () => {
      watch.start();
      for await (const deadline of listDeadlines(sync.client, {}, sync.pages()))
        sync.put(KIND.deadline, RESOURCES.deadlines, deadline, watch.listing(deadline));
    });
    watch.finish();
  } else {
    for await (const deadline of listDeadlines(sync.client, { updated_since: cursor }, sync.pages()))
      sync.put(KIND.deadline, RESOURCES.deadlines, deadline, sync.listing(KIND.deadline, deadline));
  }
  if (cursor !== undefined && day !== undefined && day < today) {
    for await (const deadline of listDeadlines(sync.client, { due_date_from: day, due_date_to: today }, sync.pages()))
      sync.put(KIND.deadline, RESOURCES.deadlines, deadline, sync.listing(KIND.deadline, deadline));
  }
  moveCursor(sync, RESOURCES.deadlines);
}

/** A month (YYYY-MM) as a count of months since year 0. */
function monthIndex(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return y * 12 + m - 1;
}

/** YYYY-MM plus `months` (negative: back). */
export function addMonths(month: string, months: number): string {
  const index = monthIndex(month) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The months a sync reads expenses of: on a full sync the last 24; otherwise from the month before
 * that of the previous sync (the service's date then) to the current one, so a gap of months
 * between syncs, and an expense booked later for the month before, are read (at least the current
 * and the previous month, at most 24).
 */
export function expenseWindow(today: string, full: boolean, previousDay?: string): { from: string; to: string; months: string[] } {
  const to = today.slice(0, 7);
  const since = previousDay && !full ? addMonths(previousDay.slice(0, 7), -1) : undefined;
  const span = since === undefined ? (full ? EXPENSE_MONTHS : 2) : monthIndex(to) - monthIndex(since) + 1;
  const count = Math.min(EXPENSE_MONTHS, Math.max(2, span));
  const months = Array.from({ length: count }, (_, i) => addMonths(to, i - count + 1));
  return { from: months[0]!, to, months };
}

/**
 * The months of expenses the mirror holds after this sync: the window read, joined to those held
 * before only when they touch it (months never read are never claimed).
 */
export function heldMonths(window: { from: string; to: string }, full: boolean, held: { from?: string; to?: string }): { from: string; to: string } {
  const touches = held.from !== undefined && held.to !== undefined && addMonths(held.to, 1) >= window.from;
  return { from: !full && touches && held.from! < window.from ? held.from! : window.from, to: window.to };
}

/** The expenses of the window's months (swept within them) and each month's summary. */
async function syncExpenses(sync: CompanySync, window: { from: string; to: string }): Promise<void> {
  // A full sync reads every month the mirror holds: that walk is watched for the service's order.
  // An ordinary one reads the last months only: each expense keeps its key, a new one gets one (order.ts).
  const watch = sync.writer.full ? sync.watch(KIND.expense) : undefined;
  await walkAndSweep(sync, KIND.expense, { kFrom: window.from, kTo: window.to }, async () => {
    watch?.start();
    for await (const expense of listExpenses(sync.client, { periodo_da: window.from, periodo_a: window.to }, sync.pages()))
      sync.put(KIND.expense, RESOURCES.expenses, expense, watch ? watch.listing(expense) : sync.listing(KIND.expense, expense));
  });
  watch?.finish();
}

async function syncSummaries(sync: CompanySync, months: readonly string[]): Promise<void> {
  for (const month of months) {
    sync.requests++;
    sync.put(KIND.summary, RESOURCES.summaries, await getExpenseSummary(sync.client, { periodo: month }), { key: month });
  }
  if (sync.writer.full) sync.writer.sweep(KIND.summary);
}

/** Every resource of one company, at once (the one pacer keeps them inside the rate limit). */
async function syncResources(sync: CompanySync, window: { from: string; to: string; months: string[] }): Promise<void> {
  const tasks: [string, string, { kind: Kind; part?: number }[], () => Promise<void>][] = [
    [RESOURCES.outbound, 'outbound invoices (GET /v1/invoices)', [{ kind: KIND.invoice, part: 0 }], () => syncInvoices(sync, 'outbound')],
    [RESOURCES.inbound, 'inbound invoices (GET /v1/invoices)', [{ kind: KIND.invoice, part: 1 }], () => syncInvoices(sync, 'inbound')],
    [
      RESOURCES.clients,
      'clients (GET /clients)',
      [{ kind: KIND.client }],
      () => syncWhole(sync, KIND.client, RESOURCES.clients, () => listClients(sync.client, {}, sync.pages())),
    ],
    [
      RESOURCES.costCenters,
      'cost centers (GET /v1/cost-centers)',
      [{ kind: KIND.costCenter }],
      () => syncWhole(sync, KIND.costCenter, RESOURCES.costCenters, () => listCostCenters(sync.client, {}, sync.pages())),
    ],
    [RESOURCES.expenses, 'expenses (GET /v1/expenses)', [{ kind: KIND.expense }], () => syncExpenses(sync, window)],
    [RESOURCES.summaries, 'expense summaries (GET /v1/expenses/summary)', [{ kind: KIND.summary }], () => syncSummaries(sync, window.months)],
    [RESOURCES.f24s, 'F24 forms (GET /v1/f24s)', [{ kind: KIND.f24 }, { kind: KIND.f24Detail }], () => syncF24s(sync)],
    [RESOURCES.deadlines, 'tax deadlines (GET /v1/tax-deadlines)', [{ kind: KIND.deadline }], () => syncDeadlines(sync)],
  ];
  await Promise.all(tasks.map(([resource, request, kinds, work]) => sync.task(resource, request, kinds, work)));
  sync.rethrow();
}

/**
 * Syncs one company in one transaction: committed whole, or rolled back (the error is thrown, the
 * mirror keeps the company as it was). The first sync of a company is a full one.
 */
export async function syncCompany(mirror: MirrorStore, target: SyncTarget, options: SyncOptions, index: number): Promise<CompanyResult> {
  const { clock } = options;
  const known = mirror.company(target.account.id) !== undefined;
  const full = options.full || !known;
  const writer = mirror.beginSync(target.account, { serviceMs: clock.serviceMs ?? clock.localMs, localMs: clock.localMs }, full);
  const sync = new CompanySync(writer, target.client, options, companyName(target.account), index);
  try {
    const window = expenseWindow(clock.today, full, writer.previous.day);
    sync.showProgress();
    await syncResources(sync, window);
    const months = heldMonths(window, full, { from: writer.previous.expensesFrom, to: writer.previous.expensesTo });
    if (!sync.refused.some((r) => r.resource === RESOURCES.outbound)) writer.snapshotResidues();
    crashPoint('sync-commit', index);
    writer.commit({ day: clock.today, expensesFrom: months.from, expensesTo: months.to });
  } catch (error) {
    writer.rollback();
    throw error instanceof FiscoError || error instanceof Error ? error : new Error(String(error));
  }
  return { full, ...writer.counts, requests: sync.requests, refused: sync.refused, warnings: sync.warnings };
}

function companyName(account: { id: string; json: string }): string {
  try {
    const name = (JSON.parse(account.json) as { name?: unknown }).name;
    return typeof name === 'string' && name ? `${name} (${account.id})` : account.id;
  } catch {
    return account.id;
  }
}
