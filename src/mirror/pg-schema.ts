/**
 * The PostgreSQL mirror's schema (pg-store.ts), as numbered migrations with SQLite's rules
 * (schema.ts): a database at version N is brought to the latest by running migrations N+1… in one
 * transaction; an older fisco refuses a newer database and never touches it. Everything lives in
 * its own schema, `fisco_mirror`, whose `version` table says which migration it is at. A migration
 * is never edited once released: a change is a new migration.
 *
 * Text that lists are ordered by is `COLLATE "C"` (byte order, as SQLite compares text), whatever
 * the database's locale, so both stores list records in the same order.
 */

/** The PostgreSQL schema (namespace) every table of the mirror lives in. */
export const PG_SCHEMA = 'fisco_mirror';

/** An invoice's `sdi_status` as its record says it (NULL for another kind), of a records row named `r` (`r.`, or '' in an index). */
export function pgSdiStatus(r: string): string {
  return `CASE WHEN ${r}kind = 1 THEN ${r}json::jsonb ->> 'sdi_status' END`;
}

/**
 * A rejected invoice's rejection day as written, as store.ts REJECTED_DAY reads it on SQLite: the
 * first ten characters of `last_sdi_update` when it is an instant YYYY-MM-DDTHH:MM:SS with Z or
 * ±HH:MM on the 1st to the 28th of a month (a real date whatever the month); otherwise
 * NOT_COUNTED, a day after every day, where SQLite has NULL: "rejected before a day" and "not
 * rejected before it" are then two ranges of one index column, each a seek (an OR with IS NULL
 * left the planner testing each rejected invoice's JSON again).
 */
export function pgRejectedDay(r: string): string {
  const update = `(${r}json::jsonb ->> 'last_sdi_update')`;
  return `CASE WHEN ${r}kind = 1 AND (${r}json::jsonb ->> 'sdi_status') = 'rejected'
    AND ${update} ~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])T[0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[-+][0-9]{2}:[0-9]{2})$'
    THEN substr(${update}, 1, 10) ELSE '${PG_NOT_COUNTED}' END`;
}

/** pgRejectedDay of a record that is no countable rejection: a day after every day a service writes, in any collation (digits only). */
export const PG_NOT_COUNTED = '9999-12-31';

