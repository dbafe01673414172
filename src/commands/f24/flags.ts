/** The flags of `fisco f24`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { F24_STATUS_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { DIR } from '../../completion/values.js';
import { t } from '../../i18n/message.js';

/** --due-from / --due-to, in f24 list and f24 download. */
export const DUE_FLAGS = defineFlags({
  dueFrom: { flag: '--due-from <date>', kind: 'date', description: 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  dueTo: { flag: '--due-to <date>', kind: 'date', description: 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
});

export const F24_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  status: { flag: '--status <status>', kind: 'enum', choices: F24_STATUS_VALUES, description: 'draft, ready, paid, expired or cancelled' },
  ...DUE_FLAGS,
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only forms updated since (ISO-8601, or YYYY-MM-DD)' },
});

const FOLDER = 'is required: the folder to save the PDFs in';

export const F24_DOWNLOAD_FLAGS = defineFlags({
  dir: { flag: '--dir <dir>', kind: 'string', required: FOLDER, empty: FOLDER, complete: DIR, description: 'folder to save the PDFs in (created if missing)' },
  status: {
    flag: '--status <list>',
    kind: 'enumList',
    choices: F24_STATUS_VALUES,
    description: 'comma list of statuses to download: draft, ready, paid, expired, cancelled (e.g. ready,paid)',
  },
  ...DUE_FLAGS,
  concurrency: {
    flag: '--concurrency <n>',
    kind: 'int',
    min: 1,
    max: 16,
    invalid: t`must be a whole number from 1 to 16`,
    range: t`must be from 1 to 16 (files downloaded at once)`,
    description: 'files downloaded at once, 1..16 (default: 4)',
  },
});
