/**
 * The Hono app. For an API request the middleware runs in this order:
 *
 *   request log (+ state persistence after writes)
 *   → fault injection → environment (/sandbox prefix) → authentication (401)
 *   → wrong environment (403) → rate limit (429) → the route (ability check per route, 403)
 *
 * Routes of the resource modules are registered once on an inner app and mounted twice: at `/`
 * (production) and at `/sandbox` (sandbox). Control routes under /__emulator/ are registered
 * first and answer before any of that middleware runs.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { authenticate, bearerToken, environmentGuard, findToken } from './auth.js';
import { CONTROL_PREFIX, controlApp } from './control.js';
import { environmentOfPath, resolveEnvironment, SANDBOX_PREFIX } from './environments.js';
import { ApiError, codeForStatus, errorResponse } from './errors.js';
import { StateLockError } from './persistence.js';
import type { EmulatorRuntime } from './runtime.js';
import { REQUEST_LOG_LIMIT, type RequestLogEntry } from './store.js';
import { formatInstant } from './time.js';
import type { EmulatorApp, EmulatorEnv } from './types.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BODY_LOG_LIMIT = 10_000;

function parseLoggedBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.length > BODY_LOG_LIMIT ? `${text.slice(0, BODY_LOG_LIMIT)}…` : text;
  }
}

/** Logs every API request and persists the state after each write. */
function requestLog(rt: EmulatorRuntime): MiddlewareHandler<EmulatorEnv> {
  let seq = 0;
  return async (c, next) => {
    const write = !SAFE_METHODS.has(c.req.method);
    // A write is a read-modify-write of the state file under its lock (runtime.exclusive).
    if (write) {
      try {
        return await rt.exclusive(() => handle(c, next, write));
      } catch (error) {
        // 409: the request conflicts with the state's lock; nothing was done.
        if (error instanceof StateLockError) return errorResponse(c, new ApiError(409, 'state_locked', error.message));
        throw error;
      }
    }
    return handle(c, next, write);
  };
  async function handle(c: Parameters<MiddlewareHandler<EmulatorEnv>>[0], next: Parameters<MiddlewareHandler<EmulatorEnv>>[1], write: boolean): Promise<void> {
    c.set('store', rt.store);
    c.set('quirks', rt.quirks);
    // Reading the body first caches it: handlers can still call c.req.json().
    const body = write ? parseLoggedBody(await c.req.text().catch(() => '')) : null;
    const url = new URL(c.req.url);
    try {
      await next();
    } finally {
      const fault = c.var.fault;
      const droppedBefore = fault === 'drop' || fault === 'rule:drop-before';
      const entry: RequestLogEntry = {
        seq: ++seq,
        at: formatInstant(rt.clock.now()),
        method: c.req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        token: findToken(rt.store, bearerToken(c.req.header('authorization')))?.name ?? null,
        environment: environmentOfPath(url.pathname),
        status: droppedBefore ? null : c.res.status,
        dropped: droppedBefore || fault === 'rule:drop-after',
        fault: fault ?? null,
        body,
      };
      const log = rt.store.requests;
      log.push(entry);
      if (log.length > REQUEST_LOG_LIMIT) log.splice(0, log.length - REQUEST_LOG_LIMIT);
      if (write && !droppedBefore) rt.persist();
    }
  }
}

/** Signed file links (`/files/…?expires=…&signature=…`) carry their own credential, as a storage host's would. */
const SIGNED_FILE = /^(\/sandbox)?\/files\//;
function unlessSignedFile(middleware: MiddlewareHandler<EmulatorEnv>): MiddlewareHandler<EmulatorEnv> {
  return (c, next) => (SIGNED_FILE.test(c.req.path) ? next() : middleware(c, next));
}

export function buildApp(rt: EmulatorRuntime): EmulatorApp {
  const root = new Hono<EmulatorEnv>();

  root.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    if (err instanceof HTTPException) {
      const status = err.status;
      return errorResponse(c, new ApiError(status as 400, codeForStatus(status), err.message || 'Bad request'));
    }
    rt.ctx.log(`internal error on ${c.req.method} ${c.req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return errorResponse(c, new ApiError(500, 'server_error', 'Internal emulator error'));
  });
  root.notFound((c) => errorResponse(c, new ApiError(404, 'not_found', `No route for ${c.req.method} ${c.req.path}`)));

  root.route(CONTROL_PREFIX, controlApp(rt));

  root.use('*', requestLog(rt));
  // The Date header follows the emulator's clock, as a server's follows its own: a client can
  // measure its skew from it (invoice reconciliation does).
  root.use('*', async (c, next) => {
    await next();
    c.header('Date', new Date(rt.ctx.clock.now().getTime() + rt.ctx.knobs().dateAheadMs).toUTCString());
  });
  // Date-driven events (payment.overdue, tax.deadline_approaching) of the days since the last request:
  // a write is inside the state's lock already (requestLog), a read takes it when there is something to write.
  root.use('*', async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      if (rt.tick().length > 0) rt.persist();
    } else {
      rt.refresh();
      await rt.catchUp();
    }
    await next();
  });
  root.use('*', rt.faults.middleware());
  root.use('*', resolveEnvironment);
  root.use('*', unlessSignedFile(authenticate(rt.store, rt.clock)));
  root.use('*', unlessSignedFile(environmentGuard));
  root.use('*', unlessSignedFile(rt.rateLimiter.middleware()));

  const api = new Hono<EmulatorEnv>();
  for (const resource of rt.resources) resource.register(api, rt.ctx);
  root.route('/', api);
  root.route(SANDBOX_PREFIX, api);
  return root;
}
