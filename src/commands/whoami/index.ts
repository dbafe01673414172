import type { Command } from 'commander';
import { lazy } from '../runner.js';
import { addFlags } from '../../flags/commander.js';
import { NO_FLAGS } from '../../flags/spec.js';
import { examples } from '../../help/examples.js';
import { markScope } from '../../portfolio/scope.js';

export function registerWhoami(program: Command): void {
  addFlags(markScope(program.command('whoami'), 'token'), NO_FLAGS)
    .description('show the company, abilities and webhook readiness of the current token (GET /v1/me)')
    .addHelpText('after', examples(['fisco whoami', 'fisco whoami --query abilities', 'fisco -p rossi-consulting-srl-production whoami -o table']))
    .action(lazy(() => import('./whoami.js')));
}
