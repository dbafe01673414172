import type { Command } from 'commander';
import { register } from './register.js';
import type { CommandRecord } from './verb.js';
import { registerAuth } from './auth/index.js';
import { WHOAMI } from './whoami/index.js';
import { ACCOUNTS } from './accounts/index.js';
import { CLIENTS } from './clients/index.js';
import { registerInvoice } from './invoice/index.js';
import { registerBank } from './bank/index.js';
import { COST_CENTERS } from './cost-centers/index.js';
import { EXPENSES } from './expenses/index.js';
import { F24 } from './f24/index.js';
import { DEADLINES } from './deadlines/index.js';
import { RECEIPTS } from './receipts/index.js';
import { EVENTS } from './events/index.js';
import { registerHooks } from './hooks/index.js';
import { registerApi } from './api/index.js';
import { registerOverview } from './overview/index.js';
import { registerExport } from './export/index.js';
import { registerReceivables } from './receivables/index.js';
import { registerDunning } from './dunning/index.js';
import { registerCash } from './cash/index.js';
import { registerSync } from './sync/index.js';
import { registerSearch } from './search/index.js';
import { registerCompletion } from './completion/index.js';
import { registerEmulator } from './emulator/index.js';

/** Every noun and verb of the command map, in the order `fisco --help` lists them; each folder declares its records and loads its verbs lazily. */
const COMMANDS: (CommandRecord | ((program: Command) => void))[] = [
  registerAuth,
  WHOAMI,
  ACCOUNTS,
  CLIENTS,
  registerInvoice,
  registerBank,
  COST_CENTERS,
  EXPENSES,
  F24,
  DEADLINES,
  RECEIPTS,
  EVENTS,
  registerHooks,
  registerOverview,
  registerExport,
  registerReceivables,
  registerDunning,
  registerCash,
  registerSync,
  registerSearch,
  registerApi,
  registerCompletion,
  registerEmulator,
];

export function registerCommands(program: Command): void {
  for (const entry of COMMANDS) {
    if (typeof entry === 'function') entry(program);
    else register(program, entry);
  }
}
