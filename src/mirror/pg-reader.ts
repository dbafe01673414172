/**
 * The fast path's reader of a mirror on PostgreSQL (src/fast-offline.ts; built alone into
 * dist/offline-pg.cjs, which bin/fisco.js loads only when the run's mirror is on PostgreSQL): one
 * connection of node-postgres in the process's own thread — no worker, no CLI — running the reads
 * of pg-read.ts, the same statements the CLI's store (pg-store.ts) runs through its worker.
 *
 * It reads only what it is sure of, exactly as the CLI would find it: a schema of this fisco's
 * version (an older one the CLI migrates, a newer one it refuses), the credential's own row key (a
 * database whose first sync never made one is the CLI's to say so), and every read from one
 * snapshot (REPEATABLE READ, READ ONLY). Anything else — including any error — is undefined or a
 * rejection, and the CLI answers instead and says what it is.
 */
import pg from 'pg';
import { hostname } from 'node:os';
import { DEFAULT_TIMEOUT_MS, timeoutMs } from '../api/timeout.js';
import type { Env } from '../io/env.js';
import { parseMirrorUrl } from './choose.js';
import { fingerprint, type Identity } from './owner.js';
import { PG_SCHEMA_VERSION } from './pg-schema.js';
import * as reads from './pg-read.js';
import type { Kind } from './kinds.js';
import type { Guessed, MirrorCompany, RecordQuery, SearchWithin, StoredRow } from './storage.js';

export interface PgReaderOptions {
  /** The connection string as given; what it leaves out comes from the PG* variables and ~/.pgpass, as node-postgres reads them. */
  url: string;
  identity: Identity;
  /** The run's timeout (ms) for each statement; connecting waits at most CONNECT_MS of it (below). */
  timeoutMs: number;
  /** What the server shows of this connection (pg_stat_activity): the CLI's own words. */
  applicationName: string;
}

/**
 * The most the fast path waits to connect: a server that takes longer is the CLI's, which waits
 * the whole --timeout and says why it gave up (the fast path costs such a run this much more).
 */
export const CONNECT_MS = 2_000;

