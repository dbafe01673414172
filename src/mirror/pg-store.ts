/**
 * The mirror on a PostgreSQL server a firm shares (docs/mirror.md, "A shared mirror on
 * PostgreSQL"): the storage interface of storage.ts over node-postgres, which runs in a worker
 * thread (pg-worker.ts) that this module waits for (synckit), so the sync engine, the offline
 * answers and search are the ones of the SQLite store, unchanged.
 *
 * - One database, every table in the schema `fisco_mirror` (pg-schema.ts), migrated in place by a
 *   newer fisco; a newer fisco's schema is refused and never touched.
 * - A company's sync is one transaction holding an advisory lock on that company: a second sync of
 *   it (from any machine) waits, naming the holder (its application_name: `fisco sync on HOST,
 *   pid N`); a sync killed at any instant leaves the company as it was for every reader.
 * - Whose it is: several credentials fill and read it. Each credential's facts (its owner row, its
 *   GET /v1/me, its GET /v1/accounts) are a row of `credentials`, keyed by a fingerprint of the base
 *   URL and the token (an HMAC under a key the database keeps: never the token), and a credential
 *   reads only the companies its own last sync listed: companies() and company() see no other.
 * - The connection string's password is never stored or printed: `path` is the string without it.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createSyncFn } from 'synckit';
import { NetworkError, TimeoutError } from '../errors.js';
import { decimal, t, type Text } from '../i18n/message.js';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Env } from '../io/env.js';
import { type Kind, KIND, place, sameVersion, searchFields } from './kinds.js';
import { GUESS_PREFIX, UNSURE_MARK } from './order.js';
import { fingerprint, parseOwner, type Identity } from './owner.js';
import { PAYMENTS_READING } from './payments.js';
import { PG_MIGRATIONS, PG_SCHEMA, PG_SCHEMA_VERSION } from './pg-schema.js';
import { PG_TS_CONFIG, pgDocument, pgQuery } from './pg-search.js';
import type { PgAnswer, PgCall } from './pg-worker.js';
import type { Guessed, MirrorStore, MirrorWriter, SearchWithin } from './storage.js';
import {
  MirrorError,
  ambiguous,
  orderMeta,
  type Listing,
  type MirrorCompany,
  type PreviousSync,
  type PutResult,
  type RecordQuery,
  type StoredRow,
  type SweepScope,
} from './store.js';

const S = PG_SCHEMA;
/** The status of a residues row for an invoice the mirror no longer held at that sync (store.ts's GONE). */
const GONE = '~gone';
/** The meta keys that are a credential's own (its owner row, its GET /v1/me, its companies as listed). */
const CREDENTIAL_KEYS = new Set(['owner', 'me', 'accounts', 'demo_company_me']);
/** The PG* variables node-postgres reads (libpq's), and HOME for ~/.pgpass. */
const PG_ENV = /^(PG[A-Z]+|HOME)$/;

type Row = Record<string, unknown>;
type Param = string | number | boolean | null | readonly (string | number)[];

export interface PgOpenOptions {
  /** The connection string as given (postgres://…); its password, if any, is the run's to redact. */
  url: string;
  /** The run's --timeout (ms): the most connecting, and each statement, may take. */
  timeoutMs: number;
  /** What messages call the database: the connection string without its password. */
  shown: string;
  env: Env;
  identity: Identity;
  /** A sync: the schema is created when the database has none. A read: no schema is no mirror (undefined). */
  create: boolean;
  /** A note for stderr (a sync waiting for another). */
  say(text: Text): void;
}

/**
 * A file of dist/ as a path on disk, given by bin/fisco.js to the bundle it runs: beside the bundle
 * for the npm launcher, written once into fisco's private folder by the single executable (whose
 * dist/ is assets, and a worker thread starts from a file). Undefined from the sources (tests).
 */
declare const __fiscoFile: ((name: string) => string) | undefined;

/** dist/pg-worker.cjs: the launcher's (above), beside the bundle that runs (dist/cli.cjs) or, from the sources, in dist/. */
function workerFile(): string {
  if (typeof __fiscoFile === 'function') return __fiscoFile('pg-worker.cjs');
  const beside = fileURLToPath(new URL('./pg-worker.cjs', import.meta.url));
  return existsSync(beside) ? beside : fileURLToPath(new URL('../../dist/pg-worker.cjs', import.meta.url));
}

/** The advisory lock of one company's sync: a 64-bit key from its id, and its halves as pg_locks shows them. */
export function lockKey(accountId: string): { key: string; classid: number; objid: number } {
  const digest = createHash('sha256').update(`fisco mirror sync\0${accountId}`).digest();
  return { key: digest.readBigInt64BE(0).toString(), classid: digest.readUInt32BE(0), objid: digest.readUInt32BE(4) };
}

/** The worker's error codes that mean the server could not be reached (exit 8, like the service's). */
const UNREACHABLE = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|08\w{3}|57P0[1-3])$/;

export class PgMirror implements MirrorStore {
  private credentialId = '';
  /** The companies whose sync lock this connection holds (reserve()), released as their transaction ends. */
  private readonly reserved = new Set<string>();
  private connection = 0;
  /** A read's snapshot is held (holdSnapshot): the connection is inside its transaction until close(). */
  private snapshot = false;

