import { NO_FLAGS } from '../../flags/spec.js';
import { defineNoun, defineVerb } from '../verb.js';
import { LOGIN_FLAGS } from './flags.js';
import { CSV_DIALECTS, PROFILES, words } from '../../completion/values.js';

export const AUTH = defineNoun({
  name: 'auth',
  description: 'log in and manage stored profiles (one per company and environment)',
  verbs: [
    defineVerb({
      name: 'login',
      description: 'verify a token with GET /v1/me and store it as a profile named after the company and environment',
      flags: LOGIN_FLAGS,
      scope: 'credentials',
      notes: [
        "With a firm token, the global --account ID given here becomes the profile's default company.",
        'The base URL is remembered per environment: later logins need no --base-url.',
      ],
      examples: [
        'fisco auth login --base-url https://api.example.it        # asks for the token, hidden',
        'echo "$TOKEN" | fisco auth login --with-token --base-url https://api.example.it',
        'echo "$SANDBOX_TOKEN" | fisco auth login --with-token --env sandbox --base-url https://sandbox.example.it',
        'echo "$FIRM_TOKEN" | fisco --account acc_verdi auth login --with-token --base-url https://api.example.it',
      ],
      load: () => import('./login.js'),
    }),
    defineVerb({
      name: 'status',
      description: 'verify each stored profile and the credential in use, and say where it comes from',
      flags: NO_FLAGS,
      scope: 'credentials',
      examples: ['fisco auth status', "fisco auth status -o json | jq -r '.[] | select(.in_use) | .profile'"],
      load: () => import('./status.js'),
    }),
    defineVerb({
      name: 'list',
      description: 'list stored profiles (no network)',
      flags: NO_FLAGS,
      scope: 'local',
      examples: ['fisco auth list', 'fisco auth list -o table'],
      load: () => import('./list.js'),
    }),
    defineVerb({
      name: 'use',
      description: 'make a profile the active one',
      args: [{ name: '<name>', description: 'profile name (fisco auth list)', complete: PROFILES }],
      flags: NO_FLAGS,
      scope: 'local',
      examples: ['fisco auth use rossi-consulting-srl-sandbox', 'fisco -p rossi-consulting-srl-production whoami      # one command with another profile'],
      load: () => import('./use.js'),
    }),
    defineVerb({
      name: 'set',
      description: "change a setting of the profile in use (-p NAME, else the active one): csv-dialect it or rfc; lang it or en; mirror postgres://… or ''",
      args: [
        { name: '<setting>', description: 'csv-dialect, lang or mirror', complete: words(['csv-dialect', 'lang', 'mirror']) },
        {
          name: '<value>',
          description:
            "csv-dialect: it (Italian spreadsheets) or rfc (RFC 4180, the default); lang: it or en; mirror: a PostgreSQL connection string without a password, or '' for the local file",
          complete: words([...CSV_DIALECTS, 'en']),
        },
      ],
      flags: NO_FLAGS,
      scope: 'local',
      notes: [
        "Precedence: --csv-dialect > FISCO_CSV_DIALECT > the profile's setting > rfc;",
        "--lang > FISCO_LANG > the profile's setting > LC_ALL, LC_MESSAGES, LANG (it_*: Italian) > English.",
        "--mirror > FISCO_MIRROR_URL > the profile's setting > the local SQLite file; the password goes in ~/.pgpass or PGPASSWORD (docs/mirror.md).",
      ],
      examples: [
        'fisco auth set csv-dialect it                   # -o csv is then the Italian dialect, unless --csv-dialect says otherwise',
        'fisco auth set lang it                          # messages in Italian, unless --lang or FISCO_LANG says otherwise',
      ],
      load: () => import('./set.js'),
    }),
    defineVerb({
      name: 'logout',
      description: 'forget a stored profile and its local mirror (default: the active one); asks first, --yes without a terminal',
      args: [{ name: '[name]', description: 'profile name', complete: PROFILES }],
      flags: NO_FLAGS,
      scope: 'local',
      examples: ['fisco auth logout rossi-consulting-srl-sandbox --yes'],
      load: () => import('./logout.js'),
    }),
    defineVerb({
      name: 'token',
      description: 'print the token in use, for piping into another tool',
      flags: NO_FLAGS,
      scope: 'local',
      examples: ['FISCO_TOKEN="$(fisco -p rossi-consulting-srl-production auth token)" fisco whoami'],
      load: () => import('./token.js'),
    }),
  ],
});
