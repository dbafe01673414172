/**
 * The flags every journaled command takes (invoice batch, bank apply, invoice create, and the
 * dunning letters), declared once (data only): spread `...JOURNAL_FLAGS` into a verb's table.
 */
import { defineFlags } from './flags.js';

export const JOURNAL_FLAGS = defineFlags({
  wait: {
    flag: '--wait',
    kind: 'boolean',
    description:
      'when a request of an interrupted run may still reach the service, wait until its deadline has passed, look again, then send (default: exit 9)',
  },
  rebuildFromService: {
    flag: '--rebuild-from-service',
    kind: 'boolean',
    description: 'rebuild a damaged journal from its verified lines and a lookup on the service (never sends anything twice)',
  },
});
