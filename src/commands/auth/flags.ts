/** The flags of `fisco auth`'s verbs, data only: the records (index.ts) declare them, the verbs are typed from them. */
import { defineFlags } from '../../flags/spec.js';
import { t } from '../../i18n/message.js';

export const LOGIN_FLAGS = defineFlags({
  withToken: { flag: '--with-token', kind: 'boolean', description: 'read the token from stdin instead of a hidden prompt' },
  env: { flag: '--env <environment>', kind: 'choice', choices: ['production', 'sandbox'], default: 'production', description: 'environment of the token' },
  baseUrl: { flag: '--base-url <url>', kind: 'string', allowEmpty: true, description: "the API's base URL for that environment (remembered for later logins)" },
  name: {
    flag: '--name <profile>',
    kind: 'string',
    allowEmpty: true,
    pattern: /^[a-z0-9][a-z0-9._-]*$/i,
    invalid: t`letters, digits, dot, dash and underscore only`,
    description: 'profile name (default: company-environment)',
  },
  force: { flag: '--force', kind: 'boolean', description: 'replace a stored profile of the same company and environment without asking' },
});
