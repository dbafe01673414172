/**
 * The mirror's storage: one SQLite file per profile and environment (node:sqlite, WAL), behind a
 * narrow interface. Nothing else in fisco writes SQL: the sync engine puts decoded records through
 * a CompanyWriter (one transaction per company), the local answers (answer.ts) read pages through
 * RecordQuery, search through search(). A shared PostgreSQL could stand in for this one module
 * (docs/mirror.md says how).
 *
 * The file holds records as the client decoded them (JSON text), never a token or a secret. It is
 * created with mode 0600 (SQLite gives its -wal and -shm files the same mode) in a folder of mode
 * 0700. Its schema is numbered (schema.ts): an older mirror is migrated in place; a mirror of a
 * newer fisco is refused (exit 2) and never touched.
 */
import { accessSync, closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, statSync, type Stats } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../errors.js';
import { moveFileSync } from '../io/durable.js';
import { PAYMENTS_READING } from './payments.js';
import { sameVersion, searchFields, searchText, type Kind, KIND, place, type Placed } from './kinds.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import { GUESS_PREFIX, orderFrom, UNSURE_MARK } from './order.js';
import { sqlite, type Database, type Statement } from './sqlite.js';
import { Walks } from './walks.js';
import { t, type Text } from '../i18n/message.js';

/** The status of a residues row for an invoice the mirror no longer held at that sync. */
const GONE = '~gone';

/** PRAGMA application_id of a fisco mirror ('FISC'): another SQLite file is never taken for one. */
const APPLICATION_ID = 0x46495343;

/** A mirror that cannot be used: not a mirror, a newer fisco's, unreadable. Nothing was read or changed. */
export class MirrorError extends UsageError {}

/** The command that repairs a damaged mirror when the caller names none (open.ts gives the run's own: its profile, --demo). */
const REPAIR = 'fisco sync --full';

/**
 * A mirror file that cannot be read as one: not a regular file (a FIFO, a directory, a device),
 * unreadable, or damaged inside (SQLite's SQLITE_CORRUPT, SQLITE_NOTADB, a table gone, a record
 * that is not JSON). One line: the file, the cause, and the repair (`fisco sync --full` moves it
 * aside and makes a new mirror: setAsideIfDamaged).
 */
export class MirrorDamagedError extends MirrorError {
  constructor(
    readonly file: string,
    readonly reason: Text,
    repair: string = REPAIR,
  ) {
    super(t`the mirror ${file} ${reason}; nothing was read or changed: \`${repair}\` (online) moves it aside to ${file}.damaged-<time> and makes a new mirror`);
  }
}

/**
 * A mirror that cannot be written: a full disk (SQLite's SQLITE_FULL, ENOSPC) or a read-only file,
 * folder or file system (SQLITE_READONLY, EROFS, EACCES). Exit 2, as a damaged mirror: the run
 * stops at once (a full disk fails every company alike), and the mirror keeps its previous state
 * (the company's transaction is rolled back; SQLite's own journal sees to it when it ended it
 * itself). One line: the file, the cause, nothing changed. Reads of an intact mirror still work
 * (Mirror.open reads a mirror on a read-only disk as it is).
 */
export class MirrorUnwritableError extends MirrorError {
  constructor(
    readonly file: string,
    readonly reason: Text,
    readonly code?: string,
  ) {
    super(t`the mirror ${file} cannot be written: ${reason}; nothing was changed, it keeps its previous state`);
  }
}

/** SQLite's primary result code of a node:sqlite error, or undefined for another error. */
function sqliteCode(error: unknown): number | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'ERR_SQLITE_ERROR') return undefined;
  return Number((error as { errcode?: unknown }).errcode) & 0xff;
}

/** SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN. */
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

/** What keeps a file from being written, in words: the disk is full, or it is read-only; undefined for anything else. */
export function unwritableCause(error: unknown): { cause: Text; code: string } | undefined {
  const code = sqliteCode(error) ?? (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === SQLITE_FULL || code === 'ENOSPC' || code === 'EDQUOT')
    return { cause: t`the disk is full`, code: typeof code === 'string' ? code : 'SQLITE_FULL' };
  if (code === SQLITE_READONLY || code === 'EROFS' || code === 'EACCES' || code === 'EPERM')
    return { cause: t`it is read-only (${typeof code === 'string' ? code : 'SQLITE_READONLY'})`, code: typeof code === 'string' ? code : 'SQLITE_READONLY' };
  return undefined;
}

/**
 * Checked by a sync before anything is sent: the mirror's folder, and the file when there is one,
 * can be written (a read-only folder, file or disk is MirrorUnwritableError, naming the file).
 * `error`: a failure met meanwhile (making the folder, taking the lock), mapped the same way.
 */
export function assertWritable(path: string, error?: unknown): void {
  const refuse = (failure: unknown) => {
    const unwritable = unwritableCause(failure);
    if (unwritable) throw new MirrorUnwritableError(path, unwritable.cause, unwritable.code);
    throw failure;
  };
  if (error !== undefined) refuse(error);
  for (const target of [dirname(path), path]) {
    try {
      accessSync(target, constants.W_OK);
    } catch (failure) {
      if ((failure as NodeJS.ErrnoException).code !== 'ENOENT') refuse(failure);
    }
  }
}

/** Whether an error of node:sqlite says the file is damaged: SQLITE_CORRUPT (11), SQLITE_NOTADB (26), or a table or column gone. */
export function isSqliteDamage(error: unknown): error is Error {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== 'ERR_SQLITE_ERROR') return false;
  const code = Number((error as { errcode?: unknown }).errcode) & 0xff;
  // eslint-disable-next-line no-restricted-syntax -- SQLite's words, not fisco's
  return code === 11 || code === 26 || /\bno such (table|column)\b|malformed/i.test(error.message);
}

/**
 * A node:sqlite error met at the storage boundary: damage becomes the mirror's own error (exit 2),
 * a full disk or a read-only file MirrorUnwritableError (exit 12), anything else goes on as it is.
 */
function mapped(error: unknown, file: string, repair: string): unknown {
  if (isSqliteDamage(error)) return new MirrorDamagedError(file, t`is damaged (${error.message})`, repair);
  const unwritable = sqliteCode(error) === undefined ? undefined : unwritableCause(error);
  return unwritable ? new MirrorUnwritableError(file, unwritable.cause, unwritable.code) : error;
}

/** What a path that is not a regular file is, in words. */
function oddKind(stats: Stats): Text {
  if (stats.isDirectory()) return t`a directory`;
  if (stats.isFIFO()) return t`a named pipe (FIFO)`;
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return t`a device`;
  if (stats.isSocket()) return t`a socket`;
  return t`not a file`;
}

/**
 * The mirror file as the system sees it, checked before SQLite opens it (a FIFO would block the
 * open; a device or a directory is no file): false when absent; MirrorDamagedError when it is no
 * regular file (a symbolic link to one is followed) or cannot be read.
 */
