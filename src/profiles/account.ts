/**
 * THE rule for the company a run acts on (docs/configuration.md), in one place for every verb, the
 * demo's and the launcher's offline fast path included. It imports nothing: the fast path
 * (src/fast-offline.ts) reads it without loading the CLI.
 */
import type { Env } from '../io/env.js';

/** Where the company a run acts on was named. */
export type AccountSource = 'flag' | 'env' | 'profile';

/** The company a run acts on, as named: its id and where it was named. */
export interface NamedAccount {
  id: string;
  source: AccountSource;
}

/**
 * `--account ID`, else FISCO_ACCOUNT (unless `-p NAME` names the whole credential), else the
 * profile's default company; an empty value names none.
 */
export function resolveAccount(flag: string | undefined, env: Env, profile?: { account?: string; explicit: boolean }): NamedAccount | undefined {
  if (flag !== undefined) return flag ? { id: flag, source: 'flag' } : undefined;
  const fromEnv = profile?.explicit ? undefined : env.FISCO_ACCOUNT;
  if (fromEnv !== undefined) return fromEnv ? { id: fromEnv, source: 'env' } : undefined;
  return profile?.account ? { id: profile.account, source: 'profile' } : undefined;
}

/** How a message names where the company came from: `--account`, `FISCO_ACCOUNT`, `the default company of profile 'x'`. */
export function accountSourceLabel(source: AccountSource, profile?: string): string {
  if (source === 'flag') return '--account';
  if (source === 'env') return 'FISCO_ACCOUNT';
  return `the default company of profile '${profile ?? 'active'}'`;
}
