import { F24_STATUS_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags, NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

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
  dir: { flag: '--dir <dir>', kind: 'string', required: FOLDER, empty: FOLDER, description: 'folder to save the PDFs in (created if missing)' },
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
    invalid: 'must be a whole number from 1 to 16',
    range: 'must be from 1 to 16 (files downloaded at once)',
    description: 'files downloaded at once, 1..16 (default: 4)',
  },
});

export const F24 = defineNoun({
  name: 'f24',
  description: 'F24 tax payment forms: list, detail, PDF download',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list F24 forms (GET /v1/f24s)',
      flags: F24_LIST_FLAGS,
      scope: 'companies',
      offline: true,
      examples: ['fisco f24 list --status ready', 'fisco f24 list --due-from 2026-11-01 --due-to 2026-11-30 -o csv > f24-novembre.csv'],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'get',
      description: 'show one F24 with whatever detail the service returns (GET /v1/f24s/{id})',
      args: [{ name: '<id>', description: 'F24 id (fisco f24 list)' }],
      flags: NO_FLAGS,
      // With --all-accounts: asked of every company (the others answer 404).
      scope: 'companies',
      offline: true,
      examples: ['fisco f24 get f24_0012', 'fisco f24 get f24_0012 --query total_amount'],
      load: () => import('./get.js'),
    }),
    defineVerb({
      name: 'download',
      description: 'save F24 PDFs as <period>_<due date>_<id>[_<status>].pdf; cancelled forms skipped unless --status names them',
      args: [{ name: '[id...]', description: 'F24 ids (or select them with --status / --due-from / --due-to)' }],
      flags: F24_DOWNLOAD_FLAGS,
      // Each company's forms into the same folder (their ids differ).
      scope: 'companies',
      notes: [
        'Stdout gets one record per form (id, file, result); progress is shown on a terminal only.',
        'Selected by --status/--due-*, a cancelled form is left out unless --status names cancelled; a form neither',
        'paid nor ready carries its status in its file name (…_f24_0005_cancelled.pdf). Forms named by id are all saved.',
      ],
      examples: [
        'fisco f24 download f24_0012 f24_0013 --dir ./f24',
        'fisco f24 download --status ready,paid --due-from 2026-10-01 --due-to 2026-10-31 --dir ./f24',
      ],
      load: () => import('./download.js'),
    }),
  ],
});
