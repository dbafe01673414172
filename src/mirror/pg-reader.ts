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
  /** The companies this credential reads, once per snapshot (company() picks from them, as pg-read.ts company() would find it). */
  private held: Promise<MirrorCompany[]> | undefined;

  private constructor(
    private readonly client: pg.Client,
    private readonly credential: string,
    /** The meta of the snapshot: the database's own keys, and this credential's (pg-read.ts CREDENTIAL_KEYS). */
    private readonly metas: { shared: Map<string, string>; own: Map<string, string> },
  ) {}

  /**
   * Connected, in one read-only snapshot, as `identity`; undefined when this fisco's CLI would see
   * the database otherwise. Its first round trip starts the snapshot and reads the schema's
   * version and the database's meta (a small table: the credential key, each list's learned
   * order); its second, this credential's own meta.
   */
  static async open(options: PgReaderOptions): Promise<PgReader | undefined> {
    const client = new pg.Client({
      connectionString: options.url,
      application_name: options.applicationName,
      connectionTimeoutMillis: Math.min(options.timeoutMs, CONNECT_MS),
      query_timeout: options.timeoutMs,
      types,
    });
    // A dropped connection after connect: the next statement rejects; this keeps it from being an uncaught error.
    client.on('error', () => undefined);
    await client.connect();
    let reader: PgReader | undefined;
    try {
      // Several statements without parameters are one round trip (the simple query protocol); a database with no mirror is an error here.
      const results = (await client.query(
        `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; ${reads.VERSION_ROW}; ${reads.ALL_META}`,
      )) as unknown as pg.QueryResult[];
      const version = results[1]?.rows[0] as { version: number; application: string } | undefined;
      const shared = new Map((results[2]?.rows ?? []).map((row: { key: string; value: string }) => [row.key, row.value]));
      const key = shared.get('credential_key');
      if (version?.version === PG_SCHEMA_VERSION && version.application === 'fisco mirror' && key !== undefined) {
        const credential = fingerprint(key, `${options.identity.baseUrl}\0${options.identity.token}`);
        const own = (await client.query({ text: reads.ALL_CREDENTIAL_META, values: [credential] })).rows as { key: string; value: string }[];
        reader = new PgReader(client, credential, { shared, own: new Map(own.map((row) => [row.key, row.value])) });
      }
    } catch {
      // Not a mirror this fast path reads (no schema, another version's): the CLI opens it and says what it is.
      reader = undefined;
    } finally {
      if (!reader) await client.end().catch(() => undefined);
    }
    return reader;
  }

  /** A read of pg-read.ts on this connection; a statement of a meta key is answered from the snapshot's meta. */
  private read<T>(read: reads.Read<T>): Promise<T> {
    return reads.runAsync(read, async (statement) => {
      if (statement.meta !== undefined) {
        const value = (reads.CREDENTIAL_KEYS.has(statement.meta) ? this.metas.own : this.metas.shared).get(statement.meta);
        return value === undefined ? [] : [{ value }];
      }
      return (await this.client.query({ text: statement.text, values: statement.params as unknown[] })).rows;
    });
  }

  meta(key: string): Promise<string | undefined> {
    return this.read(reads.meta(this.credential, key));
  }

  companies(): Promise<MirrorCompany[]> {
    this.held ??= this.read(reads.companies(this.credential));
    return this.held;
  }

  async company(accountId: string): Promise<MirrorCompany | undefined> {
    return (await this.companies()).find((company) => company.id === accountId);
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

  search(match: string, within: SearchWithin, offset = 0, limit = -1): Promise<{ cid: number; kind: Kind; json: string }[]> {
    return this.read(reads.search(this.credential, match, within, offset, limit));
  }

  searchCount(match: string, within: SearchWithin): Promise<number> {
    return this.read(reads.searchCount(this.credential, match, within));
  }

  /** The snapshot ended (it changed nothing) and the connection closed. */
  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
