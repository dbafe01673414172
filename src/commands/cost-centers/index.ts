import type { Command } from 'commander';
import { addListOptions } from '../declare.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerCostCenters(program: Command): void {
  const centers = program.command('cost-centers').description('cost centers expenses are allocated to (GET /v1/cost-centers)');
  addListOptions(centers.command('list').description('list cost centers; inactive ones are included unless --active'))
    .option('--active', 'only active centers')
    .option('--type <type>', 'only centers of this type: cliente, prodotto, commessa, sede')
    .addHelpText('after', examples(['fisco cost-centers list --active', 'fisco cost-centers list --type commessa -o csv > commesse.csv']))
    .action(lazy(() => import('./list.js')));
}
