/** `fisco hooks verify`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';
import { SECRET_FLAGS, TOLERANCE_FLAG } from './secret.flags.js';

export const VERIFY_FLAGS = defineFlags({
  ...SECRET_FLAGS,
  secret: { ...SECRET_FLAGS.secret, description: 'subscription secret (repeatable during a rotation)' },
  signature: {
    flag: '--signature <value>',
    kind: 'string',
    allowEmpty: true,
    mandatory: true,
    description: 'the X-Service-Signature header (sha256=<hex|base64>, several comma separated)',
  },
  timestamp: {
    flag: '--timestamp <value>',
    kind: 'string',
    allowEmpty: true,
    mandatory: true,
    description: 'the X-Service-Timestamp header (Unix seconds or ISO-8601)',
  },
  body: { flag: '--body <file>', kind: 'string', allowEmpty: true, description: 'the raw body, byte for byte (- or absent: stdin)' },
  tolerance: { ...TOLERANCE_FLAG, description: 'accepted clock distance either way (default 300)' },
});
