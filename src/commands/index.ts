import type { Command } from 'commander';
import { register } from './register.js';
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
export function registerCommands(program: Command): void {
  for (const record of COMMANDS) register(program, record);
}
