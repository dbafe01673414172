/**
 * Types shared by the emulator's pieces and its resource modules.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Rng } from './rng.js';
import type { Clock } from './time.js';
import type { Quirks } from './quirks.js';
import type { Ability, Environment, Store, TokenRecord } from './store.js';

export interface EmulatorVariables {
  /** Which environment the request addressed (`/sandbox` prefix → sandbox). */
  environment: Environment;
  /** The authenticated token (set by the auth middleware; absent on control routes). */
  token: TokenRecord;
  /** The live store (set for every request). */
  store: Store;
  /** The ability the route required (set by requireAbility). */
  ability: Ability | undefined;
  /** Set when a fault shaped the answer (for the request log). */
  fault: string | undefined;
  /** The service's quirks, when the emulator runs with them (quirks.ts): applied where answers are serialised. */
  quirks: Quirks | undefined;
}

/** The Hono environment of every emulator route. `Bindings` is absent for in-process app.request(). */
export type EmulatorEnv = { Bindings: HttpBindings; Variables: EmulatorVariables };

/** The app resource modules register on. Paths are environment-relative (`/v1/me`). */
export type EmulatorApp = Hono<EmulatorEnv>;

/** Options a resource may need at run time. */
export interface EmulatorSettings {
  /** Let webhook subscriptions use http:// targets (local receivers in tests). */
  allowHttpHooks: boolean;
  quiet: boolean;
  /** Webhook delivery timing (see delivery.ts): short values make the retry tests fast. */
  webhookDelivery: WebhookDeliverySettings;
}

export interface WebhookDeliverySettings {
  /** Waits before the 2nd, 3rd, ... attempt of one delivery; its length + 1 is the attempt count. */
  retryDelaysMs: number[];
  /** How long a receiver may take to answer one attempt. */
  timeoutMs: number;
}

/** The fault knobs (faults.ts): chaos for the reliability tests, and the readings of the contract where it is silent. */
export interface Faults {
  latencyMs: number;
  errorRate: number;
  dropRate: number;
  /** A creation answers `id` = the list's id + this (0: equal ids). */
  creationIdOffset: number;
  /** Whether registering a payment changes what `updated_since` returns. */
  paymentsMoveUpdatedSince: boolean;
  /** The order of the invoice lists (the contract states none): see LIST_ORDERS in faults.ts. */
  listOrder: ListOrder;
  /** The order of each other list (the contract states none): see list-orders.ts; a list not named keeps the emulator's own. */
  listOrders: Partial<Record<'clients' | 'cost-centers' | 'expenses' | 'f24s' | 'deadlines', ListOrder>>;
  /** How far the Date header runs ahead of the emulator's clock (ms). */
  dateAheadMs: number;
}

export type ListOrder = 'newest' | 'oldest' | 'id' | 'number' | 'shuffled';

/** What resource modules are handed when registering routes. */
export interface EmulatorContext {
  /** The live store; its identity is stable across reset(). */
  readonly store: Store;
  readonly clock: Clock;
  readonly settings: EmulatorSettings;
  /** A deterministic random stream of its own for `name` (runtime use, e.g. new UUIDs). */
  rng(name: string): Rng;
  /** Registers cleanup to run on close() (timers, sockets of a delivery engine). */
  onClose(fn: () => void | Promise<void>): void;
  /** Registers a hook to run after reset() re-seeded the store. */
  onReset(fn: () => void): void;
  /** A diagnostic line on stderr unless quiet. */
  log(message: string): void;
  /** The fault knobs now (faults.ts): the readings of the contract a route follows (creation ids, payments and updated_since). */
  knobs(): Faults;
  /**
   * A change of the data made outside a request (a webhook delivery's outcome): run under the state
   * file's lock on the state as last written (objects held from before may have been replaced: find
   * them again by id), then written. Rejects when the lock is not taken in time (nothing changed).
   */
  change<T>(fn: () => T): Promise<T>;
}

/**
 * How many records the seed gives the main demo company (acc_rossi, the `demo-prod-rossi`
 * token's): options of startEmulator and of `fisco emulator`. Absent values keep the defaults
 * (DEFAULT_SEED_SIZES). The other companies keep their own, smaller, fixed sizes.
 */
export interface SeedSizes {
  invoices: number;
  f24s: number;
  expenses: number;
  clients: number;
  deadlines: number;
}

/** What seed() is handed. */
export interface SeedContext {
  /** Seed sizes of the main demo company. */
  sizes: SeedSizes;
  /** The reference date of the seed data, YYYY-MM-DD. */
  today: string;
  /** This resource's own deterministic stream (derived from the seed and the resource name). */
  rng: Rng;
}

/**
 * One resource module: src/emulator/resources/<name>.ts exports `resource`, and
 * resources/index.ts lists it. seed() fills its collections (runs once per state: on a fresh
 * start, on reset, and on loading a state saved before the module existed); register() adds
 * its routes.
 */
export interface EmulatorResource {
  name: string;
  seed?(store: Store, ctx: SeedContext): void;
  register(app: EmulatorApp, ctx: EmulatorContext): void;
}
