/** The flags of `fisco dunning`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { AGEING_FLAGS } from '../../flags/shared.js';
import { defineFlags } from '../../flags/spec.js';
import { DIR, FILE } from '../../completion/values.js';
import { t } from '../../i18n/message.js';

export const PLAN_FLAGS = defineFlags({
  ...AGEING_FLAGS,
  minDays: {
    flag: '--min-days <n>',
    kind: 'int',
    min: 1,
    max: 100000,
    default: '1',
    invalid: t`must be a whole number of days, 1 or more`,
    range: t`must be a whole number of days, 1 or more`,
    description: 'a letter for each client with an invoice at least N days late (default 1)',
  },
  minInterval: {
    flag: '--min-interval <days>',
    kind: 'int',
    min: 0,
    max: 3650,
    default: '7',
    invalid: t`must be a whole number of days, 0 or more`,
    range: t`must be a whole number of days, 0 or more`,
    description: 'the grace after the deadline a letter gave (15 days, 10 for a second reminder) before the next level is proposed (default 7)',
  },
  rates: {
    flag: '--rates <file>',
    kind: 'string',
    complete: FILE,
    description: "the reference rates to use instead of fisco's table: a CSV of from,rate (percent), one half-year a line",
  },
  compensation: {
    flag: '--no-compensation',
    kind: 'boolean',
    default: true,
    description: 'leave out the flat 40 euro per invoice for recovery costs (art. 6 D.Lgs. 231/2002)',
  },
  out: {
    flag: '--out <dir>',
    kind: 'string',
    complete: DIR,
    default: 'solleciti',
    description: 'where the letters are written, HTML and PDF, a folder per company (default: solleciti)',
  },
  plan: { flag: '--plan <file>', kind: 'string', complete: FILE, description: 'the plan file that dunning send reads (default: piano.json in --out)' },
});

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
