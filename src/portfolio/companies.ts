import { listAccounts, type Account } from '../api/accounts.js';
import type { ApiClient } from '../api/client.js';
import { UsageError } from '../errors.js';
import type { Selection } from './select.js';
import { t } from '../i18n/message.js';

export type Company = Account;

/** Every company the token manages: GET /v1/accounts, all pages, asked without any account_id. */
export async function listCompanies(client: ApiClient): Promise<Company[]> {
  const companies: Company[] = [];
  // forAccount('') drops a default company (FISCO_ACCOUNT, a profile's): the list is the token's.
  for await (const company of listAccounts(client.forAccount(''), {}, { all: true })) companies.push(company);
  return companies;
}

/** The companies a selection names, in the order given; an unknown id is a usage error listing the known ones. */
export function pickCompanies<C extends Pick<Company, 'id' | 'name'> = Company>(all: C[], selection: Selection): C[] {
  if (selection.kind === 'all') return all;
  const byId = new Map(all.map((c) => [c.id, c]));
  const unknown = selection.ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    const known = all.map((c) => `${c.id} (${c.name})`).join(', ') || 'none';
    throw new UsageError(
      t`${selection.flag}: ${unknown.join(', ')} ${unknown.length === 1 ? t`is not a company` : t`are not companies`} this token manages; it manages: ${known}`,
    );
  }
  return selection.ids.map((id) => byId.get(id)!);
}

/** How a company reads in messages: `Verdi Costruzioni S.p.A. (acc_verdi)`. */
export function companyLabel(company: Pick<Company, 'id' | 'name'>): string {
  return company.name ? `${company.name} (${company.id})` : company.id;
}
