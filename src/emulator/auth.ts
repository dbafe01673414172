/**
 * Authentication and authorisation middleware:
 * - authenticate: `Authorization: Bearer <token>`; missing, unknown or expired → 401 unauthorized;
 * - environmentGuard: a token of the other environment → 403 wrong_environment naming the right host;
 * - requireAbility(a): per route; a limited token without `a` → 403 forbidden.
 * Full-access tokens pass every ability check.
 */
import type { MiddlewareHandler } from 'hono';
import { baseUrlFor } from './environments.js';
import { ApiError } from './errors.js';
import type { Ability, Store, TokenRecord } from './store.js';
import type { Clock } from './time.js';
import type { EmulatorEnv } from './types.js';

const BEARER_RE = /^Bearer\s+(\S+)\s*$/i;

/** The token string of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const m = header === undefined ? null : BEARER_RE.exec(header);
  return m ? (m[1] as string) : null;
}

export function findToken(store: Store, token: string | null): TokenRecord | undefined {
  return token === null ? undefined : store.tokens.find((t) => t.token === token);
}

const unauthorized = (message: string): ApiError => new ApiError(401, 'unauthorized', message, {}, 'v1', { 'WWW-Authenticate': 'Bearer' });

export function authenticate(store: Store, clock: Clock): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined) throw unauthorized('Missing credentials: send the header Authorization: Bearer <API_TOKEN>');
    const record = findToken(store, bearerToken(header));
    if (!record) throw unauthorized('Invalid token');
    if (record.expiresAt !== null && Date.parse(record.expiresAt) <= clock.now().getTime()) {
      throw unauthorized(`This token expired on ${record.expiresAt}`);
    }
    c.set('token', record);
    await next();
  };
}

export const environmentGuard: MiddlewareHandler<EmulatorEnv> = async (c, next) => {
  const token = c.var.token;
  if (token.environment !== c.var.environment) {
    const host = baseUrlFor(c, token.environment);
    throw new ApiError(403, 'wrong_environment', `This token belongs to the ${token.environment} environment; use ${host}`, {
      host,
    });
  }
  await next();
};

/** Whether `token` holds `ability` (on `accountId`, when given: a firm token may lack it on some companies). */
export function hasAbility(token: TokenRecord, ability: Ability, accountId?: string): boolean {
  if (accountId !== undefined && token.deniedOn?.[accountId]?.includes(ability)) return false;
  return token.fullAccess || token.abilities.includes(ability);
}

/**
 * Route middleware: `app.get('/v1/invoices', requireAbility('invoices:read'), handler)`.
 * A company named with `account_id` on which the token lacks the ability → 403 as well; the
 * ability is remembered (c.var.ability) so a read across a firm's companies leaves such
 * companies out (tenancy.ts).
 */
export function requireAbility(ability: Ability): MiddlewareHandler<EmulatorEnv> {
  return async (c, next) => {
    if (!hasAbility(c.var.token, ability)) {
      throw new ApiError(403, 'forbidden', `This token lacks the ability '${ability}'`, { ability });
    }
    const accountId = c.req.query('account_id');
    if (accountId && !hasAbility(c.var.token, ability, accountId)) {
      throw new ApiError(403, 'forbidden', `This token lacks the ability '${ability}' on company ${accountId}`, { ability, account_id: accountId });
    }
    c.set('ability', ability);
    await next();
  };
}
