/**
 * The reads of the PostgreSQL mirror, written once and run two ways. Each read is a program of
 * statements (a generator: it yields a statement, is given back its rows, and returns the answer),
 * so the same SQL and the same decoding serve
 *   - pg-store.ts, the storage interface of every command, which runs a program synchronously
 *     through its worker thread (runSync), and
 *   - pg-reader.ts, the fast path of bin/fisco.js (src/fast-offline.ts), which runs it on a
 *     connection of its own with no worker and no CLI (runAsync).
 * A read of a credential's companies sees only those that credential's last sync listed (its owner
 * row): `credential` is the credential's row key (pg-store.ts credentialOf).
 */
import { MirrorError, ambiguous, orderMeta, toCompany, type CompanyRow, type MirrorCompany, type RecordQuery, type StoredRow } from './store.js';
import { SEARCH_KINDS, type Kind } from './kinds.js';
import { GUESS_PREFIX, UNSURE_MARK } from './order.js';
import { parseOwner } from './owner.js';
import { PG_SCHEMA, PG_SCHEMA_VERSION, pgRejectedDay, pgSdiStatus } from './pg-schema.js';
import { PG_TS_CONFIG, pgQuery } from './pg-search.js';
import { t } from '../i18n/message.js';
import type { Guessed, SearchWithin } from './storage.js';

const S = PG_SCHEMA;

const COMPANY_SELECT = `SELECT c.cid, c.account_id, c.json, s.at_ms, s.local_ms, f.at_ms AS full_ms, f.local_ms AS full_local, c.day, c.expenses_from, c.expenses_to
  FROM ${S}.companies c LEFT JOIN ${S}.syncs s ON s.gen = c.last_gen LEFT JOIN ${S}.syncs f ON f.gen = c.full_gen`;

export type Row = Record<string, unknown>;
export type Param = string | number | boolean | null | readonly (string | number)[];

/** One statement: its text with $n parameters, and their values. */
export interface Statement {
  text: string;
  params: Param[];
  /**
   * The meta key this statement reads (its rows: none, or one with its `value`), for a driver that
   * holds the reading credential's meta as of its snapshot (pg-reader.ts) and answers it from there.
   */
  meta?: string;
}

/** A read: yields statements, is given each one's rows, returns its answer. */
export type Read<T> = Generator<Statement, T, Row[]>;

const statement = (text: string, ...params: Param[]): Statement => ({ text, params });

/** Runs a read with a synchronous driver (pg-store.ts: the worker thread waited for). */
export function runSync<T>(read: Read<T>, all: (statement: Statement) => Row[]): T {
  let step = read.next();
  while (!step.done) step = read.next(all(step.value));
  return step.value;
}

/** Runs a read on an asynchronous connection (pg-reader.ts). */
export async function runAsync<T>(read: Read<T>, all: (statement: Statement) => Promise<Row[]>): Promise<T> {
  let step = read.next();
  while (!step.done) step = read.next(await all(step.value));
  return step.value;
}

/** The meta keys that are a credential's own (its owner row, its GET /v1/me, its companies as listed). */
export const CREDENTIAL_KEYS = new Set(['owner', 'me', 'accounts', 'demo_company_me']);

/**
 * The schema's version, read without changing anything; undefined when the database holds no
 * mirror; refused when the schema is not fisco's or is a newer fisco's. `shown` names the database.
 */
