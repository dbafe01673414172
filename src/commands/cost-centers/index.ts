import { COST_CENTER_TYPE_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';

export const COST_CENTERS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  active: { flag: '--active', kind: 'boolean', description: 'only active centers' },
  type: { flag: '--type <type>', kind: 'enum', choices: COST_CENTER_TYPE_VALUES, description: 'only centers of this type: cliente, prodotto, commessa, sede' },
});

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
