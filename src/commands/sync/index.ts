import { defineVerb } from '../verb.js';
import { SYNC_FLAGS } from './flags.js';

const HELP = `
Keeps a local mirror of the companies (every company of a firm token unless --accounts /
--account say which) in one SQLite file per profile and environment, in fisco's data folder:
invoices both ways, clients, cost centers, F24 forms (with their detail), tax deadlines and 24
months of expenses with their summaries. Then any read answers with --offline, sending nothing.
Incremental: only what changed since the last sync (updated_since, from the service's clock);
clients and cost centers are read whole, and expenses from the month before the last sync's;
the open invoices too, until a payment is seen moving updated_since (then once a day). --full
reads everything again and removes what the service no longer lists; a listing short of its
meta.total removes nothing and fails its company. Each company is one transaction: an
interrupted sync leaves it as it was, the next one completes it. A summary line per company on
stderr, a record per company on stdout; exit 11 when some companies failed.`;

export const SYNC = defineVerb({
  name: 'sync',
  description: 'mirror the companies locally (node:sqlite); every read then works with --offline',
  flags: SYNC_FLAGS,
  // It takes the companies itself; offline it answers --status only (checked by the verb).
  scope: 'firm',
  offline: true,
  help: HELP,
  examples: ['fisco sync', 'fisco sync --status', 'fisco --offline invoice list --payment-status overdue', 'fisco sync --full -o json > sync-result.json'],
  load: () => import('./sync.js'),
});
