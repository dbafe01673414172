import type { Command } from 'commander';
import { markList, markScope } from '../portfolio/scope.js';
import { addFlags } from '../flags/commander.js';
import type { FlagTable } from '../flags/spec.js';

/** A list command: its table (LIST_FLAGS spread in), and it reads per company (`--all-accounts`). */
export function addListFlags(command: Command, table: FlagTable): Command {
  return addFlags(markScope(markList(command), 'companies'), table);
}
