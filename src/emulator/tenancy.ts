/**
 * Which company (account) a request acts on.
 *
 * Convention: a firm token names the company with the `account_id` QUERY parameter, on every
 * kind of request (GET, POST, DELETE). Request bodies are never consulted.
 *
 * - A single-company token always acts on its company. `account_id` may repeat that company's
 *   id; naming any other company answers 404 not_found (the same answer as a company that does
 *   not exist, so a token cannot probe which ids exist elsewhere).
 * - A firm token: reads without `account_id` cover all its companies; operations that need ONE
 *   company (`requireSingle`: writes under /fatture/* and /clients/store/*, every webhook route
 *   including GET /v1/hooks) without `account_id` answer 422 ambiguous_account listing them.
 *   A firm managing exactly one company is not ambiguous. An `account_id` it does not manage → 404.
 */
import type { Context } from 'hono';
import { hasAbility } from './auth.js';
import { ApiError, notFound, type ErrorShape } from './errors.js';
import type { Account, Store, TokenRecord } from './store.js';
import type { EmulatorEnv } from './types.js';

export interface AccountScope {
  /** The one company named or implied; null when a firm token reads across all its companies. */
  account: Account | null;
  /** Every company the request covers (one, or all of a firm token's companies). */
  accounts: Account[];
  /** Ids of `accounts`, for filtering collections. */
  accountIds: Set<string>;
}

export interface SingleAccountScope extends AccountScope {
  account: Account;
}

export interface ResolveOptions {
  requireSingle: boolean;
  /** Error body shape for this route (default v1). */
  shape?: ErrorShape;
}

/** The companies a token manages, in the token's order. */
export function tokenAccounts(store: Store, token: TokenRecord): Account[] {
  return token.accountIds
    .map((id) => store.accounts.find((a) => a.id === id))
    .filter((a): a is Account => a !== undefined && a.environment === token.environment);
}

function scopeOf(accounts: Account[], account: Account | null): AccountScope {
  return { account, accounts, accountIds: new Set(accounts.map((a) => a.id)) };
}

/** The pure core of resolveAccount: token + the account_id parameter (or undefined). */
export function resolveScope(store: Store, token: TokenRecord, accountId: string | undefined, options: ResolveOptions): AccountScope {
  const managed = tokenAccounts(store, token);
  if (accountId !== undefined && accountId !== '') {
    const account = managed.find((a) => a.id === accountId);
    if (!account) throw notFound(`Account ${accountId} not found among the companies of this token`, options.shape);
    return scopeOf([account], account);
  }
  if (managed.length === 1) return scopeOf(managed, managed[0] as Account);
  if (options.requireSingle || managed.length === 0) {
    const list = managed.map((a) => `${a.id} (${a.name})`).join(', ');
    throw new ApiError(
      422,
      'ambiguous_account',
      `This token manages ${managed.length} companies; say which with account_id: ${list}`,
      { accounts: managed.map((a) => ({ id: a.id, name: a.name })) },
      options.shape,
    );
  }
  return scopeOf(managed, null);
}

export function resolveAccount(c: Context<EmulatorEnv>, options: ResolveOptions & { requireSingle: true }): SingleAccountScope;
export function resolveAccount(c: Context<EmulatorEnv>, options: ResolveOptions): AccountScope;
export function resolveAccount(c: Context<EmulatorEnv>, options: ResolveOptions): AccountScope {
  const scope = resolveScope(c.var.store, c.var.token, c.req.query('account_id'), options);
  const ability = c.var.ability;
  if (scope.account !== null || ability === undefined || !c.var.token.deniedOn) return scope;
  // A read across a firm's companies leaves out those on which the route's ability is denied.
  return scopeOf(
    scope.accounts.filter((a) => hasAbility(c.var.token, ability, a.id)),
    null,
  );
}

/** Keeps only the records of the companies in scope. */
export function inScope<T extends { accountId: string }>(items: readonly T[], scope: AccountScope): T[] {
  return items.filter((item) => scope.accountIds.has(item.accountId));
}
