/** The flags of `fisco sync`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { defineFlags } from '../../flags/spec.js';

export const SYNC_FLAGS = defineFlags({
  full: { flag: '--full', kind: 'boolean', description: 'read everything again and remove what the service no longer lists (the only way deletions are seen)' },
  status: {
    flag: '--status',
    kind: 'boolean',
    description: 'show what the mirror holds, per company: last sync, last full sync, records per resource, file size (no request)',
  },
});
