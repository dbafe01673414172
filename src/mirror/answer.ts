/**
 * `--offline`: the mirror answering the API's reads, as the service would, with no request at all.
 * The one client (src/api/client.ts) hands every GET to `answer()` instead of the network; the
 * answer is the contract's JSON (the list envelope with `meta`, `{ data }` for one record, the
 * service's own error body for a refusal the sync recorded), so everything above the client —
 * pagination, the same decoding, --fields, --query, every format, the firm fan-out, exit codes —
 * is the code that runs online.
 *
 * The list semantics are the service's as the contract states them: the filters of each list,
 * `page`/`per_page` (default 50) and `meta`. The contract states no order: every list is listed in
 * the service's own, learned from its last full walk (order.ts; a mirror older than that, until a
 * full sync: the order the rows are kept in, store.ts rows()); companies as the service listed them
 * at the last sync.
 */
import { UsageError } from '../errors.js';
import type { LocalAnswer, Method, Query } from '../api/client.js';
import { nextMonth } from '../domain/dates.js';
import { sum } from '../domain/money.js';
import { KIND, RESOURCES, type Kind } from './kinds.js';
import { VOID_SDI_STATUSES } from '../api/invoices.js';
import type { MirrorCompany, MirrorStore, RecordQuery } from './storage.js';
import { instant, t, type Message, type Text } from '../i18n/message.js';

export const DEFAULT_PER_PAGE = 50;

/** What the run is told as companies are read (their age goes to stderr) and about answers that need a word. */
export interface AnswerHooks {
  served(company: MirrorCompany): void;
  note(text: Text): void;
}

type Rec = Record<string, unknown>;
type Predicate = (record: Rec) => boolean;

const json = (status: number, body: string, date?: number): LocalAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...(date === undefined ? {} : { date: new Date(date).toUTCString() }) },
  text: body,
});

/** The lists other than the invoices, as a note about their order names them. */
const LIST_WORDS: Record<string, () => Message> = {
  [RESOURCES.clients]: () => t`clients`,
  [RESOURCES.costCenters]: () => t`cost centers`,
  [RESOURCES.expenses]: () => t`expenses`,
  [RESOURCES.f24s]: () => t`F24 forms`,
  [RESOURCES.deadlines]: () => t`tax deadlines`,
};

