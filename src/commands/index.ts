import type { Command } from 'commander';
import { register, registerPath } from './register.js';
import { GLOBAL_FLAGS } from '../flags/global.js';
import type { CommandRecord } from './verb.js';
import { AUTH } from './auth/index.js';
import { WHOAMI } from './whoami/index.js';
import { ACCOUNTS } from './accounts/index.js';
import { CLIENTS } from './clients/index.js';
import { INVOICE } from './invoice/index.js';
import { SDI } from './sdi/index.js';
import { BANK } from './bank/index.js';
import { COST_CENTERS } from './cost-centers/index.js';
import { EXPENSES } from './expenses/index.js';
import { F24 } from './f24/index.js';
import { DEADLINES } from './deadlines/index.js';
import { RECEIPTS } from './receipts/index.js';
import { EVENTS } from './events/index.js';
import { HOOKS } from './hooks/index.js';
import { API } from './api/index.js';
import { OVERVIEW } from './overview/index.js';
import { EXPORT } from './export/index.js';
import { RECEIVABLES } from './receivables/index.js';
import { DUNNING } from './dunning/index.js';
import { CASH } from './cash/index.js';
import { SYNC } from './sync/index.js';
import { SEARCH } from './search/index.js';
import { COMPLETION } from './completion/index.js';
import { EMULATOR } from './emulator/index.js';
import { MCP } from './mcp/index.js';

/** Every noun and verb of the command map, in the order `fisco --help` lists them; each folder declares its records and loads its verbs lazily. */
export const COMMANDS: readonly CommandRecord[] = [
  AUTH,
  WHOAMI,
  ACCOUNTS,
  CLIENTS,
  INVOICE,
  SDI,
  BANK,
  COST_CENTERS,
  EXPENSES,
  F24,
  DEADLINES,
  RECEIPTS,
  EVENTS,
  HOOKS,
  OVERVIEW,
  EXPORT,
  RECEIVABLES,
  DUNNING,
  CASH,
  SYNC,
  SEARCH,
  MCP,
  API,
  COMPLETION,
  EMULATOR,
];

/** The command tree of the program, from the records. */
export function registerCommands(program: Command, path?: readonly CommandRecord[]): void {
  if (path) registerPath(program, path);
  else for (const record of COMMANDS) register(program, record);
}

/** The global flags that take a value (`--account ID`, `-o json`), by every name they answer to. */
const VALUED_GLOBALS = new Set(
  Object.values(GLOBAL_FLAGS)
    .filter((spec) => spec.kind !== 'boolean')
    .flatMap((spec) => spec.flag.split(/[ ,]+/).filter((part) => part.startsWith('-'))),
);
const BARE_GLOBALS = new Set(
  Object.values(GLOBAL_FLAGS)
    .filter((spec) => spec.kind === 'boolean')
    .flatMap((spec) => spec.flag.split(/[ ,]+/).filter((part) => part.startsWith('-'))),
);

/**
 * The records of the command a run names — `fisco [global flags] NOUN VERB …` or `fisco [global
 * flags] VERB …` — so that only that path of the tree is built (building all of it is milliseconds
 * of every run's start). Undefined, for the whole tree, whenever the words may need more: help
 * asked anywhere, a word before the command that is not a global flag, a command fisco does not
 * know (commander then suggests the nearest), a flag between the noun and its verb.
 */
export function commandPath(args: readonly string[]): CommandRecord[] | undefined {
  if (args.some((arg) => arg === 'help' || arg === '--help' || arg === '-h')) return undefined;
  let at = 0;
  while (at < args.length && args[at]!.startsWith('-')) {
    const arg = args[at]!;
    const name = arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (VALUED_GLOBALS.has(name)) at += name === arg ? 2 : 1;
    else if (BARE_GLOBALS.has(arg)) at += 1;
    else return undefined;
  }
  const first = COMMANDS.find((record) => record.name === args[at]);
  if (!first) return undefined;
  if (first.kind !== 'noun') return [first];
  const verb = first.verbs.find((record) => record.name === args[at + 1]);
  return verb ? [first, verb] : undefined;
}