export function* schemaVersion(shown: string): Read<number | undefined> {
  const [present] = (yield statement('SELECT to_regnamespace($1)::text AS schema, to_regclass($2)::text AS version', S, `${S}.version`)) as {
    schema: string | null;
    version: string | null;
  }[];
  if (!present || present.schema === null) return undefined;
  if (present.version === null) {
    const [tables] = (yield statement('SELECT count(*) AS n FROM pg_class WHERE relnamespace = to_regnamespace($1)', S)) as { n: number }[];
    if (Number(tables?.n ?? 0) === 0) return undefined;
    throw new MirrorError(t`the schema ${S} of ${shown} is not a fisco mirror; nothing was read or changed`);
  }
  const [row] = (yield statement(`SELECT version, application FROM ${S}.version`)) as { version: number; application: string }[];
  if (!row) return 0;
  if (row.application !== 'fisco mirror') throw new MirrorError(t`the schema ${S} of ${shown} is not a fisco mirror; nothing was read or changed`);
  if (row.version > PG_SCHEMA_VERSION) {
    throw new MirrorError(
      t`the mirror ${shown} was written by a newer fisco (schema ${row.version}; this fisco knows schema ${PG_SCHEMA_VERSION}); it was not read or changed`,
      [t`Update fisco (every machine that reads this mirror needs the newer one).`],
    );
  }
  return row.version;
}

/** The database's own key for credentials' row keys (pg-store.ts credentialOf), or undefined before a first sync made it. */
export function* credentialKey(): Read<string | undefined> {
  const [row] = (yield statement(`SELECT value FROM ${S}.meta WHERE key = 'credential_key'`)) as { value: string }[];
  return row?.value;
}

export function* meta(credential: string, key: string): Read<string | undefined> {
  const rows = CREDENTIAL_KEYS.has(key)
    ? yield { ...statement(`SELECT value FROM ${S}.credentials WHERE credential = $1 AND key = $2`, credential, key), meta: key }
    : yield { ...statement(`SELECT value FROM ${S}.meta WHERE key = $1`, key), meta: key };
  return (rows[0] as { value: string } | undefined)?.value;
}

/**
 * What pg-reader.ts reads in its first round trip, beside the schema's version: the database's own
 * meta (a few rows: the credential key, each list's learned order), every credential's rows of the
 * keys CREDENTIAL_PREFETCH names (it keeps its own: it cannot know its row key before the
 * credential key), and every company synced at least once (it keeps those its credential may read:
 * companiesOf).
 */
export const ALL_META = `SELECT key, value FROM ${S}.meta`;
export const CREDENTIAL_PREFETCH = ['owner', 'me', 'demo_company_me'];
export const ALL_CREDENTIAL_META = `SELECT credential, key, value FROM ${S}.credentials WHERE key IN (${CREDENTIAL_PREFETCH.map((k) => `'${k}'`).join(', ')})`;
export const ALL_COMPANIES = `${COMPANY_SELECT} WHERE c.last_gen IS NOT NULL`;
/** The schema's version row (an error when the database holds no mirror). */
export const VERSION_ROW = `SELECT version, application FROM ${S}.version`;

/** The ids of the companies a credential's last sync listed (its owner row): all it may read. */
export const visibleIds = (owner: string | undefined): string[] => parseOwner(owner)?.accounts ?? [];

function* visible(credential: string): Read<string[]> {
  return visibleIds(yield* meta(credential, 'owner'));
}

/** Of company rows, those of `ids` (what a credential may read), as companies, in the order of `ids`. */
export function companiesOf(rows: readonly Omit<CompanyRow, 'pos'>[], ids: readonly string[]): MirrorCompany[] {
  return rows
    .filter((row) => ids.includes(row.account_id))
    .map((row) => companyOf(row, ids.indexOf(row.account_id)))
    .sort((a, b) => a.pos - b.pos);
}

/** The companies this credential may read that were synced at least once, in the order its last sync listed them. */
export function* companies(credential: string): Read<MirrorCompany[]> {
  const ids = yield* visible(credential);
  const rows = (yield statement(`${COMPANY_SELECT} WHERE c.last_gen IS NOT NULL AND c.account_id = ANY($1::text[])`, ids)) as unknown as Omit<
    CompanyRow,
    'pos'
  >[];
  return companiesOf(rows, ids);
}

export function* company(credential: string, accountId: string): Read<MirrorCompany | undefined> {
  const ids = yield* visible(credential);
  if (!ids.includes(accountId)) return undefined;
  const [row] = (yield statement(`${COMPANY_SELECT} WHERE c.account_id = $1 AND c.last_gen IS NOT NULL`, accountId)) as unknown as Omit<CompanyRow, 'pos'>[];
  return row ? companyOf(row, ids.indexOf(accountId)) : undefined;
}

