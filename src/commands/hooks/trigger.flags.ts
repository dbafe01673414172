/** `fisco hooks trigger KEY --to URL`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';
import { SECRET_FLAGS } from './secret.flags.js';

export const TRIGGER_FLAGS = defineFlags({
  to: { flag: '--to <url>', kind: 'string', allowEmpty: true, mandatory: true, description: 'receiver URL' },
  secret: { ...SECRET_FLAGS.secret, description: 'secret to sign with (the first if repeated)' },
  secretFile: { ...SECRET_FLAGS.secretFile, description: 'file holding the secret (the first line signs)' },
});