/** Numbers as numbers, as pg-worker.ts reads them: bigint (ms instants, counts) and numeric sums of cents stay within 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700 ? Number : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

export class PgReader {
  private constructor(
    private readonly client: pg.Client,
    private readonly credential: string,
    /** The meta of the snapshot: the database's own keys, and this credential's of pg-read.ts CREDENTIAL_PREFETCH. */
    private readonly metas: { shared: Map<string, string>; own: Map<string, string> },
    /** The companies this credential reads (pg-read.ts companiesOf), as of the snapshot. */
    private readonly held: MirrorCompany[],
  ) {}

  /** Each search's total, as its page came with it (the reader is one snapshot). */
  private readonly searchTotals = new Map<string, number>();

  /**
   * Connected, in one read-only snapshot, as `identity`; undefined when this fisco's CLI would see
   * the database otherwise. One round trip starts the snapshot and reads the schema's version, the
   * database's meta (the credential key, each list's learned order: a few rows), the credentials'
   * rows that say whose companies are whose, and the companies synced (pg-read.ts ALL_*): what
   * every read begins with, kept for this credential. Statements asked together after that share
   * round trips (pipelining); a failed one fails those after it in the snapshot, and the fast path
   * then leaves the read to the CLI.
   */
  static async open(options: PgReaderOptions): Promise<PgReader | undefined> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName,
      connectionTimeoutMillis: Math.min(options.timeoutMs, CONNECT_MS),
      query_timeout: options.timeoutMs,
      types,
      // Statements asked at once go out at once (node-postgres's pipelining): the fast path asks a
      // page's parts, or an overview's, together, and waits one round trip for them, not one each.
      pipeline: true,
    });
    // A dropped connection after connect: the next statement rejects; this keeps it from being an uncaught error.
    client.on('error', () => undefined);
    const connecting = client.connect();
    // SCRAM needs Node's crypto once the server has answered (node-postgres's crypto utilities load it
    // on first use: scripts/shims/pg-crypto.cjs); it loads in the event loop's turn after the socket's
    // connect, while the server starts the connection's backend.
    setImmediate(() => process.getBuiltinModule('node:crypto'));
    await connecting;
    let reader: PgReader | undefined;
    try {
      // A database with no mirror is an error here.
      const [, versions, metas, credentials, companies] = await Promise.all([
        client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY'),
        client.query(reads.VERSION_ROW),
        client.query(reads.ALL_META),
        client.query(reads.ALL_CREDENTIAL_META),
        client.query(reads.ALL_COMPANIES),
      ]);
      const version = versions.rows[0] as { version: number; application: string } | undefined;
      const shared = new Map((metas.rows as { key: string; value: string }[]).map((row) => [row.key, row.value]));
      const key = shared.get('credential_key');
      if (version?.version === PG_SCHEMA_VERSION && version.application === 'fisco mirror' && key !== undefined) {
        const credential = fingerprint(key, `${options.identity.baseUrl}\0${options.identity.token}`);
        const own = new Map(
          (credentials.rows as { credential: string; key: string; value: string }[])
            .filter((row) => row.credential === credential)
            .map((row) => [row.key, row.value]),
        );
        const held = reads.companiesOf(companies.rows as Parameters<typeof reads.companiesOf>[0], reads.visibleIds(own.get('owner')));
        reader = new PgReader(client, credential, { shared, own }, held);
      }
    } catch {
      // Not a mirror this fast path reads (no schema, another version's): the CLI opens it and says what it is.
      reader = undefined;
    } finally {
      if (!reader) await client.end().catch(() => undefined);
    }
    return reader;
  }

  /** A read of pg-read.ts on this connection; a statement of a meta key held since open() is answered from there. */
  private read<T>(read: reads.Read<T>): Promise<T> {
    return reads.runAsync(read, async (statement) => {
      const own = statement.meta !== undefined && reads.CREDENTIAL_KEYS.has(statement.meta);
      if (statement.meta !== undefined && (!own || reads.CREDENTIAL_PREFETCH.includes(statement.meta))) {
        const value = (own ? this.metas.own : this.metas.shared).get(statement.meta);
        return value === undefined ? [] : [{ value }];
      }
      return (await this.client.query({ text: statement.text, values: statement.params as unknown[] })).rows;
    });
  }

  meta(key: string): Promise<string | undefined> {
    return this.read(reads.meta(this.credential, key));
  }

  companies(): MirrorCompany[] {
    return this.held;
  }

  company(accountId: string): MirrorCompany | undefined {
    return this.held.find((company) => company.id === accountId);
  }

  refusals(cid: number): Promise<{ resource: string; status: number; body: string }[]> {
    return this.read(reads.refusals(cid));
  }

  refusal(cid: number, resource: string): Promise<{ status: number; body: string } | undefined> {
    return this.read(reads.refusal(cid, resource));
  }

  get(cid: number, kind: Kind, id: string): Promise<string | undefined> {
    return this.read(reads.get(cid, kind, id));
  }

  count(query: RecordQuery): Promise<number> {
    return this.read(reads.count(query));
  }

  totals(query: RecordQuery): Promise<reads.Totals> {
    return this.read(reads.totals(query));
  }

  async rows(query: RecordQuery, offset = 0, limit = -1): Promise<IterableIterator<StoredRow>> {
    return (await this.read(reads.rows(query, offset, limit))).values();
  }

  guessed(query: RecordQuery): Promise<Guessed> {
    return this.read(reads.guessed(this.credential, query));
  }

  // A search of everything is of this credential's companies: those held since open(), not read again.
  async search(match: string, within: SearchWithin, offset = 0, limit = -1): Promise<{ cid: number; kind: Kind; json: string }[]> {
    const { hits, total } = await this.read(reads.search(this.credential, match, within ?? reads.everywhere(this.held), offset, limit));
    // The search's count (searchCount, asked next for the page's note) is the one its page came with.
    this.searchTotals.set(reads.searchKey(match, within), total);
    return hits;
  }

  async searchCount(match: string, within: SearchWithin): Promise<number> {
    return this.searchTotals.get(reads.searchKey(match, within)) ?? this.read(reads.searchCount(this.credential, match, within ?? reads.everywhere(this.held)));
  }

  /**
   * The snapshot ended (it changed nothing) and the connection closed, without waiting for the
   * server's side of the goodbye: the Terminate message and the end of the stream are written
   * (pending writes keep the process alive until they are out), then the socket no longer holds the
   * process, which can exit as soon as its answer is printed. A server ends a backend that said
   * goodbye in several milliseconds (6 ms on this project's machine, a tenth of an offline list);
   * nothing of the answer depends on it, and the server sees an orderly Terminate either way.
   */
  close(): void {
    this.client.end().catch(() => undefined);
    (this.client as pg.Client & { unref(): void }).unref();
  }
}

/**
 * The fast path's reader of the mirror a connection string names (as given: --mirror,
 * FISCO_MIRROR_URL or the profile's setting), as the CLI would open it for this credential, with
 * the secrets its answer must not show (the string's password, PGPASSWORD: what the CLI's redactor
 * is given); undefined, or a rejection, when the CLI must answer (a string that is not one, a bad
 * FISCO_TIMEOUT: the CLI says what is wrong).
 */
export async function openShared(text: string, env: Env, identity: Identity): Promise<{ reader: PgReader; secrets: string[] } | undefined> {
  const { passwords } = parseMirrorUrl(text, 'mirror');
  const reader = await PgReader.open({
    url: text.trim(),
    identity,
    timeoutMs: timeoutMs(undefined, env) ?? DEFAULT_TIMEOUT_MS,
    applicationName: `fisco on ${hostname()}, pid ${process.pid}`,
  });
  return reader && { reader, secrets: [...passwords, env.PGPASSWORD ?? ''] };
}
