/**
 * Fault injection, for the reliability tests and benchmarks. Two kinds:
 *
 * Knobs (apply to every API request, decided by a seeded PRNG so runs are reproducible):
 * - latencyMs: delay added before the request is handled;
 * - errorRate: fraction (0..1) of requests answered 503 { error: { code: "server_error" } };
 * - dropRate:  fraction (0..1) of requests whose connection is destroyed without an answer.
 * Readings of the contract where it is silent (the service may do either; fisco must be right both ways):
 * - creationIdOffset: a creation answers `id` = the list's id + this (default 0: equal ids); the
 *   contract never says the two are equal, only `url` = the list's `pdf_url` is common;
 * - paymentsMoveUpdatedSince: whether registering a payment changes what `updated_since` returns
 *   (default true; false: the invoice keeps the time of its last other change);
 * - listOrder: the order of the invoice lists, which the contract does not state: `newest` (issue
 *   date, newest first, then the newest id; the default), `oldest` (the reverse), `id` (ascending),
 *   `number` (the invoice number as a person sorts it: digits as numbers, then the id), `shuffled`
 *   (an arbitrary order that stays the same: by a hash of the id);
 * - listOrders: the order of each other list, by name (`clients`, `cost-centers`, `expenses`,
 *   `f24s`, `deadlines`), with the same values read on that list's own date and label
 *   (list-orders.ts); a list not named keeps the emulator's own order ({} by default);
 * - dateAheadMs: how far the Date header of every answer runs ahead of the emulator's clock (a
 *   service whose front servers' clock is wrong while its records keep the right time; default 0).
 *
 * Targeted rules (matched in order; each fires `times` times, then disappears):
 *   { method?, path?, after?, times, action, status?, retryAfter?, body? }
 * - after:  let this many matching requests through untouched first (a later request is faulted);
 * - method: HTTP method, any when absent;
 * - path:   a RegExp, or a string read as a regular expression anchored at both ends and
 *           matched against the full request path (with the /sandbox prefix, without the
 *           query), so a plain path like "/v1/me" matches exactly that path;
 * - query:  query parameters that must all have these values (e.g. { page: "3" }: a later page);
 * - action: 'status'      answer `status` (default 503) with `body` (default an error body);
 *           'drop-before' destroy the connection before the handler runs (nothing happens);
 *           'drop-after'  run the handler (state changes!) then destroy the connection without
 *                         sending the response ("outcome unknown" for the client);
 *           'rate-limit'  answer 429 rate_limited with Retry-After: `retryAfter` (default 1);
 *           'raw'         answer `status` (default 200) with `contentType` (default application/json)
 *                         and exactly the text `raw` (HTML, truncated JSON, '', 'null', a wrong
 *                         shape); with `afterHandler` the handler runs first (state changes!) and
 *                         only its answer is replaced;
 *           'trickle'     run the handler, send its status and headers, then its body one byte
 *                         every `intervalMs` (default 200): a client without a deadline waits;
 *           'hang'        never answer (nothing happens); the connection stays open until the
 *                         client gives up;
 *           'redirect'    answer `status` (default 302) with Location: `location` (default a URL
 *                         on another origin, https://redirected.invalid + the path); nothing happens;
 *           'late'        a slow service: hold the request `holdMs` (default: until the client goes
 *                         away), then handle and answer it; when the client went away first, the
 *                         request is still applied, `lateMs` to `lateMaxMs` later (seeded; default
 *                         1000 to 4000): the service acting after the client died.
 *           'hold-answer' run the handler (state changes!), then hold its answer (counted in
 *                         `holding`) for `holdMs` (default: until the client goes away): a write
 *                         carried out whose answer never reaches a client killed meanwhile.
 * Rules are checked before the knobs. Control routes (/__emulator/*) are never faulted.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ApiError, codeForStatus } from './errors.js';
import { rateLimitedError } from './ratelimit.js';
import { Rng } from './rng.js';
import type { EmulatorEnv, Faults } from './types.js';
import { LIST_ORDERS, OTHER_LISTS } from './list-orders.js';

export type { Faults } from './types.js';

export { LIST_ORDERS };

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  dropRate: 0,
  creationIdOffset: 0,
  paymentsMoveUpdatedSince: true,
  listOrder: 'newest',
  listOrders: {},
  dateAheadMs: 0,
};

export const FAULT_ACTIONS = ['status', 'drop-before', 'drop-after', 'rate-limit', 'raw', 'trickle', 'hang', 'redirect', 'late', 'hold-answer'] as const;
export type FaultAction = (typeof FAULT_ACTIONS)[number];

export interface FaultRule {
  method?: string;
  path?: string | RegExp;
  query?: Record<string, string>;
  /** Matching requests let through before the rule fires. */
  after?: number;
  times: number;
  action: FaultAction;
  status?: number;
  retryAfter?: number;
  body?: unknown;
  /** 'raw': the exact answer text. */
  raw?: string;
  /** 'raw': the Content-Type of the answer. */
  contentType?: string;
  /** 'raw': run the handler first (the service acted), then replace its answer. */
  afterHandler?: boolean;
  /** 'trickle': milliseconds between bytes. */
  intervalMs?: number;
  /** 'redirect': the Location. */
  location?: string;
  /** 'late': how long the request is held before it is handled; 'hold-answer': how long its answer is held (default: until the client goes away). */
  holdMs?: number;
  /** 'late': how long after the client went away the request is applied (from lateMs to lateMaxMs). */
  lateMs?: number;
  lateMaxMs?: number;
}

