/** `fisco invoice pdf NUMBER|UUID… --dir DIR`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../flags.js';

export const PDF_FLAGS = defineFlags({
  dir: { flag: '--dir <dir>', kind: 'string', required: true, description: 'folder to save the PDFs in (created if missing)' },
  year: { flag: '--year <yyyy>', kind: 'string', description: 'the year of issue, when a number repeats across years' },
  issuedFrom: { flag: '--issued-from <date>', kind: 'date', description: 'issued on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  issuedTo: { flag: '--issued-to <date>', kind: 'date', description: 'issued on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
  concurrency: { flag: '--concurrency <n>', kind: 'int', description: 'files downloaded at once, 1..16 (default: 4)' },
});
