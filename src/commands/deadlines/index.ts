import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

function addFilters(command: Command): Command {
  return command
    .option('--type <type>', 'f24, lipe, iva, dichiarazione, inps or other')
    .option('--status <status>', 'upcoming, due_today, overdue or done')
    .option('--from <date>', 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--to <date>', 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)')
    .option('--updated-since <instant>', 'only deadlines updated since (ISO-8601, or YYYY-MM-DD)');
}

export function registerDeadlines(program: Command): void {
  const deadlines = program.command('deadlines').description('the tax-deadline calendar (GET /v1/tax-deadlines)');
  addFilters(addListOptions(deadlines.command('list').description('list tax deadlines; overdue and due today stand out')))
    .addHelpText('after', examples(['fisco deadlines list --status overdue', 'fisco deadlines list --type f24 --from 2026-01-01 --to 2026-12-31 -o csv']))
    .action(lazy(() => import('./list.js')));
  addFilters(markScope(deadlines.command('export'), 'portfolio').description('write the deadlines as an iCalendar file, one all-day event each'))
    .option('--ics <file>', 'the .ics file to write (- for stdout)')
    .addHelpText(
      'after',
      examples(
        [
          'fisco deadlines export --ics scadenze.ics',
          'fisco deadlines export --from 2026-01-01 --to 2026-12-31 --status upcoming --ics 2026.ics',
          'fisco deadlines export --type f24 --ics - > f24.ics',
        ],
        ['Every event has the UID <deadline id>@fisco: importing a newer export updates the events instead of duplicating them.'],
      ),
    )
    .action(lazy(() => import('./export.js')));
}
