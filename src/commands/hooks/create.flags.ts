/** `fisco hooks create --url URL --event KEY`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';

export const HOOKS_CREATE_FLAGS = defineFlags({
  url: { flag: '--url <url>', kind: 'string', allowEmpty: true, mandatory: true, description: 'https URL that receives the deliveries' },
  event: {
    flag: '--event <key>',
    kind: 'list',
    allowEmpty: true,
    mandatory: true,
    description: 'event key (repeatable, or a comma list); see `fisco events list`',
  },
  name: { flag: '--name <name>', kind: 'string', allowEmpty: true, description: 'readable label' },
  source: { flag: '--source <source>', kind: 'choice', choices: ['zapier', 'n8n', 'custom'], description: 'who consumes it' },
  secretFile: {
    flag: '--secret-file <file>',
    kind: 'string',
    // The wording users saw before the table (zod's own), kept as it was.
    empty: 'Too small: expected string to have >=1 characters',
    description: 'write the secret to this new file (mode 0600) instead of printing it',
  },
  allowHttp: { flag: '--allow-http', kind: 'boolean', description: 'allow an http://127.0.0.1 or localhost URL (for the local emulator only)' },
});
