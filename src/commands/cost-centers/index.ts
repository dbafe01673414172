import { defineNoun, defineVerb } from '../verb.js';
import { COST_CENTERS_LIST_FLAGS } from './flags.js';

export const COST_CENTERS = defineNoun({
  name: 'cost-centers',
  description: 'cost centers expenses are allocated to (GET /v1/cost-centers)',
  verbs: [
    defineVerb({
      name: 'list',
      description: 'list cost centers; inactive ones are included unless --active',
      flags: COST_CENTERS_LIST_FLAGS,
      scope: 'companies',
      offline: true,
      examples: ['fisco cost-centers list --active', 'fisco cost-centers list --type commessa -o csv > commesse.csv'],
      load: () => import('./list.js'),
    }),
  ],
});