const param = (query: Query, name: string): string | undefined => {
  const value = query[name];
  if (value === undefined || value === null || value === '') return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
};
const list = (query: Query, name: string): string[] | undefined =>
  param(query, name)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** What a token other than the one that filled the mirror sees of it: its GET /v1/me and its companies (`--demo`'s company token). */
export interface CompanyView {
  me: string;
  ids: readonly string[];
}

/** The answers of one mirror. */
export class MirrorAnswers {
  constructor(
    readonly mirror: MirrorStore,
    private readonly hooks: AnswerHooks,
    /** How a person names this mirror in messages: `fisco sync` (with -p … when a profile was named). */
    private readonly syncCommand = 'fisco sync',
    private readonly view?: CompanyView,
  ) {}

  /** The lists whose guessed places were counted in this run (noteGuesses): once each, not once a page. */
  private readonly guessesCounted = new Set<string>();

  /** The companies synced, as the reading token sees them. */
  private held(): MirrorCompany[] {
    const companies = this.mirror.companies();
    return this.view ? companies.filter((c) => this.view!.ids.includes(c.id)) : companies;
  }

  /** The companies the token managed at the last sync, as the reading token sees them. */
  private listed(): ReturnType<typeof listedAccounts> {
    const listed = listedAccounts(this.mirror);
    return this.view ? listed?.filter((account) => this.view!.ids.includes(account.id)) : listed;
  }

  answer(method: Method, path: string, query: Query): LocalAnswer {
    if (method !== 'GET')
      throw new UsageError(t`--offline: ${method} ${path} would change the service; offline, fisco only reads the mirror. Nothing was sent`);
    const [, version, resource, id, extra] = path.split('/');
    if (path === '/v1/me') return this.me();
    if (version === 'clients' && !resource) return this.clients(query);
    if (version !== 'v1' || extra !== undefined) return this.notKept(path);
    switch (resource) {
      case 'accounts':
        return id === undefined ? this.accounts(query) : this.account(decodeURIComponent(id));
      case 'invoices':
        return id === undefined ? this.invoices(query) : this.notKept(path);
      case 'cost-centers':
        return id === undefined ? this.costCenters(query) : this.notKept(path);
      case 'expenses':
        return id === undefined ? this.expenses(query) : id === 'summary' ? this.summary(query) : this.notKept(path);
      case 'f24s':
        return id === undefined ? this.f24s(query) : this.f24(decodeURIComponent(id), query);
      case 'tax-deadlines':
        return id === undefined ? this.deadlines(query) : this.notKept(path);
      default:
        return this.notKept(path);
    }
  }

  private notKept(path: string): never {
    throw new UsageError(t`--offline: GET ${path} is not kept in the mirror; nothing was sent`, [
      t`Offline, fisco answers: accounts list/get, invoice list/get, clients list, cost-centers list, expenses list/summary,`,
      t`f24 list/get, deadlines list/export, overview, receivables, cash, whoami and search (docs/mirror.md). Run the others without --offline.`,
    ]);
  }

  /** The companies a request covers: its account_id's, or every company synced. Never-synced is exit 2 naming the sync. */
  private scope(query: Query): MirrorCompany[] {
    const accountId = param(query, 'account_id');
    if (accountId !== undefined) {
      const company = this.view && !this.view.ids.includes(accountId) ? undefined : this.mirror.company(accountId);
      if (!company) throw this.notHeld(accountId);
      return [company];
    }
    const companies = this.held();
    if (companies.length === 0) throw new UsageError(t`--offline: the mirror holds no company yet; run \`${this.syncCommand}\` while online first`);
    return companies;
  }

  /** A company the mirror does not hold: one the token managed at the last sync was never synced; another is not the token's. */
  private notHeld(accountId: string): UsageError {
    const listed = this.listed();
    if (listed !== undefined && !listed.some((account) => account.id === accountId)) {
      const known = listed.map((account) => `${account.id} (${account.name})`).join(', ') || t`none`;
      return new UsageError(t`--offline: ${accountId} is not a company this token manages (as the last sync listed them: ${known}); nothing was read`);
    }
    return new UsageError(t`--offline: the company ${accountId} is not in the mirror (never synced); nothing was read`, [
      t`Run \`${this.syncCommand} --account ${accountId}\` while online, then read it offline.`,
    ]);
  }

  /** The companies whose `resource` the service did not refuse; a single refused company gets the service's refusal, as it did online. */
  private readable(query: Query, resource: string): { companies: MirrorCompany[]; refused?: LocalAnswer } {
    const companies = this.scope(query);
    const open = companies.filter((c) => !this.mirror.refusal(c.cid, resource));
    if (param(query, 'account_id') !== undefined && open.length === 0) {
      const refusal = this.mirror.refusal(companies[0]!.cid, resource)!;
      this.hooks.served(companies[0]!);
      return { companies: [], refused: json(refusal.status, refusal.body, companies[0]!.syncedAt) };
    }
    return { companies: open };
  }

  private served(companies: readonly MirrorCompany[]): number {
    for (const company of companies) this.hooks.served(company);
    return Math.max(0, ...companies.map((c) => c.syncedAt));
  }

  private me(): LocalAnswer {
    const me = this.view?.me ?? this.mirror.meta('me');
    const companies = this.held();
    if (me === undefined || companies.length === 0)
      throw new UsageError(t`--offline: the mirror holds nothing yet; run \`${this.syncCommand}\` while online first`);
    return json(200, `{"data":${me}}`, Math.max(...companies.map((c) => c.syncedAt)));
  }

  private accounts(query: Query): LocalAnswer {
    if (param(query, 'updated_since') !== undefined) {
      throw new UsageError(t`--offline: accounts list --updated-since needs the service (the mirror keeps the companies, not when the service changed them)`);
    }
    // The companies as the last sync's GET /v1/accounts listed them, synced or not (as online); the
    // list of companies is not their data: reading it says nothing about how old their records are.
    const companies = this.scope({});
    const listed = this.listed();
    return this.page(listed?.map((account) => account.json) ?? companies.map((c) => c.json), query, Math.max(...companies.map((c) => c.syncedAt)));
  }

  private account(id: string): LocalAnswer {
    const company = this.view && !this.view.ids.includes(id) ? undefined : this.mirror.company(id);
    if (company) return json(200, `{"data":${company.json}}`, this.served([company]));
    // A company the token manages but the mirror never synced: its record as GET /v1/accounts listed it.
    const listed = this.listed()?.find((account) => account.id === id);
    if (!listed) throw this.notHeld(id);
    return json(200, `{"data":${listed.json}}`, Math.max(...this.scope({}).map((c) => c.syncedAt)));
  }

  private clients(query: Query): LocalAnswer {
    const q = (param(query, 'q') ?? '').trim().toLowerCase();
    const qVat = q.replace(/\s+/g, '').replace(/^it(?=\d)/, '');
    const match: Predicate | undefined = q
      ? (c) => (typeof c.name === 'string' && c.name.toLowerCase().includes(q)) || (typeof c.piva === 'string' && c.piva.toLowerCase().includes(qVat))
      : undefined;
    return this.list(query, RESOURCES.clients, { kind: KIND.client }, match, '"success":true,');
  }

  private invoices(query: Query): LocalAnswer {
    const direction = param(query, 'direction') ?? 'outbound';
    // The SDI statuses asked for, in SQL; delivery_failed is the service's failed_delivery too (either spelling).
    const asked = list(query, 'sdi_status')?.map((s) => (s === 'failed_delivery' ? 'delivery_failed' : s));
    const sdi = asked && [...new Set(asked.flatMap((s) => (s === 'delivery_failed' ? [s, 'failed_delivery'] : [s])))];
    const wanted = list(query, 'payment_status');
    const statuses = wanted?.filter((s) => s !== 'overdue');
    const overdue = wanted?.includes('overdue') === true;
    const k =
      wanted !== undefined
        ? [...new Set([...(statuses ?? []), ...(overdue ? ['unpaid', 'partial'] : [])])]
        : // A void invoice has no payment status (the API document's States), so its `k` is '': a read of
          // void invoices by SDI status looks among those alone (the filter index), not every invoice's JSON.
          sdi?.every((s) => VOID_SDI_STATUSES.includes(s))
          ? ['']
          : undefined;
    const tests: Predicate[] = [];
    if (overdue) tests.push((i) => statuses!.includes(String(i.payment_status)) || i.overdue === true);
    const resource = direction === 'inbound' ? RESOURCES.inbound : RESOURCES.outbound;
    const part = direction === 'inbound' ? 1 : 0;
    return this.list(query, resource, { kind: KIND.invoice, part, k, ...(sdi ? { sdi } : {}), descending: true }, all(tests));
  }

  /**
   * The records of a list whose service showed no rule in its last full walk (order.ts) and that
   * were added since have no place in its order yet: said on stderr, whatever the page (they are
   * listed last, so a later page is where they are), once per company and list in a run: counted on
   * the first page read (an `--all` walk reads many), said once (open.ts).
   */
  private noteGuesses(resource: string, companies: readonly MirrorCompany[], kind: Kind, part: number): void {
    for (const company of companies) {
      const list = `${company.cid}:${kind}:${part}`;
      if (this.guessesCounted.has(list)) continue;
      this.guessesCounted.add(list);
      const { last, unsure } = this.mirror.guessed({ cids: [company.cid], kind, part });
      const name = company.name || company.id;
      const words = kind === KIND.invoice ? undefined : (LIST_WORDS[resource]?.() ?? resource);
      if (last > 0 && words === undefined)
        this.hooks.note(
          last === 1
            ? t`offline: ${name} (${company.id}): 1 invoice added since the last full sync is listed last; the service's order of it is known after \`${this.syncCommand} --full\``
            : t`offline: ${name} (${company.id}): ${last} invoices added since the last full sync are listed last, by id; the service's order of them is known after \`${this.syncCommand} --full\``,
        );
      else if (last > 0)
        this.hooks.note(
          last === 1
            ? t`offline: ${name} (${company.id}), ${words}: 1 added since the last full sync is listed last; the service's order of it is known after \`${this.syncCommand} --full\``
            : t`offline: ${name} (${company.id}), ${words}: ${last} added since the last full sync are listed last, by id; the service's order of them is known after \`${this.syncCommand} --full\``,
        );
      // The last full walk followed more than one rule, and they put these records in different places.
      if (unsure > 0)
        this.hooks.note(
          t`offline: ${name} (${company.id}), ${words ?? t`invoices`}: ${unsure} added since the last full sync are placed by one of the orders the last full walk showed, which differ on them; the service's order is known after \`${this.syncCommand} --full\``,
        );
    }
  }

  private costCenters(query: Query): LocalAnswer {
    const attivo = param(query, 'attivo');
    const tipo = param(query, 'tipo');
    const tests: Predicate[] = [];
    if (attivo !== undefined) tests.push((c) => c.attivo === (attivo === 'true' || attivo === '1'));
    if (tipo !== undefined) tests.push((c) => c.tipo === tipo);
    return this.list(query, RESOURCES.costCenters, { kind: KIND.costCenter }, all(tests));
  }

  private expenses(query: Query): LocalAnswer {
    const months = this.months(query);
    const method = param(query, 'method');
    const center = param(query, 'cost_center');
    const tests: Predicate[] = [];
    if (method !== undefined) tests.push((e) => (e.allocation_method ?? 'struttura') === method);
    if (center !== undefined) {
      const unassigned = center.toUpperCase() === 'UNASSIGNED';
      tests.push((e) => (unassigned ? e.cost_center_code === 'UNASSIGNED' : e.cost_center_id === center || e.cost_center_code === center));
    }
    return this.list(query, RESOURCES.expenses, { kind: KIND.expense, kFrom: months.from, kTo: months.to }, all(tests));
  }

  /** The months of an expense query, checked against what the mirror holds of every company it covers. */
  private months(query: Query): { from?: string; to?: string } {
    const periodo = param(query, 'periodo');
    const from = periodo ?? param(query, 'periodo_da');
    const to = periodo ?? param(query, 'periodo_a');
    for (const company of this.scope(query)) {
      const held = { from: company.expensesFrom, to: company.expensesTo };
      if (!held.from || !held.to) continue;
      if ((from ?? '') < held.from || (to ?? '9999-99') > held.to) {
        if (from === undefined && to === undefined) {
          this.hooks.note(t`offline: ${company.name || company.id} (${company.id}): the expenses of ${held.from} to ${held.to}, the months the mirror holds`);
          continue;
        }
        throw new UsageError(
          t`--offline: the mirror holds the expenses of ${company.name || company.id} (${company.id}) from ${held.from} to ${held.to}; ${from ?? '…'}..${to ?? '…'} reaches outside them. Nothing was read`,
          [t`\`${this.syncCommand} --full\` reads ${24} months; run the command online for older ones.`],
        );
      }
    }
    return { from, to };
  }

  /** GET /v1/expenses/summary: the month's summary as the sync read it, or the months of a range added up. */
  private summary(query: Query): LocalAnswer {
    const periodo = param(query, 'periodo');
    const from = periodo ?? param(query, 'periodo_da');
    const to = periodo ?? param(query, 'periodo_a');
    if (from === undefined || to === undefined) {
      throw new UsageError(t`--offline: an expense summary needs its months (--period, or --from and --to): the mirror holds 24 months, not all of them`);
    }
    const { companies, refused } = this.readable(query, RESOURCES.summaries);
    if (refused) return refused;
    this.months(query);
    const date = this.served(companies);
    const summaries: Rec[] = [];
    for (let month = from; month <= to; month = nextMonth(month)) {
      for (const company of companies) {
        const stored = this.mirror.get(company.cid, KIND.summary, month);
        if (stored === undefined)
          throw new UsageError(t`--offline: the expense summary of ${month} is not in the mirror; nothing was read`, [
            t`Run \`${this.syncCommand}\` while online.`,
          ]);
        summaries.push(JSON.parse(stored) as Rec);
      }
    }
    const body = periodo !== undefined && summaries.length === 1 ? summaries[0]! : combineSummaries(summaries, periodo, query);
    return json(200, JSON.stringify({ data: body }), date);
  }

  private f24s(query: Query): LocalAnswer {
    return this.list(query, RESOURCES.f24s, {
      kind: KIND.f24,
      k: list(query, 'status'),
      dFrom: param(query, 'due_date_from'),
      dTo: param(query, 'due_date_to'),
    });
  }

  /** GET /v1/f24s/{id}: the detail the sync read; an id the mirror does not hold answers 404, as the service would. */
  private f24(id: string, query: Query): LocalAnswer {
    const { companies, refused } = this.readable(query, RESOURCES.f24s);
    if (refused) return refused;
    for (const company of companies) {
      const detail = this.mirror.get(company.cid, KIND.f24Detail, id);
      if (detail === undefined) continue;
      return json(200, `{"data":${detail}}`, this.served([company]));
    }
    const date = this.served(companies);
    // A 404 as the service's (the same body and exit code), said as the mirror's own words in the run's language.
    const synced = companies.map((c) => c.id).join(', ');
    const message = `F24 ${id} is not in the mirror (as of the last sync of ${synced || 'no company'})`;
    return {
      ...json(404, JSON.stringify({ error: { code: 'not_found', message } }), date),
      said: synced
        ? t`--offline: F24 ${id} is not in the mirror (as of the last sync of ${synced}); nothing was sent`
        : t`--offline: F24 ${id} is not in the mirror, which holds no company whose F24 forms were read; nothing was sent`,
    };
  }

  private deadlines(query: Query): LocalAnswer {
    const type = param(query, 'type');
    const status = param(query, 'status');
    return this.list(
      query,
      RESOURCES.deadlines,
      { kind: KIND.deadline, k: status === undefined ? undefined : [status], dFrom: param(query, 'due_date_from'), dTo: param(query, 'due_date_to') },
      type === undefined ? undefined : (d) => d.type === type,
    );
  }

  /** One page of a list: the records of the query (and predicate) over the companies the request covers. */
  private list(query: Query, resource: string, base: Omit<RecordQuery, 'cids'>, predicate?: Predicate, envelopeExtra = ''): LocalAnswer {
    const { companies, refused } = this.readable(query, resource);
    if (refused) return refused;
    const since = this.since(query, companies);
    const date = this.served(companies);
    const q: RecordQuery = { ...base, cids: companies.map((c) => c.cid), ...(since === undefined ? {} : { changedSince: since }) };
    const { page, perPage } = pageParams(query);
    const offset = (page - 1) * perPage;
    let total: number;
    let data: string[] = [];
    let unsure = 0;
    if (!predicate && since === undefined) {
      total = q.cids.length === 0 ? 0 : this.mirror.count(q);
      if (q.cids.length > 0) for (const row of this.mirror.rows(q, offset, perPage)) data.push(row.json);
    } else {
      total = 0;
      for (const row of q.cids.length === 0 ? [] : this.mirror.rows(q)) {
        if (predicate && !predicate(JSON.parse(row.json) as Rec)) continue;
        if (since !== undefined && (row.changedAfter === null || row.changedAfter < since)) unsure++;
        if (total >= offset && data.length < perPage) data.push(row.json);
        total++;
      }
    }
    if (unsure > 0) this.noteUnsure(unsure, since!);
    this.noteGuesses(resource, companies, base.kind, base.part ?? 0);
    return this.envelope(data, total, page, perPage, date, envelopeExtra);
  }

  /**
   * updated_since as an instant, when the mirror can answer it: what a company's first sync stored
   * changed at some time before it (the mirror cannot say when), so an instant not after that sync
   * would get the whole history as "changed": refused, never answered as if it were.
   */
  private since(query: Query, companies: readonly MirrorCompany[]): number | undefined {
    const raw = param(query, 'updated_since');
    if (raw === undefined) return undefined;
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : raw);
    if (Number.isNaN(ms)) throw new UsageError(t`--offline: updated_since '${raw}' is not an instant`);
    for (const company of companies) {
      const first = this.mirror.firstSyncAt(company.cid);
      if (first === undefined || ms > first) continue;
      throw new UsageError(
        t`--offline: the mirror can tell what changed only after ${instant(new Date(first).toISOString())} (the first sync of ${company.name || company.id} (${company.id}), the service's clock); ${instant(new Date(ms).toISOString())} is not after it. Nothing was read`,
        [t`Run the command online: the service answers it.`],
      );
    }
    return ms;
  }

  private noteUnsure(count: number, since: number): void {
    this.hooks.note(
      count === 1
        ? t`offline: 1 of these records changed at a time the mirror can only place between two syncs, not before or after ${instant(new Date(since).toISOString())}: it is included (the mirror knows when it saw a change, the service when it made it)`
        : t`offline: ${count} of these records changed at a time the mirror can only place between two syncs, not before or after ${instant(new Date(since).toISOString())}: they are included (the mirror knows when it saw a change, the service when it made it)`,
    );
  }

  private page(items: readonly string[], query: Query, date: number): LocalAnswer {
    const { page, perPage } = pageParams(query);
    const start = (page - 1) * perPage;
    return this.envelope(items.slice(start, start + perPage), items.length, page, perPage, date);
  }

  private envelope(data: readonly string[], total: number, page: number, perPage: number, date: number, extra = ''): LocalAnswer {
    const next = page * perPage < total ? page + 1 : null;
    return json(200, `{${extra}"data":[${data.join(',')}],"meta":{"page":${page},"per_page":${perPage},"total":${total},"next_page":${next}}}`, date);
  }
}

