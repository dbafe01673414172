/**
 * GET /v1/accounts (page, per_page, updated_since; firm tokens may narrow with account_id)
 * GET /v1/accounts/{id} (404 not_found for a company the token does not manage)
 * Ability: accounts:read.
 */
import { requireAbility } from '../auth.js';
import { notFound } from '../errors.js';
import { paginate } from '../pagination.js';
import { queryInstant } from '../query.js';
import type { Account } from '../store.js';
import { resolveAccount, tokenAccounts } from '../tenancy.js';
import type { EmulatorResource } from '../types.js';

/** The API's Account shape (internal fields left out). */
export function accountJson(a: Account): Record<string, unknown> {
  return { id: a.id, name: a.name, vat_number: a.vat_number, fiscal_code: a.fiscal_code, status: a.status };
}

export const resource: EmulatorResource = {
  name: 'accounts',
  register(app) {
    app.get('/v1/accounts', requireAbility('accounts:read'), (c) => {
      const scope = resolveAccount(c, { requireSingle: false });
      const since = queryInstant(c, 'updated_since');
      const items = scope.accounts.filter((a) => since === undefined || Date.parse(a.updatedAt) >= since.getTime());
      const page = paginate(items, c);
      return c.json({ data: page.data.map(accountJson), meta: page.meta });
    });

    app.get('/v1/accounts/:id', requireAbility('accounts:read'), (c) => {
      const id = c.req.param('id');
      const account = tokenAccounts(c.var.store, c.var.token).find((a) => a.id === id);
      if (!account) throw notFound(`Account ${id} not found`);
      return c.json({ data: accountJson(account) });
    });
  },
};