export const faultsSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(600_000),
    errorRate: z.number().min(0).max(1),
    dropRate: z.number().min(0).max(1),
    creationIdOffset: z.number().int().min(0).max(1_000_000_000),
    paymentsMoveUpdatedSince: z.boolean(),
    listOrder: z.enum(LIST_ORDERS),
    listOrders: z.partialRecord(z.enum(OTHER_LISTS), z.enum(LIST_ORDERS)),
    dateAheadMs: z
      .number()
      .int()
      .min(0)
      .max(10 * 366 * 86_400_000),
  })
  .partial();

/** A rule as it arrives over HTTP (path as a regular-expression source string). */
export const faultRuleSchema = z.object({
  method: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  query: z.record(z.string(), z.string()).optional(),
  after: z.number().int().min(0).optional(),
  times: z.number().int().min(1),
  action: z.enum(FAULT_ACTIONS),
  status: z.number().int().min(100).max(599).optional(),
  retryAfter: z.number().int().min(0).optional(),
  body: z.unknown().optional(),
  raw: z.string().optional(),
  contentType: z.string().min(1).optional(),
  afterHandler: z.boolean().optional(),
  intervalMs: z.number().int().min(1).max(60_000).optional(),
  location: z.string().min(1).optional(),
  holdMs: z.number().int().min(0).max(600_000).optional(),
  lateMs: z.number().int().min(0).max(600_000).optional(),
  lateMaxMs: z.number().int().min(0).max(600_000).optional(),
});

interface ActiveRule extends FaultRule {
  pattern: RegExp | null;
  remaining: number;
  /** Matching requests still to let through. */
  skip: number;
}

/** Destroys the client connection of a request served by @hono/node-server. */
export function dropConnection(c: Context<EmulatorEnv>): void {
  const incoming = (c.env as Partial<EmulatorEnv['Bindings']> | undefined)?.incoming;
  if (!incoming) throw new Error('dropping a connection needs the node server (not app.request)');
  incoming.socket.destroy();
}

export class FaultController {
  private knobs: Faults = { ...NO_FAULTS };
  private rules: ActiveRule[] = [];
  private rng: Rng;

  constructor(
    private readonly seed: number,
    initial: Partial<Faults> = {},
  ) {
    this.rng = Rng.derive(seed, 'faults');
    this.set(initial);
  }

