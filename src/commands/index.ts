import type { Command } from 'commander';
import { registerAuth } from './auth/index.js';
import { registerWhoami } from './whoami/index.js';
import { registerAccounts } from './accounts/index.js';
import { registerReceipts } from './receipts/index.js';
import { registerApi } from './api/index.js';
import { registerCompletion } from './completion/index.js';
import { registerEmulator } from './emulator/index.js';
import { registerInvoice } from './invoice/index.js';
import { registerEvents } from './events/index.js';
import { registerHooks } from './hooks/index.js';

/** Every noun of the command map; each folder declares its verbs and loads them lazily. */
export function registerCommands(program: Command): void {
  registerAuth(program);
  registerWhoami(program);
  registerAccounts(program);
  registerReceipts(program);
  registerApi(program);
  registerCompletion(program);
  registerEmulator(program);
  registerInvoice(program);
  registerEvents(program);
  registerHooks(program);
}
