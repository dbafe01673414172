/**
 * GET /v1/me — the credential's facts. Needs a valid token, no ability.
 * For a firm token `company` is the firm itself and `accounts_count` the companies it manages.
 * webhooks_supported is always true; webhooks_ready says whether this token can manage
 * subscriptions right away: a single-company token with webhooks:manage (a firm token must
 * name a company with account_id, so it is not "ready").
 */
import { hasAbility } from '../auth.js';
import { tokenAccounts } from '../tenancy.js';
import type { EmulatorResource } from '../types.js';

export const resource: EmulatorResource = {
  name: 'me',
  register(app) {
    app.get('/v1/me', (c) => {
      const { token, store } = c.var;
      const accounts = tokenAccounts(store, token);
      const firm = token.firmId === null ? undefined : store.firms.find((f) => f.id === token.firmId);
      const subject = firm ?? accounts[0];
      return c.json({
        data: {
          token_type: token.kind,
          company: subject ? { id: subject.id, name: subject.name, vat_number: subject.vat_number } : null,
          accounts_count: accounts.length,
          abilities: token.abilities,
          full_access: token.fullAccess,
          webhooks_supported: true,
          webhooks_ready: token.kind === 'company' && hasAbility(token, 'webhooks:manage'),
        },
      });
    });
  },
};
