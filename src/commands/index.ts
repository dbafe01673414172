import type { Command } from 'commander';
import { registerAuth } from './auth/index.js';
import { registerWhoami } from './whoami/index.js';
import { registerAccounts } from './accounts/index.js';
import { registerClients } from './clients/index.js';
import { registerInvoice } from './invoice/index.js';
import { registerBank } from './bank/index.js';
import { registerCostCenters } from './cost-centers/index.js';
import { registerExpenses } from './expenses/index.js';
import { registerF24 } from './f24/index.js';
import { registerDeadlines } from './deadlines/index.js';
import { registerReceipts } from './receipts/index.js';
import { registerEvents } from './events/index.js';
import { registerHooks } from './hooks/index.js';
import { registerApi } from './api/index.js';
import { registerOverview } from './overview/index.js';
import { registerExport } from './export/index.js';
import { registerSync } from './sync/index.js';
import { registerSearch } from './search/index.js';
import { registerCompletion } from './completion/index.js';
import { registerEmulator } from './emulator/index.js';

/** Every noun of the command map, in the order `fisco --help` lists them; each folder declares its verbs and loads them lazily. */
export function registerCommands(program: Command): void {
  registerAuth(program);
  registerWhoami(program);
  registerAccounts(program);
  registerClients(program);
  registerInvoice(program);
  registerBank(program);
  registerCostCenters(program);
  registerExpenses(program);
  registerF24(program);
  registerDeadlines(program);
  registerReceipts(program);
  registerEvents(program);
  registerHooks(program);
  registerOverview(program);
  registerExport(program);
  registerSync(program);
  registerSearch(program);
  registerApi(program);
  registerCompletion(program);
  registerEmulator(program);
}