  private constructor(
    readonly path: string,
    private readonly call: (call: PgCall) => PgAnswer,
    private readonly options: PgOpenOptions,
  ) {}

  /** Connects, checks the schema (a newer fisco's is refused untouched) and migrates it; undefined for a read of a database with no mirror. */
  static open(options: PgOpenOptions): PgMirror | undefined {
    const call = createSyncFn<(call: PgCall) => Promise<PgAnswer>>(workerFile());
    const mirror = new PgMirror(options.shown, call, options);
    const env = Object.fromEntries(Object.entries(options.env).filter((e): e is [string, string] => PG_ENV.test(e[0]) && typeof e[1] === 'string'));
    mirror.connection = Number(
      mirror.ask({
        op: 'connect',
        connect: { url: options.url, env, applicationName: `fisco on ${hostname()}, pid ${process.pid}`, timeoutMs: options.timeoutMs },
      })[0]!.id,
    );
    try {
      if (!mirror.prepare(options.create)) {
        mirror.close();
        return undefined;
      }
      mirror.credentialId = mirror.credentialOf(options.identity);
    } catch (error) {
      mirror.close();
      throw error;
    }
    return mirror;
  }

  /** One statement, its rows; a failure is the mirror's error naming the database (never its password). */
  private ask(request: PgCall): Row[] {
    const answer = this.call(request);
    if ('error' in answer) {
      const { message, code } = answer.error;
      if (code === 'FISCO_TIMEOUT')
        throw new TimeoutError(
          t`the mirror's database ${this.path} did not answer within ${decimal(this.options.timeoutMs / 1000)} s (the --timeout): ${message}`,
          undefined,
          [t`Check that the server is up and not overloaded, or give a longer --timeout.`],
        );
      if (code && UNREACHABLE.test(code))
        throw new NetworkError(t`the mirror's database ${this.path} cannot be reached: ${message}`, undefined, [
          t`Check the connection string (--mirror, FISCO_MIRROR_URL or the profile's mirror setting) and that the server is up.`,
        ]);
      throw new MirrorError(t`the mirror's database ${this.path} answered: ${message}${code ? ` (${code})` : ''}`);
    }
    return answer.rows;
  }

  /** @internal The writer's statements (same connection, same transaction). */
  all<T = Row>(text: string, ...params: Param[]): T[] {
    return this.ask({ op: 'query', id: this.connection, text, params }) as T[];
  }

  /** @internal */
  one<T = Row>(text: string, ...params: Param[]): T | undefined {
    return this.all<T>(text, ...params)[0];
  }

  /** @internal */
  run(text: string, ...params: Param[]): void {
    this.ask({ op: 'query', id: this.connection, text, params });
  }

  /** A damaged database is PostgreSQL's to say (its own errors reach the run as they are). */
  assertSound(): void {}

