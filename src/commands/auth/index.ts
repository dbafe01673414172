import { Option, type Command } from 'commander';
import { lazy } from '../runner.js';

export function registerAuth(program: Command): void {
  const auth = program.command('auth').description('log in and manage stored profiles (one per company and environment)');
  auth
    .command('login')
    .description('verify a token with GET /v1/me and store it as a profile named after the company and environment')
    .option('--with-token', 'read the token from stdin instead of a hidden prompt')
    .addOption(new Option('--env <environment>', 'environment of the token').choices(['production', 'sandbox']).default('production'))
    .option('--base-url <url>', "the API's base URL for that environment (remembered for later logins)")
    .option('--name <profile>', 'profile name (default: company-environment)')
    .option('--force', 'replace a stored profile of the same company and environment without asking')
    .addHelpText('after', '\nWith a firm token, the global --account ID given here becomes the profile\'s default company.\n\nExamples:\n  $ fisco auth login --base-url https://api.example.it\n  $ fisco --account acc_verdi auth login --base-url https://api.example.it\n  $ echo "$TOKEN" | fisco auth login --with-token --env sandbox --base-url https://sandbox.example.it')
    .action(lazy(() => import('./login.js')));
  auth
    .command('status')
    .description('verify each stored profile and the credential in use, and say where it comes from')
    .action(lazy(() => import('./status.js')));
  auth.command('list').description('list stored profiles (no network)').action(lazy(() => import('./list.js')));
  auth.command('use').description('make a profile the active one').argument('<name>', 'profile name').action(lazy(() => import('./use.js')));
  auth
    .command('logout')
    .description('forget a stored profile (default: the active one); asks first, --yes without a terminal')
    .argument('[name]', 'profile name')
    .action(lazy(() => import('./logout.js')));
  auth
    .command('token')
    .description('print the token in use, for piping into another tool')
    .action(lazy(() => import('./token.js')));
}
