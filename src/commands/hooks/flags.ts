/** The flags of `fisco hooks`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { defineFlags } from '../../flags/spec.js';
import { EVENT_KEY_LIST, FILE } from '../../completion/values.js';
import { t } from '../../i18n/message.js';

export const HOOKS_CREATE_FLAGS = defineFlags({
  url: { flag: '--url <url>', kind: 'string', allowEmpty: true, mandatory: true, description: 'https URL that receives the deliveries' },
  event: {
    flag: '--event <key>',
    kind: 'list',
    complete: EVENT_KEY_LIST,
    allowEmpty: true,
    mandatory: true,
    description: 'event key (repeatable, or a comma list); see `fisco events list`',
  },
  name: { flag: '--name <name>', kind: 'string', allowEmpty: true, description: 'readable label' },
  source: { flag: '--source <source>', kind: 'choice', choices: ['zapier', 'n8n', 'custom'], description: 'who consumes it' },
  secretFile: {
    flag: '--secret-file <file>',
    kind: 'string',
    complete: FILE,
    // The wording users saw before the table (zod's own), kept as it was.
    empty: t`Too small: expected string to have >=1 characters`,
    description: 'write the secret to this new file (mode 0600) instead of printing it',
  },
  allowHttp: { flag: '--allow-http', kind: 'boolean', description: 'allow an http://127.0.0.1 or localhost URL (for the local emulator only)' },
});

/** --secret / --secret-file of hooks verify, listen and trigger (read by secrets.ts). */
const SECRET_FLAGS = defineFlags({
  secret: { flag: '--secret <secret>', kind: 'list', allowEmpty: true, description: 'subscription secret (repeatable)' },
  secretFile: {
    flag: '--secret-file <file>',
    kind: 'string',
    allowEmpty: true,
    complete: FILE,
    description: 'file holding the secret (one a line for a rotation); preferred over --secret',
  },
});

/** --tolerance of verify and listen: seconds (default 300). */
const TOLERANCE_FLAG = { flag: '--tolerance <seconds>', kind: 'seconds' } as const;

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
  body: { flag: '--body <file>', kind: 'string', allowEmpty: true, complete: FILE, description: 'the raw body, byte for byte (- or absent: stdin)' },
  tolerance: { ...TOLERANCE_FLAG, description: 'accepted clock distance either way (default 300)' },
});

const PORT = t`must be a port number from 0 to 65535`;

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
    invalid: t`must be a whole number of 1 or more`,
    description: 'exit after N deliveries',
  },
});

export const TRIGGER_FLAGS = defineFlags({
  to: { flag: '--to <url>', kind: 'string', allowEmpty: true, mandatory: true, description: 'receiver URL' },
  secret: { ...SECRET_FLAGS.secret, description: 'secret to sign with (the first if repeated)' },
  secretFile: { ...SECRET_FLAGS.secretFile, description: 'file holding the secret (the first line signs)' },
});
