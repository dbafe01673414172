import type { Command } from 'commander';
import { addFlags, NO_FLAGS } from '../flags.js';
import { LOGIN_FLAGS } from './login.flags.js';
import { lazy } from '../runner.js';
import { examples } from '../../help/examples.js';

export function registerAuth(program: Command): void {
  const auth = program.command('auth').description('log in and manage stored profiles (one per company and environment)');
  addFlags(auth.command('login').description('verify a token with GET /v1/me and store it as a profile named after the company and environment'), LOGIN_FLAGS)
    .addHelpText(
      'after',
      examples(
        [
          'fisco auth login --base-url https://api.example.it        # asks for the token, hidden',
          'echo "$TOKEN" | fisco auth login --with-token --base-url https://api.example.it',
          'echo "$SANDBOX_TOKEN" | fisco auth login --with-token --env sandbox --base-url https://sandbox.example.it',
          'echo "$FIRM_TOKEN" | fisco --account acc_verdi auth login --with-token --base-url https://api.example.it',
        ],
        [
          "With a firm token, the global --account ID given here becomes the profile's default company.",
          'The base URL is remembered per environment: later logins need no --base-url.',
        ],
      ),
    )
    .action(lazy(() => import('./login.js')));
  addFlags(auth.command('status'), NO_FLAGS)
    .description('verify each stored profile and the credential in use, and say where it comes from')
    .addHelpText('after', examples(['fisco auth status', "fisco auth status -o json | jq -r '.[] | select(.in_use) | .profile'"]))
    .action(lazy(() => import('./status.js')));
  addFlags(auth.command('list'), NO_FLAGS)
    .description('list stored profiles (no network)')
    .addHelpText('after', examples(['fisco auth list', 'fisco auth list -o table']))
    .action(lazy(() => import('./list.js')));
  addFlags(auth.command('use'), NO_FLAGS)
    .description('make a profile the active one')
    .argument('<name>', 'profile name (fisco auth list)')
    .addHelpText(
      'after',
      examples(['fisco auth use rossi-consulting-srl-sandbox', 'fisco -p rossi-consulting-srl-production whoami      # one command with another profile']),
    )
    .action(lazy(() => import('./use.js')));
  addFlags(auth.command('set'), NO_FLAGS)
    .description('change a setting of the profile in use (-p NAME, else the active one): csv-dialect it or rfc; lang it or en')
    .argument('<setting>', 'csv-dialect or lang')
    .argument('<value>', 'csv-dialect: it (Italian spreadsheets) or rfc (RFC 4180, the default); lang: it or en')
    .addHelpText(
      'after',
      examples(
        [
          'fisco auth set csv-dialect it                   # -o csv is then the Italian dialect, unless --csv-dialect says otherwise',
          'fisco auth set lang it                          # messages in Italian, unless --lang or FISCO_LANG says otherwise',
        ],
        [
          "Precedence: --csv-dialect > FISCO_CSV_DIALECT > the profile's setting > rfc;",
          "--lang > FISCO_LANG > the profile's setting > LC_ALL, LC_MESSAGES, LANG (it_*: Italian) > English.",
        ],
      ),
    )
    .action(lazy(() => import('./set.js')));
  addFlags(auth.command('logout'), NO_FLAGS)
    .description('forget a stored profile (default: the active one); asks first, --yes without a terminal')
    .argument('[name]', 'profile name')
    .addHelpText('after', examples(['fisco auth logout rossi-consulting-srl-sandbox --yes']))
    .action(lazy(() => import('./logout.js')));
  addFlags(auth.command('token'), NO_FLAGS)
    .description('print the token in use, for piping into another tool')
    .addHelpText('after', examples(['FISCO_TOKEN="$(fisco -p rossi-consulting-srl-production auth token)" fisco whoami']))
    .action(lazy(() => import('./token.js')));
}
