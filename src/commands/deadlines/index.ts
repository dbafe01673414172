import { DEADLINE_STATUS_VALUES, DEADLINE_TYPE_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

/** The deadline filters, in list and export. */
export const DEADLINE_FILTER_FLAGS = defineFlags({
  type: { flag: '--type <type>', kind: 'enum', choices: DEADLINE_TYPE_VALUES, description: 'f24, lipe, iva, dichiarazione, inps or other' },
  status: { flag: '--status <status>', kind: 'enum', choices: DEADLINE_STATUS_VALUES, description: 'upcoming, due_today, overdue or done' },
  from: { flag: '--from <date>', kind: 'date', description: 'due on or after this date (YYYY-MM-DD or dd/mm/yyyy)' },
  to: { flag: '--to <date>', kind: 'date', description: 'due on or before this date (YYYY-MM-DD or dd/mm/yyyy)' },
  updatedSince: { flag: '--updated-since <instant>', kind: 'instant', description: 'only deadlines updated since (ISO-8601, or YYYY-MM-DD)' },
});

export const DEADLINES_LIST_FLAGS = defineFlags({ ...LIST_FLAGS, ...DEADLINE_FILTER_FLAGS });

export const DEADLINES_EXPORT_FLAGS = defineFlags({
  ...DEADLINE_FILTER_FLAGS,
  // The wording users saw before the table (zod's own), kept as it was.
  ics: {
    flag: '--ics <file>',
    kind: 'string',
    empty: 'Too small: expected string to have >=1 characters',
    description: 'the .ics file to write (- for stdout)',
  },
  remind: {
    flag: '--remind <days>',
    kind: 'string',
    description: 'a reminder N days before each deadline still to do, at 9:00 (default 3; 0: the day itself; off: none)',
  },
});

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
