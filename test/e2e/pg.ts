/**
 * The PostgreSQL server the shared mirror's tests run against (docs/mirror.md): FISCO_TEST_PG_URL
 * names it (`eval "$(bash scripts/pg-test-cluster.sh start)"` starts a throw-away one; `.ci/run`
 * does). Without it those tests are skipped with a notice; with FISCO_REQUIRE_PG=1 (`.ci/run` sets
 * it) they fail instead. Each test file gets a database of its own, dropped when it ends.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, it, expect } from 'vitest';
import type { Harness } from './harness.js';

export const PG_URL = process.env.FISCO_TEST_PG_URL || undefined;
export const REQUIRE_PG = process.env.FISCO_REQUIRE_PG === '1';
export const PG_MISSING_NOTICE =
  'no PostgreSQL server for the shared mirror\'s tests (FISCO_TEST_PG_URL): they are skipped; eval "$(bash scripts/pg-test-cluster.sh start)" starts one (FISCO_REQUIRE_PG=1 makes this a failure)';

/** The stores a mirror test runs on: SQLite always, PostgreSQL when a server is given. */
export const STORES: ('sqlite' | 'postgres')[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** For a file whose tests all need the server: a failing test under FISCO_REQUIRE_PG=1, else a notice; true when the server is there. */
export function pgAvailable(): boolean {
  if (PG_URL) return true;
  if (REQUIRE_PG) describe('the PostgreSQL server', () => it('is given (FISCO_REQUIRE_PG=1)', () => expect.fail(PG_MISSING_NOTICE)));
  else {
    console.warn(`notice: ${PG_MISSING_NOTICE}`);
    describe.skip('the shared PostgreSQL mirror (no server)', () => it('is tested', () => undefined));
  }
  return false;
}

/** Missing notice for a file that runs on SQLite either way. */
export function noticeIfNoPg(): void {
  if (PG_URL) return;
  if (REQUIRE_PG) throw new Error(`${PG_MISSING_NOTICE}, and FISCO_REQUIRE_PG=1 makes that a failure`);
  console.warn(`notice: ${PG_MISSING_NOTICE}`);
}

/** A database of its own on the test server; `url` connects to it, `drop()` removes it. */
export async function freshDatabase(): Promise<{
  url: string;
  name: string;
  drop(): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}> {
  const name = `fisco_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  return {
    url: url.href,
    name,
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    drop: async () => {
      await client.end();
      const again = new pg.Client({ connectionString: PG_URL });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * Puts a harness's mirror on `store`: for PostgreSQL, every run reads and fills a database of its
 * own (FISCO_MIRROR_URL, which a run's own env may unset); its drop() for afterAll.
 */
export async function mirrorOn(h: { run: Harness['run'] }, store: 'sqlite' | 'postgres'): Promise<{ drop(): Promise<void> } | undefined> {
  if (store === 'sqlite') return undefined;
  const database = await freshDatabase();
  const run = h.run.bind(h);
  h.run = (args, options = {}) => run(args, { ...options, env: { FISCO_MIRROR_URL: database.url, ...options.env } });
  return database;
}

/** The password of the test server's connection string (scanned for in every output and file). */
export const pgPassword = (): string => decodeURIComponent(new URL(PG_URL!).password);
