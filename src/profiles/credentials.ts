import { UsageError } from '../errors.js';
import { assertBaseUrl } from '../api/client.js';
import type { Env } from '../io/env.js';
import { ENVIRONMENTS, type Environment, type Profile } from './profile.js';
import type { ProfileStore } from './store.js';
import { resolveAccount, type AccountSource } from './account.js';

export { accountSourceLabel, resolveAccount, type AccountSource, type NamedAccount } from './account.js';
import { t } from '../i18n/message.js';

export type Source = 'flag' | 'env' | 'profile' | 'demo';

/** The credential a command will use, and where each part of it came from (`auth status` shows this). */
export interface Credentials {
  token: string;
  baseUrl: string;
  environment: Environment;
  accountId?: string;
  profile?: string;
  sources: { token: Source; baseUrl: Source; account?: AccountSource };
  /** A stored profile that FISCO_TOKEN is silently standing in front of. */
  shadowedProfile?: string;
}

export interface CredentialFlags {
  profile?: string;
  account?: string;
}

export const NO_TOKEN_HINTS = [
  t`Run \`fisco auth login\` (on a terminal, or \`--with-token\` reading the token from stdin),`,
  t`or set FISCO_TOKEN and FISCO_BASE_URL (CI needs no profile), or try \`fisco --demo …\` offline.`,
];

/** No credential anywhere: no FISCO_TOKEN, no --profile, no active profile. */
export class NotLoggedInError extends UsageError {}

export function assertEnvironment(value: string, source: string): Environment {
  if ((ENVIRONMENTS as readonly string[]).includes(value)) return value as Environment;
  throw new UsageError(t`${source}: unknown environment '${value}'; use production or sandbox`);
}

/**
 * Precedence: flag > environment > profile. An explicit `--profile` names the whole credential,
 * so it also wins over FISCO_TOKEN; without it each part comes from the environment when set
 * and from the selected profile (FISCO_PROFILE, else the active one) otherwise.
 */
export async function resolveCredentials(flags: CredentialFlags, env: Env, openStore: () => Promise<ProfileStore>): Promise<Credentials> {
  if (flags.profile) {
    const store = await openStore();
    const profile = store.get(flags.profile);
    if (!profile) throw unknownProfile(flags.profile, store);
    return fromProfile(profile, flags, env);
  }

  const token = env.FISCO_TOKEN?.trim();
  if (token) {
    const environment = env.FISCO_ENV ? assertEnvironment(env.FISCO_ENV, 'FISCO_ENV') : undefined;
    const store = env.FISCO_BASE_URL ? undefined : await openStore();
    const baseUrl = env.FISCO_BASE_URL ? assertBaseUrl(env.FISCO_BASE_URL, 'FISCO_BASE_URL') : store?.baseUrlFor(environment ?? 'production');
    if (!baseUrl) throw missingBaseUrl(environment ?? 'production');
    const account = resolveAccount(flags.account, env);
    return {
      token,
      baseUrl,
      environment: environment ?? 'production',
      accountId: account?.id,
      sources: { token: 'env', baseUrl: env.FISCO_BASE_URL ? 'env' : 'profile', account: account?.source },
      shadowedProfile: store?.activeName(),
    };
  }

  const store = await openStore();
  const name = env.FISCO_PROFILE || store.activeName();
  if (!name) {
    const stored = store.list().map((p) => p.name);
    if (stored.length > 0) {
      throw new NotLoggedInError(t`not logged in: no profile is active (stored: ${stored.join(', ')})`, [
        t`\`fisco auth use NAME\` makes one active; \`-p NAME\` uses one for a single command.`,
      ]);
    }
    throw new NotLoggedInError(t`not logged in: no token is configured`, NO_TOKEN_HINTS);
  }
  const profile = store.get(name);
  if (!profile) throw unknownProfile(name, store, 'FISCO_PROFILE');
  return fromProfile(profile, flags, env);
}

function fromProfile(profile: Profile, flags: CredentialFlags, env: Env): Credentials {
  const fromEnvBase = !flags.profile && env.FISCO_BASE_URL;
  const account = resolveAccount(flags.account, env, { account: profile.account, explicit: Boolean(flags.profile) });
  return {
    token: profile.token,
    baseUrl: fromEnvBase ? assertBaseUrl(env.FISCO_BASE_URL!, 'FISCO_BASE_URL') : profile.baseUrl,
    environment: profile.environment,
    accountId: account?.id,
    profile: profile.name,
    sources: { token: 'profile', baseUrl: fromEnvBase ? 'env' : 'profile', account: account?.source },
  };
}

function unknownProfile(name: string, store: ProfileStore, via = '--profile'): UsageError {
  const known = store.list().map((p) => p.name);
  return new UsageError(t`${via}: no profile named '${name}'`, [
    known.length ? t`Known profiles: ${known.join(', ')} (\`fisco auth list\`).` : t`No profiles yet: run \`fisco auth login\`.`,
  ]);
}

/** The one message for a missing base URL: fisco never invents a host. */
export function missingBaseUrl(environment: Environment): UsageError {
  return new UsageError(t`no base URL is configured for the ${environment} environment`, [
    t`Pass it once with \`fisco auth login --env ${environment} --base-url URL\`, or set FISCO_BASE_URL.`,
  ]);
}
