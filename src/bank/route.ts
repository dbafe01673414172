/**
 * Which company a statement belongs to: the statement's account IBAN against the IBANs of each
 * company's payment methods (GET /fatture/metodi-pagamento, one company at a time through the one
 * client and its pacer). `--account` overrides; an IBAN no company has is a usage error naming it
 * and the companies' IBANs. Statements of several companies are routed each to its own (a firm's
 * morning run over the folder of every company's statements); a file holding several accounts has
 * each movement routed by its own account (bank match).
 */
import type { ApiClient } from '../api/client.js';
import { ExitCode, FiscoError, UsageError } from '../errors.js';
import { listPaymentMethods } from '../api/invoices.js';
import { companyLabel, type Company } from '../portfolio/companies.js';
import { ibanProblem } from './read/common.js';
import { joined, t, type Message, type Text } from '../i18n/message.js';

export interface CompanyIbans {
  company: Company;
  ibans: string[];
  /** Its payment methods could not be read (403, 404): it can only be chosen with --account. */
  problem?: Text;
}

/** IBANs compared upper case, without spaces. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** Every company of the token (by the one rule: portfolio/token-kind.ts) with the IBANs of its payment methods. */
export async function companiesWithIbans(client: ApiClient, companies: readonly Company[]): Promise<CompanyIbans[]> {
  const out: CompanyIbans[] = [];
  for (const company of companies) {
    const ibans = new Set<string>();
    try {
      for await (const method of listPaymentMethods(client.forAccount(company.id))) if (method.iban?.trim()) ibans.add(normalizeIban(method.iban));
    } catch (error) {
      // A company the token may not read (403) or that vanished (404) is left out of the routing, and said so.
      if (!(error instanceof FiscoError) || (error.exitCode !== ExitCode.auth && error.exitCode !== ExitCode.notFound)) throw error;
      out.push({ company, ibans: [], problem: error.text });
      continue;
    }
    out.push({ company, ibans: [...ibans] });
  }
  return out;
}

export interface Routed {
  /** Each file's company: --account's, its account IBAN's, or the only company of the token. */
  byFile: Map<string, Company>;
  /** The companies the statements belong to, in the order of the files. */
  companies: Company[];
  /** How they were chosen, for the summary: by --account (for every file), else per company by its statements' IBAN or as the token's only company. */
  by: 'account' | 'iban';
  /** Without --account: how each company was chosen (a company may have files of both kinds). */
  how?: Map<string, Set<'iban' | 'only'>>;
}

/**
 * The line naming a company of the run and how it was chosen, as it really was: by --account (or
 * FISCO_ACCOUNT, or the profile's default company), by the IBAN its statements name, or as the
 * token's only company for a statement that names no account (a CSV export).
 */
export function companyChoice(company: Company, routed: Routed): Message {
  const label = companyLabel(company);
  if (routed.by === 'account') return t`Company: ${label}, as named for the run (--account, FISCO_ACCOUNT or the profile's company)`;
  const how = routed.how?.get(company.id) ?? new Set(['iban']);
  if (how.has('iban') && how.has('only'))
    return t`Company: ${label}, by the statement IBAN, and as the token's only company for the statements that name no account`;
  if (how.has('only')) return t`Company: ${label}, the token's only company (the statement names no account IBAN)`;
  return t`Company: ${label}, by the statement IBAN`;
}

/** The company whose payment methods carry `iban`, if any. */
export function ownerOfIban(table: CompanyIbans[], iban: string): Company | undefined {
  const wanted = normalizeIban(iban);
  return table.find((t) => t.ibans.includes(wanted))?.company;
}

/** Why no company has this account, in words: its IBAN fails the IBAN check, or belongs to none of the token's companies. */
export function unknownAccount(iban: string): Message {
  const problem = ibanProblem(iban);
  return problem
    ? t`the account IBAN ${normalizeIban(iban)} ${problem}: no company can have it`
    : t`IBAN ${normalizeIban(iban)} belongs to no company of this token`;
}

/** The companies and their IBANs, as the hints of a routing error list them. */
export function knownIbans(table: CompanyIbans[]): Message[] {
  return table.map((c) =>
    joined([companyLabel(c.company), c.problem ? t`payment methods not readable (${c.problem})` : c.ibans.join(', ') || t`no IBAN`], ': '),
  );
}

/**
 * The company of each statement (a firm's folder of statements may hold several companies'). `files`
 * maps each file to its account IBAN (none when the statement names no account). With `account`,
 * that company for every file (it must be one the token manages); otherwise each file's IBAN must
 * belong to a company of the token: every file that cannot be routed is named at once (exit 2).
 */
export function routeStatements(files: { file: string; iban?: string }[], table: CompanyIbans[], account?: string): Routed {
  if (account !== undefined) {
    const entry = table.find((t) => t.company.id === account);
    if (!entry)
      throw new UsageError(t`--account: ${account} is not a company this token manages`, [
        t`It manages: ${table.map((c) => companyLabel(c.company)).join(', ') || t`none`}`,
      ]);
    return { byFile: new Map(files.map(({ file }) => [file, entry.company])), companies: [entry.company], by: 'account' };
  }
  const byFile = new Map<string, Company>();
  const how = new Map<string, Set<'iban' | 'only'>>();
  const chosen = (file: string, company: Company, way: 'iban' | 'only') => {
    byFile.set(file, company);
    how.set(company.id, (how.get(company.id) ?? new Set()).add(way));
  };
  const problems: Message[] = [];
  for (const { file, iban } of files) {
    if (!iban && table.length === 1) {
      // A statement without an account (a CSV export) and a token of one company: that company.
      chosen(file, table[0]!.company, 'only');
      continue;
    }
    if (!iban) {
      problems.push(t`${file}: the statement names no account IBAN`);
      continue;
    }
    const owner = ownerOfIban(table, iban);
    if (!owner) problems.push(joined([file, unknownAccount(iban)], ': '));
    else chosen(file, owner, 'iban');
  }
  if (problems.length > 0) {
    throw new UsageError(
      problems.length === 1
        ? t`${problems[0]}; pass --account ID to choose the company`
        : t`${problems.length} statements cannot be routed to a company; pass --account ID`,
      [...(problems.length === 1 ? [] : problems), t`The companies and the IBANs of their payment methods:`, ...knownIbans(table)],
    );
  }
  const companies = [...new Map([...byFile.values()].map((c) => [c.id, c])).values()];
  return { byFile, companies, by: 'iban', how };
}
