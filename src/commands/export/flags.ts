/** The flags of `fisco export`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { defineFlags } from '../../flags/spec.js';
import { DIR } from '../../completion/values.js';
import { t } from '../../i18n/message.js';

const FOLDER = 'is required: the folder to write the export in';

export const EXPORT_FLAGS = defineFlags({
  period: {
    flag: '--period <month>',
    kind: 'month',
    required: t`is required: the month to export, YYYY-MM`,
    description: 'the month to export, YYYY-MM (required)',
  },
  dir: {
    flag: '--dir <folder>',
    kind: 'string',
    required: FOLDER,
    empty: FOLDER,
    complete: DIR,
    description: 'where to write the company folders and index.html (required)',
  },
});
