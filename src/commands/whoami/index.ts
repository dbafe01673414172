import { NO_FLAGS } from '../../flags/spec.js';
import { defineVerb } from '../verb.js';

export const WHOAMI = defineVerb({
  name: 'whoami',
  description: 'show the company, abilities and webhook readiness of the current token (GET /v1/me)',
  flags: NO_FLAGS,
  // The token's own credentials: the same for every company.
  scope: 'token',
  offline: true,
  examples: ['fisco whoami', 'fisco whoami --query abilities', 'fisco -p rossi-consulting-srl-production whoami -o table'],
  load: () => import('./whoami.js'),
});
