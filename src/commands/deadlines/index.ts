import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { addFlags } from '../../flags/commander.js';
import { DEADLINES_EXPORT_FLAGS } from './export.flags.js';
import { DEADLINES_LIST_FLAGS } from './list.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

export function registerDeadlines(program: Command): void {
  const deadlines = program.command('deadlines').description('the tax-deadline calendar (GET /v1/tax-deadlines)');
  addListFlags(deadlines.command('list').description('list tax deadlines; overdue and due today stand out'), DEADLINES_LIST_FLAGS)
    .addHelpText('after', examples(['fisco deadlines list --status overdue', 'fisco deadlines list --type f24 --from 2026-01-01 --to 2026-12-31 -o csv']))
    .action(lazy(() => import('./list.js')));
  addFlags(
    markScope(deadlines.command('export'), 'portfolio').description('write the deadlines as an iCalendar file, one all-day event each'),
    DEADLINES_EXPORT_FLAGS,
  )
    .addHelpText(
      'after',
      examples(
        [
          'fisco deadlines export --ics scadenze.ics',
          'fisco deadlines export --from 2026-01-01 --to 2026-12-31 --status upcoming --ics 2026.ics',
          'fisco deadlines export --type f24 --ics - > f24.ics',
          'fisco deadlines export --remind 7 --ics scadenze.ics            # a week ahead; --remind off for none',
        ],
        [
          'Every event has the UID <deadline id>@fisco: importing a newer export updates the events instead of duplicating them.',
          'Descriptions are in Italian; each deadline still to do has a reminder 3 days before at 9:00 (--remind).',
        ],
      ),
    )
    .action(lazy(() => import('./export.js')));
}
