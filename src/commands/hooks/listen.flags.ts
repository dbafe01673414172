/** `fisco hooks listen`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';
import { SECRET_FLAGS, TOLERANCE_FLAG } from './secret.flags.js';

const PORT = 'must be a port number from 0 to 65535';

export const LISTEN_FLAGS = defineFlags({
  port: { flag: '--port <n>', kind: 'int', min: 0, max: 65535, invalid: PORT, range: PORT, description: 'port (default 8787; 0 picks a free one)' },
  ...SECRET_FLAGS,
  forwardTo: {
    flag: '--forward-to <url>',
    kind: 'string',
    allowEmpty: true,
    description: 'forward each verified delivery, raw body and headers, to this local URL',
  },
  tolerance: { ...TOLERANCE_FLAG, description: 'accepted timestamp distance and replay window (default 300)' },
  maxDeliveries: {
    flag: '--max-deliveries <n>',
    kind: 'int',
    pattern: /^[1-9]\d*$/,
    invalid: 'must be a whole number of 1 or more',
    description: 'exit after N deliveries',
  },
});