  get faults(): Faults {
    return { ...this.knobs };
  }

  /** Sets some knobs; the others keep their values. */
  set(faults: Partial<Faults>): Faults {
    const checked = faultsSchema.parse(faults);
    this.knobs = { ...this.knobs, ...Object.fromEntries(Object.entries(checked).filter(([, v]) => v !== undefined)) };
    return this.faults;
  }

  inject(rule: FaultRule): void {
    if (!Number.isInteger(rule.times) || rule.times < 1) throw new Error('a fault rule needs times ≥ 1');
    const pattern = rule.path === undefined ? null : rule.path instanceof RegExp ? rule.path : new RegExp(`^(?:${rule.path})$`);
    this.rules.push({ ...rule, pattern, remaining: rule.times, skip: rule.after ?? 0 });
  }

  /** Forgets rules, turns the knobs off and restarts the PRNG. */
  clear(): void {
    this.knobs = { ...NO_FAULTS };
    this.rules = [];
    this.rng = Rng.derive(this.seed, 'faults');
  }

  clearRules(): void {
    this.rules = [];
  }

  pendingRules(): Array<Omit<FaultRule, 'path'> & { path?: string; remaining: number }> {
    return this.rules.map(({ pattern: _p, skip: _s, path, ...rest }) => ({
      ...rest,
      ...(path === undefined ? {} : { path: path instanceof RegExp ? path.source : path }),
    }));
  }

  private take(method: string, path: string, query: URLSearchParams): ActiveRule | null {
    const matching = this.rules.filter(
      (r) =>
        (r.method === undefined || r.method.toUpperCase() === method) &&
        (r.pattern === null || r.pattern.test(path)) &&
        Object.entries(r.query ?? {}).every(([key, value]) => query.get(key) === value),
    );
    // A rule still letting requests through counts this one and steps aside for the next.
    let rule: ActiveRule | undefined;
    for (const r of matching) {
      if (r.skip === 0) {
        rule = r;
        break;
      }
      r.skip -= 1;
    }
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return rule;
  }

  middleware(): MiddlewareHandler<EmulatorEnv> {
    return async (c, next) => {
      const rule = this.take(c.req.method, c.req.path, new URL(c.req.url).searchParams);
      if (rule) {
        c.set('fault', `rule:${rule.action}`);
        return this.applyRule(rule, c, next);
      }
      if (this.knobs.latencyMs > 0) await new Promise((r) => setTimeout(r, this.knobs.latencyMs));
      if (this.knobs.dropRate > 0 && this.rng.chance(this.knobs.dropRate)) {
        c.set('fault', 'drop');
        dropConnection(c);
        return c.body(null, 503);
      }
      if (this.knobs.errorRate > 0 && this.rng.chance(this.knobs.errorRate)) {
        c.set('fault', 'error');
        throw new ApiError(503, 'server_error', 'Service temporarily unavailable (emulated fault)');
      }
      await next();
    };
  }

  private held = 0;

  /** Requests a 'late' rule holds now (not yet handled), and answers a 'hold-answer' rule holds: a test waits for 0 before it counts what the service did. */
  get holding(): number {
    return this.held;
  }

  /** 'late': held, then handled; a request whose client went away meanwhile is applied 1–4 s (seeded) after. */
  private async late(rule: ActiveRule, c: Context<EmulatorEnv>, next: () => Promise<void>): Promise<Response | void> {
    this.held += 1;
    try {
      if (await clientGone(c, rule.holdMs)) {
        const min = rule.lateMs ?? 1_000;
        const max = Math.max(min, rule.lateMaxMs ?? (rule.lateMs === undefined ? 4_000 : min));
        await new Promise((r) => setTimeout(r, min + Math.floor(this.rng.next() * (max - min + 1))));
        c.set('fault', 'rule:late-after-client-left');
      }
      await next();
    } finally {
      this.held -= 1;
    }
  }

