/** --secret / --secret-file of hooks verify, listen and trigger (read by secrets.ts): data only (see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';

export const SECRET_FLAGS = defineFlags({
  secret: { flag: '--secret <secret>', kind: 'list', allowEmpty: true, description: 'subscription secret (repeatable)' },
  secretFile: {
    flag: '--secret-file <file>',
    kind: 'string',
    allowEmpty: true,
    description: 'file holding the secret (one a line for a rotation); preferred over --secret',
  },
});

/** --tolerance of verify and listen (read by secrets.ts toleranceOption). */
export const TOLERANCE_FLAG = { flag: '--tolerance <seconds>', kind: 'string', allowEmpty: true } as const;
