/** The flags of `fisco cost-centers`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { COST_CENTER_TYPE_VALUES } from '../../completion/values.js';
import { LIST_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';

export const COST_CENTERS_LIST_FLAGS = defineFlags({
  ...LIST_FLAGS,
  active: { flag: '--active', kind: 'boolean', description: 'only active centers' },
  type: { flag: '--type <type>', kind: 'enum', choices: COST_CENTER_TYPE_VALUES, description: 'only centers of this type: cliente, prodotto, commessa, sede' },
});
