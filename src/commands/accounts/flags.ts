/** The flags of `fisco accounts`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

export const ACCOUNTS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only companies updated since (ISO-8601, or YYYY-MM-DD)' },
});
