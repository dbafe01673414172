import { assertBaseUrl, type ApiClient } from '../../api/client.js';
import { getAccount } from '../../api/accounts.js';
import { ApiError, NotConfirmedError, UsageError } from '../../errors.js';
import { getMe } from '../../api/me.js';
import type { Factory } from '../../factory/factory.js';
import type { FlagValues } from '../../flags/spec.js';
import { moveProfileMirror, removeProfileMirrors } from '../../mirror/profile-files.js';
import { moveProfileJournals } from '../../journal/move.js';
import { storeOptions } from '../../profiles/paths.js';
import { missingBaseUrl } from '../../profiles/credentials.js';
import { companyLabel, profileName, publicProfile, type Profile } from '../../profiles/profile.js';
import { pathSegment } from '../../api/path.js';
import { readStdin } from '../../io/stdin.js';
import type { LOGIN_FLAGS } from './flags.js';
import { t, type Text } from '../../i18n/message.js';

export async function run(_args: string[], options: FlagValues<typeof LOGIN_FLAGS>, factory: Factory): Promise<void> {
  const store = await factory.store();
  const baseUrl = options.baseUrl ? assertBaseUrl(options.baseUrl, '--base-url') : store.baseUrlFor(options.env);
  if (!baseUrl) throw missingBaseUrl(options.env);

  const token = options.withToken
    ? (await readStdin(factory.io.stdin)).trim()
    : factory.io.canPrompt
      ? (await factory.io.prompter.password({ message: t`Token for ${options.env} (${baseUrl}):`, flag: '--with-token' })).trim()
      : '';
  if (!token) {
    throw new UsageError(options.withToken ? t`no token on stdin` : t`no token given and no terminal to ask on`, [
      t`Pipe it in: echo "$TOKEN" | fisco auth login --with-token --base-url URL`,
    ]);
  }

  if (factory.globals.account !== undefined) pathSegment(factory.globals.account, '--account');
  const verifier = factory.clientFor({ token, baseUrl });
  const me = await getMe(verifier);
  if (factory.globals.account) await checkDefaultCompany(verifier, factory.globals.account, me.accounts_count);
  const name = options.name ?? profileName(me.company.name, options.env);
  const profile: Profile = {
    name,
    token,
    environment: options.env,
    baseUrl,
    company: me.company,
    tokenType: me.token_type,
    // A firm token's default company: --account at login is remembered, --account later overrides it.
    account: factory.globals.account,
    abilities: me.abilities,
    fullAccess: me.full_access,
    createdAt: new Date().toISOString(),
  };

  // A stored profile holding another token is never replaced silently: say what goes, and ask (or --force).
  const conflicts = store.conflicts(profile);
  const replacing = conflicts.filter((p) => p.token !== token);
  if (replacing.length > 0) await confirmReplacement(factory, profile, replacing, Boolean(options.force));
  // The mirrors follow what the save replaced on the disk (under its lock), not this run's earlier look.
  const { replaced, removed } = await store.save(profile, { replace: replacing.map((p) => p.name), activate: true });
  for (const old of replaced) factory.output.info(t`Profile ${old} is replaced by ${name} (same company and environment).`);
  // A mirror holds what one token read from one service: the profile's under another token or base URL goes;
  // a profile renamed with the same token and base URL hands its mirror to the new name.
  const stale = removed.filter((p) => p.token !== token || p.baseUrl !== baseUrl);
  for (const path of stale.flatMap((p) => removeProfileMirrors(factory.dataDir, p.name)))
    factory.output.info(t`Removed the local mirror ${path}: it held what the replaced token read; \`fisco sync\` fills it with this one.`);
  for (const old of removed.filter((p) => p.name !== name && !stale.includes(p))) {
    const moved = moveProfileMirror(factory.dataDir, old.name, name, old.environment);
    if (moved) factory.output.info(t`Moved the local mirror ${moved.from} to ${moved.to}: profile ${name} has the same token as ${old.name}.`);
    // Whatever did not move (the new name had a mirror of its own already) would be a ledger no profile reads.
    for (const path of removeProfileMirrors(factory.dataDir, old.name))
      factory.output.info(t`Removed the local mirror ${path}: profile ${name} has its own; \`fisco sync\` brings it up to date.`);
    // Its journals too: what they are the only record of (a letter in doubt, a statement's credits registered) is never forgotten.
    const journals = await moveProfileJournals(factory.dataDir, old.name, name, storeOptions(factory.env));
    if (journals.moved.length > 0)
      factory.output.info(
        journals.moved.length === 1
          ? t`Moved 1 journal of profile ${old.name} to profile ${name} (${journals.moved[0]!.to}).`
          : t`Moved ${journals.moved.length} journals of profile ${old.name} to profile ${name}.`,
      );
    for (const left of journals.left)
      factory.output.warn(t`the journal ${left.path} stays under profile ${old.name}: ${left.why}; runs under profile ${name} do not read it`);
  }
  factory.output.success(
    t`Logged in to ${companyLabel(me.company.name, options.env)} as profile ${name}${replacing.some((p) => p.name === name) ? t`, replacing its previous token` : ''}; it is now the active profile.`,
  );
  if (factory.env.FISCO_TOKEN)
    factory.output.warn(t`FISCO_TOKEN is set in this environment and takes precedence over stored profiles; unset it to use this one.`);
  if (factory.output.format !== 'table') await factory.output.item(publicProfile(store.get(name)!, true));
}

