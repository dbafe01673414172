import { defineNoun, defineVerb } from '../verb.js';
import { DEADLINES_LIST_FLAGS, DEADLINES_EXPORT_FLAGS } from './flags.js';

export const DEADLINES = defineNoun({
  name: 'deadlines',
  description: 'the tax-deadline calendar (GET /v1/tax-deadlines)',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list tax deadlines; overdue and due today stand out',
      flags: DEADLINES_LIST_FLAGS,
      scope: 'companies',
      offline: true,
      examples: ['fisco deadlines list --status overdue', 'fisco deadlines list --type f24 --from 2026-01-01 --to 2026-12-31 -o csv'],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'export',
      description: 'write the deadlines as an iCalendar file, one all-day event each',
      flags: DEADLINES_EXPORT_FLAGS,
      // With --all-accounts: one calendar of every company's deadlines, each titled with its company.
      scope: 'firm',
      offline: true,
      notes: [
        'Every event has the UID <deadline id>@fisco: importing a newer export updates the events instead of duplicating them.',
        'Descriptions are in Italian; each deadline still to do has a reminder 3 days before at 9:00 (--remind).',
      ],
      examples: [
        'fisco deadlines export --ics scadenze.ics',
        'fisco deadlines export --from 2026-01-01 --to 2026-12-31 --status upcoming --ics 2026.ics',
        'fisco deadlines export --type f24 --ics - > f24.ics',
        'fisco deadlines export --remind 7 --ics scadenze.ics            # a week ahead; --remind off for none',
      ],
      load: () => import('./export.js'),
    }),
  ],
});
