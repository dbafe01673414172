import { Option, type Command } from 'commander';
import { markList, markScope } from '../portfolio/scope.js';

/** --page, --per-page, --all, --limit on every list command; a list reads per company (`--all-accounts`). */
export function addListOptions(command: Command): Command {
  return markScope(markList(command), 'companies')
    .addOption(new Option('--page <n>', 'page to show (from 1)'))
    .addOption(new Option('--per-page <n>', 'items per page (1..100)'))
    .option('--all', 'follow every page (streams)')
    .addOption(new Option('--limit <n>', 'stop after N items'));
}

/** Commander's value parser for a repeatable flag (`--item a --item b` → ['a', 'b']). */
export const repeatable = (value: string, previous: string[] = []): string[] => [...previous, value];
