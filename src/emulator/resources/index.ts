/**
 * The emulator's resource modules, in registration (and seeding) order.
 * Adding a resource: write resources/<name>.ts exporting `resource: EmulatorResource`, import it
 * here and add it to the list below.
 */
import type { EmulatorResource } from '../types.js';
import { resource as accounts } from './accounts.js';
import { resource as clients } from './clients.js';
import { resource as costCenters } from './cost-centers.js';
import { resource as deadlines } from './deadlines.js';
import { resource as events } from './events.js';
import { resource as expenses } from './expenses.js';
import { resource as f24 } from './f24.js';
import { resource as hooks } from './hooks.js';
import { resource as invoices } from './invoices.js';
import { resource as me } from './me.js';
import { resource as receipts } from './receipts.js';

export const resources: EmulatorResource[] = [me, accounts, receipts, clients, invoices, costCenters, expenses, f24, deadlines, events, hooks];
