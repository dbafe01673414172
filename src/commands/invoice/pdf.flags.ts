/** `fisco invoice pdf NUMBER|UUID… [--dir DIR]`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';
import { ISSUED_FLAGS } from './get.flags.js';

export const PDF_FLAGS = defineFlags({
  dir: {
    flag: '--dir <dir>',
    kind: 'string',
    default: '.',
    empty: 'must name a folder (omit --dir for the current folder)',
    description: 'folder to save the PDFs in (created if missing; default: the current folder)',
  },
  year: { flag: '--year <yyyy>', kind: 'string', description: 'the year of issue, when a number repeats across years' },
  ...ISSUED_FLAGS,
  concurrency: { flag: '--concurrency <n>', kind: 'int', description: 'files downloaded at once, 1..16 (default: 4)' },
});
