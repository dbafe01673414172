/**
 * The emulator's resource modules, in registration (and seeding) order.
 * Adding a resource: write resources/<name>.ts exporting `resource: EmulatorResource`, and add
 * ONE line to the list below.
 */
import type { EmulatorResource } from '../types.js';

const modules: Array<Promise<{ resource: EmulatorResource }>> = [
  import('./me.js'),
  import('./accounts.js'),
  import('./receipts.js'),
  import('./clients.js'),
  import('./invoices.js'),
  import('./cost-centers.js'),
  import('./expenses.js'),
  import('./f24.js'),
  import('./deadlines.js'),
  import('./events.js'),
  import('./hooks.js'),
];

export const resources: EmulatorResource[] = (await Promise.all(modules)).map((m) => m.resource);