/** The companies the token managed, as the last sync's GET /v1/accounts listed them (JSON text each); undefined in a mirror made before fisco kept them. */
export function listedAccounts(mirror: MirrorStore): { id: string; name: string; json: string }[] | undefined {
  const text = mirror.meta('accounts');
  if (text === undefined) return undefined;
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const account = JSON.parse(line) as { id: string; name?: unknown };
      return { id: account.id, name: typeof account.name === 'string' ? account.name : account.id, json: line };
    });
}

function all(tests: readonly Predicate[]): Predicate | undefined {
  return tests.length === 0 ? undefined : (record) => tests.every((test) => test(record));
}

function pageParams(query: Query): { page: number; perPage: number } {
  const page = Number(param(query, 'page') ?? 1);
  const perPage = Number(param(query, 'per_page') ?? DEFAULT_PER_PAGE);
  if (!Number.isInteger(page) || page < 1) throw new UsageError(t`--offline: page must be a whole number of 1 or more`);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) throw new UsageError(t`--offline: per_page must be from 1 to 100`);
  return { page, perPage };
}

/** The summary of several months (or companies): the months' totals added up, per method and per cost center. */
export function combineSummaries(summaries: readonly Rec[], periodo: string | undefined, query: Query): Rec {
  const totals = new Map<string, string[]>();
  const centers = new Map<string, { cost_center_id: unknown; cost_center_code: string; nome: unknown; totale: string[]; documenti: number }>();
  let count = 0;
  const unassigned: string[] = [];
  for (const s of summaries) {
    for (const [method, amount] of Object.entries((s.totali as Rec | undefined) ?? {})) totals.set(method, [...(totals.get(method) ?? []), String(amount)]);
    for (const c of (s.per_centro as Rec[] | undefined) ?? []) {
      const key = String(c.cost_center_id);
      const entry = centers.get(key) ?? {
        cost_center_id: c.cost_center_id,
        cost_center_code: String(c.cost_center_code ?? key),
        nome: c.nome,
        totale: [],
        documenti: 0,
      };
      entry.totale.push(String(c.totale));
      entry.documenti += Number(c.documenti ?? 0);
      centers.set(key, entry);
    }
    const na = (s.non_assegnate as Rec | undefined) ?? {};
    count += Number(na.conteggio ?? 0);
    unassigned.push(String(na.importo ?? '0.00'));
  }
  const range = periodo === undefined ? { periodo_da: param(query, 'periodo_da') ?? null, periodo_a: param(query, 'periodo_a') ?? null } : {};
  return {
    periodo: periodo ?? null,
    ...range,
    totali: Object.fromEntries([...totals].map(([method, amounts]) => [method, sum(amounts)])),
    per_centro: [...centers.values()]
      .map((c) => ({ cost_center_id: c.cost_center_id, cost_center_code: c.cost_center_code, nome: c.nome, totale: sum(c.totale), documenti: c.documenti }))
      .sort((a, b) => a.cost_center_code.localeCompare(b.cost_center_code)),
    non_assegnate: { conteggio: count, importo: sum(unassigned) },
  };
}