/** Migration n is PG_MIGRATIONS[n - 1]. */
export const PG_MIGRATIONS: readonly string[] = [
  // 1: the tables of SQLite's schema 4 (schema.ts), one credential's facts per row (`credentials`),
  // and the search index as two tsvector columns of the records (pg-search.ts fills them), in
  // the configuration `fisco_mirror.italian`: PostgreSQL's Italian stemmer without stop words.
  `
  CREATE TABLE fisco_mirror.meta (key text COLLATE "C" PRIMARY KEY, value text NOT NULL);
  CREATE TABLE fisco_mirror.credentials (
    credential text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL,
    value text NOT NULL,
    PRIMARY KEY (credential, key)
  );
  CREATE TABLE fisco_mirror.companies (
    cid serial PRIMARY KEY,
    account_id text COLLATE "C" NOT NULL UNIQUE,
    pos integer NOT NULL,
    json text NOT NULL,
    last_gen bigint,
    full_gen bigint,
    day text,
    expenses_from text,
    expenses_to text
  );
  CREATE TABLE fisco_mirror.syncs (
    gen bigserial PRIMARY KEY,
    cid integer NOT NULL,
    at_ms bigint NOT NULL,
    local_ms bigint NOT NULL,
    since_ms bigint,
    is_full boolean NOT NULL
  );
  CREATE TABLE fisco_mirror.cursors (cid integer NOT NULL, resource text NOT NULL, value text NOT NULL, PRIMARY KEY (cid, resource));
  CREATE TABLE fisco_mirror.refusals (cid integer NOT NULL, resource text COLLATE "C" NOT NULL, status integer NOT NULL, body text NOT NULL, PRIMARY KEY (cid, resource));
  CREATE TABLE fisco_mirror.records (
    rid bigserial PRIMARY KEY,
    cid integer NOT NULL,
    kind integer NOT NULL,
    id text COLLATE "C" NOT NULL,
    part integer NOT NULL,
    d text COLLATE "C" NOT NULL,
    n double precision NOT NULL,
    k text COLLATE "C" NOT NULL,
    amt bigint,
    flag integer NOT NULL,
    json text NOT NULL,
    seen bigint NOT NULL,
    changed bigint NOT NULL,
    search_key tsvector,
    search_rest tsvector
  );
  CREATE UNIQUE INDEX records_key ON fisco_mirror.records (cid, kind, id);
  CREATE INDEX records_order ON fisco_mirror.records (cid, kind, part, d, n);
  CREATE INDEX records_filter ON fisco_mirror.records (cid, kind, part, k, flag, amt);
  CREATE INDEX records_search ON fisco_mirror.records USING gin ((search_key || search_rest));
  CREATE TEXT SEARCH DICTIONARY fisco_mirror.italian_stem (TEMPLATE = snowball, Language = italian);
  CREATE TEXT SEARCH CONFIGURATION fisco_mirror.italian (COPY = pg_catalog.italian);
  ALTER TEXT SEARCH CONFIGURATION fisco_mirror.italian
    ALTER MAPPING FOR asciiword, word, asciihword, hword, hword_asciipart, hword_part WITH fisco_mirror.italian_stem;
  `,
  // 2: SQLite's migration 5 (schema.ts): each record's key in the service's order (order.ts), ''
  // for a record no full walk of its list has placed yet.
  `
  ALTER TABLE fisco_mirror.records ADD COLUMN o text COLLATE "C" NOT NULL DEFAULT '';
  CREATE INDEX records_by_service ON fisco_mirror.records (cid, kind, part, o);
  `,
  // 3: SQLite's migration 6: what each sync saw of the outbound invoices' residues (pg-store.ts
  // snapshotResidues): the syncs that recorded one, and a row per invoice whose payment status or
  // residue differs from its previous row (the residue at sync g is the row of the greatest gen <= g).
  `
  CREATE TABLE fisco_mirror.snapshots (gen bigint PRIMARY KEY, cid integer NOT NULL, at_ms bigint NOT NULL);
  CREATE INDEX snapshots_company ON fisco_mirror.snapshots (cid, at_ms);
  CREATE TABLE fisco_mirror.residues (
    cid integer NOT NULL,
    id text COLLATE "C" NOT NULL,
    gen bigint NOT NULL,
    status text,
    due text,
    PRIMARY KEY (cid, id, gen)
  );
  `,
  // 4: SQLite's migration 8: an invoice's SDI status, and a rejected invoice's rejection day, in the
  // filter index as expressions of the record (pgSdiStatus, pgRejectedDay: the reads of pg-read.ts
  // write the very same expressions, or the planner would not use the index), so that a read by SDI
  // status seeks those invoices and the overview counts those rejected long ago from the index
  // (a company's 1,800 rejected invoices: 0.9 ms instead of 15-23 ms of turning each JSON into jsonb);
  // the planner's statistics then cover the new expressions.
  // This text is the migration's forever: a change to those expressions is a new migration.
  `
  DROP INDEX IF EXISTS fisco_mirror.records_filter;
  CREATE INDEX records_filter ON fisco_mirror.records (cid, kind, part, k, (${pgSdiStatus('')}), (${pgRejectedDay('')}), flag, amt);
  ANALYZE fisco_mirror.records;
  `,
  // 5: what the reads a terminal waits for found slow on a fresh connection (docs/performance.md):
  // - `tallies`: how many records each company holds of each kind and part, counted by the commit of
  //   its sync (pg-store.ts) and valid while `companies.tallied` is that sync's `last_gen` (a sync
  //   under way, or one by a fisco before this migration, leaves it otherwise and the reads count the
  //   records): a list's total is then one row, not a walk of the company's records (10 ms for
  //   20,000 invoices whose pages autovacuum has not marked all-visible yet);
  // - one search vector, `search` (what names a record weighted A, what it mentions D), where
  //   there were two concatenated by every read, twice a hit (its test and its rank).
  // A sync of a fisco of migration 4 still running when this one commits fails at its next record
  // (the columns it writes are gone) rather than writing records search would not find.
  `
  CREATE TABLE fisco_mirror.tallies (cid integer NOT NULL, kind integer NOT NULL, part integer NOT NULL, n bigint NOT NULL, PRIMARY KEY (cid, kind, part));
  ALTER TABLE fisco_mirror.companies ADD COLUMN tallied bigint;
  INSERT INTO fisco_mirror.tallies (cid, kind, part, n) SELECT cid, kind, part, count(*) FROM fisco_mirror.records GROUP BY cid, kind, part;
  UPDATE fisco_mirror.companies SET tallied = last_gen;
  ALTER TABLE fisco_mirror.records ADD COLUMN search tsvector;
  UPDATE fisco_mirror.records SET search = search_key || search_rest WHERE search_key IS NOT NULL AND search_rest IS NOT NULL;
  DROP INDEX fisco_mirror.records_search;
  ALTER TABLE fisco_mirror.records DROP COLUMN search_key, DROP COLUMN search_rest;
  CREATE INDEX records_search ON fisco_mirror.records USING gin (search);
  ANALYZE fisco_mirror.records;
  `,
];

export const PG_SCHEMA_VERSION = PG_MIGRATIONS.length;