function checkFile(path: string, repair: string): boolean {
  let stats: Stats;
  try {
    stats = lstatSync(path);
    if (stats.isSymbolicLink()) stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !isLink(path)) return false;
    if (code === 'ENOENT') throw new MirrorDamagedError(path, t`is not a regular file (${t`a broken symbolic link`})`, repair);
    throw new MirrorDamagedError(path, t`is unreadable (${code ?? String(error)})`, repair);
  }
  if (!stats.isFile()) throw new MirrorDamagedError(path, t`is not a regular file (${oddKind(stats)})`, repair);
  try {
    accessSync(path, constants.R_OK);
  } catch (error) {
    throw new MirrorDamagedError(path, t`is unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`, repair);
  }
  return true;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The tables a mirror of this fisco holds (schema.ts's migrations, those created and not dropped). */
const TABLES: readonly string[] = (() => {
  const tables = new Set<string>();
  for (const text of MIGRATIONS)
    for (const match of text.matchAll(/\b(CREATE(?: VIRTUAL)? TABLE(?: IF NOT EXISTS)?|DROP TABLE(?: IF EXISTS)?) (\w+)/g)) {
      if (match[1]!.startsWith('CREATE')) tables.add(match[2]!);
      else tables.delete(match[2]!);
    }
  return [...tables];
})();

/** A statement whose every use maps SQLite's damage errors to MirrorDamagedError (the storage boundary). */
class Guarded {
  constructor(
    private readonly statement: Statement,
    private readonly fail: (error: unknown) => unknown,
  ) {}

  get(...params: Param[]): unknown {
    try {
      return this.statement.get(...params);
    } catch (error) {
      throw this.fail(error);
    }
  }

  all(...params: Param[]): unknown[] {
    try {
      return this.statement.all(...params);
    } catch (error) {
      throw this.fail(error);
    }
  }

  run(...params: Param[]): { changes: number | bigint; lastInsertRowid: number | bigint } {
    try {
      return this.statement.run(...params);
    } catch (error) {
      throw this.fail(error);
    }
  }

  iterate(...params: Param[]): IterableIterator<unknown> {
    let rows: Iterator<unknown>;
    try {
      rows = this.statement.iterate(...params);
    } catch (error) {
      throw this.fail(error);
    }
    const fail = this.fail;
    return (function* () {
      try {
        for (;;) {
          let next: IteratorResult<unknown>;
          try {
            next = rows.next();
          } catch (error) {
            throw fail(error);
          }
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // Left before its end (return()): the statement is reset, not left holding its read.
        rows.return?.();
      }
    })();
  }
}

type Param = string | number | bigint | null;

/** A company as the mirror holds it: the Account record and when it was last synced. */
export interface MirrorCompany {
  cid: number;
  id: string;
  name: string;
  /** The Account record as decoded (JSON text). */
  json: string;
  pos: number;
  /** The service's clock at the last sync (ms), and the machine's at the same moment. */
  syncedAt: number;
  syncedLocal: number;
  /** The service's clock at the last full sync (ms), and the machine's at the same moment. */
  fullAt?: number;
  fullLocal?: number;
  /** The service's date (Europe/Rome) of the last date-driven refresh (open invoices, deadlines). */
  day?: string;
  /** The months of expenses held (YYYY-MM), when any were read. */
  expensesFrom?: string;
  expensesTo?: string;
}

/** Records whose place in the service's order is a guess (order.ts): listed last (`last`), or placed by a rule the walk could not tell from another (`unsure`). */
export type Guessed = { last: number; unsure: number };

/** How many records reorder() reads at a time (store.ts and pg-store.ts): a sync's memory does not grow with a list's length. */
export const REORDER_BATCH = 1_000;

/** Which records a read wants; every list of answer.ts is one of these, plus a predicate for the rarer filters. */
export interface RecordQuery {
  cids: readonly number[];
  kind: Kind;
  part?: number;
  /** k IN (…): the payment status, status or month a list is filtered on. */
  k?: readonly string[];
  /** k between two values (months of expenses). */
  kFrom?: string;
  kTo?: string;
  /** An invoice's `sdi_status` IN (…), read from the record itself (no column holds it; the filter index does: schema.ts, migration 8). */
  sdi?: readonly string[];
  /**
   * Only invoices the SDI rejected (`sdi_status` rejected) whose `last_sdi_update` is an instant
   * written YYYY-MM-DDTHH:MM:SS with Z or ±HH:MM, on the 1st to the 28th of a month, before this day
   * as written (the overview counts those rejected long ago: report/overview.ts rejectedCountedBefore).
   */
  rejectedBefore?: string;
  /** Every record but those rejectedBefore this day would give (those not so written included). */
  notRejectedBefore?: string;
  /** d between two dates (due dates). */
  dFrom?: string;
  dTo?: string;
  /** Only versions stored by a sync whose service clock was at or after this instant (ms). */
  changedSince?: number;
  /** Newest first (invoices) or oldest first (the other kinds). */
  descending?: boolean;
}

export interface StoredRow {
  cid: number;
  json: string;
  /** The service clock (ms) of the sync that stored this version, and that sync's lower bound (the previous sync's clock). */
  changedAt: number;
  changedAfter: number | null;
}

export type PutResult = 'new' | 'changed' | 'same';

interface OpenOptions {
  /** Create the file (and its folder) when it does not exist. */
  create?: boolean;
  /** The command that repairs this mirror when it is damaged, as a person types it (default `fisco sync --full`). */
  repair?: string;
  /** Never write: the schema must already be the current one (the fast offline path). */
  readOnly?: boolean;
}

export class Mirror {
  private readonly statements = new Map<string, Guarded>();
  private readonly fail: (error: unknown) => unknown;
  /** A read's snapshot is held (holdSnapshot): the connection's transaction is a read's, never a sync's. */
  private snapshot = false;
  /** The walks of the snapshot held (rows(), walks.ts), each read on from a statement of its own. */
  private readonly walks = new Walks<IterableIterator<StoredRow>>();

  private constructor(
    readonly path: string,
    private readonly db: Database,
    private readonly repair: string = REPAIR,
  ) {
    this.fail = (error) => mapped(error, path, repair);
  }

  /**
   * Opens (or creates) the mirror at `path`; undefined when it does not exist and `create` is not
   * set. A path that is no regular file, unreadable or damaged is MirrorDamagedError (exit 2).
   */
  static open(path: string, options: OpenOptions = {}): Mirror | undefined {
    const repair = options.repair ?? REPAIR;
    const exists = checkFile(path, repair);
    if (!exists && !options.create) return undefined;
    // A read of a mirror on a read-only folder or disk (SQLite cannot make its -shm beside it) reads the file as it is.
    const frozen = exists && checkVersion(path, options.readOnly === true, repair, !options.create) === 'frozen';
    if (!exists) createFile(path);
    const { DatabaseSync } = sqlite();
    let db: Database;
    try {
      db = frozen ? new DatabaseSync(frozenUri(path), { readOnly: true }) : new DatabaseSync(path, { readOnly: options.readOnly === true, timeout: 10_000 });
    } catch (error) {
      throw mapped(error, path, repair);
    }
    if (frozen) return new Mirror(path, db, repair);
    try {
      if (!options.readOnly) prepare(db);
    } catch (error) {
      db.close();
      throw mapped(error, path, repair);
    }
    return new Mirror(path, db, repair);
  }

  /**
   * The fast offline path's open (src/fast-offline.ts): one read-only connection, and only a
   * regular file holding a mirror of exactly this fisco's schema; undefined for anything else (the
   * CLI then opens it and says why). Never opens a FIFO or a device (the file is checked first).
   */
  static openReadOnly(path: string): Mirror | undefined {
    try {
      if (!checkFile(path, REPAIR)) return undefined;
    } catch {
      return undefined;
    }
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(path, { readOnly: true, timeout: 10_000 });
    const pragma = (name: string) => (db.prepare(`PRAGMA ${name}`).get() as Record<string, number>)[name];
    if (pragma('application_id') !== APPLICATION_ID || pragma('user_version') !== SCHEMA_VERSION) {
      db.close();
      return undefined;
    }
    return new Mirror(path, db);
  }

  /**
   * `fisco sync --full`'s repair: a mirror file that is no regular file, unreadable or damaged
   * (integrity check failed, a table gone, a record that is not JSON) is renamed to
   * `<file>.damaged-<time>` (kept, never deleted), with its -wal and -shm, so that a new mirror is
   * made in its place. Undefined when the file is absent or sound; else where it went and why.
   */
  static setAsideIfDamaged(path: string, nowMs: number): { aside: string; cause: Text } | undefined {
    let cause: Text | undefined;
    try {
      if (!checkFile(path, REPAIR)) return undefined;
      cause = damageOf(path);
    } catch (error) {
      if (!(error instanceof MirrorDamagedError)) throw error;
      cause = error.reason;
    }
    if (cause === undefined) return undefined;
    const aside = `${path}.damaged-${new Date(nowMs).toISOString().replace(/[:.]/g, '-')}`;
    moveFileSync(path, aside);
    for (const extra of ['-wal', '-shm']) if (existsSync(path + extra) || isLink(path + extra)) moveFileSync(path + extra, aside + extra);
    return { aside, cause };
  }

  /**
   * One snapshot for the rest of this connection's life (the reads of one command): a read
   * transaction (WAL keeps what it sees while a sync commits), ended by close(). Every page of an
   * offline walk then comes from the same commit: none missing, none twice.
   */
  holdSnapshot(): void {
    if (this.db.isTransaction !== true) this.exec('BEGIN');
    this.snapshot = true;
  }

  renewSnapshot(): void {
    if (!this.snapshot) return;
    // The walks end with their snapshot: their statements reset.
    this.walks.end((rest) => rest.return?.());
    // A read transaction: ending it changes nothing, and the next BEGIN's first read takes a new snapshot.
    if (this.db.isTransaction === true) this.exec('ROLLBACK');
    this.exec('BEGIN');
  }

  /**
   * What a sync checks before it writes (the reads meet damage as they read): every table of the
   * schema is there and every record is JSON; MirrorDamagedError otherwise.
   */
  assertSound(): void {
    const held = new Set(this.all<{ name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table'").map((row) => row.name));
    const missing = TABLES.filter((table) => !held.has(table));
    if (missing.length > 0) throw new MirrorDamagedError(this.path, t`is damaged (no such table: ${missing.join(', ')})`, this.repair);
    if (this.one('SELECT 1 AS bad FROM records WHERE json_valid(json) = 0 LIMIT 1'))
      throw new MirrorDamagedError(this.path, t`is damaged (a record that is not JSON)`, this.repair);
  }

  close(): void {
    // The walks end with their snapshot: their statements reset.
    this.walks.end((rest) => rest.return?.());
    this.statements.clear();
    if (this.db.isOpen && this.db.isTransaction === true) this.db.exec('ROLLBACK');
    if (this.db.isOpen) this.db.close();
  }

  /** A statement of its own (not kept, not shared: a walk's), SQLite's damage errors becoming MirrorDamagedError. */
  private prepareOwn(text: string): Guarded {
    try {
      return new Guarded(this.db.prepare(text), this.fail);
    } catch (error) {
      throw this.fail(error);
    }
  }

  /** One prepared statement per text, kept for the connection's life; SQLite's damage errors become MirrorDamagedError. */
  private sql(text: string): Guarded {
    let statement = this.statements.get(text);
    if (!statement) {
      try {
        statement = new Guarded(this.db.prepare(text), this.fail);
      } catch (error) {
        throw this.fail(error);
      }
      this.statements.set(text, statement);
    }
    return statement;
  }

  meta(key: string): string | undefined {
    return (this.sql('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  }

  setMeta(key: string, value: string): void {
    this.sql('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Every company synced at least once, in the order the service listed them. */
  companies(): MirrorCompany[] {
    return this.all<CompanyRow>(`${COMPANY_SELECT} WHERE c.last_gen IS NOT NULL ORDER BY c.pos, c.account_id`).map(toCompany);
  }

  company(accountId: string): MirrorCompany | undefined {
    const row = this.one<CompanyRow>(`${COMPANY_SELECT} WHERE c.account_id = ? AND c.last_gen IS NOT NULL`, accountId);
    return row ? toCompany(row) : undefined;
  }

  /** The service's clock (ms) at the first sync of a company the mirror still holds: what it stored then, it cannot place in time. */
  firstSyncAt(cid: number): number | undefined {
    return (this.sql('SELECT min(at_ms) AS at FROM syncs WHERE cid = ?').get(cid) as { at: number | null } | undefined)?.at ?? undefined;
  }

  /** Everything the mirror holds goes (another credential fills it from now on); the file and its schema stay. */
  startOver(): number {
    // The owner first: a run stopped halfway leaves a mirror no credential reads until the next sync starts it over again.
    // What was learned of the service goes too: the next one may follow another reading of updated_since.
    this.run("DELETE FROM meta WHERE key IN ('owner', 'me', 'accounts', 'demo_company_me', ?)", PAYMENTS_READING);
    const companies = this.all<{ account_id: string }>('SELECT account_id FROM companies WHERE last_gen IS NOT NULL');
    for (const { account_id } of this.all<{ account_id: string }>('SELECT account_id FROM companies')) this.removeCompany(account_id);
    return companies.length;
  }

  /** What the service answered instead of a resource of a company (403, 404), replayed offline. */
  refusal(cid: number, resource: string): { status: number; body: string } | undefined {
    return this.sql('SELECT status, body FROM refusals WHERE cid = ? AND resource = ?').get(cid, resource) as { status: number; body: string } | undefined;
  }

  refusals(cid: number): { resource: string; status: number; body: string }[] {
    return this.sql('SELECT resource, status, body FROM refusals WHERE cid = ? ORDER BY resource').all(cid) as {
      resource: string;
      status: number;
      body: string;
    }[];
  }

  /** One record by key (JSON text). */
  get(cid: number, kind: Kind, id: string): string | undefined {
    const row = this.sql('SELECT json, json_valid(json) AS ok FROM records WHERE cid = ? AND kind = ? AND id = ?').get(cid, kind, id) as
      { json: string; ok: number } | undefined;
    return row && this.valid(row).json;
  }

  /** A record read back must be JSON (the sync stores nothing else): one that is not is a damaged mirror, never an answer. */
  private valid<T extends { ok?: number }>(row: T): T {
    if (row.ok === 0) throw new MirrorDamagedError(this.path, t`is damaged (a record that is not JSON)`, this.repair);
    delete row.ok;
    return row;
  }

  count(query: RecordQuery): number {
    const { where, params } = whereOf(query);
    return (
      this.sql(`SELECT count(*) AS n FROM records r${query.changedSince === undefined ? '' : ' JOIN syncs s ON s.gen = r.changed'} WHERE ${where}`).get(
        ...params,
      ) as {
        n: number;
      }
    ).n;
  }

  /** How many of a query's records have no sure place in the service's order yet (order.ts guessKey, UNSURE_MARK). */
  guessed(query: RecordQuery): Guessed {
    const { where, params } = whereOf(query);
    // Listed last: a range of the index on the key. Placed by an ambiguous rule: counted only where a walk was ambiguous.
    const last = this.one<{ n: number }>(`SELECT count(*) AS n FROM records r WHERE ${where} AND r.o >= ?`, ...params, GUESS_PREFIX)!.n;
    if (!ambiguous(query, (key) => this.meta(key))) return { last, unsure: 0 };
    const unsure = this.one<{ n: number }>(
      `SELECT count(*) AS n FROM records r WHERE ${where} AND r.o < ? AND instr(r.o, ?) > 0`,
      ...params,
      GUESS_PREFIX,
      UNSURE_MARK,
    )!.n;
    return { last, unsure };
  }

  /**
   * A query's records added up without reading them: how many, how many have an amount in whole
   * cents, their sum, and how many (and what sum) are flagged (an invoice's `overdue`).
   */
  totals(query: RecordQuery): { count: number; priced: number; amount: number; flagged: number; flaggedAmount: number } {
    const { where, params } = whereOf(query);
    const row = this.one<{ count: number; priced: number; amount: number | null; flagged: number | null; flaggedAmount: number | null }>(
      `SELECT count(*) AS count, count(r.amt) AS priced, sum(r.amt) AS amount, sum(r.flag) AS flagged, sum(CASE WHEN r.flag = 1 THEN r.amt END) AS flaggedAmount FROM records r WHERE ${where}`,
      ...params,
    )!;
    return { count: row.count, priced: row.priced, amount: row.amount ?? 0, flagged: row.flagged ?? 0, flaggedAmount: row.flaggedAmount ?? 0 };
  }

  /**
   * The records of a query in the mirror's order, from `offset`, at most `limit` (all when absent);
   * read as they are iterated. Within a read's snapshot, a walk reads on from a statement of its own
   * (walks.ts): OFFSET stepped through every record before each page again.
   */
  rows(query: RecordQuery, offset = 0, limit = -1): IterableIterator<StoredRow> {
    if (!this.snapshot || limit < 0) return this.ordered(query, offset, limit);
    return this.walks.page(query, offset, limit, {
      plain: () => this.ordered(query, offset, limit),
      start: (at) => {
        const rest = this.ordered(query, 0, -1, true);
        for (let skipped = 0; skipped < at && !rest.next().done; skipped++);
        return rest;
      },
      next: (rest, count) => {
        const page: StoredRow[] = [];
        while (page.length < count) {
          const next = rest.next();
          if (next.done) break;
          page.push(next.value);
        }
        return page;
      },
    });
  }

  /** rows() of one statement: the shared one of its text, or (`own`) one of its own that no other read resets (a walk's). */
  private ordered(query: RecordQuery, offset: number, limit: number, own = false): IterableIterator<StoredRow> {
    const { where, params } = whereOf(query);
    const dir = query.descending ? 'DESC' : 'ASC';
    // Every list in the service's order as learned (order.ts: the key `o`), then, for what no full walk
    // of its list was watched of yet (o = ''), the order of before.
    // A read of invoices by SDI status is narrowed by the filter index (void documents: `k` = '',
    // answer.ts) and the few it finds sorted: `+r.o` keeps the planner from walking every invoice in
    // the order's index.
    const first = query.kind === KIND.invoice && query.sdi !== undefined && query.k !== undefined ? '+r.o, ' : 'r.o, ';
    // Whether the record is JSON: by SDI status, what the filter index holds says it (whereOf: a record
    // that is not JSON has no status there and is read only because it is not), without parsing the record again.
    const ok = query.sdi === undefined ? 'json_valid(r.json)' : `${SDI_STATUS} IS NOT NULL`;
    const text = `SELECT r.cid, r.json, s.at_ms AS changedAt, s.since_ms AS changedAfter, ${ok} AS ok FROM records r JOIN syncs s ON s.gen = r.changed
      WHERE ${where} ORDER BY ${first}r.d ${dir}, r.n ${dir}, r.id ${dir}`;
    // Every record: no LIMIT, which would make SQLite's sort keep a bound it never reaches (a tenth slower).
    const whole = limit < 0 && offset === 0;
    const statement = (sql: string) => (own ? this.prepareOwn(sql) : this.sql(sql));
    const rows = (whole ? statement(text).iterate(...params) : statement(`${text} LIMIT ? OFFSET ?`).iterate(...params, limit, offset)) as IterableIterator<
      StoredRow & { ok?: number }
    >;
    return (function* (mirror: Mirror) {
      for (const row of rows) yield mirror.valid(row);
    })(this);
  }

  /**
   * Full-text search: `match` is an FTS5 expression (search.ts builds it); hits best first (bm25,
   * then the order records were stored in). `within` narrows to kinds and companies; undefined
   * means everything the index holds (every searchable record of every mirrored company), and
   * the index alone answers, the records read only for the page of hits.
   */
  search(
    match: string,
    within: { kinds: readonly Kind[]; cids: readonly number[] } | undefined,
    offset = 0,
    limit = -1,
  ): { cid: number; kind: Kind; json: string }[] {
    const page = within
      ? `SELECT h.rid, h.rank FROM (SELECT rowid AS rid, rank FROM search WHERE search MATCH ?) h CROSS JOIN records f ON f.rid = h.rid
         WHERE f.kind IN (${marks(within.kinds)}) AND f.cid IN (${marks(within.cids)}) ORDER BY h.rank, h.rid LIMIT ? OFFSET ?`
      : 'SELECT rowid AS rid, rank FROM search WHERE search MATCH ? ORDER BY rank, rowid LIMIT ? OFFSET ?';
    const text = `SELECT r.cid, r.kind, r.json, json_valid(r.json) AS ok FROM (${page}) t JOIN records r ON r.rid = t.rid ORDER BY t.rank, t.rid`;
    return this.all<{ cid: number; kind: Kind; json: string; ok?: number }>(
      text,
      match,
      ...(within ? [...within.kinds, ...within.cids] : []),
      limit,
      offset,
    ).map((row) => this.valid(row));
  }

  searchCount(match: string, within: { kinds: readonly Kind[]; cids: readonly number[] } | undefined): number {
    const text = within
      ? `SELECT count(*) AS n FROM search CROSS JOIN records r ON r.rid = search.rowid WHERE search MATCH ? AND r.kind IN (${marks(within.kinds)}) AND r.cid IN (${marks(within.cids)})`
      : 'SELECT count(*) AS n FROM search WHERE search MATCH ?';
    return this.one<{ n: number }>(text, match, ...(within ? [...within.kinds, ...within.cids] : []))!.n;
  }

  /** How many records of each kind a company holds. */
  counts(cid: number): Map<Kind, number> {
    const rows = this.sql('SELECT kind, count(*) AS n FROM records WHERE cid = ? GROUP BY kind').all(cid) as { kind: Kind; n: number }[];
    return new Map(rows.map((r) => [r.kind, r.n]));
  }

  /** A company the service no longer lists (a full sync of every company): everything of it goes. */
  removeCompany(accountId: string): number {
    const company = this.one<{ cid: number }>('SELECT cid FROM companies WHERE account_id = ?', accountId);
    if (!company) return 0;
    this.exec('BEGIN IMMEDIATE');
    try {
      const removed = this.all<{ rid: number }>('SELECT rid FROM records WHERE cid = ?', company.cid);
      for (const { rid } of removed) this.run('DELETE FROM search WHERE rowid = ?', rid);
      for (const table of ['records', 'cursors', 'refusals', 'residues', 'snapshots', 'syncs', 'companies'])
        this.run(`DELETE FROM ${table} WHERE cid = ?`, company.cid);
      this.exec('COMMIT');
      return removed.length;
    } catch (error) {
      if (this.db.isTransaction !== false) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** The syncs of a company that recorded its outbound invoices' residues (schema.ts, migration 6), oldest first. */
  residueSnapshots(accountId: string): { gen: number; atMs: number }[] {
    return this.all<{ gen: number; atMs: number }>(
      'SELECT s.gen, s.at_ms AS atMs FROM snapshots s JOIN companies c ON c.cid = s.cid WHERE c.account_id = ? ORDER BY s.gen',
      accountId,
    );
  }

  /**
   * Each outbound invoice's payment status and residue as the sync `gen` left them (its latest row at
   * or before it; for one held unchanged since the company's first snapshot and so without a row,
   * its record: schema.ts, migration 7); absent: not held then.
   */
  residuesAt(accountId: string, gen: number): Map<string, { status: string | null; due: string | null }> {
    const rows = this.all<{ id: string; status: string | null; due: string | null }>(
      `SELECT id, status, due FROM (
          SELECT x.id, x.status, x.due FROM residues x JOIN companies c ON c.cid = x.cid
            WHERE c.account_id = ? AND x.gen = (SELECT max(y.gen) FROM residues y WHERE y.cid = x.cid AND y.id = x.id AND y.gen <= ?)
          UNION ALL
          SELECT r.id, json_extract(r.json, '$.payment_status'), json_extract(r.json, '$.amount_due')
            FROM records r JOIN companies c ON c.cid = r.cid JOIN (SELECT cid, min(gen) AS gen FROM snapshots GROUP BY cid) f ON f.cid = r.cid
            WHERE c.account_id = ? AND f.gen <= ? AND r.kind = ? AND r.part = 0 AND r.changed <= f.gen AND json_valid(r.json)
              AND NOT EXISTS (SELECT 1 FROM residues x WHERE x.cid = r.cid AND x.id = r.id)
        ) ORDER BY id`,
      accountId,
      gen,
      accountId,
      gen,
      KIND.invoice,
    );
    return new Map(rows.filter((r) => r.status !== GONE).map((r) => [r.id, { status: r.status, due: r.due }]));
  }

  /**
   * The outbound invoices the mirror saw go from open to paid, with the service's clock at the
   * first sync that saw them paid (an upper bound of the payment's date), their issue date and
   * counterpart (read from the record): the payment history `fisco cash` takes each client's usual
   * delay from.
   */
  paidHistory(accountId: string): { issueDate: string | null; name: string | null; vat: string | null; paidMs: number }[] {
    return this.all(
      `SELECT json_extract(r.json, '$.issue_date') AS issueDate, json_extract(r.json, '$.counterpart.name') AS name,
          json_extract(r.json, '$.counterpart.vat_number') AS vat, s.at_ms AS paidMs
        FROM residues x JOIN companies c ON c.cid = x.cid JOIN snapshots s ON s.gen = x.gen
          JOIN records r ON r.cid = x.cid AND r.kind = ? AND r.part = 0 AND r.id = x.id
        WHERE c.account_id = ? AND x.status = 'paid'
          AND EXISTS (SELECT 1 FROM residues p WHERE p.cid = x.cid AND p.id = x.id AND p.gen < x.gen AND p.status IN ('unpaid', 'partial'))`,
      KIND.invoice,
      accountId,
    );
  }

  /** The file's size on disk, its write-ahead log included. */
  bytes(): number {
    const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
    return size(this.path) + size(`${this.path}-wal`);
  }

  /**
   * Starts the sync of one company: one transaction (BEGIN IMMEDIATE), committed by the writer's
   * commit(). Until then no reader sees any of it; a process killed before the commit leaves the
   * company exactly as it was.
   */
  beginSync(account: { id: string; json: string; pos: number }, clock: { serviceMs: number; localMs: number }, full: boolean): CompanyWriter {
    this.exec('BEGIN IMMEDIATE');
    try {
      this.sql(
        'INSERT INTO companies (account_id, pos, json) VALUES (?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET pos = excluded.pos, json = excluded.json',
      ).run(account.id, account.pos, account.json);
      const company = this.one<PreviousRow>('SELECT cid, last_gen, full_gen, day, expenses_from, expenses_to FROM companies WHERE account_id = ?', account.id)!;
      const previous = company.last_gen === null ? undefined : (this.sql('SELECT at_ms FROM syncs WHERE gen = ?').get(company.last_gen) as { at_ms: number });
      const gen = Number(
        this.sql('INSERT INTO syncs (cid, at_ms, local_ms, since_ms, full) VALUES (?, ?, ?, ?, ?)').run(
          company.cid,
          clock.serviceMs,
          clock.localMs,
          previous?.at_ms ?? null,
          full ? 1 : 0,
        ).lastInsertRowid,
      );
      return new CompanyWriter(this, company, gen, full);
    } catch (error) {
      if (this.db.isTransaction !== false) this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /** @internal The writer's statements (same connection, same transaction). */
  run(text: string, ...params: (string | number | null)[]): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.sql(text).run(...params);
  }

  /** @internal */
  one<T>(text: string, ...params: (string | number | null)[]): T | undefined {
    return this.sql(text).get(...params) as unknown as T | undefined;
  }

  /** @internal */
  all<T>(text: string, ...params: (string | number | null)[]): T[] {
    return this.sql(text).all(...params) as unknown as T[];
  }

  /** @internal Ends the open transaction, if SQLite has not ended it already (it does on some errors: a damaged page, a full disk). */
  rollback(): void {
    if (this.db.isTransaction !== false) this.db.exec('ROLLBACK');
  }

  /** @internal */
  exec(text: string): void {
    try {
      this.db.exec(text);
    } catch (error) {
      throw this.fail(error);
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

/** What a company's previous syncs left, as the writer starts. */
export interface PreviousSync {
  synced: boolean;
  fullBefore: boolean;
  day?: string;
  expensesFrom?: string;
  expensesTo?: string;
}

/**
 * One company's sync, inside its transaction: records are put as they arrive (never held),
 * compared with what is stored, and counted; a listing read whole is swept afterwards (what it
 * no longer holds is removed). commit() makes all of it visible at once; rollback() none of it.
 */
/** What a sweep covers: one part, or the months kFrom..kTo. */
export type SweepScope = { part?: number; kFrom?: string; kTo?: string };

export class CompanyWriter {
  readonly counts = { new: 0, changed: 0, removed: 0 };
  readonly previous: PreviousSync;
  private done = false;

  constructor(
    private readonly mirror: Mirror,
    private readonly company: PreviousRow,
    /** This sync's generation: every record it lists is marked with it. */
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

  /** Stores a decoded record of `kind` (new, changed or the same as stored); `listing` says where it was listed. */
  put(kind: Kind, record: Record<string, unknown>, json: string, listing: Listing = {}): PutResult {
    const placed = place(kind, record, listing);
    const { cid } = this.company;
    const stored = this.mirror.one<{ rid: number; json: string; o: string }>(
      'SELECT rid, json, o FROM records WHERE cid = ? AND kind = ? AND id = ?',
      cid,
      kind,
      placed.id,
    );
    // Its key in the service's order: the one given, or for a record held already its own (a place
    // in a walk keeps), or for a new one what the listing says of records no walk placed.
    const o = listing.order?.(stored?.o) ?? stored?.o ?? '';
    if (stored && sameVersion(kind, stored.json, json)) {
      if (stored.json === json)
        this.mirror.run('UPDATE records SET seen = ?, part = ?, n = ?, o = ? WHERE rid = ?', this.gen, placed.part, placed.n, o, stored.rid);
      else this.mirror.run('UPDATE records SET seen = ?, part = ?, n = ?, o = ?, json = ? WHERE rid = ?', this.gen, placed.part, placed.n, o, json, stored.rid);
      return 'same';
    }
    if (stored) {
      if (kind === KIND.invoice) this.keepResidue(stored.rid);
      this.mirror.run(
        'UPDATE records SET part = ?, d = ?, n = ?, k = ?, amt = ?, flag = ?, o = ?, json = ?, seen = ?, changed = ? WHERE rid = ?',
        placed.part,
        placed.d,
        placed.n,
        placed.k,
        placed.amt,
        placed.flag,
        o,
        json,
        this.gen,
        this.gen,
        stored.rid,
      );
      this.index(kind, stored.rid, record, true);
      this.counts.changed++;
      return 'changed';
    }
    const rid = Number(this.insert(kind, placed, json, o).lastInsertRowid);
    this.index(kind, rid, record, false);
    this.counts.new++;
    return 'new';
  }

  private insert(kind: Kind, placed: Placed, json: string, o: string) {
    return this.mirror.run(
      'INSERT INTO records (cid, kind, id, part, d, n, k, amt, flag, o, json, seen, changed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      this.company.cid,
      kind,
      placed.id,
      placed.part,
      placed.d,
      placed.n,
      placed.k,
      placed.amt,
      placed.flag,
      o,
      json,
      this.gen,
      this.gen,
    );
  }

  /**
   * Every record of `kind` (one part) of this company gets its key in the service's order anew, from
   * its stored version: `key` gives it (a rule learned from a walk), or keeps the key it has.
   */
  reorder(kind: Kind, part: number, key: (json: string, o: string) => string): void {
    // A batch at a time, by row id (which the update does not move): memory stays flat however long the list.
    for (let after = 0; ;) {
      const rows = this.mirror.all<{ rid: number; json: string; o: string }>(
        'SELECT rid, json, o FROM records WHERE cid = ? AND kind = ? AND part = ? AND rid > ? ORDER BY rid LIMIT ?',
        this.company.cid,
        kind,
        part,
        after,
        REORDER_BATCH,
      );
      for (const row of rows) {
        const o = key(row.json, row.o);
        if (o !== row.o) this.mirror.run('UPDATE records SET o = ? WHERE rid = ?', o, row.rid);
      }
      if (rows.length < REORDER_BATCH) return;
      after = rows.at(-1)!.rid;
    }
  }

  /** The order of this company's list of `kind` (one part) as a walk showed it (order.ts), when one was watched. */
  order(kind: Kind, part: number): string | undefined {
    return this.mirror.meta(orderMeta(this.company.cid, kind, part));
  }

  setOrder(kind: Kind, part: number, value: string): void {
    this.mirror.setMeta(orderMeta(this.company.cid, kind, part), value);
  }

  /** The records just before and just after `o` in the service's order of this company's list of `kind` (one part), as stored (JSON). */
  neighbours(kind: Kind, part: number, o: string): { below?: string; above?: string } {
    const near = (test: string, dir: string) =>
      this.mirror.one<{ json: string }>(
        `SELECT json FROM records WHERE cid = ? AND kind = ? AND part = ? AND o <> '' AND o ${test} ? ORDER BY o ${dir} LIMIT 1`,
        this.company.cid,
        kind,
        part,
        o,
      )?.json;
    return { below: near('<', 'DESC'), above: near('>', 'ASC') };
  }

  private index(kind: Kind, rid: number, record: Record<string, unknown>, replace: boolean): void {
    if (kind > KIND.deadline) return;
    if (replace) this.mirror.run('DELETE FROM search WHERE rowid = ?', rid);
    const { key, rest } = searchFields(kind, record);
    if (key || rest) this.mirror.run('INSERT INTO search (rowid, key, rest) VALUES (?, ?, ?)', rid, key, rest);
  }

  /** Removes the records of `kind` (of one part, or months kFrom..kTo) that this sync did not list: the service no longer has them. */
  sweep(kind: Kind, scope: SweepScope = {}): number {
    const stale = this.stale(kind, scope);
    for (const { rid } of stale) this.remove(kind, rid);
    return stale.length;
  }

  /** The records of `kind` (in `scope`) this sync has not listed so far: what a sweep now would remove. */
  stale(kind: Kind, scope: SweepScope = {}): { rid: number }[] {
    const { where, params } = whereOf({ cids: [this.company.cid], kind, ...scope });
    return this.mirror.all<{ rid: number }>(`SELECT rid FROM records r WHERE ${where} AND r.seen < ?`, ...params, this.gen);
  }

  /** Whether this sync has listed the record of `kind` and `id`. */
  listed(kind: Kind, id: string): boolean {
    return this.mirror.one<{ seen: number }>('SELECT seen FROM records WHERE cid = ? AND kind = ? AND id = ?', this.company.cid, kind, id)?.seen === this.gen;
  }

  /** Records of `kind` not listed by this sync whose `k` is one of `ks` (e.g. invoices the mirror holds as open). */
  unseen(kind: Kind, part: number, ks: readonly string[]): string[] {
    return this.mirror
      .all<{ id: string }>(
        `SELECT id FROM records WHERE cid = ? AND kind = ? AND part = ? AND k IN (${marks(ks)}) AND seen < ?`,
        this.company.cid,
        kind,
        part,
        ...ks,
        this.gen,
      )
      .map((r) => r.id);
  }

  /** Every record of `kind` (one part) goes: the service refuses the resource now. */
  removeAll(kind: Kind, part?: number): number {
    return this.sweep(kind, part === undefined ? {} : { part });
  }

  private remove(kind: Kind, rid: number): void {
    if (kind === KIND.invoice) this.keepResidue(rid);
    this.mirror.run('DELETE FROM search WHERE rowid = ?', rid);
    this.mirror.run('DELETE FROM records WHERE rid = ?', rid);
    this.counts.removed++;
  }

  /** The stored version of a record (JSON text), as this sync has left it so far. */
  stored(kind: Kind, id: string): string | undefined {
    return this.mirror.get(this.company.cid, kind, id);
  }

  /** A fact about the whole service (the mirror's meta), read and written inside this company's transaction. */
  fact(key: string): string | undefined {
    return this.mirror.meta(key);
  }

  learn(key: string, value: string): void {
    this.mirror.setMeta(key, value);
  }

  /** The service's clock (ms) at this company's latest earlier sync that was not after `ms`. */
  lastSyncAtOrBefore(ms: number): number | undefined {
    return (
      this.mirror.one<{ at: number | null }>('SELECT max(at_ms) AS at FROM syncs WHERE cid = ? AND gen < ? AND at_ms <= ?', this.company.cid, this.gen, ms)
        ?.at ?? undefined
    );
  }

  cursor(resource: string): string | undefined {
    return this.mirror.one<{ value: string }>('SELECT value FROM cursors WHERE cid = ? AND resource = ?', this.company.cid, resource)?.value;
  }

  setCursor(resource: string, value: string | undefined): void {
    if (value === undefined) this.mirror.run('DELETE FROM cursors WHERE cid = ? AND resource = ?', this.company.cid, resource);
    else this.mirror.run('INSERT OR REPLACE INTO cursors (cid, resource, value) VALUES (?, ?, ?)', this.company.cid, resource, value);
  }

  /** The service refused `resource` for this company (403, 404): kept, and answered offline the same way. */
  refuse(resource: string, status: number, body: string): void {
    this.mirror.run('INSERT OR REPLACE INTO refusals (cid, resource, status, body) VALUES (?, ?, ?, ?)', this.company.cid, resource, status, body);
  }

  accept(resource: string): void {
    this.mirror.run('DELETE FROM refusals WHERE cid = ? AND resource = ?', this.company.cid, resource);
  }

  /**
   * Records what this sync leaves of the outbound invoices' residues (schema.ts, migration 6): a row
   * per invoice whose payment status or residue differs from its previous row, a GONE row for one
   * no longer held, and the sync itself as a snapshot. Called before commit(), only when the
   * outbound invoices were read (not refused).
   */
  snapshotResidues(): void {
    const { cid } = this.company;
    const latest = 'SELECT max(y.gen) FROM residues y WHERE y.cid = x.cid AND y.id = x.id';
    // An invoice held unchanged since the first snapshot has no row: its record is its row (migration 7).
    const first = this.firstSnapshot() ?? this.gen;
    this.mirror.run(
      `INSERT INTO residues (cid, id, gen, status, due)
        SELECT r.cid, r.id, ?, json_extract(r.json, '$.payment_status'), json_extract(r.json, '$.amount_due') FROM records r
        WHERE r.cid = ? AND r.kind = ? AND r.part = 0 AND NOT (r.changed <= ? AND NOT EXISTS (SELECT 1 FROM residues x WHERE x.cid = r.cid AND x.id = r.id))
          AND NOT EXISTS (SELECT 1 FROM residues x WHERE x.cid = r.cid AND x.id = r.id AND x.gen = (${latest})
          AND x.status IS json_extract(r.json, '$.payment_status') AND x.due IS json_extract(r.json, '$.amount_due'))`,
      this.gen,
      cid,
      KIND.invoice,
      first,
    );
    this.mirror.run(
      `INSERT INTO residues (cid, id, gen, status, due)
        SELECT x.cid, x.id, ?, ?, NULL FROM residues x WHERE x.cid = ? AND x.gen = (${latest}) AND x.status IS NOT ?
          AND NOT EXISTS (SELECT 1 FROM records r WHERE r.cid = x.cid AND r.kind = ? AND r.part = 0 AND r.id = x.id)`,
      this.gen,
      GONE,
      cid,
      GONE,
      KIND.invoice,
    );
    this.mirror.run('INSERT INTO snapshots (gen, cid, at_ms) SELECT gen, cid, at_ms FROM syncs WHERE gen = ?', this.gen);
  }

  /** The generation of the company's first residue snapshot, if it has one. */
  private firstSnapshot(): number | undefined {
    return this.mirror.one<{ gen: number | null }>('SELECT min(gen) AS gen FROM snapshots WHERE cid = ?', this.company.cid)?.gen ?? undefined;
  }

  /**
   * An outbound invoice held unchanged since the company's first residue snapshot has no residues
   * row (its record says what that snapshot saw: migration 7). Before its record changes or goes,
   * the row is written, so that the history keeps what the snapshot saw.
   */
  private keepResidue(rid: number): void {
    this.mirror.run(
      `INSERT INTO residues (cid, id, gen, status, due)
        SELECT r.cid, r.id, f.gen, json_extract(r.json, '$.payment_status'), json_extract(r.json, '$.amount_due')
        FROM records r JOIN (SELECT min(gen) AS gen FROM snapshots WHERE cid = ?) f
        WHERE r.rid = ? AND r.kind = ? AND r.part = 0 AND r.changed <= f.gen AND json_valid(r.json)
          AND NOT EXISTS (SELECT 1 FROM residues x WHERE x.cid = r.cid AND x.id = r.id)`,
      this.company.cid,
      rid,
      KIND.invoice,
    );
  }

  /** Makes the company's sync visible, with what the next one starts from. */
  commit(state: { day?: string; expensesFrom?: string; expensesTo?: string }): void {
    this.mirror.run(
      'UPDATE companies SET last_gen = ?, full_gen = CASE WHEN ? THEN ? ELSE full_gen END, day = ?, expenses_from = ?, expenses_to = ? WHERE cid = ?',
      this.gen,
      this.full ? 1 : 0,
      this.gen,
      state.day ?? null,
      state.expensesFrom ?? null,
      state.expensesTo ?? null,
      this.company.cid,
    );
    this.mirror.exec('COMMIT');
    this.done = true;
  }

  /** Leaves the company as it was before this sync. */
  rollback(): void {
    if (this.done) return;
    this.done = true;
    this.mirror.rollback();
  }
}

const COMPANY_SELECT = `SELECT c.cid, c.account_id, c.pos, c.json, s.at_ms, s.local_ms, f.at_ms AS full_ms, f.local_ms AS full_local, c.day, c.expenses_from, c.expenses_to
  FROM companies c LEFT JOIN syncs s ON s.gen = c.last_gen LEFT JOIN syncs f ON f.gen = c.full_gen`;

export interface CompanyRow {
  cid: number;
  account_id: string;
  pos: number;
  json: string;
  at_ms: number;
  local_ms: number;
  full_ms: number | null;
  full_local: number | null;
  day: string | null;
  expenses_from: string | null;
  expenses_to: string | null;
}

/** A company row as a MirrorCompany (pg-read.ts reads the same columns, with `pos` from the reading credential's list). */
export function toCompany(row: CompanyRow): MirrorCompany {
  let name = '';
  try {
    const parsed = JSON.parse(row.json) as { name?: unknown };
    if (typeof parsed.name === 'string') name = parsed.name;
  } catch {
    /* a record that is not JSON cannot be stored: the sync writes JSON text */
  }
  return {
    cid: row.cid,
    id: row.account_id,
    name,
    json: row.json,
    pos: row.pos,
    syncedAt: row.at_ms,
    syncedLocal: row.local_ms,
    fullAt: row.full_ms ?? undefined,
    fullLocal: row.full_local ?? undefined,
    day: row.day ?? undefined,
    expensesFrom: row.expenses_from ?? undefined,
    expensesTo: row.expenses_to ?? undefined,
  };
}

/**
 * An invoice's `sdi_status` as its record says it, NULL for a record that is not JSON; and a
 * rejected invoice's rejection day (RecordQuery rejectedBefore). The very expressions of the filter
 * index (schema.ts, migration 8, there without `r.`), or the planner would not use it.
 */
const SDI_STATUS = "CASE WHEN r.kind = 1 AND json_valid(r.json) THEN json_extract(r.json, '$.sdi_status') END";
const UPDATE = "json_extract(r.json, '$.last_sdi_update')";
const REJECTED_DAY = `CASE WHEN r.kind = 1 AND json_valid(r.json) AND json_extract(r.json, '$.sdi_status') = 'rejected'
      AND (${UPDATE} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
        OR ${UPDATE} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9][-+][0-9][0-9]:[0-9][0-9]')
      AND substr(${UPDATE}, 6, 2) BETWEEN '01' AND '12' AND substr(${UPDATE}, 9, 2) BETWEEN '01' AND '28'
      THEN substr(${UPDATE}, 1, 10) END`;

const marks = (values: readonly unknown[]): string => (values.length === 0 ? 'NULL' : values.map(() => '?').join(', '));

/** The WHERE clause of a query over `records r` (and `syncs s` for changedSince). */
function whereOf(query: RecordQuery): { where: string; params: (string | number)[] } {
  const clauses = [`r.cid IN (${marks(query.cids)})`, 'r.kind = ?'];
  const params: (string | number)[] = [...query.cids, query.kind];
  const add = (clause: string, ...values: (string | number)[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (query.part !== undefined) add('r.part = ?', query.part);
  if (query.k !== undefined) add(`r.k IN (${marks(query.k)})`, ...query.k);
  if (query.kFrom !== undefined) add('r.k >= ?', query.kFrom);
  if (query.kTo !== undefined) add('r.k <= ?', query.kTo);
  // Sought in the filter index (schema.ts, migration 8). A record that is not JSON is kept (read, it
  // is reported as a damaged mirror), never a malformed-JSON error here.
  if (query.sdi !== undefined) add(`(${SDI_STATUS} IN (${marks(query.sdi)}) OR (${SDI_STATUS} IS NULL AND NOT json_valid(r.json)))`, ...query.sdi);
  if (query.rejectedBefore !== undefined) add(`(${REJECTED_DAY}) < ?`, query.rejectedBefore);
  if (query.notRejectedBefore !== undefined) add(`coalesce((${REJECTED_DAY}) >= ?, 1)`, query.notRejectedBefore);
  if (query.dFrom !== undefined) add('r.d >= ?', query.dFrom);
  if (query.dTo !== undefined) add('r.d <= ?', query.dTo);
  if (query.changedSince !== undefined) add('s.at_ms >= ?', query.changedSince);
  return { where: clauses.join(' AND '), params };
}

/** Where a record is listed, as the sync says it to put(): its part, place, key, and its key in the service's order (given the key it has). */
export interface Listing {
  part?: number;
  position?: number;
  key?: string;
  order?: (held: string | undefined) => string;
}

/** Whether the last full walk of a query's list, in any of its companies, followed more than one rule (order.ts `also`). */
export function ambiguous(query: RecordQuery, meta: (key: string) => string | undefined): boolean {
  return query.cids.some((cid) => (orderFrom(meta(orderMeta(cid, query.kind, query.part ?? 0)))?.also?.length ?? 0) > 0);
}

/** The meta key of a company's learned order of one list. */
export const orderMeta = (cid: number, kind: Kind, part: number): string => `order:${cid}:${kind}:${part}`;

/** A new mirror file: mode 0600 in a folder only its owner can enter. */
function createFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
      throw new MirrorError(t`cannot create the mirror ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/**
 * What is wrong inside a mirror file, or undefined when it is sound: SQLite's integrity check, the
 * tables of the schema, and every record's JSON (what `sync --full` checks before it writes).
 */
function damageOf(path: string): Text | undefined {
  const { DatabaseSync } = sqlite();
  let db: Database | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true, timeout: 10_000 });
    const tables = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n;
    if (tables === 0) return undefined; // an empty file: a new mirror is made in it
    const check = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0]!.quick_check !== 'ok') return t`is damaged (${check.map((row) => row.quick_check).join('; ')})`;
    const held = new Set((db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
    const application = (db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id;
    if (application !== APPLICATION_ID) return undefined; // not a fisco mirror: checkVersion refuses it, untouched
    const missing = TABLES.filter((table) => !held.has(table));
    if (missing.length > 0) return t`is damaged (no such table: ${missing.join(', ')})`;
    const bad = db.prepare('SELECT count(*) AS n FROM records WHERE json_valid(json) = 0').get() as { n: number };
    if (bad.n > 0) return t`is damaged (${bad.n} records are not JSON)`;
    return undefined;
  } catch (error) {
    if (isSqliteDamage(error)) return t`is damaged (${error.message})`;
    throw error;
  } finally {
    db?.close();
  }
}

/**
 * The file as SQLite opens it on a read-only folder or disk, or a full one, where it cannot make or
 * grow its `-shm` beside it: immutable (nothing can change it there), read as it is. Only when no `-wal` holds changes not
 * yet in the file: those would be missed (frozenUri is then refused).
 */
function frozenUri(path: string): string {
  return `${pathToFileURL(path).href}?immutable=1`;
}

/**
 * Whether SQLite could not open or grow its files beside the mirror: SQLITE_CANTOPEN or
 * SQLITE_READONLY (a read-only folder or disk), SQLITE_IOERR (its `-shm` cannot grow on a full disk).
 */
function cannotOpenBeside(error: unknown): boolean {
  const code = sqliteCode(error);
  return code === SQLITE_CANTOPEN || code === SQLITE_READONLY || code === SQLITE_IOERR;
}

/** Whether the mirror's `-wal` is absent or empty (every change is in the file itself). */
function walEmpty(path: string): boolean {
  try {
    return statSync(`${path}-wal`).size === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Reads the file's schema version without changing it: a newer fisco's mirror, or another file, is
 * refused untouched. `frozen` when the file could only be read as it is (a read, `reading`, of a
 * mirror on a read-only folder or disk: frozenUri).
 */
function checkVersion(path: string, readOnly: boolean, repair: string, reading = false): 'frozen' | undefined {
  const { DatabaseSync } = sqlite();
  let version = 0;
  let application = 0;
  let tables = 0;
  let frozen = false;
  const read = (db: Database) => {
    try {
      application = (db.prepare('PRAGMA application_id').get() as { application_id: number }).application_id;
      version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
      tables = (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  try {
    try {
      read(new DatabaseSync(path, { readOnly: true, timeout: 10_000 }));
    } catch (error) {
      if (!cannotOpenBeside(error)) throw error;
      const unwritable = unwritableCause(error) ?? { cause: t`it cannot be opened for writing (${(error as Error).message})`, code: 'SQLITE_CANTOPEN' };
      if (!reading) throw new MirrorUnwritableError(path, unwritable.cause, unwritable.code);
      if (!walEmpty(path))
        throw new MirrorError(
          t`the mirror ${path} is on a read-only folder or disk, and its last sync's changes are still in ${path}-wal, which SQLite cannot merge there; nothing was read`,
          [t`Read it where it can be written, or run \`fisco sync\` there once.`],
        );
      read(new DatabaseSync(frozenUri(path), { readOnly: true }));
      frozen = true;
    }
  } catch (error) {
    if (error instanceof MirrorError) throw error;
    if (isSqliteDamage(error) && (Number((error as { errcode?: unknown }).errcode) & 0xff) !== 26) throw mapped(error, path, repair);
    throw new MirrorError(t`${path} is not a fisco mirror (${(error as Error).message}); nothing was read or changed`, [
      t`Move it aside; the next \`fisco sync\` makes a new mirror.`,
    ]);
  }
  if (version === 0 && application === 0 && tables === 0) return; // an empty file: created and not yet prepared
  if (application !== APPLICATION_ID) throw new MirrorError(t`${path} is an SQLite file but not a fisco mirror; nothing was read or changed`);
  if (version > SCHEMA_VERSION) {
    throw new MirrorError(
      t`the mirror ${path} was written by a newer fisco (schema ${version}; this fisco knows schema ${SCHEMA_VERSION}); it was not read or changed`,
      [t`Update fisco, or move the file aside and run \`fisco sync --full\` to make a new one.`],
    );
  }
  if ((readOnly || frozen) && version < SCHEMA_VERSION)
    throw new MirrorError(t`the mirror ${path} has an older schema (${version}): open it for writing to migrate it`);
  return frozen ? 'frozen' : undefined;
}

/** WAL, and the schema brought to the latest version in one transaction. */
function prepare(db: Database): void {
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF');
  const fields = (kind: unknown, json: unknown) => searchFields(Number(kind) as Kind, JSON.parse(String(json)) as Record<string, unknown>);
  // What the migrations index records by (schema.ts): migration 2 the one text, migration 3 its two parts.
  db.function('fisco_search_text', { deterministic: true }, (kind, json) =>
    searchText(Number(kind) as Kind, JSON.parse(String(json)) as Record<string, unknown>),
  );
  db.function('fisco_search_key', { deterministic: true }, (kind, json) => fields(kind, json).key);
  db.function('fisco_search_rest', { deterministic: true }, (kind, json) => fields(kind, json).rest);
  const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
  if (version >= SCHEMA_VERSION) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    // Checked again inside the transaction: another fisco may have migrated it meanwhile.
    const now = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    for (let next = now + 1; next <= SCHEMA_VERSION; next++) db.exec(MIGRATIONS[next - 1]!);
    db.exec(`PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = ${SCHEMA_VERSION}`);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** The schema version a mirror file would be migrated to. */
export const MIRROR_SCHEMA = SCHEMA_VERSION;
