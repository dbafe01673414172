/** `fisco dunning send`: data only (read at registration, see src/commands/flags.ts). */
import { defineFlags } from '../../flags/spec.js';

export const SEND_FLAGS = defineFlags({
  smtp: {
    flag: '--smtp <url>',
    kind: 'string',
    description:
      'the SMTP server: smtps://user@host:465 or smtp://user@host:587 (STARTTLS required); default FISCO_SMTP_URL. The password: FISCO_SMTP_PASSWORD, or asked (hidden)',
  },
  smtpInsecure: { flag: '--smtp-insecure', kind: 'boolean', description: 'plain SMTP without TLS, only to a server on 127.0.0.1 (tests, a local relay)' },
  from: {
    flag: '--from <address>',
    kind: 'list',
    description: 'the sender: ADDRESS for every company, or ACCOUNT=ADDRESS for one (repeatable); default FISCO_SMTP_FROM',
  },
  resolve: {
    flag: '--resolve <letter=outcome>',
    kind: 'list',
    description: 'after checking the mailbox: LETTER=sent (it went out) or LETTER=absent (it did not); LETTER as the result names it',
  },
});
