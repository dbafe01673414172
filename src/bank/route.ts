/**
 * Which company a statement belongs to: the statement's account IBAN against the IBANs of each
 * company's payment methods (GET /fatture/metodi-pagamento, one company at a time through the one
 * client and its pacer). `--account` overrides; an IBAN no company has is a usage error naming it
 * and the companies' IBANs.
 */
import type { ApiClient } from '../api/client.js';
import { ExitCode, FiscoError, UsageError } from '../errors.js';
import { listPaymentMethods } from '../api/invoices.js';
import { companyLabel, listCompanies, type Company } from '../portfolio/companies.js';

export interface CompanyIbans {
  company: Company;
  ibans: string[];
  /** Its payment methods could not be read (403, 404): it can only be chosen with --account. */
  problem?: string;
}

/** IBANs compared upper case, without spaces. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** Every company of the token with the IBANs of its payment methods. */
export async function companiesWithIbans(client: ApiClient): Promise<CompanyIbans[]> {
  const companies = await listCompanies(client);
  const out: CompanyIbans[] = [];
  for (const company of companies) {
    const ibans = new Set<string>();
    try {
      for await (const method of listPaymentMethods(client.forAccount(company.id))) if (method.iban?.trim()) ibans.add(normalizeIban(method.iban));
    } catch (error) {
      // A company the token may not read (403) or that vanished (404) is left out of the routing, and said so.
      if (!(error instanceof FiscoError) || (error.exitCode !== ExitCode.auth && error.exitCode !== ExitCode.notFound)) throw error;
      out.push({ company, ibans: [], problem: error.message });
      continue;
    }
    out.push({ company, ibans: [...ibans] });
  }
  return out;
}

export interface Routed {
  company: Company;
  /** How the company was chosen, for the summary. */
  by: 'account' | 'iban';
}

/**
 * The one company all the statements belong to. `files` maps each file to its account IBAN (none
 * when the statement names no account). With `account`, that company (it must be one the token
 * manages); otherwise every file's IBAN must belong to the same company.
 */
export function routeStatements(files: { file: string; iban?: string }[], table: CompanyIbans[], account?: string): Routed {
  const known = () =>
    table.map((t) => `${companyLabel(t.company)}: ${t.problem ? `payment methods not readable (${t.problem})` : t.ibans.join(', ') || 'no IBAN'}`);
  if (account !== undefined) {
    const entry = table.find((t) => t.company.id === account);
    if (!entry)
      throw new UsageError(`--account: ${account} is not a company this token manages`, [
        `It manages: ${table.map((t) => companyLabel(t.company)).join(', ') || 'none'}`,
      ]);
    return { company: entry.company, by: 'account' };
  }
  const owners = new Map<string, Company>();
  const problems: string[] = [];
  for (const { file, iban } of files) {
    if (!iban && table.length === 1) {
      // A statement without an account (a CSV export) and a token of one company: that company.
      owners.set(file, table[0]!.company);
      continue;
    }
    if (!iban) {
      problems.push(`${file}: the statement names no account IBAN`);
      continue;
    }
    const owner = table.find((t) => t.ibans.includes(normalizeIban(iban)));
    if (!owner) problems.push(`${file}: IBAN ${normalizeIban(iban)} belongs to no company of this token`);
    else owners.set(file, owner.company);
  }
  if (problems.length > 0) {
    throw new UsageError(
      problems.length === 1
        ? `${problems[0]}; pass --account ID to choose the company`
        : `${problems.length} statements cannot be routed to a company; pass --account ID`,
      [...(problems.length === 1 ? [] : problems), 'The companies and the IBANs of their payment methods:', ...known()],
    );
  }
  const distinct = new Map([...owners.values()].map((c) => [c.id, c]));
  if (distinct.size > 1) {
    throw new UsageError(
      'these statements belong to different companies: match them one company at a time',
      [...owners].map(([file, company]) => `${file}: ${companyLabel(company)}`),
    );
  }
  return { company: [...distinct.values()][0]!, by: 'iban' };
}