  /**
   * One snapshot for the rest of the connection's life (the reads of one command), as on SQLite: a
   * REPEATABLE READ transaction, READ ONLY (a read never writes the shared mirror), whose snapshot
   * is taken at its first statement and ended by close(). Every page of an offline walk then comes
   * from the same commit of every sync: none missing, none twice.
   */
  holdSnapshot(): void {
    if (!this.snapshot) this.run('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    this.snapshot = true;
  }

  renewSnapshot(): void {
    if (!this.snapshot) return;
    this.run('COMMIT');
    this.run('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  close(): void {
    try {
      this.call({ op: 'close', id: this.connection });
    } catch {
      /* a worker already gone has nothing to close */
    }
  }

  /**
   * The schema brought to this fisco's version in one transaction, under an advisory lock (two
   * machines opening a new database at once migrate it once); false when a read finds no mirror.
   */
  private prepare(create: boolean): boolean {
    const version = this.schemaVersion();
    if (version === undefined && !create) return false;
    if (version !== undefined && version >= PG_SCHEMA_VERSION) return true;
    this.run('BEGIN');
    try {
      this.run("SELECT pg_advisory_xact_lock(hashtextextended('fisco mirror migrate', 0))");
      this.run(`CREATE SCHEMA IF NOT EXISTS ${S}`);
      this.run(`CREATE TABLE IF NOT EXISTS ${S}.version (version integer NOT NULL, application text NOT NULL)`);
      const now = this.schemaVersion() ?? 0;
      for (let next = now + 1; next <= PG_SCHEMA_VERSION; next++) this.run(PG_MIGRATIONS[next - 1]!);
      this.run(`DELETE FROM ${S}.version`);
      this.run(`INSERT INTO ${S}.version (version, application) VALUES ($1, 'fisco mirror')`, PG_SCHEMA_VERSION);
      this.run('COMMIT');
    } catch (error) {
      this.run('ROLLBACK');
      throw error;
    }
    return true;
  }

  /** The schema's version, read without changing anything; undefined when the database holds no mirror; refused when not fisco's or newer. */
  private schemaVersion(): number | undefined {
    const present = this.one<{ schema: string | null; version: string | null }>(
      'SELECT to_regnamespace($1)::text AS schema, to_regclass($2)::text AS version',
      S,
      `${S}.version`,
    )!;
    if (present.schema === null) return undefined;
    if (present.version === null) {
      const tables = this.one<{ n: number }>('SELECT count(*) AS n FROM pg_class WHERE relnamespace = to_regnamespace($1)', S)!.n;
      if (tables === 0) return undefined;
      throw new MirrorError(t`the schema ${S} of ${this.path} is not a fisco mirror; nothing was read or changed`);
    }
    const row = this.one<{ version: number; application: string }>(`SELECT version, application FROM ${S}.version`);
    if (!row) return 0;
    if (row.application !== 'fisco mirror') throw new MirrorError(t`the schema ${S} of ${this.path} is not a fisco mirror; nothing was read or changed`);
    if (row.version > PG_SCHEMA_VERSION) {
      throw new MirrorError(
        t`the mirror ${this.path} was written by a newer fisco (schema ${row.version}; this fisco knows schema ${PG_SCHEMA_VERSION}); it was not read or changed`,
        [t`Update fisco (every machine that reads this mirror needs the newer one).`],
      );
    }
    return row.version;
  }

  /** The row key of a credential: an HMAC of its base URL and token under the database's own key (created once). */
  private credentialOf(identity: Identity): string {
    this.run(`INSERT INTO ${S}.meta (key, value) VALUES ('credential_key', $1) ON CONFLICT (key) DO NOTHING`, randomBytes(16).toString('hex'));
    const key = this.one<{ value: string }>(`SELECT value FROM ${S}.meta WHERE key = 'credential_key'`)!.value;
    return fingerprint(key, `${identity.baseUrl}\0${identity.token}`);
  }

  meta(key: string): string | undefined {
    if (CREDENTIAL_KEYS.has(key))
      return this.one<{ value: string }>(`SELECT value FROM ${S}.credentials WHERE credential = $1 AND key = $2`, this.credentialId, key)?.value;
    return this.one<{ value: string }>(`SELECT value FROM ${S}.meta WHERE key = $1`, key)?.value;
  }

  setMeta(key: string, value: string): void {
    if (CREDENTIAL_KEYS.has(key)) {
      this.run(
        `INSERT INTO ${S}.credentials (credential, key, value) VALUES ($1, $2, $3) ON CONFLICT (credential, key) DO UPDATE SET value = excluded.value`,
        this.credentialId,
        key,
        value,
      );
      return;
    }
    // One service's records: a sync from another base URL (`sync --full`, sync.ts) starts the whole mirror over.
    if (key === 'base_url') {
      const held = this.meta('base_url');
      if (held !== undefined && held !== value) this.wipe();
    }
    this.run(`INSERT INTO ${S}.meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value);
  }

  /** Every company and credential goes (another service fills the mirror from now on). */
  private wipe(): void {
    this.run('BEGIN');
    try {
      for (const table of ['records', 'cursors', 'refusals', 'residues', 'snapshots', 'syncs', 'companies', 'credentials'])
        this.run(`DELETE FROM ${S}.${table}`);
      this.run(`DELETE FROM ${S}.meta WHERE key = $1`, PAYMENTS_READING);
      this.run('COMMIT');
    } catch (error) {
      this.run('ROLLBACK');
      throw error;
    }
  }

  /** The ids of the companies this credential's last sync listed (its owner row): all it may read. */
  private visible(): string[] {
    return parseOwner(this.meta('owner'))?.accounts ?? [];
  }

  /** The companies this credential may read that were synced at least once, in the order its last sync listed them. */
  companies(): MirrorCompany[] {
    const ids = this.visible();
    return this.all<CompanyRow>(`${COMPANY_SELECT} WHERE c.last_gen IS NOT NULL AND c.account_id = ANY($1::text[])`, ids)
      .map((row) => toCompany(row, ids.indexOf(row.account_id)))
      .sort((a, b) => a.pos - b.pos);
  }

  company(accountId: string): MirrorCompany | undefined {
    const ids = this.visible();
    if (!ids.includes(accountId)) return undefined;
    const row = this.one<CompanyRow>(`${COMPANY_SELECT} WHERE c.account_id = $1 AND c.last_gen IS NOT NULL`, accountId);
    return row ? toCompany(row, ids.indexOf(accountId)) : undefined;
  }

  firstSyncAt(cid: number): number | undefined {
    return this.one<{ at: number | null }>(`SELECT min(at_ms) AS at FROM ${S}.syncs WHERE cid = $1`, cid)?.at ?? undefined;
  }

  /** This credential's facts go (its next sync records them again); the companies stay for the others that read them. */
  startOver(): number {
    const visible = this.companies().length;
    this.run(`DELETE FROM ${S}.credentials WHERE credential = $1`, this.credentialId);
    return visible;
  }

  refusal(cid: number, resource: string): { status: number; body: string } | undefined {
    return this.one(`SELECT status, body FROM ${S}.refusals WHERE cid = $1 AND resource = $2`, cid, resource);
  }

  refusals(cid: number): { resource: string; status: number; body: string }[] {
    return this.all(`SELECT resource, status, body FROM ${S}.refusals WHERE cid = $1 ORDER BY resource`, cid);
  }

  get(cid: number, kind: Kind, id: string): string | undefined {
    return this.one<{ json: string }>(`SELECT json FROM ${S}.records WHERE cid = $1 AND kind = $2 AND id = $3`, cid, kind, id)?.json;
  }

  count(query: RecordQuery): number {
    const { where, params } = whereOf(query);
    const join = query.changedSince === undefined ? '' : ` JOIN ${S}.syncs s ON s.gen = r.changed`;
    return this.one<{ n: number }>(`SELECT count(*) AS n FROM ${S}.records r${join} WHERE ${where}`, ...params)!.n;
  }

  totals(query: RecordQuery): { count: number; priced: number; amount: number; flagged: number; flaggedAmount: number } {
    const { where, params } = whereOf(query);
    const row = this.one<{ count: number; priced: number; amount: number | null; flagged: number | null; flaggedAmount: number | null }>(
      `SELECT count(*) AS count, count(r.amt) AS priced, sum(r.amt) AS amount, sum(r.flag) AS flagged,
         sum(CASE WHEN r.flag = 1 THEN r.amt END) AS "flaggedAmount" FROM ${S}.records r WHERE ${where}`,
      ...params,
    )!;
    return { count: row.count, priced: row.priced, amount: row.amount ?? 0, flagged: row.flagged ?? 0, flaggedAmount: row.flaggedAmount ?? 0 };
  }

  rows(query: RecordQuery, offset = 0, limit = -1): IterableIterator<StoredRow> {
    const { where, params } = whereOf(query);
    const dir = query.descending ? 'DESC' : 'ASC';
    // Every list in the service's order as learned (order.ts: the key `o`), then, for what no full walk
    // of its list was watched of yet (o = ''), the order of before.
    const text = `SELECT r.cid, r.json, s.at_ms AS "changedAt", s.since_ms AS "changedAfter" FROM ${S}.records r JOIN ${S}.syncs s ON s.gen = r.changed
      WHERE ${where} ORDER BY r.o, r.d ${dir}, r.n ${dir}, r.id ${dir} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
    return this.all<StoredRow>(text, ...params, limit < 0 ? null : limit, offset).values();
  }

  /**
   * Full-text search (pg-search.ts): `match` is search.ts's FTS5 expression, turned into a tsquery;
   * hits best first (a hit in what names a record weighs 100 hits in what it mentions, the shorter
   * record first), then in the order the records were stored. Always within this credential's
   * companies: `within` undefined is every kind of those.
   */
  search(match: string, within: SearchWithin, offset = 0, limit = -1): { cid: number; kind: Kind; json: string }[] {
    const query = this.searchWhere(match, within);
    if (!query) return [];
    const { where, params } = query;
    return this.all(
      `SELECT r.cid, r.kind, r.json FROM ${S}.records r, to_tsquery('${PG_TS_CONFIG}', $1) q WHERE ${where}
       ORDER BY ts_rank('{0.01, 0, 0, 1}', r.search_key || r.search_rest, q, 2) DESC, r.rid LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      ...params,
      limit < 0 ? null : limit,
      offset,
    );
  }

  searchCount(match: string, within: SearchWithin): number {
    const query = this.searchWhere(match, within);
    if (!query) return 0;
    return this.one<{ n: number }>(`SELECT count(*) AS n FROM ${S}.records r, to_tsquery('${PG_TS_CONFIG}', $1) q WHERE ${query.where}`, ...query.params)!.n;
  }

  private searchWhere(match: string, within: SearchWithin): { where: string; params: Param[] } | undefined {
    const tsquery = pgQuery(match);
    if (tsquery === undefined) return undefined;
    const cids = within?.cids ?? this.companies().map((c) => c.cid);
    const kinds = within?.kinds ?? [KIND.invoice, KIND.client, KIND.expense, KIND.f24, KIND.deadline];
    return { where: '(r.search_key || r.search_rest) @@ q AND r.kind = ANY($2::int[]) AND r.cid = ANY($3::int[])', params: [tsquery, kinds, cids] };
  }

  counts(cid: number): Map<Kind, number> {
    const rows = this.all<{ kind: Kind; n: number }>(`SELECT kind, count(*) AS n FROM ${S}.records WHERE cid = $1 GROUP BY kind`, cid);
    return new Map(rows.map((r) => [r.kind, r.n]));
  }

  removeCompany(accountId: string): number {
    const company = this.one<{ cid: number }>(`SELECT cid FROM ${S}.companies WHERE account_id = $1`, accountId);
    if (!company) return 0;
    this.run('BEGIN');
    try {
      const removed = this.one<{ n: number }>(`SELECT count(*) AS n FROM ${S}.records WHERE cid = $1`, company.cid)!.n;
      for (const table of ['records', 'cursors', 'refusals', 'residues', 'snapshots', 'syncs', 'companies'])
        this.run(`DELETE FROM ${S}.${table} WHERE cid = $1`, company.cid);
      this.run('COMMIT');
      return removed;
    } catch (error) {
      this.run('ROLLBACK');
      throw error;
    }
  }

  /** How many of a query's records have no sure place in the service's order yet (order.ts guessKey, UNSURE_MARK). */
  guessed(query: RecordQuery): Guessed {
    const { where, params } = whereOf(query);
    const [prefix, mark] = [params.length + 1, params.length + 2];
    // As store.ts guessed(): the index's range for the last, a count of the ambiguous only where a walk was ambiguous.
    const last = Number(this.one<{ n: number }>(`SELECT count(*) AS n FROM ${S}.records r WHERE ${where} AND r.o >= $${prefix}`, ...params, GUESS_PREFIX)!.n);
    if (!ambiguous(query, (key) => this.meta(key))) return { last, unsure: 0 };
    const unsure = this.one<{ n: number }>(
      `SELECT count(*) AS n FROM ${S}.records r WHERE ${where} AND r.o < $${prefix} AND strpos(r.o, $${mark}) > 0`,
      ...params,
      GUESS_PREFIX,
      UNSURE_MARK,
    )!.n;
    return { last, unsure: Number(unsure) };
  }

  /** The syncs of a company (one this credential sees) that recorded its outbound invoices' residues, oldest first. */
  residueSnapshots(accountId: string): { gen: number; atMs: number }[] {
    const company = this.company(accountId);
    if (!company) return [];
    return this.all<{ gen: number; atMs: number }>(`SELECT gen, at_ms AS "atMs" FROM ${S}.snapshots WHERE cid = $1 ORDER BY gen`, company.cid);
  }

  /** Each outbound invoice's payment status and residue as the sync `gen` left them (its latest row at or before it); absent: not held then. */
  residuesAt(accountId: string, gen: number): Map<string, { status: string | null; due: string | null }> {
    const company = this.company(accountId);
    if (!company) return new Map();
    const rows = this.all<{ id: string; status: string | null; due: string | null }>(
      `SELECT DISTINCT ON (id) id, status, due FROM ${S}.residues WHERE cid = $1 AND gen <= $2 ORDER BY id, gen DESC`,
      company.cid,
      gen,
    );
    return new Map(rows.filter((r) => r.status !== GONE).map((r) => [r.id, { status: r.status, due: r.due }]));
  }

  /** The outbound invoices the mirror saw go from open to paid (store.ts paidHistory), for `fisco cash`. */
  paidHistory(accountId: string): { issueDate: string | null; name: string | null; vat: string | null; paidMs: number }[] {
    const company = this.company(accountId);
    if (!company) return [];
    return this.all(
      `SELECT r.json::json ->> 'issue_date' AS "issueDate", r.json::json #>> '{counterpart,name}' AS name,
          r.json::json #>> '{counterpart,vat_number}' AS vat, s.at_ms AS "paidMs"
        FROM ${S}.residues x JOIN ${S}.snapshots s ON s.gen = x.gen
          JOIN ${S}.records r ON r.cid = x.cid AND r.kind = $1 AND r.part = 0 AND r.id = x.id
        WHERE x.cid = $2 AND x.status = 'paid'
          AND EXISTS (SELECT 1 FROM ${S}.residues p WHERE p.cid = x.cid AND p.id = x.id AND p.gen < x.gen AND p.status IN ('unpaid', 'partial'))`,
      KIND.invoice,
      company.cid,
    );
  }

  bytes(): number {
    return (
      this.one<{ n: number | null }>(
        "SELECT sum(pg_total_relation_size(c.oid)) AS n FROM pg_class c WHERE c.relnamespace = to_regnamespace($1) AND c.relkind = 'r'",
        S,
      )?.n ?? 0
    );
  }

  /**
   * The company's advisory lock, for this connection: another sync of it holds it (from any
   * machine), this one says whose it is on stderr and waits, polling, so that Ctrl-C and SIGTERM
   * still stop it (a thread blocked in the driver would not see them).
   */
  async reserve(accountId: string): Promise<void> {
    const lock = lockKey(accountId);
    let said = false;
    while (!this.one<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', lock.key)!.ok) {
      if (!said) this.sayHolder(accountId);
      said = true;
      await sleep(250);
    }
    this.reserved.add(accountId);
  }

  /** Who holds the sync lock of a company, on stderr: its connection's application_name (`fisco on HOST, pid N`). */
  private sayHolder(accountId: string): void {
    const lock = lockKey(accountId);
    const holder = this.one<{ name: string }>(
      `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid AND l.objsubid = 1`,
      lock.classid,
      lock.objid,
    )?.name;
    this.options.say(t`the mirror ${this.path}: ${accountId} is being synced by ${holder ? holder : t`another fisco`}; waiting for it to finish`);
  }

  /** @internal The end of a company's transaction: its lock taken by reserve() goes. */
  release(accountId: string): void {
    if (!this.reserved.delete(accountId)) return;
    try {
      this.run('SELECT pg_advisory_unlock($1::bigint)', lockKey(accountId).key);
    } catch {
      /* a connection gone has let go of its locks */
    }
  }

  /**
   * Starts the sync of one company: a transaction holding the company's advisory lock (taken by
   * reserve(), else here, waiting without a poll for a sync that holds it).
   */
  beginSync(account: { id: string; json: string; pos: number }, clock: { serviceMs: number; localMs: number }, full: boolean): MirrorWriter {
    this.run('BEGIN');
    try {
      const lock = lockKey(account.id);
      if (!this.reserved.has(account.id) && !this.one<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1::bigint) AS ok', lock.key)!.ok) {
        this.sayHolder(account.id);
        this.run('SELECT pg_advisory_xact_lock($1::bigint)', lock.key);
      }
      this.run(
        `INSERT INTO ${S}.companies (account_id, pos, json) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO UPDATE SET pos = excluded.pos, json = excluded.json`,
        account.id,
        account.pos,
        account.json,
      );
      const company = this.one<PreviousRow>(
        `SELECT cid, last_gen, full_gen, day, expenses_from, expenses_to FROM ${S}.companies WHERE account_id = $1`,
        account.id,
      )!;
      const previous = company.last_gen === null ? undefined : this.one<{ at_ms: number }>(`SELECT at_ms FROM ${S}.syncs WHERE gen = $1`, company.last_gen);
      const gen = this.one<{ gen: number }>(
        `INSERT INTO ${S}.syncs (cid, at_ms, local_ms, since_ms, is_full) VALUES ($1, $2, $3, $4, $5) RETURNING gen`,
        company.cid,
        clock.serviceMs,
        clock.localMs,
        previous?.at_ms ?? null,
        full,
      )!.gen;
      return new PgWriter(this, account.id, company, gen, full);
    } catch (error) {
      this.rollbackQuietly();
      this.release(account.id);
      throw error;
    }
  }

  /** @internal A rollback that never hides the error that caused it (a connection gone has rolled back already). */
  rollbackQuietly(): void {
    try {
      this.run('ROLLBACK');
    } catch {
      /* the server rolls back a transaction whose connection is gone */
    }
  }
}

interface PreviousRow {
  cid: number;
  last_gen: number | null;
  full_gen: number | null;
  day: string | null;
  expenses_from: string | null;
  expenses_to: string | null;
}

/** One company's sync on PostgreSQL: store.ts's CompanyWriter, statement for statement. */
class PgWriter implements MirrorWriter {
  readonly counts = { new: 0, changed: 0, removed: 0 };
  readonly previous: PreviousSync;
  private done = false;

  constructor(
    private readonly mirror: PgMirror,
    private readonly accountId: string,
    private readonly company: PreviousRow,
    readonly gen: number,
    readonly full: boolean,
  ) {
    this.previous = {
      synced: company.last_gen !== null,
      fullBefore: company.full_gen !== null,
      day: company.day ?? undefined,
      expensesFrom: company.expenses_from ?? undefined,
      expensesTo: company.expenses_to ?? undefined,
    };
  }

  put(kind: Kind, record: Record<string, unknown>, json: string, listing: Listing = {}): PutResult {
    const placed = place(kind, record, listing);
    const { cid } = this.company;
    const stored = this.mirror.one<{ rid: number; json: string; o: string }>(
      `SELECT rid, json, o FROM ${S}.records WHERE cid = $1 AND kind = $2 AND id = $3`,
      cid,
      kind,
      placed.id,
    );
    // Its key in the service's order: the one given, or a held record's own, or for a new one what the listing says (store.ts put()).
    const o = listing.order?.(stored?.o) ?? stored?.o ?? '';
    if (stored && sameVersion(kind, stored.json, json)) {
      if (stored.json === json)
        this.mirror.run(`UPDATE ${S}.records SET seen = $1, part = $2, n = $3, o = $4 WHERE rid = $5`, this.gen, placed.part, placed.n, o, stored.rid);
      else
        this.mirror.run(
          `UPDATE ${S}.records SET seen = $1, part = $2, n = $3, o = $4, json = $5 WHERE rid = $6`,
          this.gen,
          placed.part,
          placed.n,
          o,
          json,
          stored.rid,
        );
      return 'same';
    }
    const { key, rest } = kind > KIND.deadline ? { key: undefined, rest: undefined } : searchFields(kind, record);
    const values = [
      placed.part,
      placed.d,
      placed.n,
      placed.k,
      placed.amt,
      placed.flag,
      json,
      this.gen,
      key === undefined ? null : pgDocument(key),
      rest === undefined ? null : pgDocument(rest),
      o,
    ];
    const vectors = `setweight(to_tsvector('${PG_TS_CONFIG}', $9), 'A'), setweight(to_tsvector('${PG_TS_CONFIG}', $10), 'D')`;
    if (stored) {
      this.mirror.run(
        `UPDATE ${S}.records SET (part, d, n, k, amt, flag, json, seen, changed, search_key, search_rest, o) = ($1, $2, $3, $4, $5, $6, $7, $8, $8, ${vectors}, $11) WHERE rid = $12`,
        ...values,
        stored.rid,
      );
      this.counts.changed++;
      return 'changed';
    }
    this.mirror.run(
      `INSERT INTO ${S}.records (part, d, n, k, amt, flag, json, seen, changed, search_key, search_rest, o, cid, kind, id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, ${vectors}, $11, $12, $13, $14)`,
      ...values,
      cid,
      kind,
      placed.id,
    );
    this.counts.new++;
    return 'new';
  }

  /**
   * Every record of `kind` (one part) of this company gets its key in the service's order anew, from
   * its stored version: `key` gives it, or keeps the key it has. The changed keys go in one statement.
   */
  reorder(kind: Kind, part: number, key: (json: string, o: string) => string): void {
    const rows = this.mirror.all<{ rid: number; json: string; o: string }>(
      `SELECT rid, json, o FROM ${S}.records WHERE cid = $1 AND kind = $2 AND part = $3`,
      this.company.cid,
      kind,
      part,
    );
    const rids: number[] = [];
    const keys: string[] = [];
    for (const row of rows) {
      const o = key(row.json, row.o);
      if (o === row.o) continue;
      rids.push(row.rid);
      keys.push(o);
    }
    if (rids.length) this.mirror.run(`UPDATE ${S}.records r SET o = u.o FROM unnest($1::bigint[], $2::text[]) AS u(rid, o) WHERE r.rid = u.rid`, rids, keys);
  }

  /** The order of this company's list of `kind` (one part) as a walk showed it (order.ts), when one was watched. */
  order(kind: Kind, part: number): string | undefined {
    return this.mirror.meta(orderMeta(this.company.cid, kind, part));
  }

  setOrder(kind: Kind, part: number, value: string): void {
    this.mirror.setMeta(orderMeta(this.company.cid, kind, part), value);
  }

  /** The records just before and just after `o` in the service's order of this company's list of `kind` (one part), as stored (JSON; store.ts neighbours()). */
  neighbours(kind: Kind, part: number, o: string): { below?: string; above?: string } {
    const near = (test: string, dir: string) =>
      this.mirror.one<{ json: string }>(
        `SELECT json FROM ${S}.records WHERE cid = $1 AND kind = $2 AND part = $3 AND o <> '' AND o ${test} $4 ORDER BY o ${dir} LIMIT 1`,
        this.company.cid,
        kind,
        part,
        o,
      )?.json;
    return { below: near('<', 'DESC'), above: near('>', 'ASC') };
  }

  /**
   * Records what this sync leaves of the outbound invoices' residues (store.ts snapshotResidues): a
   * row per invoice whose payment status or residue differs from its previous row, a GONE row for
   * one no longer held, and the sync itself as a snapshot.
   */
  snapshotResidues(): void {
    const { cid } = this.company;
    const latest = `SELECT max(y.gen) FROM ${S}.residues y WHERE y.cid = x.cid AND y.id = x.id`;
    this.mirror.run(
      `INSERT INTO ${S}.residues (cid, id, gen, status, due)
        SELECT r.cid, r.id, $1::bigint, v.status, v.due FROM ${S}.records r,
          LATERAL (SELECT r.json::json ->> 'payment_status' AS status, r.json::json ->> 'amount_due' AS due) v
        WHERE r.cid = $2 AND r.kind = $3 AND r.part = 0 AND NOT EXISTS (SELECT 1 FROM ${S}.residues x WHERE x.cid = r.cid AND x.id = r.id AND x.gen = (${latest})
          AND x.status IS NOT DISTINCT FROM v.status AND x.due IS NOT DISTINCT FROM v.due)`,
      this.gen,
      cid,
      KIND.invoice,
    );
    this.mirror.run(
      `INSERT INTO ${S}.residues (cid, id, gen, status, due)
        SELECT x.cid, x.id, $1::bigint, $2::text, NULL FROM ${S}.residues x WHERE x.cid = $3 AND x.gen = (${latest}) AND x.status IS DISTINCT FROM $2::text
          AND NOT EXISTS (SELECT 1 FROM ${S}.records r WHERE r.cid = x.cid AND r.kind = $4 AND r.part = 0 AND r.id = x.id)`,
      this.gen,
      GONE,
      cid,
      KIND.invoice,
    );
    this.mirror.run(`INSERT INTO ${S}.snapshots (gen, cid, at_ms) SELECT gen, cid, at_ms FROM ${S}.syncs WHERE gen = $1`, this.gen);
  }

  sweep(kind: Kind, scope: SweepScope = {}): number {
    const { where, params } = whereOf({ cids: [this.company.cid], kind, ...scope });
    const removed = this.mirror.all<{ rid: number }>(
      `DELETE FROM ${S}.records r WHERE ${where} AND r.seen < $${params.length + 1} RETURNING rid`,
      ...params,
      this.gen,
    );
    this.counts.removed += removed.length;
    return removed.length;
  }

  stale(kind: Kind, scope: SweepScope = {}): { rid: number }[] {
    const { where, params } = whereOf({ cids: [this.company.cid], kind, ...scope });
    return this.mirror.all<{ rid: number }>(`SELECT rid FROM ${S}.records r WHERE ${where} AND r.seen < $${params.length + 1}`, ...params, this.gen);
  }

  listed(kind: Kind, id: string): boolean {
    return (
      this.mirror.one<{ seen: number }>(`SELECT seen FROM ${S}.records WHERE cid = $1 AND kind = $2 AND id = $3`, this.company.cid, kind, id)?.seen === this.gen
    );
  }

  unseen(kind: Kind, part: number, ks: readonly string[]): string[] {
    return this.mirror
      .all<{ id: string }>(
        `SELECT id FROM ${S}.records WHERE cid = $1 AND kind = $2 AND part = $3 AND k = ANY($4::text[]) AND seen < $5`,
        this.company.cid,
        kind,
        part,
        ks,
        this.gen,
      )
      .map((r) => r.id);
  }

  removeAll(kind: Kind, part?: number): number {
    return this.sweep(kind, part === undefined ? {} : { part });
  }

  stored(kind: Kind, id: string): string | undefined {
    return this.mirror.get(this.company.cid, kind, id);
  }

  fact(key: string): string | undefined {
    return this.mirror.meta(key);
  }

  learn(key: string, value: string): void {
    this.mirror.setMeta(key, value);
  }

  lastSyncAtOrBefore(ms: number): number | undefined {
    return (
      this.mirror.one<{ at: number | null }>(
        `SELECT max(at_ms) AS at FROM ${S}.syncs WHERE cid = $1 AND gen < $2 AND at_ms <= $3`,
        this.company.cid,
        this.gen,
        ms,
      )?.at ?? undefined
    );
  }

  cursor(resource: string): string | undefined {
    return this.mirror.one<{ value: string }>(`SELECT value FROM ${S}.cursors WHERE cid = $1 AND resource = $2`, this.company.cid, resource)?.value;
  }

  setCursor(resource: string, value: string | undefined): void {
    if (value === undefined) this.mirror.run(`DELETE FROM ${S}.cursors WHERE cid = $1 AND resource = $2`, this.company.cid, resource);
    else
      this.mirror.run(
        `INSERT INTO ${S}.cursors (cid, resource, value) VALUES ($1, $2, $3) ON CONFLICT (cid, resource) DO UPDATE SET value = excluded.value`,
        this.company.cid,
        resource,
        value,
      );
  }

  refuse(resource: string, status: number, body: string): void {
    this.mirror.run(
      `INSERT INTO ${S}.refusals (cid, resource, status, body) VALUES ($1, $2, $3, $4) ON CONFLICT (cid, resource) DO UPDATE SET status = excluded.status, body = excluded.body`,
      this.company.cid,
      resource,
      status,
      body,
    );
  }

  accept(resource: string): void {
    this.mirror.run(`DELETE FROM ${S}.refusals WHERE cid = $1 AND resource = $2`, this.company.cid, resource);
  }

  commit(state: { day?: string; expensesFrom?: string; expensesTo?: string }): void {
    this.mirror.run(
      `UPDATE ${S}.companies SET last_gen = $1, full_gen = CASE WHEN $2 THEN $1 ELSE full_gen END, day = $3, expenses_from = $4, expenses_to = $5 WHERE cid = $6`,
      this.gen,
      this.full,
      state.day ?? null,
      state.expensesFrom ?? null,
      state.expensesTo ?? null,
      this.company.cid,
    );
    this.mirror.run('COMMIT');
    this.done = true;
    this.mirror.release(this.accountId);
  }

  rollback(): void {
    if (this.done) return;
    this.done = true;
    this.mirror.rollbackQuietly();
    this.mirror.release(this.accountId);
  }
}

const COMPANY_SELECT = `SELECT c.cid, c.account_id, c.json, s.at_ms, s.local_ms, f.at_ms AS full_ms, f.local_ms AS full_local, c.day, c.expenses_from, c.expenses_to
  FROM ${S}.companies c LEFT JOIN ${S}.syncs s ON s.gen = c.last_gen LEFT JOIN ${S}.syncs f ON f.gen = c.full_gen`;

interface CompanyRow {
  cid: number;
  account_id: string;
  json: string;
  at_ms: number;
  local_ms: number;
  full_ms: number | null;
  full_local: number | null;
  day: string | null;
  expenses_from: string | null;
  expenses_to: string | null;
}

/** A company as the reading credential sees it: `pos` is its place in that credential's list. */
function toCompany(row: CompanyRow, pos: number): MirrorCompany {
  let name = '';
  try {
    const parsed = JSON.parse(row.json) as { name?: unknown };
    if (typeof parsed.name === 'string') name = parsed.name;
  } catch {
    /* the sync writes JSON text */
  }
  return {
    cid: row.cid,
    id: row.account_id,
    name,
    json: row.json,
    pos,
    syncedAt: row.at_ms,
    syncedLocal: row.local_ms,
    fullAt: row.full_ms ?? undefined,
    fullLocal: row.full_local ?? undefined,
    day: row.day ?? undefined,
    expensesFrom: row.expenses_from ?? undefined,
    expensesTo: row.expenses_to ?? undefined,
  };
}

/** The WHERE clause of a query over `records r` (and `syncs s` for changedSince), with $n parameters. */
function whereOf(query: RecordQuery): { where: string; params: Param[] } {
  const params: Param[] = [];
  const clauses: string[] = [];
  const add = (clause: (n: string) => string, value: Param) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  add((n) => `r.cid = ANY(${n}::int[])`, query.cids);
  add((n) => `r.kind = ${n}`, query.kind);
  if (query.part !== undefined) add((n) => `r.part = ${n}`, query.part);
  if (query.k !== undefined) add((n) => `r.k = ANY(${n}::text[])`, query.k);
  if (query.kFrom !== undefined) add((n) => `r.k >= ${n}`, query.kFrom);
  if (query.kTo !== undefined) add((n) => `r.k <= ${n}`, query.kTo);
  if (query.sdi !== undefined) add((n) => `(r.json::jsonb ->> 'sdi_status') = ANY(${n}::text[])`, query.sdi);
  if (query.dFrom !== undefined) add((n) => `r.d >= ${n}`, query.dFrom);
  if (query.dTo !== undefined) add((n) => `r.d <= ${n}`, query.dTo);
  if (query.changedSince !== undefined) add((n) => `s.at_ms >= ${n}`, query.changedSince);
  return { where: clauses.join(' AND '), params };
}
