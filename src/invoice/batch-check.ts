/**
 * Everything a batch is checked against before anything is sent: the rules of `invoice create`
 * (prepare(), the same body builder) for every record, then the service's own lists, asked once
 * per company: the companies the token manages, the numberings and the payment methods.
 */
import { collect } from '../api/paginate.js';
import type { ApiClient } from '../api/client.js';
import { listNumberings, listPaymentMethods } from '../api/invoices.js';
import { Problems, ValidationError, problemsOf } from '../domain/validation-error.js';
import { lineOf, type BatchProblem, type BatchRecord } from './batch-records.js';
import { listCompanies, type Company } from '../portfolio/companies.js';
import type { TokenScope } from '../portfolio/token-kind.js';
import { prepare, type Prepared } from './body.js';
import { expectedOf, type Expected } from './reconcile.js';
import type { Mode } from './draft.js';
import { t } from '../i18n/message.js';

export interface CheckedRecord {
  record: BatchRecord;
  /** The company the record goes to: its own `account`, else the token's (or --account). */
  account?: string;
  /** The company's id and name, for messages and the result. */
  companyId: string;
  company: string;
  prepared: Prepared;
  expected: Expected;
}

/** Local rules only (no request): a record's body, or its problems (with line numbers). */
export function prepareRecord(record: BatchRecord, mode: Mode, today: string, problems: BatchProblem[]): Prepared | undefined {
  const own = new Problems();
  if (record.inviaSdi !== undefined && record.inviaSdi !== (mode === 'send')) {
    own.add('invia_sdi', `is ${record.inviaSdi}, but the batch runs with --${mode}; leave invia_sdi out (the flag decides) or make them agree`);
  }
  try {
    return prepare(record.draft, { inviaSdi: mode === 'send', today }, own);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const p of problemsOf(error)) problems.push({ line: lineOf(record, p.field), ref: record.ref, field: p.field, detail: p.detail });
    return undefined;
  }
}

interface CompanyLists {
  numberings: string[];
  methods: string[];
}

/** A name as the service spells it: exact, else the one that differs only in case; undefined when none. */
function canonical(name: string, names: readonly string[]): string | undefined {
  if (names.includes(name)) return name;
  const folded = names.filter((n) => n.toLowerCase() === name.toLowerCase());
  return folded.length === 1 ? folded[0] : undefined;
}

/**
 * The companies the records may name, by the one rule (portfolio/token-kind.ts): a company token's
 * own company as GET /v1/me names it, with no other request, unless a record names another
 * account (then GET /v1/accounts says whether the token manages it); otherwise GET /v1/accounts.
 */
async function companiesFor(client: ApiClient, scope: TokenScope, named: readonly (string | undefined)[]): Promise<Company[]> {
  const own = scope.own;
  if (own && named.every((account) => account === undefined || account === own.id)) return [own];
  return listCompanies(client);
}

/**
 * The service's checks: every record's `account` is a company the token manages (a firm token,
 * by the one rule, needs one on every record, or --account; a company token writes to its own
 * company with no account column or flag); numbering and payment-method names exist in that
 * company (lists asked once per company). A name that differs only in case is written as the
 * service spells it. Returns the records that passed, with their company.
 */
export async function checkWithService(
  client: ApiClient,
  /** `prepared` undefined: a record that failed a local rule, checked against the lists all the same (never sent). */
  items: { record: BatchRecord; prepared?: Prepared }[],
  mode: Mode,
  problems: BatchProblem[],
  scope: TokenScope,
): Promise<{ checked: CheckedRecord[]; companies: Company[] }> {
  const fallback = client.accountId || undefined;
  const companies = await companiesFor(
    client,
    scope,
    items.map(({ record }) => record.account ?? fallback),
  );
  const byId = new Map(companies.map((c) => [c.id, c]));
  const single = scope.firm ? undefined : (scope.own ?? (companies.length === 1 ? companies[0] : undefined));
  const lists = new Map<string, Promise<CompanyLists>>();
  const listsFor = (account: string | undefined) => {
    const key = account ?? '';
    let found = lists.get(key);
    if (!found) {
      const api = account ? client.forAccount(account) : client;
      found = (async () => {
        const [numberings, methods] = await Promise.all([collect(listNumberings(api)), collect(listPaymentMethods(api))]);
        return { numberings: numberings.map((n) => n.name), methods: methods.map((m) => m.name) };
      })();
      lists.set(key, found);
    }
    return found;
  };
  const known = companies.map((c) => `${c.id} (${c.name})`).join(', ');
  const checked: CheckedRecord[] = [];
  for (const { record, prepared } of items) {
    const account = record.account ?? fallback;
    const at = { line: record.line, ref: record.ref };
    if (account !== undefined && !byId.has(account)) {
      problems.push({ ...at, field: 'account', detail: `'${account}' is not a company this token manages; it manages: ${known || 'none'}` });
      continue;
    }
    if (account === undefined && !single) {
      problems.push({
        ...at,
        field: 'account',
        detail: `is required: this token manages ${scope.firm ? scope.count : companies.length} companies (${known}); name one in an account column/field, or pass --account ID`,
      });
      continue;
    }
    const company = account !== undefined ? byId.get(account)! : single!;
    const { numberings, methods } = await listsFor(record.account);
    const body = (prepared?.body ?? { numerazione: record.draft.numerazione, metodo_pagamento: record.draft.metodo_pagamento }) as {
      numerazione?: string;
      metodo_pagamento?: string;
    };
    let ok = true;
    if (body.numerazione !== undefined) {
      const name = canonical(body.numerazione, numberings);
      if (name === undefined) {
        problems.push({
          ...at,
          field: 'numerazione',
          detail: t`'${body.numerazione}' is not an active numbering of ${company.name}; there are: ${numberings.join(', ') || t`none`}`,
        });
        ok = false;
      } else body.numerazione = name;
    }
    if (body.metodo_pagamento !== undefined) {
      const name = canonical(body.metodo_pagamento, methods);
      if (name === undefined) {
        problems.push({
          ...at,
          field: 'metodo_pagamento',
          detail: t`'${body.metodo_pagamento}' is not a payment method of ${company.name}; there are: ${methods.join(', ') || t`none`}`,
        });
        ok = false;
      } else body.metodo_pagamento = name;
    }
    if (!ok || !prepared) continue;
    checked.push({ record, account: record.account, companyId: company.id, company: company.name, prepared, expected: expectedOf(prepared, mode === 'draft') });
  }
  return { checked, companies };
}
