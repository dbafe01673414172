import type { Command } from 'commander';
import { markList, markScope } from '../portfolio/scope.js';
import { addFlags, defineFlags, type FlagTable } from './flags.js';

/** --page, --per-page, --all, --limit: spread first into the table of every list command. */
export const LIST_FLAGS = defineFlags({
  page: {
    flag: '--page <n>',
    kind: 'int',
    min: 1,
    invalid: 'must be a whole number of 1 or more',
    range: 'must be 1 or more (page number)',
    description: 'page to show (from 1)',
  },
  perPage: {
    flag: '--per-page <n>',
    kind: 'int',
    min: 1,
    max: 100,
    invalid: 'must be a whole number from 1 to 100',
    range: 'must be from 1 to 100 (items per page, the service allows at most 100)',
    description: 'items per page (1..100)',
  },
  all: { flag: '--all', kind: 'boolean', description: 'follow every page (streams)' },
  limit: {
    flag: '--limit <n>',
    kind: 'int',
    min: 1,
    invalid: 'must be a whole number of 1 or more',
    range: 'must be 1 or more (items)',
    description: 'stop after N items (per company with --all-accounts or --accounts)',
  },
});

/** A list command: its table (LIST_FLAGS spread in), and it reads per company (`--all-accounts`). */
export function addListFlags(command: Command, table: FlagTable): Command {
  return addFlags(markScope(markList(command), 'companies'), table);
}
