/** `fisco f24 download [ID…]`: data only (read at registration, see src/commands/flags.ts). */
import { F24_STATUS_VALUES } from '../../completion/values.js';
import { defineFlags } from '../../flags/spec.js';
import { DUE_FLAGS } from './list.flags.js';

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
