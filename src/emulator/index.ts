/**
 * The local emulator of the fiscal invoicing API: startEmulator() serves a stateful
 * implementation of the service's API document on loopback. See README.md beside this file.
 *
 * This folder is a separate house: it never imports the CLI (src/cli.ts, src/commands, src/api).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { buildApp } from './app.js';
import { SANDBOX_PREFIX } from './environments.js';
import type { FaultRule, Faults } from './faults.js';
import type { RateLimitConfig } from './ratelimit.js';
import { resources } from './resources/index.js';
import { createRuntime, type RuntimeOptions } from './runtime.js';
import { demoTokens, type DemoToken } from './seed.js';
import type { Store } from './store.js';
import type { EmulatorResource } from './types.js';

export type { DemoToken } from './seed.js';
export type { FaultRule, Faults } from './faults.js';
export type { RateLimitConfig } from './ratelimit.js';
export type { Store } from './store.js';
export type { EmulatorApp, EmulatorContext, EmulatorResource, SeedContext, SeedSizes, WebhookDeliverySettings } from './types.js';
export { DEFAULT_SEED, DEFAULT_SEED_SIZES } from './runtime.js';
export { rateLimitPolicy } from './ratelimit.js';

export interface EmulatorOptions extends RuntimeOptions {
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 0: a free port chosen by the system). */
  port?: number;
  /** Extra resource modules, registered after the built-in ones (tests, experiments). */
  extraResources?: EmulatorResource[];
}

export interface RunningEmulator {
  /** Production base URL, e.g. http://127.0.0.1:4010 */
  url: string;
  /** Sandbox base URL: `${url}/sandbox` */
  sandboxUrl: string;
  tokens: DemoToken[];
  /** The live store (identity stable across reset()). */
  store: Store;
  /** Sets some fault knobs; the others keep their values. */
  setFaults(faults: Partial<Faults>): void;
  /** Adds a targeted fault rule. */
  injectFault(rule: FaultRule): void;
  /** Turns every knob off and forgets pending rules. */
  clearFaults(): void;
  /** Requests a 'late' fault rule holds now (applied when they are let go). */
  holding(): number;
  /** Changes the rate limit (and forgets the counters). */
  setRateLimit(config: RateLimitConfig): void;
  /** Re-seeds the demo data, clears the request log and rate-limit counters. */
  reset(): void;
  close(): Promise<void>;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const runtime = createRuntime(opts, [...resources, ...(opts.extraResources ?? [])]);
  const app = buildApp(runtime);
  const host = opts.host ?? '127.0.0.1';

  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port: opts.port ?? 0 }) as Server;
    s.once('listening', () => resolve(s));
    s.once('error', (err: NodeJS.ErrnoException) =>
      // Keeps the code: the CLI words a port in use as a usage error (src/commands/emulator/emulator.ts).
      reject(
        err.code === 'EADDRINUSE'
          ? Object.assign(new Error(`Port ${opts.port} on ${host} is already in use; pick another with --port`), { code: err.code })
          : err,
      ),
    );
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!opts.quiet) runtime.ctx.log(`listening on ${url} (sandbox: ${url}${SANDBOX_PREFIX})`);

  return {
    url,
    sandboxUrl: `${url}${SANDBOX_PREFIX}`,
    tokens: demoTokens(runtime.store),
    store: runtime.store,
    setFaults: (faults) => void runtime.faults.set(faults),
    injectFault: (rule) => runtime.faults.inject(rule),
    clearFaults: () => runtime.faults.clear(),
    holding: () => runtime.faults.holding,
    setRateLimit: (config) => runtime.rateLimiter.configure(config),
    reset: () => runtime.reset(),
    async close() {
      if (!server.listening) return;
      await runtime.shutdown();
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
export { statementFor } from './statements/index.js';
