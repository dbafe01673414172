/**
 * Which companies a run covers, from the global flags: `--all-accounts`, `--accounts ID,…`,
 * `--account ID`. Conflicts are usage errors (exit 2) found before any request.
 */
import { UsageError } from '../errors.js';
import { t } from '../i18n/message.js';

export type Selection = { kind: 'all' } | { kind: 'ids'; ids: string[]; flag: string };

export interface SelectionFlags {
  account?: string;
  allAccounts?: boolean;
  accounts?: string;
}

/** The selection the flags ask for, or undefined when they ask for none (a run on one company). */
export function selectionOf(flags: SelectionFlags): Selection | undefined {
  const given = [
    flags.allAccounts ? '--all-accounts' : undefined,
    flags.accounts !== undefined ? '--accounts' : undefined,
    flags.account !== undefined ? '--account' : undefined,
  ].filter((flag): flag is string => flag !== undefined);
  if (given.length > 1) {
    throw new UsageError(t`${given.join(' and ')} conflict: --account names one company, --accounts several, --all-accounts every one; give one of them`);
  }
  if (flags.allAccounts) return { kind: 'all' };
  if (flags.accounts !== undefined) {
    const ids = [
      ...new Set(
        flags.accounts
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0) throw new UsageError(t`--accounts: give a comma list of company ids (fisco accounts list), like acc_rossi,acc_verdi`);
    return { kind: 'ids', ids, flag: '--accounts' };
  }
  return undefined;
}

/**
 * For commands that always run over companies (overview, export): --all-accounts or --accounts,
 * else the company the run names (--account, FISCO_ACCOUNT or the profile's default: `named`, with
 * how a message names where it came from) as a selection of one, else every company.
 */
export function portfolioSelectionOf(flags: SelectionFlags, named?: { id: string; flag: string }): Selection {
  const selection = selectionOf(flags);
  if (selection) return selection;
  const id = named?.id.trim();
  if (named && id) return { kind: 'ids', ids: [id], flag: named.flag };
  return { kind: 'all' };
}
