/**
 * The emulator's state: plain, JSON-serialisable data, one collection per resource. Every
 * per-company record carries `accountId`; the environment follows from the account.
 *
 * Conventions for the collections later modules fill:
 * - amounts are stored as decimal strings with two decimals ("1234.50"); whether the API shows
 *   a string or a JSON number is the serialiser's business (the spec lists where);
 * - `createdAt` / `updatedAt` are internal ISO instants (drive `updated_since` filters);
 * - the record shapes below are a first cut from the service's API document: the module that owns a
 *   collection may reshape its own record type.
 */

export const STORE_SCHEMA_VERSION = 1;

export type Environment = 'production' | 'sandbox';

/** Ability vocabulary of the emulator's tokens (the spec only shows invoices:read, webhooks:manage). */
export const ABILITIES = [
  'accounts:read',
  'invoices:read',
  'invoices:write',
  'clients:read',
  'clients:write',
  'expenses:read',
  'f24:read',
  'deadlines:read',
  'receipts:read',
  'webhooks:manage',
] as const;
export type Ability = (typeof ABILITIES)[number];

export interface Account {
  id: string;
  environment: Environment;
  name: string;
  vat_number: string;
  fiscal_code: string;
  status: string;
  /** Internal: drives `updated_since`; not part of the API's Account shape. */
  updatedAt: string;
}

/** An accounting firm: the "company" a firm token speaks for. Not itself a managed account. */
export interface Firm {
  id: string;
  environment: Environment;
  name: string;
  vat_number: string;
  fiscal_code: string;
}

export interface TokenRecord {
  /** Short stable name, shown in the request log instead of the secret. */
  name: string;
  token: string;
  environment: Environment;
  kind: 'company' | 'firm';
  /** The companies the token acts on: exactly one for `company` tokens. */
  accountIds: string[];
  firmId: string | null;
  abilities: Ability[];
  /**
   * Abilities a firm token lacks on some of its companies (company id → abilities): a request
   * naming that company on a route needing one of them answers 403; a read across all the firm's
   * companies leaves that company out. Absent for most tokens.
   */
  deniedOn?: Record<string, Ability[]>;
  fullAccess: boolean;
  /** ISO instant; null = never expires. */
  expiresAt: string | null;
  description: string;
}

/** Fields every per-company record has. */
export interface TenantRecord {
  accountId: string;
  createdAt: string;
  updatedAt: string;
}

export interface ClientRecord extends TenantRecord {
  id: number;
  name: string;
  piva: string | null;
  codice_fiscale: string | null;
  sdi: string | null;
  pec: string | null;
  email: string | null;
  phone: string | null;
  domain: string | null;
  address: string | null;
  cap: string | null;
  city: string | null;
  province: string | null;
  country: string;
  created_at: string;
}

export interface PaymentMethodRecord extends TenantRecord {
  id: number;
  name: string;
  type: string;
  iban: string;
  sdi_code: string;
  /** Internal accounts (pockets, sub-accounts) are never listed. */
  internal: boolean;
}

export interface NumberingRecord extends TenantRecord {
  id: number;
  name: string;
  type: string;
  default_payment_method: string | null;
  active: boolean;
}

export interface InvoiceRecord extends TenantRecord {
  id: string;
  /** Integer id returned by the creation endpoints. */
  numericId: number;
  uuid: string | null;
  direction: 'outbound' | 'inbound';
  tipo_documento: string;
  number: string;
  issue_date: string;
  counterpart: { name: string; vat_number: string };
  total_amount: string;
  amount_paid: string;
  due_dates: string[];
  sdi_status: string;
  sdi_error: string | null;
  last_sdi_update: string;
  /** Whatever else the invoices module keeps (lines, request body, ...). */
  details: Record<string, unknown>;
}

export interface PaymentRecord extends TenantRecord {
  id: number;
  invoiceId: string;
  amount: string;
  payment_date: string;
  metodo_pagamento: string | null;
  note: string | null;
}

export interface CostCenterRecord extends TenantRecord {
  id: string;
  code: string;
  nome: string;
  tipo: 'cliente' | 'prodotto' | 'commessa' | 'sede';
  client_id: string | null;
  attivo: boolean;
}