  private async applyRule(rule: ActiveRule, c: Context<EmulatorEnv>, next: () => Promise<void>): Promise<Response | void> {
    switch (rule.action) {
      case 'drop-before':
        dropConnection(c);
        return c.body(null, 503);
      case 'drop-after':
        await next();
        dropConnection(c);
        return;
      case 'rate-limit':
        throw rateLimitedError(rule.retryAfter ?? 1, 'Too many requests (emulated fault)');
      case 'raw': {
        if (rule.afterHandler) await next();
        const status = rule.status ?? 200;
        const body = status === 204 || status === 304 ? null : (rule.raw ?? '');
        c.res = new Response(body, { status, headers: { 'Content-Type': rule.contentType ?? 'application/json' } });
        return c.res;
      }
      case 'trickle': {
        await next();
        const answer = c.res;
        if (answer.body === null) return answer;
        const bytes = new Uint8Array(await answer.arrayBuffer());
        const headers = new Headers(answer.headers);
        headers.delete('content-length');
        c.res = new Response(trickle(bytes, rule.intervalMs ?? 200), { status: answer.status, headers });
        return c.res;
      }
      case 'hang': {
        const incoming = (c.env as Partial<EmulatorEnv['Bindings']> | undefined)?.incoming;
        if (!incoming) throw new Error('hanging needs the node server (not app.request)');
        await new Promise<void>((resolve) => {
          if (incoming.socket.destroyed) resolve();
          else incoming.socket.once('close', () => resolve());
        });
        return c.body(null, 503);
      }
      case 'redirect':
        return new Response(null, { status: rule.status ?? 302, headers: { Location: rule.location ?? `https://redirected.invalid${c.req.path}` } });
      case 'late':
        return this.late(rule, c, next);
      case 'hold-answer':
        await next();
        this.held += 1;
        try {
          await clientGone(c, rule.holdMs);
        } finally {
          this.held -= 1;
        }
        return;
      case 'status': {
        const status = rule.status ?? 503;
        const headers: Record<string, string> = rule.retryAfter === undefined ? {} : { 'Retry-After': String(rule.retryAfter) };
        if (status === 204 || status === 304) return new Response(null, { status, headers });
        if (rule.body !== undefined) {
          headers['Content-Type'] = 'application/json';
          return new Response(JSON.stringify(rule.body), { status, headers });
        }
        throw new ApiError(status as 503, codeForStatus(status), `Emulated fault: status ${status}`, {}, 'v1', headers);
      }
    }
  }
}

/** Resolves true when the client's connection closes, false after `ms` (never, without `ms`). */
function clientGone(c: Context<EmulatorEnv>, ms: number | undefined): Promise<boolean> {
  const incoming = (c.env as Partial<EmulatorEnv['Bindings']> | undefined)?.incoming;
  if (!incoming) throw new Error('holding a request needs the node server (not app.request)');
  return new Promise((resolve) => {
    if (incoming.socket.destroyed) return resolve(true);
    const timer = ms === undefined ? undefined : setTimeout(() => done(false), ms);
    const onClose = () => done(true);
    function done(gone: boolean) {
      clearTimeout(timer);
      incoming!.socket.off('close', onClose);
      resolve(gone);
    }
    incoming.socket.once('close', onClose);
  });
}

/** A body sent one byte at a time (the first at once, so the headers leave now); stops when the client goes away. */
function trickle(bytes: Uint8Array, intervalMs: number): ReadableStream<Uint8Array> {
  let index = 0;
  let timer: NodeJS.Timeout | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (bytes.length > 0) controller.enqueue(bytes.slice(0, ++index));
    },
    pull(controller) {
      return new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          if (index < bytes.length) controller.enqueue(bytes.slice(index, ++index));
          if (index >= bytes.length) controller.close();
          resolve();
        }, intervalMs);
      });
    },
    cancel() {
      clearTimeout(timer);
    },
  });
}
