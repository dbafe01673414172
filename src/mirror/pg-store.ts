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
import { fingerprint, type Identity } from './owner.js';
import { PAYMENTS_READING } from './payments.js';
import { PG_MIGRATIONS, PG_SCHEMA, PG_SCHEMA_VERSION } from './pg-schema.js';
import { Walks } from './walks.js';
import { PG_TS_CONFIG, pgDocument } from './pg-search.js';
import * as reads from './pg-read.js';
import { CREDENTIAL_KEYS, whereOf } from './pg-read.js';
import type { PgAnswer, PgCall } from './pg-worker.js';
import type { Guessed, MirrorStore, MirrorWriter, SearchWithin } from './storage.js';
import {
  MirrorError,
  REORDER_BATCH,
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
/** How many records a sync writes before snapshotResidues takes the planner's statistics anew (above). */
const ANALYZE_AFTER = 1_000;
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
  /** What once() read in the snapshot held. */
  private readonly memo = new Map<string, unknown>();
  /** The walks of the snapshot held (rows(), walks.ts), each read on from a cursor named here. */
  private readonly walks = new Walks<string>();
  /** Cursors declared by this connection (their names). */
  private cursors = 0;

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

  /** One read of pg-read.ts, its statements on this connection. */
  private read<T>(read: reads.Read<T>): T {
    return reads.runSync(read, (statement) => this.all(statement.text, ...statement.params));
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
    this.memo.clear();
    // The cursors end with the transaction.
    this.walks.end();
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
    return this.read(reads.schemaVersion(this.path));
  }

  /** The row key of a credential: an HMAC of its base URL and token under the database's own key (created once). */
  private credentialOf(identity: Identity): string {
    this.run(`INSERT INTO ${S}.meta (key, value) VALUES ('credential_key', $1) ON CONFLICT (key) DO NOTHING`, randomBytes(16).toString('hex'));
    const key = this.one<{ value: string }>(`SELECT value FROM ${S}.meta WHERE key = 'credential_key'`)!.value;
    return fingerprint(key, `${identity.baseUrl}\0${identity.token}`);
  }

  meta(key: string): string | undefined {
    return this.once(`meta\0${key}`, () => this.read(reads.meta(this.credentialId, key)));
  }

  /**
   * Within a read's snapshot (holdSnapshot), what a read asks again and again — the meta, the
   * companies, the refusals: every page of an offline walk asks them, each a round trip through the
   * worker — is read once; anything else, and any read outside a snapshot, is read each time.
   */
  private once<T>(key: string, read: () => T): T {
    if (!this.snapshot) return read();
    if (!this.memo.has(key)) this.memo.set(key, read());
    const held = this.memo.get(key);
    // A list is the caller's to reorder: a copy of it.
    return (Array.isArray(held) ? [...held] : held) as T;
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
      for (const table of ['records', 'tallies', 'cursors', 'refusals', 'residues', 'snapshots', 'syncs', 'companies', 'credentials'])
        this.run(`DELETE FROM ${S}.${table}`);
      this.run(`DELETE FROM ${S}.meta WHERE key = $1`, PAYMENTS_READING);
      this.run('COMMIT');
    } catch (error) {
      this.run('ROLLBACK');
      throw error;
    }
  }

  /** The companies this credential may read that were synced at least once, in the order its last sync listed them. */
  companies(): MirrorCompany[] {
    return this.once('companies', () => this.read(reads.companies(this.credentialId)));
  }

  company(accountId: string): MirrorCompany | undefined {
    return this.once(`company\0${accountId}`, () => this.read(reads.company(this.credentialId, accountId)));
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
    return this.once(`refusal\0${cid}\0${resource}`, () => this.read(reads.refusal(cid, resource)));
  }

  refusals(cid: number): { resource: string; status: number; body: string }[] {
    return this.once(`refusals\0${cid}`, () => this.read(reads.refusals(cid)));
  }

  get(cid: number, kind: Kind, id: string): string | undefined {
    return this.read(reads.get(cid, kind, id));
  }

  // Every page of an offline walk gives its list's total: within a snapshot it is counted once.
  count(query: RecordQuery): number {
    return this.once(`count\0${JSON.stringify(query)}`, () => this.read(reads.count(query)));
  }

  totals(query: RecordQuery): reads.Totals {
    return this.read(reads.totals(query));
  }

  /**
   * A query's records from `offset`, at most `limit`. Within a read's snapshot, a walk reads on from
   * a cursor of the snapshot's transaction (walks.ts): a page at offset 19,000 took 87 ms of sorting.
   */
  rows(query: RecordQuery, offset = 0, limit = -1): IterableIterator<StoredRow> {
    const plain = () => this.read(reads.rows(query, offset, limit));
    if (!this.snapshot || limit < 0) return plain().values();
    return this.walks.page(query, offset, limit, {
      plain,
      start: (at) => {
        const cursor = `fisco_walk_${++this.cursors}`;
        const { text, params } = reads.ordered(query);
        this.run(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${text}`, ...params);
        this.run(`MOVE FORWARD ${at} IN ${cursor}`);
        return cursor;
      },
      next: (cursor, count) => this.all<StoredRow>(`FETCH FORWARD ${count} FROM ${cursor}`),
    });
  }

  /** Full-text search (pg-read.ts search): within this credential's companies, best first. */
  search(match: string, within: SearchWithin, offset = 0, limit = -1): { cid: number; kind: Kind; json: string }[] {
    const { hits, total } = this.read(reads.search(this.credentialId, match, within, offset, limit));
    // Within a snapshot, the search's count (searchCount, asked next for the page's note) is the one its page came with.
    if (this.snapshot) this.memo.set(reads.searchKey(match, within), total);
    return hits;
  }

  searchCount(match: string, within: SearchWithin): number {
    return this.once(reads.searchKey(match, within), () => this.read(reads.searchCount(this.credentialId, match, within)));
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
      for (const table of ['records', 'tallies', 'cursors', 'refusals', 'residues', 'snapshots', 'syncs', 'companies'])
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
    return this.read(reads.guessed(this.credentialId, query));
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

  /**
   * Who holds the sync lock of a company, on stderr: its connection's application_name (`fisco on
   * HOST, pid N`). An advisory lock is a database's own: the same key held in another database of the
   * server (another firm's mirror) is not this one's holder.
   */
  private sayHolder(accountId: string): void {
    const lock = lockKey(accountId);
    const holder = this.one<{ name: string }>(
      `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND l.classid = $1::bigint::oid AND l.objid = $2::bigint::oid AND l.objsubid = 1`,
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
        // Its tallies are no longer sure from here (pg-read.ts count): what this transaction reads counts the records.
        `INSERT INTO ${S}.companies (account_id, pos, json) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO UPDATE SET pos = excluded.pos, json = excluded.json, tallied = NULL`,
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
    // One vector (migration 5): what names the record weighted A, what it mentions D.
    const vector = `setweight(to_tsvector('${PG_TS_CONFIG}', $9), 'A') || setweight(to_tsvector('${PG_TS_CONFIG}', $10), 'D')`;
    if (stored) {
      this.mirror.run(
        `UPDATE ${S}.records SET (part, d, n, k, amt, flag, json, seen, changed, search, o) = ($1, $2, $3, $4, $5, $6, $7, $8, $8, ${vector}, $11) WHERE rid = $12`,
        ...values,
        stored.rid,
      );
      this.counts.changed++;
      return 'changed';
    }
    this.mirror.run(
      `INSERT INTO ${S}.records (part, d, n, k, amt, flag, json, seen, changed, search, o, cid, kind, id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, ${vector}, $11, $12, $13, $14)`,
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
    // A batch at a time, by row id (which the update does not move): memory stays flat however long the list.
    for (let after = 0; ;) {
      const rows = this.mirror.all<{ rid: number; json: string; o: string }>(
        `SELECT rid, json, o FROM ${S}.records WHERE cid = $1 AND kind = $2 AND part = $3 AND rid > $4 ORDER BY rid LIMIT $5`,
        this.company.cid,
        kind,
        part,
        after,
        REORDER_BATCH,
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
      if (rows.length < REORDER_BATCH) return;
      after = Number(rows.at(-1)!.rid);
    }
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
    // Many records written since the planner's statistics were taken (by this sync, a first one,
    // or by one that committed before autovacuum analyzed it) leave it planning for the tables as
    // they were: it would then look up each invoice's residue by scanning the company's invoices
    // (45 s for 20,000: beyond any --timeout). Statistics taken inside the transaction see its rows.
    const modified = this.mirror.one<{ n: number }>(
      `SELECT coalesce(sum(n_mod_since_analyze), 0)::bigint AS n FROM pg_stat_user_tables WHERE relid IN ('${S}.records'::regclass, '${S}.residues'::regclass)`,
    )!.n;
    const large = this.counts.new + this.counts.changed + Number(modified) >= ANALYZE_AFTER;
    if (large) this.mirror.run(`ANALYZE ${S}.records`);
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
    if (large) this.mirror.run(`ANALYZE ${S}.residues`);
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
    // The company's tallies as this sync leaves it (pg-schema.ts migration 5), valid with its last_gen.
    this.mirror.run(`DELETE FROM ${S}.tallies WHERE cid = $1`, this.company.cid);
    this.mirror.run(
      `INSERT INTO ${S}.tallies (cid, kind, part, n) SELECT cid, kind, part, count(*) FROM ${S}.records WHERE cid = $1 GROUP BY cid, kind, part`,
      this.company.cid,
    );
    this.mirror.run(
      `UPDATE ${S}.companies SET last_gen = $1, tallied = $1, full_gen = CASE WHEN $2 THEN $1 ELSE full_gen END, day = $3, expenses_from = $4, expenses_to = $5 WHERE cid = $6`,
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
