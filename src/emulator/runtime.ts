/**
 * The emulator without its HTTP listener: store (seeded or loaded), clock, fault controller,
 * rate limiter, resource modules, and the reset / persist operations. app.ts serves it.
 */
import { FaultController, type Faults } from './faults.js';
import { createStateFile, lockStateFile, readStateFile, readStateFileUnless, StateLockError, writeStateFile } from './persistence.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimitConfig } from './ratelimit.js';
import { Rng } from './rng.js';
import { seedCore } from './seed.js';
import { scanTimeline } from './simulate.js';
import { bindClock, createEmptyStore, replaceStore, type DomainEvent, type Store } from './store.js';
import { createClock, formatInstant, type Clock } from './time.js';
import type { EmulatorContext, EmulatorResource, SeedSizes, WebhookDeliverySettings } from './types.js';
import { DEFAULT_DELIVERY_SETTINGS } from './delivery.js';
import { createQuirks, type Quirks } from './quirks.js';

/** The default PRNG seed: the demo data is the same on every machine. */
export const DEFAULT_SEED = 20240601;

export interface RuntimeOptions {
  /** JSON state file: loaded when present, rewritten atomically after every write request. */
  stateFile?: string;
  /** How long a write waits for another process's lock on the state file (default 10 s). */
  stateLockTimeoutMs?: number;
  /** Reference date YYYY-MM-DD for seed data and date logic (default: today in Europe/Rome). */
  today?: string;
  /** PRNG seed (default DEFAULT_SEED, so the demo data is deterministic). */
  seed?: number;
  /** Per-token rate limit (default 120 requests per 60 000 ms). */
  rateLimit?: RateLimitConfig;
  /** Initial fault knobs (default: none). */
  faults?: Partial<Faults>;
  /** Allow http:// webhook targets (local receivers); the API itself demands https. */
  allowHttpHooks?: boolean;
  /** Webhook retry waits and receiver timeout (default: retries after 1 s, 5 s, 30 s; 10 s timeout). */
  webhookDelivery?: Partial<WebhookDeliverySettings>;
  /** No diagnostics on stderr. */
  quiet?: boolean;
  /** Seed sizes of the main demo company (acc_rossi); see SeedSizes. Ignored when a state file is loaded. */
  sizes?: Partial<SeedSizes>;
  /** Answer with the service's quirks (quirks.ts): noisy floats, digits past the cent, uuids that are not RFC 4122. */
  quirks?: boolean;
}

/** The demo's seed sizes for acc_rossi (the figures tests and the README count on). */
export const DEFAULT_SEED_SIZES: SeedSizes = { invoices: 70, f24s: 40, expenses: 200, clients: 80, deadlines: 60 };

/** Checks sizes given as options: whole numbers from 0 to 1,000,000. */
export function seedSizes(sizes: Partial<SeedSizes> = {}): SeedSizes {
  const out = { ...DEFAULT_SEED_SIZES };
  for (const [key, value] of Object.entries(sizes) as [keyof SeedSizes, number | undefined][]) {
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0 || value > 1_000_000)
      throw new Error(`seed size ${key} must be a whole number from 0 to 1000000, got ${value}`);
    out[key] = value;
  }
  return out;
}

export interface EmulatorRuntime {
  readonly store: Store;
  readonly clock: Clock;
  readonly ctx: EmulatorContext;
  readonly faults: FaultController;
  readonly rateLimiter: RateLimiter;
  readonly resources: EmulatorResource[];
  /** The quirks answers are served with (undefined: none). */
  readonly quirks: Quirks | undefined;
  /** Re-seeds the demo data (relative to today), clears the request log and rate-limit counters. */
  reset(): void;
  /** Writes the state file, when there is one. */
  persist(): void;
  /**
   * Runs a write request as a read-modify-write of the state file under its lock: the state
   * another process wrote meanwhile is loaded first, the result written before the lock is
   * released. Without a state file, just runs it. A lock not taken in time throws StateLockError.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Runs the close hooks registered by resources. */
  shutdown(): Promise<void>;
  /**
   * Fires the date-driven events of the days since the last check (simulate.ts); cheap when the
   * date has not changed. Changes the store: call it inside `exclusive` (a write request), or use
   * `catchUp` anywhere else.
   */
  tick(): DomainEvent[];
  /**
   * `tick` outside a write request (a read, the minute timer): when the date has changed, the
   * events are fired and written under the state file's lock, on the state as last written by any
   * process (never a stale copy written over another process's write). A lock not taken in time
   * leaves them for the next request.
   */
  catchUp(): Promise<void>;
  /**
   * Before a read: loads the state file when another process wrote it since this copy was taken,
   * so a read never answers from an older state than the last write finished. Without a state file, nothing.
   */
  refresh(): void;
}

/** Seeds the resources that have not yet seeded this store. */
function seedResources(store: Store, resources: EmulatorResource[], sizes: SeedSizes): void {
  for (const resource of resources) {
    if (store.meta.seededResources.includes(resource.name)) continue;
    resource.seed?.(store, { today: store.meta.today, sizes, rng: Rng.derive(store.meta.seed, `seed:${resource.name}`) });
    store.meta.seededResources.push(resource.name);
  }
}

