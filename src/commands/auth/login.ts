import { z } from 'zod';
import { assertBaseUrl, type ApiClient } from '../../api/client.js';
import { getAccount } from '../../api/accounts.js';
import { ApiError, UsageError } from '../../api/errors.js';
import { getMe } from '../../api/me.js';
import type { Context } from '../../context.js';
import { missingBaseUrl } from '../../profiles/credentials.js';
import { profileName, publicProfile } from '../../profiles/profile.js';
import { readStdin } from '../../io/stdin.js';
import { parseOptions } from '../options.js';

const schema = z.object({
  withToken: z.boolean().optional(),
  env: z.enum(['production', 'sandbox']),
  baseUrl: z.string().optional(),
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/i, 'letters, digits, dot, dash and underscore only').optional(),
});

export async function run(_args: string[], raw: Record<string, unknown>, context: Context): Promise<void> {
  const options = parseOptions(schema, raw);
  const store = await context.store();
  const baseUrl = options.baseUrl ? assertBaseUrl(options.baseUrl, '--base-url') : store.baseUrlFor(options.env);
  if (!baseUrl) throw missingBaseUrl(options.env);

  const token = options.withToken
    ? (await readStdin(context.streams.stdin)).trim()
    : context.canPrompt
      ? (await context.prompter.password({ message: `Token for ${options.env} (${baseUrl}):`, flag: '--with-token' })).trim()
      : '';
  if (!token) {
    throw new UsageError(options.withToken ? 'no token on stdin' : 'no token given and no terminal to ask on', [
      'Pipe it in: echo "$TOKEN" | fisco auth login --with-token --base-url URL',
    ]);
  }

  const verifier = context.clientFor({ token, baseUrl });
  const me = await getMe(verifier);
  if (context.globals.account) await checkDefaultCompany(verifier, context.globals.account, me.accounts_count);
  const name = options.name ?? profileName(me.company.name, options.env);
  const { replaced } = store.save({
    name,
    token,
    environment: options.env,
    baseUrl,
    company: me.company,
    tokenType: me.token_type,
    // A firm token's default company: --account at login is remembered, --account later overrides it.
    account: context.globals.account,
    createdAt: new Date().toISOString(),
  });
  store.setActive(name);
  if (replaced && replaced !== name) context.output.info(`Replaced profile ${replaced} (same company and environment).`);
  context.output.success(`Logged in to ${me.company.name} (${options.env}) as profile ${name}; it is now the active profile.`);
  if (context.env.FISCO_TOKEN) context.output.warn('FISCO_TOKEN is set in this environment and takes precedence over stored profiles; unset it to use this one.');
  if (context.output.format !== 'table') await context.output.item(publicProfile(store.get(name)!, true));
}

async function checkDefaultCompany(client: ApiClient, account: string, companies: number): Promise<void> {
  if (companies <= 1) throw new UsageError('--account: this token manages one company; a default company is only for firm tokens');
  try {
    await getAccount(client, account);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new UsageError(`--account: this token does not manage a company with id '${account}'`, ['`fisco accounts list` shows the ones it does.']);
    }
    throw error;
  }
}
