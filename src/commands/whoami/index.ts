import type { Command } from 'commander';
import { lazy } from '../runner.js';

export function registerWhoami(program: Command): void {
  program
    .command('whoami')
    .description('show the company, abilities and webhook readiness of the current token (GET /v1/me)')
    .action(lazy(() => import('./whoami.js')));
}