export interface ExpenseRecord extends TenantRecord {
  id: string;
  source: string;
  document_number: string;
  document_date: string;
  periodo_competenza: string;
  allocation_method: 'diretto' | 'personale' | 'struttura' | 'escluso' | null;
  cost_center_id: string | null;
  employee_ref: string | null;
  supplier: { id: string; name: string } | null;
  subtotal: string;
  vat: string;
  total: string;
  is_paid: boolean;
}

export interface F24Record extends TenantRecord {
  id: string;
  description: string;
  period: string;
  due_date: string;
  amount: string;
  total_amount: string;
  currency: string;
  status: 'draft' | 'ready' | 'paid' | 'expired' | 'cancelled';
  native_status: string;
  payment_date: string | null;
  payment_reference: string | null;
  receipt_available: boolean;
  /** The tax sections of the detail record (shape not in the spec). */
  details: Record<string, unknown>;
}

export interface TaxDeadlineRecord extends TenantRecord {
  id: string;
  type: 'f24' | 'lipe' | 'iva' | 'dichiarazione' | 'inps' | 'other';
  title: string;
  due_date: string;
  amount: string;
  done: boolean;
  related_resource: { type: string; id: string };
}

export interface HookRecord extends TenantRecord {
  id: number;
  name: string;
  target_url: string;
  events: string[];
  source: 'zapier' | 'n8n' | 'custom';
  /** Never rendered after the creation response. */
  secret: string;
  /** active → inactive (DELETE, 20 consecutive failures) or cancelled (410 Gone: removed, never listed). */
  state: 'active' | 'inactive' | 'cancelled';
  consecutiveFailures: number;
  /** Why it left `active`, for diagnostics: 'deleted', 'failures', 'gone'. */
  stateReason: string | null;
}

export interface DomainEvent {
  id: string;
  accountId: string;
  environment: Environment;
  key: string;
  occurredAt: string;
  data: Record<string, unknown>;
}

export interface DeliveryAttempt {
  at: string;
  /** The receiver's HTTP status; null when it did not answer (network error, timeout). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One event delivered to one subscription (every attempt shares the delivery_id). */
export interface DeliveryRecord {
  /** The envelope's delivery_id (UUID). */
  id: string;
  hookId: number;
  eventId: string;
  event: string;
  accountId: string;
  targetUrl: string;
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: DeliveryAttempt[];
  deliveredAt: string | null;
}

export interface RequestLogEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The token's name (never the secret); null when none or unknown. */
  token: string | null;
  environment: Environment | null;
  /** The status the handler produced; null when the connection was dropped before it ran. */
  status: number | null;
  /** True when the connection was destroyed instead of answered. */
  dropped: boolean;
  /** The name of the fault that shaped the answer, if any. */
  fault: string | null;
  /** The JSON request body of writes (parsed), or its text when not JSON; null for reads. */
  body: unknown;
}

export interface StoreMeta {
  schemaVersion: number;
  seed: number;
  today: string;
  /** Resources whose seed() has run on this state (a module added later is seeded on load). */
  seededResources: string[];
  /** Sequences for nextId (also the invoice numbers: `number:<account>:<numbering>:<year>`). */
  counters: Record<string, number>;
  /** The last date the timeline was scanned for date-driven events (payment.overdue, tax.deadline_approaching). */
  scannedThrough?: string;
}

export interface Store {
  meta: StoreMeta;
  firms: Firm[];
  accounts: Account[];
  tokens: TokenRecord[];
  clients: ClientRecord[];
  paymentMethods: PaymentMethodRecord[];
  numberings: NumberingRecord[];
  invoices: InvoiceRecord[];
  payments: PaymentRecord[];
  costCenters: CostCenterRecord[];
  expenses: ExpenseRecord[];
  f24s: F24Record[];
  taxDeadlines: TaxDeadlineRecord[];
  hooks: HookRecord[];
  events: DomainEvent[];
  deliveries: DeliveryRecord[];
  /** The request log (not persisted to the state file; capped at REQUEST_LOG_LIMIT). */
  requests: RequestLogEntry[];
}

export type CollectionName = Exclude<keyof Store, 'meta'>;

export const REQUEST_LOG_LIMIT = 2000;

