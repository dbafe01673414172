import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

export function registerF24(program: Command): void {
  const f24 = program.command('f24').description('F24 tax payment forms: list, detail, PDF download');
  addListOptions(f24.command('list').description('list F24 forms (GET /v1/f24s)'))
    .option('--status <status>', 'draft, ready, paid, expired or cancelled')
    .option('--due-from <date>', 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--due-to <date>', 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--updated-since <instant>', 'only forms updated since (ISO-8601, or YYYY-MM-DD)')
    .addHelpText('after', examples(['fisco f24 list --status ready', 'fisco f24 list --due-from 2026-11-01 --due-to 2026-11-30 -o csv > f24-novembre.csv']))
    .action(lazy(() => import('./list.js')));
  markScope(f24.command('get'), 'companies')
    .description('show one F24 with whatever detail the service returns (GET /v1/f24s/{id})')
    .argument('<id>', 'F24 id (fisco f24 list)')
    .addHelpText('after', examples(['fisco f24 get f24_0012', 'fisco f24 get f24_0012 --query total_amount']))
    .action(lazy(() => import('./get.js')));
  markScope(f24.command('download'), 'companies')
    .description('save F24 PDFs as <period>_<due date>_<id>[_<status>].pdf; cancelled forms skipped unless --status names them')
    .argument('[id...]', 'F24 ids (or select them with --status / --due-from / --due-to)')
    .option('--dir <dir>', 'folder to save the PDFs in (created if missing)')
    .option('--status <list>', 'comma list of statuses to download: draft, ready, paid, expired, cancelled (e.g. ready,paid)')
    .option('--due-from <date>', 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--due-to <date>', 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--concurrency <n>', 'files downloaded at once, 1..16 (default: 4)')
    .addHelpText(
      'after',
      examples(
        ['fisco f24 download f24_0012 f24_0013 --dir ./f24', 'fisco f24 download --status ready,paid --due-from 2026-10-01 --due-to 2026-10-31 --dir ./f24'],
        [
          'Stdout gets one record per form (id, file, result); progress is shown on a terminal only.',
          'Selected by --status/--due-*, a cancelled form is left out unless --status names cancelled; a form neither',
          'paid nor ready carries its status in its file name (…_f24_0005_cancelled.pdf). Forms named by id are all saved.',
        ],
      ),
    )
    .action(lazy(() => import('./download.js')));
}
