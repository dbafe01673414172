/** The flags of `fisco receipts`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

export const RECEIPTS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only uploads updated since (ISO-8601)' },
});
