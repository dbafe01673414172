/** `fisco sync`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../flags.js';

export const SYNC_FLAGS = defineFlags({
  full: { flag: '--full', kind: 'boolean', description: 'read everything again and remove what the service no longer lists (the only way deletions are seen)' },
  status: {
    flag: '--status',
    kind: 'boolean',
    description: 'show what the mirror holds, per company: last sync, last full sync, records per resource, file size (no request)',
  },
});
