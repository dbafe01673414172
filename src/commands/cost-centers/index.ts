import type { Command } from 'commander';
import { addListFlags } from '../declare.js';
import { COST_CENTERS_LIST_FLAGS } from './list.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerCostCenters(program: Command): void {
  const centers = program.command('cost-centers').description('cost centers expenses are allocated to (GET /v1/cost-centers)');
  addListFlags(centers.command('list').description('list cost centers; inactive ones are included unless --active'), COST_CENTERS_LIST_FLAGS)
    .addHelpText('after', examples(['fisco cost-centers list --active', 'fisco cost-centers list --type commessa -o csv > commesse.csv']))
    .action(lazy(() => import('./list.js')));
}
