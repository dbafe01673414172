/**
 * Production and sandbox share one listener: the sandbox is served under the `/sandbox` path
 * prefix, with its own companies, data and tokens.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Environment } from './store.js';
import type { EmulatorEnv } from './types.js';

export const SANDBOX_PREFIX = '/sandbox';

export function environmentOfPath(path: string): Environment {
  return path === SANDBOX_PREFIX || path.startsWith(`${SANDBOX_PREFIX}/`) ? 'sandbox' : 'production';
}

const origins = new WeakMap<Request, string>();

/** The base URL of an environment as the client addressed this listener (scheme, host, port). */
export function baseUrlFor(c: Context, environment: Environment): string {
  // A list page names a hundred URLs: the request's origin is parsed once per request.
  let origin = origins.get(c.req.raw);
  if (origin === undefined) origins.set(c.req.raw, (origin = new URL(c.req.url).origin));
  return environment === 'sandbox' ? `${origin}${SANDBOX_PREFIX}` : origin;
}

/** An absolute URL inside the request's environment, e.g. for `pdf_url` / `file_url`. */
export function publicUrl(c: Context<EmulatorEnv>, path: string): string {
  return `${baseUrlFor(c, c.get('environment'))}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Middleware: sets c.var.environment from the path prefix. */
export const resolveEnvironment: MiddlewareHandler<EmulatorEnv> = async (c, next) => {
  c.set('environment', environmentOfPath(c.req.path));
  await next();
};
