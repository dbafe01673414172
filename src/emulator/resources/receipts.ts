/**
 * GET /v1/receipts-uploads — the service does not manage telematic receipts (corrispettivi):
 * always an empty list with meta.supported false and a note. Not an error.
 * Ability: receipts:read. Query: account_id, updated_since (validated), page, per_page.
 */
import { requireAbility } from '../auth.js';
import { paginate } from '../pagination.js';
import { queryInstant } from '../query.js';
import { resolveAccount } from '../tenancy.js';
import type { EmulatorResource } from '../types.js';

export const RECEIPTS_NOTE =
  'Telematic receipts (corrispettivi) are not managed by this service; this endpoint exists for contract completeness and always returns an empty list.';

export const resource: EmulatorResource = {
  name: 'receipts',
  register(app) {
    app.get('/v1/receipts-uploads', requireAbility('receipts:read'), (c) => {
      resolveAccount(c, { requireSingle: false });
      queryInstant(c, 'updated_since');
      const page = paginate([], c);
      return c.json({ data: page.data, meta: { ...page.meta, supported: false, note: RECEIPTS_NOTE } });
    });
  },
};
