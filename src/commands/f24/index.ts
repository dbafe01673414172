import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { addFlags } from '../../flags/commander.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { F24_DOWNLOAD_FLAGS } from './download.flags.js';
import { F24_LIST_FLAGS } from './list.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

export function registerF24(program: Command): void {
  const f24 = program.command('f24').description('F24 tax payment forms: list, detail, PDF download');
  addListFlags(f24.command('list').description('list F24 forms (GET /v1/f24s)'), F24_LIST_FLAGS)
    .addHelpText('after', examples(['fisco f24 list --status ready', 'fisco f24 list --due-from 2026-11-01 --due-to 2026-11-30 -o csv > f24-novembre.csv']))
    .action(lazy(() => import('./list.js')));
  addFlags(markScope(f24.command('get'), 'companies'), NO_FLAGS)
    .description('show one F24 with whatever detail the service returns (GET /v1/f24s/{id})')
    .argument('<id>', 'F24 id (fisco f24 list)')
    .addHelpText('after', examples(['fisco f24 get f24_0012', 'fisco f24 get f24_0012 --query total_amount']))
    .action(lazy(() => import('./get.js')));
  addFlags(
    markScope(f24.command('download'), 'companies')
      .description('save F24 PDFs as <period>_<due date>_<id>[_<status>].pdf; cancelled forms skipped unless --status names them')
      .argument('[id...]', 'F24 ids (or select them with --status / --due-from / --due-to)'),
    F24_DOWNLOAD_FLAGS,
  )
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
