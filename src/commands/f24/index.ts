import { NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';
import { F24_LIST_FLAGS, F24_DOWNLOAD_FLAGS } from './flags.js';

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