/** A freshly seeded store: core data (companies, tokens) then every resource's seed. */
export function seedStore(seed: number, today: string, resources: EmulatorResource[], sizes: SeedSizes = DEFAULT_SEED_SIZES): Store {
  const store = createEmptyStore(seed, today);
  store.meta.scannedThrough = today;
  seedCore(store, today);
  seedResources(store, resources, sizes);
  return store;
}

export function createRuntime(options: RuntimeOptions, resources: EmulatorResource[]): EmulatorRuntime {
  const clock = createClock(options.today);
  const seed = options.seed ?? DEFAULT_SEED;
  const quiet = options.quiet ?? false;
  const seedDate = (): string => options.today ?? clock.today();
  const read = options.stateFile === undefined ? null : readStateFile(options.stateFile, seed, seedDate());
  const loaded = read?.store ?? null;
  const sizes = seedSizes(options.sizes);
  const store = loaded ?? seedStore(seed, seedDate(), resources, sizes);
  if (loaded) seedResources(store, resources, sizes);
  store.meta.scannedThrough ??= clock.today();
  bindClock(store, clock.now, formatInstant);

  const closeHooks: Array<() => void | Promise<void>> = [];
  const resetHooks: Array<() => void> = [];
  const rateLimiter = new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const faults = new FaultController(seed, options.faults);

  const streams = new Map<string, Rng>();
  const ctx: EmulatorContext = {
    store,
    clock,
    settings: { allowHttpHooks: options.allowHttpHooks ?? false, quiet, webhookDelivery: { ...DEFAULT_DELIVERY_SETTINGS, ...options.webhookDelivery } },
    rng(name) {
      let stream = streams.get(name);
      if (!stream) streams.set(name, (stream = Rng.derive(seed, `runtime:${name}`)));
      return stream;
    },
    onClose: (fn) => closeHooks.push(fn),
    onReset: (fn) => resetHooks.push(fn),
    log: (message) => {
      if (!quiet) process.stderr.write(`[emulator] ${message}\n`);
    },
    knobs: () => faults.faults,
    change: (fn) =>
      exclusive(async () => {
        const result = fn();
        persist();
        return result;
      }),
  };

  // The stamp of the bytes this store came from: any other content of the file is another
  // process's write, loaded under the lock before this one writes.
  let stamp = read?.stamp ?? 'absent';
  const persist = (): void => {
    if (options.stateFile === undefined) return;
    stamp = writeStateFile(options.stateFile, store);
  };
  // Loads the file when another process wrote it since this copy was read or written (its bytes
  // have another stamp). The request log is this process's own: kept.
  const reload = (file: string): void => {
    const fresh = readStateFileUnless(file, stamp, seed, seedDate());
    if (fresh === 'unchanged') return;
    if (fresh) {
      const requests = store.requests;
      replaceStore(store, fresh.store);
      store.requests = requests;
      bindClock(store, clock.now, formatInstant);
      seedResources(store, resources, sizes);
    }
    stamp = fresh?.stamp ?? 'absent';
  };
  // A read sees every write another process finished before it: a stale copy would answer a lookup
  // (is this payment there?) with "absent", and the payment would be made again. No lock is needed:
  // the file is only ever replaced whole (a rename), and this process's own write in progress holds
  // the lock, so the file cannot change under it.
  const refresh = (): void => {
    if (options.stateFile !== undefined) reload(options.stateFile);
  };
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const file = options.stateFile;
    if (file === undefined) return work();
    // One write at a time within this process too, each under the lock between processes.
    const turn = queue.then(async () => {
      const release = await lockStateFile(file, options.stateLockTimeoutMs);
      try {
        reload(file);
        return await work();
      } finally {
        await release().catch(() => undefined);
      }
    });
    queue = turn.catch(() => undefined);
    return turn;
  };

  const tick = (): DomainEvent[] => (store.meta.scannedThrough === clock.today() ? [] : scanTimeline(store, clock));
  const catchUp = async (): Promise<void> => {
    if (store.meta.scannedThrough === clock.today()) return;
    await exclusive(async () => {
      if (tick().length > 0) persist();
    }).catch((error: unknown) => {
      if (!(error instanceof StateLockError)) throw error;
    });
  };
  // The date also changes with no request arriving (midnight, Europe/Rome): look once a minute.
  const ticker = setInterval(() => void catchUp().catch(() => undefined), 60_000);
  ticker.unref();
  closeHooks.push(() => clearInterval(ticker));

  const runtime: EmulatorRuntime = {
    store,
    clock,
    ctx,
    faults,
    rateLimiter,
    resources,
    quirks: options.quirks ? createQuirks(seed) : undefined,
    reset() {
      replaceStore(store, seedStore(seed, seedDate(), resources, sizes));
      store.meta.scannedThrough = clock.today();
      rateLimiter.reset();
      streams.clear();
      for (const hook of resetHooks) hook();
      persist();
    },
    persist,
    exclusive,
    tick,
    catchUp,
    refresh,
    async shutdown() {
      for (const hook of closeHooks) await hook();
    },
  };
  // A new state file, unless another process created one meanwhile (its state is loaded on the first write).
  if (!loaded && options.stateFile !== undefined) stamp = createStateFile(options.stateFile, store) ?? stamp;
  return runtime;
}
