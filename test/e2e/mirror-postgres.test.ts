/**
 * The mirror on a shared PostgreSQL (docs/mirror.md, "A shared mirror on PostgreSQL"), against a
 * real server (test/e2e/pg.ts): two homes on one database, one syncs and the other reads offline
 * the same bytes as online; who may read what; two syncs of one company at once (one waits,
 * named); a sync killed with SIGKILL (the others read the previous state); a newer schema refused
 * untouched; search as on SQLite; the connection's password in no output and no file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KIND } from '../../src/mirror/kinds.js';
import { MirrorAnswers } from '../../src/mirror/answer.js';
import { PG_SCHEMA_VERSION, pgRejectedDay, pgSdiStatus } from '../../src/mirror/pg-schema.js';
import { lockKey } from '../../src/mirror/pg-store.js';
import { spawnBin, until } from './batch-helpers.js';
import { harness, parseJson, TOKENS, type Harness, type RunOptions, type RunResult } from './harness.js';
import { freshDatabase, pgAvailable, pgPassword } from './pg.js';

if (pgAvailable()) {
  let h: Harness;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const outputs: RunResult[] = [];
  /** A home of its own (an accountant's machine): its config and data folders. */
  const home = (name: string) => {
    const dirs = { FISCO_CONFIG_DIR: join(h.home, name, 'config'), FISCO_DATA_DIR: join(h.home, name, 'data') };
    mkdirSync(dirs.FISCO_DATA_DIR, { recursive: true });
    return dirs;
  };
  let A: Record<string, string>;
  let B: Record<string, string>;
  const run = async (where: Record<string, string>, args: string[], options: RunOptions = {}) => {
    const result = await h.run(args, { token: TOKENS.firm, ...options, env: { ...where, FISCO_MIRROR_URL: db.url, ...options.env } });
    outputs.push(result);
    return result;
  };
  const READS = [
    ['--account', 'acc_rossi', 'invoice', 'list', '--all', '-o', 'json'],
    ['--all-accounts', 'invoice', 'list', '--payment-status', 'unpaid', '--all', '-o', 'csv'],
    ['overview', '-o', 'json'],
    ['accounts', 'list', '-o', 'json'],
    ['whoami', '-o', 'json'],
  ];

  beforeAll(async () => {
    h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
    db = await freshDatabase();
    A = home('a');
    B = home('b');
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await db.drop();
  });

  describe('one mirror on PostgreSQL for a firm', () => {
    it('one home syncs, another home reads --offline the same bytes as online, with no request', async () => {
      const synced = await run(A, ['sync', '-o', 'json']);
      expect(synced.exitCode, synced.stderr).toBe(11); // acc_gialli's F24s are refused, as on SQLite
      expect(parseJson<{ result: string }[]>(synced.stdout).map((r) => r.result)).toEqual(['synced', 'synced', 'synced', 'incomplete']);
      // B has no file of its own: what it reads is the database's.
      expect(readdirSync(B.FISCO_DATA_DIR)).toEqual([]);
      for (const args of READS) {
        const online = await run(B, args);
        const before = h.emulator.store.requests.length;
        const offline = await run(B, ['--offline', ...args]);
        expect(offline.exitCode, offline.stderr).toBe(online.exitCode);
        expect(offline.stdout, args.join(' ')).toBe(online.stdout);
        expect(h.emulator.store.requests.length).toBe(before);
      }
      const status = await run(B, ['sync', '--status', '-o', 'json']);
      expect(status.exitCode, status.stderr).toBe(0);
      expect(status.stderr).toMatch(/mirror: postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/fisco_t_\w+, [\d.]+ MB/);
    }, 120_000);

    it('a credential reads only what it listed when it synced: another token is refused, a company token reads its one company', async () => {
      const stranger = await run(B, ['--offline', 'invoice', 'list'], { token: TOKENS.readonly });
      expect(stranger.exitCode).toBe(2);
      expect(stranger.stderr).toMatch(/no mirror yet for this token \(production\): nothing to read offline/);
      expect(stranger.stdout).toBe('');
      const searched = await run(B, ['search', 'rossi'], { token: TOKENS.readonly });
      expect(searched.exitCode).toBe(2);
      // A company's token syncs (its one company is already there: an incremental sync) and then reads it, and nothing else.
      const own = await run(B, ['sync', '-o', 'json'], { token: TOKENS.prod });
      expect(own.exitCode, own.stderr).toBe(0);
      expect(parseJson<{ account_id: string; full: boolean }[]>(own.stdout).map((r) => [r.account_id, r.full])).toEqual([['acc_rossi', false]]);
      const mine = await run(B, ['--offline', 'invoice', 'list', '--all', '-o', 'json'], { token: TOKENS.prod });
      expect(mine.exitCode, mine.stderr).toBe(0);
      expect(mine.stdout).toBe((await run(B, ['invoice', 'list', '--all', '-o', 'json'], { token: TOKENS.prod })).stdout);
      const other = await run(B, ['--offline', '--account', 'acc_verdi', 'invoice', 'list'], { token: TOKENS.prod });
      expect(other.exitCode).toBe(2);
      const hits = parseJson<{ account_id: string }[]>((await run(B, ['search', 'a', '--all', '-o', 'json'], { token: TOKENS.prod })).stdout);
      expect(new Set(hits.map((hit) => hit.account_id))).toEqual(new Set(['acc_rossi']));
    }, 120_000);

    it('search finds on PostgreSQL what it finds on SQLite, in the same order', async () => {
      const local = home('local');
      const plain = await h.run(['sync'], { token: TOKENS.firm, env: local });
      expect(plain.exitCode, plain.stderr).toBe(11);
      const queries = ['rossi', 'bian', 'citta', 'zeta trasporti', 'consulenza', '53/2026', '1.234,50', '450', 'IT01234567890', 'F24', 'iva', 'srl', 'a'];
      const differences: string[] = [];
      let notes = 0;
      for (const words of queries) {
        const sqlite = await h.run(['search', ...words.split(' '), '--all', '-o', 'json'], { token: TOKENS.firm, env: local });
        const shared = await run(A, ['search', ...words.split(' '), '--all', '-o', 'json']);
        expect(shared.exitCode, shared.stderr).toBe(sqlite.exitCode);
        if (shared.stdout !== sqlite.stdout) {
          const ids = (text: string) => parseJson<{ kind: string; id: string }[]>(text).map((hit) => `${hit.kind} ${hit.id}`);
          const same = [...ids(sqlite.stdout)].sort().join() === [...ids(shared.stdout)].sort().join();
          differences.push(
            `${words}: ${same ? 'same hits, another order' : `${ids(sqlite.stdout).length} hits on SQLite, ${ids(shared.stdout).length} on PostgreSQL`}`,
          );
        }
        // A page, and the count of all hits in its note (PostgreSQL counts them with the page's ranking), past the end too.
        const note = (stderr: string) => stderr.split('\n').filter((line) => line.includes('not fetched'));
        for (const page of [
          ['--per-page', '2'],
          ['--per-page', '2', '--page', '2'],
          ['--per-page', '2', '--page', '999'],
        ]) {
          const args = ['search', ...words.split(' '), ...page, '-o', 'json'];
          const [paged, pagedShared] = [await h.run(args, { token: TOKENS.firm, env: local }), await run(A, args)];
          if (paged.stdout !== pagedShared.stdout || note(paged.stderr).join() !== note(pagedShared.stderr).join())
            differences.push(`${args.join(' ')}: ${note(paged.stderr).join()} on SQLite, ${note(pagedShared.stderr).join()} on PostgreSQL`);
          notes += note(paged.stderr).length;
        }
      }
      expect(differences).toEqual([]);
      // The notes compared were there: queries with more than two hits.
      expect(notes).toBeGreaterThan(5);
    }, 120_000);

    it('two syncs of one company at once: the second waits, naming the first (not a holder in another database), then runs', async () => {
      // Another firm's mirror on the same server, its acc_rossi being synced: an advisory lock is its database's own.
      const elsewhere = await freshDatabase();
      const stranger = new pg.Client({ connectionString: elsewhere.url, application_name: 'fisco on another-firm, pid 1' });
      await stranger.connect();
      await stranger.query('SELECT pg_advisory_lock($1::bigint)', [lockKey('acc_rossi').key]);
      // The first sync is held here: a connection named as a fisco on another machine holds acc_rossi's lock.
      const holder = new pg.Client({ connectionString: db.url, application_name: 'fisco on studio-pc-2, pid 4242' });
      await holder.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1::bigint)', [lockKey('acc_rossi').key]);
        const second = spawnBin(h, ['sync', '--account', 'acc_rossi', '-o', 'json'], TOKENS.firm, { ...B, FISCO_MIRROR_URL: db.url });
        let stderr = '';
        second.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        await until(
          () => /acc_rossi is being synced by fisco on studio-pc-2, pid 4242; waiting for it to finish/.test(stderr),
          'the second sync to wait',
          50_000,
        );
        await holder.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey('acc_rossi').key]);
        const done = await second;
        expect(done.exitCode, String(done.stderr)).toBe(0);
        expect(String(done.stderr)).toMatch(/Rossi Consulting S\.r\.l\. \(acc_rossi\): \d+ new, \d+ changed/);
        outputs.push({ stdout: String(done.stdout), stderr: String(done.stderr), exitCode: done.exitCode ?? -1 });
        expect(String(done.stderr)).not.toMatch(/another-firm/);
      } finally {
        await holder.end();
        await stranger.end();
        await elsewhere.drop();
      }
    }, 60_000);

    it('two real syncs of the same companies from two homes at once both end well, one after the other per company', async () => {
      const [one, two] = await Promise.all(
        [A, B].map((where) => spawnBin(h, ['sync', '--accounts', 'acc_rossi,acc_verdi', '-o', 'json'], TOKENS.firm, { ...where, FISCO_MIRROR_URL: db.url })),
      );
      for (const done of [one!, two!]) {
        expect(done.exitCode, String(done.stderr)).toBe(0);
        outputs.push({ stdout: String(done.stdout), stderr: String(done.stderr), exitCode: done.exitCode ?? -1 });
      }
    }, 60_000);

    it('a sync killed with SIGKILL mid-way: the other home keeps reading the previous state; the next sync completes it', async () => {
      const args = ['--account', 'acc_rossi', 'invoice', 'list', '--all', '-o', 'json'];
      const before = await run(B, ['--offline', ...args]);
      // A change on the service, so the killed sync has work to do.
      const invoice = h.emulator.store.invoices.find(
        (i) =>
          i.accountId === 'acc_rossi' &&
          i.direction === 'outbound' &&
          ['delivered', 'accepted'].includes(i.sdi_status) &&
          i.tipo_documento === 'TD01' &&
          Number(i.total_amount) - Number(i.amount_paid) > 20,
      )!;
      const paid = await fetch(`${h.emulator.url}/fatture/${invoice.uuid}/pagamenti?account_id=acc_rossi`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKENS.firm}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1 }),
      });
      expect(paid.status).toBe(201);
      for (const crash of ['sync-put:1:3', 'sync-commit:1']) {
        const killed = await spawnBin(h, ['sync', '--account', 'acc_rossi', '--full'], TOKENS.firm, {
          ...A,
          FISCO_MIRROR_URL: db.url,
          FISCO_TEST_CRASH_AT: crash,
        });
        expect(killed.signal, crash).toBe('SIGKILL');
        const after = await run(B, ['--offline', ...args]);
        expect(after.stdout, crash).toBe(before.stdout);
      }
      const resumed = await run(A, ['sync', '--account', 'acc_rossi']);
      expect(resumed.exitCode, resumed.stderr).toBe(0);
      const now = await run(B, ['--offline', ...args]);
      expect(now.stdout).not.toBe(before.stdout);
      expect(now.stdout).toBe((await run(B, args)).stdout);
    }, 120_000);

    it('a mirror of a newer fisco is refused, read or sync, and left untouched', async () => {
      await db.query('UPDATE fisco_mirror.version SET version = 99');
      const count = async () => (await db.query<{ n: string }>('SELECT count(*) AS n FROM fisco_mirror.records'))[0]!.n;
      const held = await count();
      try {
        for (const args of [['--offline', 'invoice', 'list'], ['sync']]) {
          const refused = await run(A, args);
          expect(refused.exitCode, args.join(' ')).toBe(2);
          expect(refused.stderr).toMatch(
            /the mirror postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/fisco_t_\w+ was written by a newer fisco \(schema 99; this fisco knows schema \d+\); it was not read or changed/,
          );
        }
        expect(await count()).toBe(held);
        expect((await db.query<{ version: number }>('SELECT version FROM fisco_mirror.version'))[0]!.version).toBe(99);
      } finally {
        await db.query(`UPDATE fisco_mirror.version SET version = ${PG_SCHEMA_VERSION}`);
      }
    }, 60_000);

    it("a database of the first release's schema is migrated in place by a read: its records kept, the order and residue history added", async () => {
      const count = async () => (await db.query<{ n: string }>('SELECT count(*) AS n FROM fisco_mirror.records'))[0]!.n;
      const before = await run(B, ['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--all', '-o', 'json']);
      expect(before.exitCode, before.stderr).toBe(0);
      const held = await count();
      const searched = await run(B, ['search', 'zeta', 'trasporti', '--all', '-o', 'json']);
      expect(searched.exitCode, searched.stderr).toBe(0);
      // Back to schema 1: what migrations 2 (records.o), 3 (snapshots, residues), 4 (the filter index's expressions) and 5 (tallies, one search vector) add is gone, and the orders learned with them.
      await db.query('DROP TABLE fisco_mirror.tallies');
      await db.query('ALTER TABLE fisco_mirror.companies DROP COLUMN tallied');
      // Migration 1's two vectors, whose concatenation migration 5 keeps (all in the first, the second
      // empty: the same concatenation). Added as columns computed once (the table rewritten), not by
      // an UPDATE: the updated rows' old versions would make the indexes the migration creates unusable
      // (indcheckxmin) by a snapshot older than it, as other test files' may be.
      await db.query(
        "ALTER TABLE fisco_mirror.records ADD COLUMN search_key tsvector GENERATED ALWAYS AS (search) STORED, ADD COLUMN search_rest tsvector GENERATED ALWAYS AS (CASE WHEN search IS NULL THEN NULL ELSE ''::tsvector END) STORED",
      );
      await db.query('ALTER TABLE fisco_mirror.records ALTER COLUMN search_key DROP EXPRESSION, ALTER COLUMN search_rest DROP EXPRESSION');
      await db.query('DROP INDEX fisco_mirror.records_search');
      await db.query('ALTER TABLE fisco_mirror.records DROP COLUMN search');
      await db.query('CREATE INDEX records_search ON fisco_mirror.records USING gin ((search_key || search_rest))');
      await db.query('DROP TABLE fisco_mirror.residues, fisco_mirror.snapshots');
      await db.query('DROP INDEX fisco_mirror.records_filter');
      await db.query('CREATE INDEX records_filter ON fisco_mirror.records (cid, kind, part, k, flag, amt)');
      await db.query('ALTER TABLE fisco_mirror.records DROP COLUMN o');
      await db.query("DELETE FROM fisco_mirror.meta WHERE key LIKE 'order:%'");
      await db.query('UPDATE fisco_mirror.version SET version = 1');
      const after = await run(B, ['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--all', '-o', 'json']);
      expect(after.exitCode, after.stderr).toBe(0);
      expect(after.stdout).toBe(before.stdout);
      expect(await count()).toBe(held);
      // Migration 5: one search vector finds what the two did, in the same order; the tallies are the companies' records.
      const searchedAfter = await run(B, ['search', 'zeta', 'trasporti', '--all', '-o', 'json']);
      expect(searchedAfter.exitCode, searchedAfter.stderr).toBe(0);
      expect(searchedAfter.stdout).toBe(searched.stdout);
      expect(JSON.parse(searched.stdout).length, searched.stdout + searched.stderr).toBeGreaterThan(0);
      const [tallies] = await db.query<{ wrong: string }>(
        `SELECT count(*) AS wrong FROM (SELECT cid, kind, part, count(*) AS n FROM fisco_mirror.records GROUP BY 1, 2, 3) r
           FULL JOIN fisco_mirror.tallies t USING (cid, kind, part) WHERE r.n IS DISTINCT FROM t.n`,
      );
      expect(Number(tallies!.wrong)).toBe(0);
      expect((await db.query<{ version: number }>('SELECT version FROM fisco_mirror.version'))[0]!.version).toBe(PG_SCHEMA_VERSION);
      const tables = await db.query<{ name: string }>(
        "SELECT c.relname AS name FROM pg_class c WHERE c.relnamespace = 'fisco_mirror'::regnamespace AND c.relname IN ('snapshots', 'residues', 'records_by_service') ORDER BY 1",
      );
      expect(tables.map((t) => t.name)).toEqual(['records_by_service', 'residues', 'snapshots']);
      // Migration 4: the filter index holds an invoice's SDI status and a rejection's day, and a read by SDI status seeks it.
      const [index] = await db.query<{ def: string }>(
        "SELECT indexdef AS def FROM pg_indexes WHERE schemaname = 'fisco_mirror' AND indexname = 'records_filter'",
      );
      expect(index!.def).toMatch(/sdi_status.*last_sdi_update/s);
      // The question is whether the index's expressions are the reads' own: with the other indexes
      // gone (in a transaction rolled back) and no table scan, the status and the day are index conditions.
      const explain = async () => {
        await db.query('BEGIN');
        try {
          await db.query('DROP INDEX fisco_mirror.records_key, fisco_mirror.records_order, fisco_mirror.records_by_service');
          await db.query('SET LOCAL enable_seqscan = off');
          return (
            await db.query<{ 'QUERY PLAN': string }>(
              `EXPLAIN SELECT count(*) FROM fisco_mirror.records r WHERE r.cid = 1 AND r.kind = 1 AND r.part = 0 AND r.k = ANY('{""}') AND (${pgSdiStatus('r.')}) = ANY('{rejected}') AND (${pgRejectedDay('r.')}) < '2026-10-01'`,
            )
          )
            .map((row) => row['QUERY PLAN'])
            .join('\n');
        } finally {
          await db.query('ROLLBACK');
        }
      };
      // An index built over rows a sync updated while a transaction was open anywhere on the server
      // (another test file's sync waiting for a lock, say) is usable only by snapshots newer than that
      // transaction (pg_index.indcheckxmin): the planner is asked until it has ended.
      let plan = '';
      await until(
        async () => /Index Cond: .*sdi_status.*last_sdi_update.*< '2026-10-01'/.test((plan = await explain())),
        'the planner to use the filter index',
        90_000,
      ).catch(() => undefined);
      expect(plan).toMatch(/Index Cond: .*sdi_status.*last_sdi_update.*< '2026-10-01'/);
      // The next sync takes a residue snapshot on the migrated database.
      const synced = await run(A, ['--account', 'acc_rossi', 'sync']);
      expect(synced.exitCode, synced.stderr).toBe(0);
      expect(Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM fisco_mirror.snapshots'))[0]!.n)).toBe(1);
    }, 150_000);

    it("a list's total is its company's tally while the tally is its last sync's, else the records counted", async () => {
      const args = ['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--per-page', '5', '-o', 'json'];
      const total = async () => {
        const page = await run(B, args);
        expect(page.exitCode, page.stderr).toBe(0);
        return Number(/this was 1–5 of (\d+)/.exec(page.stderr)?.[1]);
      };
      const stored = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              "SELECT count(*) AS n FROM fisco_mirror.records r JOIN fisco_mirror.companies c USING (cid) WHERE c.account_id = 'acc_rossi' AND r.kind = 1 AND r.part = 0",
            )
          )[0]!.n,
        );
      const invoices = await stored();
      expect(invoices).toBeGreaterThan(5);
      expect(await total()).toBe(invoices);
      try {
        // The tally is what is read (a tally made wrong on purpose shows)…
        await db.query(
          "UPDATE fisco_mirror.tallies t SET n = n + 1000 FROM fisco_mirror.companies c WHERE c.cid = t.cid AND c.account_id = 'acc_rossi' AND t.kind = 1 AND t.part = 0",
        );
        expect(await total()).toBe(invoices + 1000);
        // …until a commit that did not count (a sync by a fisco before migration 5) moves the company's last sync: the records are counted.
        await db.query(
          `WITH g AS (INSERT INTO fisco_mirror.syncs (cid, at_ms, local_ms, since_ms, is_full)
             SELECT cid, 0, 0, NULL, false FROM fisco_mirror.companies WHERE account_id = 'acc_rossi' RETURNING gen, cid)
           UPDATE fisco_mirror.companies c SET last_gen = g.gen FROM g WHERE c.cid = g.cid`,
        );
        expect(await total()).toBe(invoices);
      } finally {
        // A sync counts again and leaves every tally right.
        const synced = await run(A, ['--account', 'acc_rossi', 'sync']);
        expect(synced.exitCode, synced.stderr).toBe(0);
      }
      expect(await total()).toBe(invoices);
      const [wrong] = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM (SELECT cid, kind, part, count(*) AS n FROM fisco_mirror.records GROUP BY 1, 2, 3) r
           FULL JOIN fisco_mirror.tallies t USING (cid, kind, part) WHERE r.n IS DISTINCT FROM t.n`,
      );
      expect(Number(wrong!.n)).toBe(0);
      expect(Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM fisco_mirror.companies WHERE tallied IS DISTINCT FROM last_gen'))[0]!.n)).toBe(0);
    }, 60_000);

    /**
     * An offline walk of acc_rossi's invoices five a page by home B, and how many scans of `table`
     * this database's backends made meanwhile (the server counts them; a backend's count is in once it
     * ends). The server's counters are the whole database's: a count another backend reports late
     * (this test's own connection reports its at most once a second) can land in a walk's window, so
     * the walk is made twice and the smaller count kept; a walk that scanned once a page does so both times.
     */
    const walkScans = async (table: 'companies' | 'records') => {
      const first = await walkScansOnce(table);
      const second = await walkScansOnce(table);
      return first.scans <= second.scans ? first : second;
    };
    const walkScansOnce = async (table: 'companies' | 'records') => {
      const scans = async () => {
        // This connection's own counts are reported now, not up to a second later.
        await db.query('SELECT pg_stat_force_next_flush()');
        return Number(
          (
            await db.query<{ n: string }>(
              `SELECT coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS n FROM pg_stat_user_tables WHERE relid = 'fisco_mirror.${table}'::regclass`,
            )
          )[0]!.n,
        );
      };
      const idle = async () =>
        Number(
          (
            await db.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'fisco%'")
          )[0]!.n,
        ) === 0;
      await until(idle, 'no fisco connection before the walk');
      const before = await scans();
      const walk = await run(B, ['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--all', '--per-page', '5', '-o', 'ndjson']);
      expect(walk.exitCode, walk.stderr).toBe(0);
      const pages = Math.ceil(walk.stdout.trim().split('\n').length / 5);
      expect(pages).toBeGreaterThan(5);
      await until(idle, 'the walk’s connection to end');
      let after = before;
      await until(async () => (after = await scans()) > before, 'the walk’s scans to be counted');
      return { walk, pages, scans: after - before };
    };

    it('an offline walk of many pages reads the companies once in its snapshot, not once a page', async () => {
      const { pages, scans } = await walkScans('companies');
      expect(scans).toBeLessThan(pages);
    }, 60_000);

    it('an offline walk reads its pages on from a cursor of its snapshot, not skipping every record before each page again', async () => {
      const { walk, pages, scans } = await walkScans('records');
      // Page 1, the cursor from page 2 on, the list's tallies and its guesses: a handful, not one a page.
      expect(scans).toBeLessThan(pages / 2);
      // The same records in the same order as pages read one by one (a statement each, outside any walk).
      const paged: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const one = await run(B, ['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--page', String(page), '--per-page', '5', '-o', 'ndjson']);
        expect(one.exitCode, one.stderr).toBe(0);
        paged.push(one.stdout);
      }
      expect(walk.stdout).toBe(paged.join(''));
    }, 60_000);

    it('a connection string that is not one is refused without being echoed; --mirror wins over FISCO_MIRROR_URL', async () => {
      const bad = await run(A, ['--offline', 'invoice', 'list'], { env: { FISCO_MIRROR_URL: `mysql://fisco:${pgPassword()}@db/x` } });
      expect(bad.exitCode).toBe(2);
      expect(bad.stderr).toMatch(/FISCO_MIRROR_URL: not a PostgreSQL connection string \(a postgres:\/\/ or postgresql:\/\/ URL, as psql takes it/);
      const flag = await run(A, ['--mirror', db.url, '--offline', 'invoice', 'list', '-o', 'json'], {
        env: { FISCO_MIRROR_URL: 'postgres://nobody@127.0.0.1:1/none' },
      });
      expect(flag.exitCode, flag.stderr).toBe(0);
      const down = await run(A, ['--offline', 'invoice', 'list'], { env: { FISCO_MIRROR_URL: `postgres://fisco:${pgPassword()}@127.0.0.1:1/none` } });
      expect(down.exitCode).toBe(8);
      expect(down.stderr).toMatch(/the mirror's database postgres:\/\/\*\*\*@127\.0\.0\.1:1\/none cannot be reached/);
    });

    it("the profile's mirror setting: refused with a password in it (never echoed), taken without one, PGPASSWORD giving it", async () => {
      const where = home('profile');
      const asProfile = { token: null, baseUrl: null, env: { ...where, FISCO_MIRROR_URL: undefined, PGPASSWORD: pgPassword() } } as const;
      const runAs = async (args: string[], input?: string) => {
        const result = await h.run(args, { ...asProfile, input });
        outputs.push(result);
        return result;
      };
      expect((await runAs(['auth', 'login', '--with-token', '--base-url', h.emulator.url], TOKENS.prod)).exitCode).toBe(0);
      const refused = await runAs(['auth', 'set', 'mirror', db.url]);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toMatch(/mirror: the connection string holds a password, and a profile never stores one; nothing was changed/);
      const bare = new URL(db.url);
      bare.password = '';
      const set = await runAs(['auth', 'set', 'mirror', bare.href]);
      expect(set.exitCode, set.stderr).toBe(0);
      expect(parseJson<{ mirror: string }[]>((await runAs(['auth', 'list', '-o', 'json'])).stdout)[0]!.mirror).toBe(bare.href);
      // The profile's token synced acc_rossi into this database before (a company token): its mirror is the database's.
      expect(readdirSync(where.FISCO_DATA_DIR)).toEqual([]);
      const offline = await runAs(['--offline', 'invoice', 'list', '-o', 'json']);
      expect(offline.exitCode, offline.stderr).toBe(0);
      expect(offline.stdout).toBe((await runAs(['invoice', 'list', '-o', 'json'])).stdout);
      expect(readdirSync(where.FISCO_DATA_DIR)).not.toContain('mirror');
    }, 60_000);

    it('an offline read is one snapshot: a sync committing between two pages of an --all walk is not seen halfway', async () => {
      const args = ['--offline', '--account', 'acc_rossi', 'invoice', 'list', '--all', '--per-page', '5', '-o', 'json'];
      const before = await run(B, args);
      expect(before.exitCode, before.stderr).toBe(0);
      const ids = parseJson<{ id: string }[]>(before.stdout).map((invoice) => invoice.id);
      expect(ids.length).toBeGreaterThan(10);
      // Another connection commits after the first page is answered (as a sync does): the first
      // page's invoices leave the invoice list, so every later page would shift by five.
      const psql = (sql: string) => execFileSync('psql', [db.url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'pipe' });
      const gone = ids
        .slice(0, 5)
        .map((id) => `'${id.replace(/'/g, "''")}'`)
        .join(', ');
      const answer = MirrorAnswers.prototype.answer;
      let pages = 0;
      const spy = vi.spyOn(MirrorAnswers.prototype, 'answer').mockImplementation(function (this: MirrorAnswers, ...call) {
        const result = answer.apply(this, call);
        if (call[1] === '/v1/invoices' && ++pages === 1)
          // A sync's commit recounts the company's tallies: here they are left unsure, and the reads count the records.
          psql(
            `BEGIN; UPDATE fisco_mirror.records SET kind = kind + 1000 WHERE kind = ${KIND.invoice} AND id IN (${gone}); UPDATE fisco_mirror.companies SET tallied = NULL; COMMIT`,
          );
        return result;
      });
      try {
        const during = await run(B, args);
        expect(during.exitCode, during.stderr).toBe(0);
        expect(pages).toBeGreaterThan(2);
        expect(parseJson<{ id: string }[]>(during.stdout).map((invoice) => invoice.id)).toEqual(ids);
        spy.mockRestore();
        // The commit is there: the next read sees it.
        const after = await run(B, args);
        expect(parseJson<{ id: string }[]>(after.stdout).map((invoice) => invoice.id)).toEqual(ids.slice(5));
      } finally {
        spy.mockRestore();
        psql(`UPDATE fisco_mirror.records SET kind = kind - 1000 WHERE kind >= 1000`);
      }
      expect((await run(B, args)).stdout).toBe(before.stdout);
    }, 60_000);

    it('--timeout bounds the conversation with the database: a statement the server holds ends the run (exit 8), never a hang', async () => {
      // Another session holds a lock every read of the mirror waits for.
      const locker = new pg.Client({ connectionString: db.url });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE fisco_mirror.meta IN ACCESS EXCLUSIVE MODE');
        const held = await run(B, ['--timeout', '1', '--offline', '--account', 'acc_rossi', 'invoice', 'list', '-o', 'json']);
        expect(held.exitCode, held.stderr).toBe(8);
        expect(held.stdout).toBe('');
        expect(held.stderr).toMatch(/the mirror's database postgres:\/\/\S+ did not answer within 1 s \(the --timeout\)/);
        const italian = await run(B, ['--timeout', '0.5', '--offline', '--account', 'acc_rossi', 'invoice', 'list'], { env: { LANG: 'it_IT.UTF-8' } });
        expect(italian.exitCode).toBe(8);
        expect(italian.stderr).toMatch(/non ha risposto entro 0,5 s \(il --timeout\)/);
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
      const free = await run(B, ['--timeout', '1', '--offline', '--account', 'acc_rossi', 'invoice', 'list', '-o', 'json']);
      expect(free.exitCode, free.stderr).toBe(0);
    }, 60_000);

    it('a first sync of thousands of invoices, and one right after, within a short --timeout (the planner told of what the sync wrote)', async () => {
      // Before, the residues' snapshot of a first sync was planned for empty tables: one statement
      // looked up each invoice's residue by scanning the company's invoices (seconds at 8,000).
      const big = await freshDatabase();
      const invoices = h.emulator.store.invoices;
      const templates = invoices.filter((i) => i.accountId === 'acc_neri' && i.direction === 'outbound');
      const before = invoices.length;
      for (let n = templates.length; n < 8_000; n++)
        invoices.push({ ...templates[n % templates.length]!, id: String(9_000_000 + n), numericId: 9_000_000 + n, number: `P${n}/2026`, details: {} });
      try {
        for (const round of ['first', 'second']) {
          // --timeout bounds each statement; the whole sync of 8,000 invoices may take longer than the harness's default on a loaded machine.
          const synced = await run(home('big'), ['--timeout', '2', '--account', 'acc_neri', 'sync', '-o', 'json'], {
            env: { FISCO_MIRROR_URL: big.url },
            timeout: 150_000,
          });
          expect(synced.exitCode, `${round}: ${synced.stderr}`).toBe(0);
        }
        expect(
          Number((await big.query<{ n: string }>('SELECT count(*) AS n FROM fisco_mirror.records WHERE kind = 1 AND part = 0'))[0]!.n),
        ).toBeGreaterThanOrEqual(8_000);
      } finally {
        invoices.splice(before);
        await big.drop();
      }
    }, 180_000);

    it('the password is in no output and in no file of either home', () => {
      const password = pgPassword();
      expect(outputs.length).toBeGreaterThan(20);
      for (const output of outputs) expect(`${output.stdout}\n${output.stderr}`).not.toContain(password);
      const files = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));
      const all = files(h.home).filter((file) => statSync(file).isFile());
      expect(all.length).toBeGreaterThan(0);
      for (const file of all) expect(readFileSync(file).includes(password), file).toBe(false);
    });
  });
}