export function* refusal(cid: number, resource: string): Read<{ status: number; body: string } | undefined> {
  return (yield statement(`SELECT status, body FROM ${S}.refusals WHERE cid = $1 AND resource = $2`, cid, resource))[0] as
    { status: number; body: string } | undefined;
}

export function* refusals(cid: number): Read<{ resource: string; status: number; body: string }[]> {
  return (yield statement(`SELECT resource, status, body FROM ${S}.refusals WHERE cid = $1 ORDER BY resource`, cid)) as {
    resource: string;
    status: number;
    body: string;
  }[];
}

export function* get(cid: number, kind: Kind, id: string): Read<string | undefined> {
  return ((yield statement(`SELECT json FROM ${S}.records WHERE cid = $1 AND kind = $2 AND id = $3`, cid, kind, id))[0] as { json: string } | undefined)?.json;
}

export function* count(query: RecordQuery): Read<number> {
  // A company's records of a kind (and part), no filter: its tallies, when every company's are of
  // its last sync (pg-schema.ts migration 5), else the records counted.
  const filtered = Object.entries(query).some(([key, value]) => value !== undefined && !TALLIED_BY.has(key));
  if (!filtered) {
    const cids = [...new Set(query.cids)];
    const [tally] = (yield statement(
      `SELECT (SELECT count(*) FROM ${S}.companies c WHERE c.cid = ANY($1::int[]) AND c.tallied = c.last_gen) AS sure,
         (SELECT coalesce(sum(t.n), 0) FROM ${S}.tallies t WHERE t.cid = ANY($1::int[]) AND t.kind = $2${query.part === undefined ? '' : ' AND t.part = $3'}) AS n`,
      cids,
      query.kind,
      ...(query.part === undefined ? [] : [query.part]),
    )) as { sure: number; n: number }[];
    if (Number(tally!.sure) === cids.length) return Number(tally!.n);
  }
  const { where, params } = whereOf(query);
  const join = query.changedSince === undefined ? '' : ` JOIN ${S}.syncs s ON s.gen = r.changed`;
  return Number(((yield statement(`SELECT count(*) AS n FROM ${S}.records r${join} WHERE ${where}`, ...params))[0] as { n: number }).n);
}

/** What a tally is kept by (a query with nothing else set is one of tallies: count()); `descending` orders, it does not filter. */
const TALLIED_BY = new Set<string>(['cids', 'kind', 'part', 'descending'] satisfies (keyof RecordQuery)[]);

export type Totals = { count: number; priced: number; amount: number; flagged: number; flaggedAmount: number };

export function* totals(query: RecordQuery): Read<Totals> {
  const { where, params } = whereOf(query);
  const [row] = (yield statement(
    `SELECT count(*) AS count, count(r.amt) AS priced, sum(r.amt) AS amount, sum(r.flag) AS flagged,
       sum(CASE WHEN r.flag = 1 THEN r.amt END) AS "flaggedAmount" FROM ${S}.records r WHERE ${where}`,
    ...params,
  )) as { count: number; priced: number; amount: number | null; flagged: number | null; flaggedAmount: number | null }[];
  return { count: row!.count, priced: row!.priced, amount: row!.amount ?? 0, flagged: row!.flagged ?? 0, flaggedAmount: row!.flaggedAmount ?? 0 };
}

/**
 * A query's records in the service's order as learned (order.ts: the key `o`), then, for what no
 * full walk of its list was watched of yet (o = ''), the order of before; `limit` −1 is all.
 */
