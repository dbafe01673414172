/**
 * Which companies a run covers, from the global flags: `--all-accounts`, `--accounts ID,…`,
 * `--account ID`. Conflicts are usage errors (exit 2) found before any request.
 */
import { UsageError } from '../errors.js';

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
    throw new UsageError(`${given.join(' and ')} conflict: --account names one company, --accounts several, --all-accounts every one; give one of them`);
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
    if (ids.length === 0) throw new UsageError('--accounts: give a comma list of company ids (fisco accounts list), like acc_rossi,acc_verdi');
    return { kind: 'ids', ids, flag: '--accounts' };
  }
  return undefined;
}

/** For commands that always run over companies (overview, export): `--account ID` is a selection of one. */
export function portfolioSelectionOf(flags: SelectionFlags): Selection {
  const selection = selectionOf(flags);
  if (selection) return selection;
  if (flags.account !== undefined && flags.account.trim() !== '') return { kind: 'ids', ids: [flags.account.trim()], flag: '--account' };
  return { kind: 'all' };
}
