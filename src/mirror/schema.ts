/**
 * The mirror's schema, as numbered migrations: a mirror at version N (SQLite's user_version) is
 * brought to the latest by running migrations N+1… in one transaction. A newer fisco migrates an
 * older mirror in place; an older fisco refuses a newer mirror and never touches it (store.ts).
 * A migration is never edited once released: a change is a new migration.
 */

/** Migration n is MIGRATIONS[n - 1]. */
export const MIGRATIONS: readonly string[] = [
  // 1: companies, their syncs and cursors, the records and what the service refused.
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE companies (
    cid INTEGER PRIMARY KEY,
    account_id TEXT NOT NULL UNIQUE,
    pos INTEGER NOT NULL,
    json TEXT NOT NULL,
    last_gen INTEGER,
    full_gen INTEGER,
    day TEXT,
    expenses_from TEXT,
    expenses_to TEXT
  );
  CREATE TABLE syncs (
    gen INTEGER PRIMARY KEY,
    cid INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    local_ms INTEGER NOT NULL,
    since_ms INTEGER,
    full INTEGER NOT NULL
  );
  CREATE TABLE cursors (cid INTEGER NOT NULL, resource TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (cid, resource)) WITHOUT ROWID;
  CREATE TABLE refusals (cid INTEGER NOT NULL, resource TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (cid, resource)) WITHOUT ROWID;
  CREATE TABLE records (
    rid INTEGER PRIMARY KEY,
    cid INTEGER NOT NULL,
    kind INTEGER NOT NULL,
    id TEXT NOT NULL,
    part INTEGER NOT NULL,
    d TEXT NOT NULL,
    n INTEGER NOT NULL,
    k TEXT NOT NULL,
    amt INTEGER,
    flag INTEGER NOT NULL,
    json TEXT NOT NULL,
    seen INTEGER NOT NULL,
    changed INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX records_key ON records (cid, kind, id);
  CREATE INDEX records_order ON records (cid, kind, part, d, n);
  CREATE INDEX records_filter ON records (cid, kind, part, k, flag, amt);
  `,
  // 2: the search index (fisco search): accents and case ignored, filled from the records already held.
  `
  CREATE VIRTUAL TABLE search USING fts5(text, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2");
  INSERT INTO search (rowid, text) SELECT rid, fisco_search_text(kind, json) FROM records WHERE kind <= 6;
  `,
  // 3: the search index in two columns ranked apart (kinds.ts searchFields): what names a record
  // (`key`) and what it mentions (`rest`), so that a client named as typed ranks above the
  // invoices naming it as their counterpart. FTS5's bm25 counts a word's hits in a row as the sum
  // of their columns' weights (f) and scores f·2.2 / (f + 1.2·x), x = 0.25 + 0.75·length/average
  // (the whole row's length): a word once in `key` (f = 100) outranks the same word n times in
  // another row's `rest` while 100 > n·x_key/x_rest, i.e. unless the key row is some thirty times
  // the average length (x_rest ≥ 0.25). A lead by priority, not a bonus (weight 10 would lose a
  // key row four times the average long to a row a third of it holding the word twice in `rest`),
  // and the lengths still order each tier.
  `
  DROP TABLE search;
  CREATE VIRTUAL TABLE search USING fts5(key, rest, content='', contentless_delete=1, tokenize="unicode61 remove_diacritics 2");
  INSERT INTO search (search, rank) VALUES ('rank', 'bm25(100.0, 1.0)');
  INSERT INTO search (rowid, key, rest) SELECT rid, fisco_search_key(kind, json), fisco_search_rest(kind, json) FROM records WHERE kind IN (1, 2, 4, 5, 6);
  `,
  // 4: keys that tell apart what the service may number alike (kinds.ts recordKey): an inbound
  // invoice's (kind 1, part 1) and a payslip's (kind 4, a source other than expense) id is followed
  // by its direction or source behind char(1); outbound invoices and expenses keep theirs.
  `
  UPDATE records SET id = id || char(1) || 'inbound' WHERE kind = 1 AND part = 1 AND instr(id, char(1)) = 0;
  UPDATE records SET id = id || char(1) || json_extract(json, '$.source')
    WHERE kind = 4 AND instr(id, char(1)) = 0 AND json_extract(json, '$.source') IS NOT NULL AND json_extract(json, '$.source') NOT IN ('', 'expense');
  `,
  // 5: the service's order (order.ts): each record's key in the order its list was learned to
  // follow, or its place in the last full walk. Held records keep '' (the order of before: newest
  // issue date first, then newest id) until a full walk of their list has been watched.
  `
  ALTER TABLE records ADD COLUMN o TEXT NOT NULL DEFAULT '';
  CREATE INDEX records_by_service ON records (cid, kind, part, o);
  `,
  // 6: what each sync saw of the outbound invoices' residues (store.ts snapshotResidues), so that an
  // ageing for a past date (receivables --as-of, export of a past month) takes each residue as it
  // was then. `snapshots` names the syncs that recorded one; `residues` holds a row for an invoice
  // only when its payment status or residue differs from its previous row (the residue at sync g
  // is the row of the greatest gen <= g). Kept from this version on: older syncs have none.
  `
  CREATE TABLE IF NOT EXISTS snapshots (gen INTEGER PRIMARY KEY, cid INTEGER NOT NULL, at_ms INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS snapshots_company ON snapshots (cid, at_ms);
  CREATE TABLE IF NOT EXISTS residues (cid INTEGER NOT NULL, id TEXT NOT NULL, gen INTEGER NOT NULL, status TEXT, due TEXT, PRIMARY KEY (cid, id, gen)) WITHOUT ROWID;
  `,
  // 7: a smaller file. (a) An outbound invoice held unchanged since its company's first residue
  // snapshot has no residues row: its record is what that snapshot saw (store.ts keepResidue writes
  // the row before the record changes or goes). A first sync wrote a row for every invoice.
  // (b) No index on (cid, kind, part, d, n). Since migration 5 every list is read in the order of
  // `o` (records_by_service), so the index served only the date ranges of the F24 and deadline
  // lists (a company's few hundred records, read as fast without it) and cost a
  // tenth of the file: a walk listed newest first fills it from its left end, leaving its pages
  // half empty (docs/performance.md, "The local mirror").
  `
  DROP INDEX IF EXISTS records_order;
  DELETE FROM residues WHERE residues.gen = (SELECT min(s.gen) FROM snapshots s WHERE s.cid = residues.cid)
    AND NOT EXISTS (SELECT 1 FROM residues y WHERE y.cid = residues.cid AND y.id = residues.id AND y.gen <> residues.gen)
    AND EXISTS (SELECT 1 FROM records r WHERE r.cid = residues.cid AND r.kind = 1 AND r.part = 0 AND r.id = residues.id AND r.changed <= residues.gen);
  `,
  // 8: what the overview reads of the invoices the SDI rejected, in the filter index, as expressions
  // of the record (store.ts SDI_STATUS and REJECTED_DAY write the same, which the planner must match
  // to use them): an invoice's SDI status, so that a read by status seeks those invoices instead of
  // reading every invoice's JSON; and for a rejected one the day its `last_sdi_update` is written on
  // (an instant YYYY-MM-DDTHH:MM:SS with Z or an offset, on the 1st to the 28th of a month; NULL
  // otherwise), so that those rejected long ago are counted from the index, not read. Expressions,
  // not columns, so that they are always what the record says: a record that is not JSON has none
  // (NULL), and a read still meets it. They add about 1% to the file (docs/performance.md).
  `
  DROP INDEX IF EXISTS records_filter;
  CREATE INDEX records_filter ON records (cid, kind, part, k,
    (CASE WHEN kind = 1 AND json_valid(json) THEN json_extract(json, '$.sdi_status') END),
    (CASE WHEN kind = 1 AND json_valid(json) AND json_extract(json, '$.sdi_status') = 'rejected'
      AND (json_extract(json, '$.last_sdi_update') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
        OR json_extract(json, '$.last_sdi_update') GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9][-+][0-9][0-9]:[0-9][0-9]')
      AND substr(json_extract(json, '$.last_sdi_update'), 6, 2) BETWEEN '01' AND '12' AND substr(json_extract(json, '$.last_sdi_update'), 9, 2) BETWEEN '01' AND '28'
      THEN substr(json_extract(json, '$.last_sdi_update'), 1, 10) END),
    flag, amt);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