async function confirmReplacement(factory: Factory, profile: Profile, replacing: Profile[], force: boolean): Promise<void> {
  for (const old of replacing) {
    factory.output.warn(t`this login replaces profile ${old.name}: ${describe(old)}, stored ${old.createdAt.slice(0, 10)}, with another token.`);
    const lost = await narrower(factory, old, profile);
    if (lost) factory.output.warn(t`the new token can do less than the one it replaces: ${lost}.`);
  }
  if (force) return;
  const names = replacing.map((p) => p.name).join(', ');
  if (!factory.io.canPrompt) {
    throw new UsageError(
      t`--force: profile ${names} already holds another token for ${companyLabel(profile.company.name, profile.environment)}; nothing was changed`,
      [t`Pass --force to replace it, or --name NAME to store this token as a separate profile.`],
    );
  }
  const yes = await factory.io.prompter.confirm({ message: t`Replace profile ${names}?`, default: false, flag: '--force' });
  if (!yes) throw new NotConfirmedError(t`profile ${names} kept; nothing was changed`);
}

function describe(profile: Profile): string {
  const scope = profile.fullAccess ? t`full access` : profile.abilities ? t`abilities ${profile.abilities.join(', ') || t`none`}` : t`abilities not recorded`;
  return `${profile.company.name} (${profile.environment}, ${scope})`;
}

/**
 * What the stored token could do that the new one cannot, or undefined. A profile stored before
 * fisco recorded abilities is asked live (its token may no longer work: then nothing is said).
 */
async function narrower(factory: Factory, old: Profile, next: Profile): Promise<Text | undefined> {
  let before = { full: old.fullAccess, abilities: old.abilities };
  if (before.full === undefined && before.abilities === undefined) {
    const me = await getMe(factory.clientFor({ token: old.token, baseUrl: old.baseUrl })).catch(() => undefined);
    if (!me) return undefined;
    before = { full: me.full_access, abilities: me.abilities };
  }
  if (next.fullAccess) return undefined;
  if (before.full) return t`the stored token has full access, the new one only ${next.abilities?.join(', ') || t`no abilities`}`;
  const missing = (before.abilities ?? []).filter((a) => !(next.abilities ?? []).includes(a));
  return missing.length > 0 ? t`it lacks ${missing.join(', ')}` : undefined;
}

async function checkDefaultCompany(client: ApiClient, account: string, companies: number): Promise<void> {
  if (companies <= 1) throw new UsageError(t`--account: this token manages one company; a default company is only for firm tokens`);
  try {
    await getAccount(client, account);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new UsageError(t`--account: this token does not manage a company with id '${account}'`, [t`\`fisco accounts list\` shows the ones it does.`]);
    }
    throw error;
  }
}