export function createEmptyStore(seed: number, today: string): Store {
  return {
    meta: { schemaVersion: STORE_SCHEMA_VERSION, seed, today, seededResources: [], counters: {} },
    firms: [],
    accounts: [],
    tokens: [],
    clients: [],
    paymentMethods: [],
    numberings: [],
    invoices: [],
    payments: [],
    costCenters: [],
    expenses: [],
    f24s: [],
    taxDeadlines: [],
    hooks: [],
    events: [],
    deliveries: [],
    requests: [],
  };
}

/** Replaces the contents of `target` with those of `source`, keeping `target`'s identity. */
export function replaceStore(target: Store, source: Store): void {
  Object.assign(target, source);
}

/**
 * The next integer of a sequence (1, 2, 3, ...). Sequences are named by collection (or any
 * string) and survive persistence; ids are never reused, also after deletions.
 */
export function nextId(store: Store, sequence: CollectionName | (string & {})): number {
  const n = (store.meta.counters[sequence] ?? 0) + 1;
  store.meta.counters[sequence] = n;
  return n;
}

/** Runtime attachments of a store that are not state: the clock and event listeners. */
interface StoreRuntime {
  now: () => Date;
  formatInstant: (d: Date) => string;
  listeners: Set<(event: DomainEvent) => void>;
}
const runtimes = new WeakMap<Store, StoreRuntime>();

function runtimeOf(store: Store): StoreRuntime {
  let rt = runtimes.get(store);
  if (!rt) {
    rt = { now: () => new Date(), formatInstant: (d) => d.toISOString(), listeners: new Set() };
    runtimes.set(store, rt);
  }
  return rt;
}

/** Binds the virtual clock used by recordEvent (startEmulator does this). */
export function bindClock(store: Store, now: () => Date, format: (d: Date) => string): void {
  const rt = runtimeOf(store);
  rt.now = now;
  rt.formatInstant = format;
}

/**
 * Subscribes to domain events as they are recorded (the webhook delivery engine's entry point).
 * Returns the unsubscribe function.
 */
export function onEvent(store: Store, listener: (event: DomainEvent) => void): () => void {
  const rt = runtimeOf(store);
  rt.listeners.add(listener);
  return () => rt.listeners.delete(listener);
}

export function findAccount(store: Store, accountId: string): Account | undefined {
  return store.accounts.find((a) => a.id === accountId);
}

/**
 * Records a domain event (e.g. `invoice.created`) for a company and notifies listeners.
 * The webhook module turns recorded events into deliveries.
 */
export function recordEvent(store: Store, accountId: string, key: string, data: Record<string, unknown>): DomainEvent {
  const account = findAccount(store, accountId);
  if (!account) throw new Error(`recordEvent: unknown account ${accountId}`);
  const rt = runtimeOf(store);
  const event: DomainEvent = {
    id: `evt_${nextId(store, 'events')}`,
    accountId,
    environment: account.environment,
    key,
    occurredAt: rt.formatInstant(rt.now()),
    data,
  };
  store.events.push(event);
  for (const listener of rt.listeners) listener(event);
  return event;
}

/** The state as persisted: everything but the request log. */
export function serialiseStore(store: Store): string {
  const { requests: _omitted, ...rest } = store;
  return JSON.stringify(rest, null, 1);
}

/**
 * Rebuilds a store from persisted JSON, filling collections that a newer emulator added.
 * Throws with a clear message when the text is not an emulator state.
 */
export function deserialiseStore(text: string, fallbackSeed: number, fallbackToday: string): Store {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('meta' in parsed) || !('accounts' in parsed)) {
    throw new Error('not an emulator state (no meta / accounts)');
  }
  const loaded = parsed as Partial<Store>;
  if (loaded.meta?.schemaVersion !== STORE_SCHEMA_VERSION) {
    throw new Error(`unsupported state schema version ${String(loaded.meta?.schemaVersion)}`);
  }
  const store = createEmptyStore(fallbackSeed, fallbackToday);
  for (const key of Object.keys(store) as (keyof Store)[]) {
    if (key === 'requests' || loaded[key] === undefined) continue;
    (store as unknown as Record<string, unknown>)[key] = loaded[key];
  }
  store.meta = { ...createEmptyStore(fallbackSeed, fallbackToday).meta, ...loaded.meta };
  return store;
}
