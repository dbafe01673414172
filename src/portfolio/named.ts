/**
 * The company a run names (--account, FISCO_ACCOUNT or the profile's default company: one rule,
 * src/profiles/credentials.ts resolveAccount), checked against the companies the token manages by
 * the token's one rule (token-kind.ts): a typo is a usage error listing them, as `--accounts` does,
 * never an answer about no company (an empty list would look complete).
 */
import type { NamedAccount } from '../profiles/credentials.js';
import { accountSourceLabel } from '../profiles/credentials.js';
import { pickCompanies, type Company } from './companies.js';
import { tokenCompanies, type TokenRun } from './token-kind.js';

export interface NamingRun extends TokenRun {
  namedAccount(): Promise<NamedAccount | undefined>;
}

// One answer per run.
const checked = new WeakMap<object, Promise<Company | undefined>>();

/** The named company as the token's company list has it, or undefined when the run names none (or reads the mirror). */
export function namedCompany(run: NamingRun): Promise<Company | undefined> {
  let company = checked.get(run.runKey);
  if (!company) {
    company = check(run);
    checked.set(run.runKey, company);
    company.catch(() => checked.delete(run.runKey));
  }
  return company;
}

async function check(run: NamingRun): Promise<Company | undefined> {
  const named = await run.namedAccount();
  // Offline the mirror answers for the companies it holds, and refuses one it never synced (naming the sync that fills it).
  if (!named || run.offline) return undefined;
  const flag = accountSourceLabel(named.source, (await run.credentials()).profile);
  const [company] = pickCompanies(await tokenCompanies(run), { kind: 'ids', ids: [named.id], flag });
  return company;
}