export function* rows(query: RecordQuery, offset = 0, limit = -1): Read<StoredRow[]> {
  const { text, params } = ordered(query);
  return (yield statement(
    `${text} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    ...params,
    limit < 0 ? null : limit,
    offset,
  )) as unknown as StoredRow[];
}

/** The statement of a query's records in the order rows() gives them, all of them (a cursor's: pg-store.ts walks). */
export function ordered(query: RecordQuery): Statement {
  const { where, params } = whereOf(query);
  const dir = query.descending ? 'DESC' : 'ASC';
  // By SDI status, the few invoices the filter index finds are sorted: `r.o || ''` (the same order)
  // keeps the planner from walking every invoice of the company in the order's index instead,
  // turning each one's JSON into jsonb to test it (1.5 s a company for a walk of 1,800 rejected
  // invoices, page by page), as `+r.o` does on SQLite (store.ts).
  const first = query.sdi !== undefined ? `r.o || ''` : 'r.o';
  const text = `SELECT r.cid, r.json, s.at_ms AS "changedAt", s.since_ms AS "changedAfter" FROM ${S}.records r JOIN ${S}.syncs s ON s.gen = r.changed
    WHERE ${where} ORDER BY ${first}, r.d ${dir}, r.n ${dir}, r.id ${dir}`;
  return { text, params };
}

/** How many of a query's records have no sure place in the service's order yet (order.ts guessKey, UNSURE_MARK), as store.ts guessed(). */
export function* guessed(credential: string, query: RecordQuery): Read<Guessed> {
  const { where, params } = whereOf(query);
  const [prefix, mark] = [params.length + 1, params.length + 2];
  // The index's range for the last; a count of the ambiguous only where a walk was ambiguous.
  const [last] = (yield statement(`SELECT count(*) AS n FROM ${S}.records r WHERE ${where} AND r.o >= $${prefix}`, ...params, GUESS_PREFIX)) as {
    n: number;
  }[];
  const orders = new Map<string, string | undefined>();
  for (const key of query.cids.map((cid) => orderMeta(cid, query.kind, query.part ?? 0))) orders.set(key, yield* meta(credential, key));
  if (!ambiguous(query, (key) => orders.get(key))) return { last: Number(last!.n), unsure: 0 };
  const [unsure] = (yield statement(
    `SELECT count(*) AS n FROM ${S}.records r WHERE ${where} AND r.o < $${prefix} AND strpos(r.o, $${mark}) > 0`,
    ...params,
    GUESS_PREFIX,
    UNSURE_MARK,
  )) as { n: number }[];
  return { last: Number(last!.n), unsure: Number(unsure!.n) };
}

/**
 * Full-text search (pg-search.ts): `match` is search.ts's FTS5 expression, turned into a tsquery;
 * hits best first (a hit in what names a record weighs 100 hits in what it mentions, the shorter
 * record first), then in the order the records were stored, with how many hits there are in all.
 * Always within this credential's companies: `within` undefined is every kind of those.
 */
export function* search(
  credential: string,
  match: string,
  within: SearchWithin,
  offset = 0,
  limit = -1,
): Read<{ hits: { cid: number; kind: Kind; json: string }[]; total: number }> {
  const query = yield* searchWhere(credential, match, within);
  if (!query) return { hits: [], total: 0 };
  const { where, params } = query;
  // The hits are ranked once, and both counted and paged from that ranking: counting them again
  // would find and filter them all a second time. The page is ranked on the hits' ids alone, and
  // only its records are read whole: ranking the records themselves sorted every hit's JSON
  // (thousands) to keep a page of them. A page past the last hit is one row of the total alone.
  const rows = (yield statement(
    `WITH hit AS MATERIALIZED (
       SELECT r.rid, ts_rank('{0.01, 0, 0, 1}', r.search, q, 2) AS rank FROM ${S}.records r, to_tsquery('${PG_TS_CONFIG}', $1) q WHERE ${where}
     )
     SELECT t.total, p.cid, p.kind, p.json FROM (SELECT count(*) AS total FROM hit) t LEFT JOIN LATERAL (
       SELECT r.cid, r.kind, r.json, h.rank, h.rid
         FROM (SELECT rid, rank FROM hit ORDER BY rank DESC, rid LIMIT $${params.length + 1} OFFSET $${params.length + 2}) h
         JOIN ${S}.records r ON r.rid = h.rid
     ) p ON true ORDER BY p.rank DESC, p.rid`,
    ...params,
    limit < 0 ? null : limit,
    offset,
  )) as { total: number; cid: number | null; kind: Kind | null; json: string | null }[];
  const hits = rows.filter((row) => row.cid !== null).map((row) => ({ cid: row.cid!, kind: row.kind!, json: row.json! }));
  return { hits, total: Number(rows[0]?.total ?? 0) };
}

/** What a search's total is kept under for its snapshot (a store's searchCount after its search: the total the page came with). */
export const searchKey = (match: string, within: SearchWithin): string => `search\0${match}\0${JSON.stringify(within ?? null)}`;

export function* searchCount(credential: string, match: string, within: SearchWithin): Read<number> {
  const query = yield* searchWhere(credential, match, within);
  if (!query) return 0;
  const [row] = (yield statement(`SELECT count(*) AS n FROM ${S}.records r, to_tsquery('${PG_TS_CONFIG}', $1) q WHERE ${query.where}`, ...query.params)) as {
    n: number;
  }[];
  return Number(row!.n);
}

/** What a search with no `within` covers: every searchable kind of these companies (the credential's). */
export function everywhere(companies: readonly MirrorCompany[]): NonNullable<SearchWithin> {
  return { kinds: Object.values(SEARCH_KINDS), cids: companies.map((c) => c.cid) };
}

function* searchWhere(credential: string, match: string, within: SearchWithin): Read<{ where: string; params: Param[] } | undefined> {
  const tsquery = pgQuery(match);
  if (tsquery === undefined) return undefined;
  const { kinds, cids } = within ?? everywhere(yield* companies(credential));
  return { where: 'r.search @@ q AND r.kind = ANY($2::int[]) AND r.cid = ANY($3::int[])', params: [tsquery, kinds, cids] };
}

/** A company as the reading credential sees it: `pos` is its place in that credential's list. */
const companyOf = (row: Omit<CompanyRow, 'pos'>, pos: number): MirrorCompany => toCompany({ ...row, pos });

/** The WHERE clause of a query over `records r` (and `syncs s` for changedSince), with $n parameters. */
export function whereOf(query: RecordQuery): { where: string; params: Param[] } {
  const params: Param[] = [];
  const clauses: string[] = [];
  const add = (clause: (n: string) => string, value: Param) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  // One company by equality: the planner then walks an index in the list's order (records_by_service,
  // an incremental sort for the ties) and a first page reads its 50 rows, not the company's all.
  if (query.cids.length === 1) add((n) => `r.cid = ${n}`, query.cids[0]!);
  else add((n) => `r.cid = ANY(${n}::int[])`, query.cids);
  add((n) => `r.kind = ${n}`, query.kind);
  if (query.part !== undefined) add((n) => `r.part = ${n}`, query.part);
  if (query.k !== undefined) add((n) => `r.k = ANY(${n}::text[])`, query.k);
  if (query.kFrom !== undefined) add((n) => `r.k >= ${n}`, query.kFrom);
  if (query.kTo !== undefined) add((n) => `r.k <= ${n}`, query.kTo);
  // By SDI status, and a rejection's day: sought in the filter index (pg-schema.ts, migration 4).
  if (query.sdi !== undefined) add((n) => `(${pgSdiStatus('r.')}) = ANY(${n}::text[])`, query.sdi);
  if (query.rejectedBefore !== undefined) add((n) => `(${pgRejectedDay('r.')}) < ${n}`, query.rejectedBefore);
  if (query.notRejectedBefore !== undefined) add((n) => `(${pgRejectedDay('r.')}) >= ${n}`, query.notRejectedBefore);
  if (query.dFrom !== undefined) add((n) => `r.d >= ${n}`, query.dFrom);
  if (query.dTo !== undefined) add((n) => `r.d <= ${n}`, query.dTo);
  if (query.changedSince !== undefined) add((n) => `s.at_ms >= ${n}`, query.changedSince);
  return { where: clauses.join(' AND '), params };
}
