import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIND, searchText, type Kind } from '../../../src/mirror/kinds.js';
import { searchHits, searchOf, searchTotal } from '../../../src/mirror/read.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/mirror/schema.js';

/** What a mirror made before migration 5 lacked: the key of the service's order. */
const BEFORE_ORDER = 'DROP INDEX records_by_service; ALTER TABLE records DROP COLUMN o;';
import { searchExpression } from '../../../src/mirror/search.js';
import { sqlite } from '../../../src/mirror/sqlite.js';
import { Mirror, MirrorError, REORDER_BATCH } from '../../../src/mirror/store.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fisco-mirror-'));
  path = join(dir, 'mirror', 'p-production.sqlite');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ACCOUNT = { id: 'acc_a', json: '{"id":"acc_a","name":"Alfa S.r.l."}', pos: 0 };
const CLOCK = { serviceMs: Date.parse('2026-11-20T10:00:00Z'), localMs: Date.now() };
const invoice = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  number: `${id}/2026`,
  issue_date: '2026-11-01',
  counterpart: { name: 'Città di Castello S.p.A.', vat_number: 'IT01234567897' },
  total_amount: '1234.50',
  payment_status: 'unpaid',
  ...fields,
});

function put(mirror: Mirror, records: Record<string, unknown>[], full = false) {
  const writer = mirror.beginSync(ACCOUNT, CLOCK, full);
  for (const r of records) writer.put(KIND.invoice, r, JSON.stringify(r), { part: 0 });
  return writer;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('the mirror store', () => {
  it('creates its file 0600 in a 0700 folder (the WAL files too), with the latest schema', () => {
    const mirror = Mirror.open(path, { create: true })!;
    put(mirror, [invoice('1')]).commit({});
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(`${path}-wal`).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'mirror')).mode & 0o777).toBe(0o700);
    mirror.close();
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  });

  it('is absent until created: open without create says so with undefined', () => {
    expect(Mirror.open(path)).toBeUndefined();
  });

  it('puts records as new, changed or the same, and a rollback leaves the company as it was', () => {
    const mirror = Mirror.open(path, { create: true })!;
    const first = put(mirror, [invoice('1'), invoice('2')], true);
    expect(first.counts).toEqual({ new: 2, changed: 0, removed: 0 });
    first.commit({});
    const second = mirror.beginSync(ACCOUNT, CLOCK, false);
    expect(second.put(KIND.invoice, invoice('1'), JSON.stringify(invoice('1')), { part: 0 })).toBe('same');
    const paid = invoice('2', { payment_status: 'paid' });
    expect(second.put(KIND.invoice, paid, JSON.stringify(paid), { part: 0 })).toBe('changed');
    second.rollback();
    const company = mirror.company('acc_a')!;
    expect(JSON.parse(mirror.get(company.cid, KIND.invoice, '2')!).payment_status).toBe('unpaid');
    mirror.close();
  });

  it("gives every record of a long list its key in the service's order, a batch at a time (more records than a batch)", () => {
    const mirror = Mirror.open(path, { create: true })!;
    const count = REORDER_BATCH * 2 + 7;
    put(
      mirror,
      Array.from({ length: count }, (_, n) => invoice(String(n + 1))),
      true,
    ).commit({});
    const writer = mirror.beginSync(ACCOUNT, CLOCK, false);
    const seen = new Set<string>();
    writer.reorder(KIND.invoice, 0, (json) => {
      const id = (JSON.parse(json) as { id: string }).id;
      expect(seen.has(id), `record ${id} keyed once`).toBe(false);
      seen.add(id);
      return `k${id.padStart(6, '0')}`;
    });
    writer.commit({});
    expect(seen.size).toBe(count);
    const { DatabaseSync } = sqlite();
    const db = new DatabaseSync(path, { readOnly: true });
    const wrong = db.prepare("SELECT count(*) AS n FROM records WHERE o <> 'k' || substr('000000' || json_extract(json, '$.id'), -6)").get() as { n: number };
    db.close();
    mirror.close();
    expect(wrong.n).toBe(0);
  });

  it('a walk within a snapshot reads on from its own statement: the pages of OFFSET, whatever other reads come between', () => {
    const mirror = Mirror.open(path, { create: true })!;
    put(
      mirror,
      Array.from({ length: 57 }, (_, n) =>
        invoice(String(n + 1), { issue_date: `2026-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}` }),
      ),
      true,
    ).commit({});
    const cid = mirror.company('acc_a')!.cid;
    const query = { cids: [cid], kind: KIND.invoice, part: 0, descending: true };
    const ids = (rows: Iterable<{ json: string }>) => [...rows].map((r) => (JSON.parse(r.json) as { id: string }).id);
    const expected = ids(mirror.rows(query));
    const pageOf = (page: number) => ids(mirror.rows(query, (page - 1) * 10, 10));
    const offsetPages = Array.from({ length: 6 }, (_, n) => pageOf(n + 1));
    expect(offsetPages.flat()).toEqual(expected);
    mirror.holdSnapshot();
    const own = vi.spyOn(mirror as unknown as { prepareOwn: (text: string) => unknown }, 'prepareOwn');
    const walked: string[][] = [];
    for (let page = 1; page <= 6; page++) {
      walked.push(pageOf(page));
      // Other reads between the pages: another query's page, the same query's first page again (not the walk's next).
      expect(ids(mirror.rows({ ...query, descending: false }, 0, 5))).toEqual([...expected].reverse().slice(0, 5));
      expect(pageOf(1)).toEqual(offsetPages[0]);
    }
    expect(walked).toEqual(offsetPages);
    // One statement of its own for the walk, started at its second page.
    expect(own).toHaveBeenCalledTimes(1);
    // Past the end: an empty page; a page out of turn is read as it always was.
    expect(pageOf(7)).toEqual([]);
    expect(pageOf(3)).toEqual(offsetPages[2]);
    own.mockRestore();
    mirror.close();
  });

  it('a full listing sweeps what it no longer holds', () => {
    const mirror = Mirror.open(path, { create: true })!;
    put(mirror, [invoice('1'), invoice('2'), invoice('3')], true).commit({});
    const writer = put(mirror, [invoice('1'), invoice('3')], true);
    expect(writer.sweep(KIND.invoice, { part: 0 })).toBe(1);
    writer.commit({});
    const { cid } = mirror.company('acc_a')!;
    expect(mirror.get(cid, KIND.invoice, '2')).toBeUndefined();
    expect(mirror.count({ cids: [cid], kind: KIND.invoice })).toBe(2);
    expect(mirror.search(searchExpression('2/2026')!, { kinds: [KIND.invoice], cids: [cid] })).toEqual([]);
    mirror.close();
  });

  it('finds accents and case ignored, VAT numbers with or without IT, numbers as written, amounts as Italians type them', () => {
    const mirror = Mirror.open(path, { create: true })!;
    put(mirror, [invoice('42'), invoice('7', { counterpart: { name: 'Bianchi', vat_number: '00743110157' }, total_amount: '99.00' })], true).commit({});
    const { cid } = mirror.company('acc_a')!;
    const ids = (text: string) => mirror.search(searchExpression(text)!, { kinds: [KIND.invoice], cids: [cid] }).map((r) => JSON.parse(r.json).id);
    expect(ids('citta')).toEqual(['42']);
    expect(ids('CITTÀ castello')).toEqual(['42']);
    expect(ids('01234567897')).toEqual(['42']);
    expect(ids('IT00743110157')).toEqual(['7']);
    expect(ids('42/2026')).toEqual(['42']);
    expect(ids('1.234,50')).toEqual(['42']);
    expect(ids('1234.50')).toEqual(['42']);
    expect(ids('99')).toEqual(['7']);
    expect(ids('bian')).toEqual(['7']);
    expect(ids('bianchi 1.234,50')).toEqual([]);
    mirror.close();
  });

  it('ranks a record named as typed above the records that mention it, however long its row', () => {
    const mirror = Mirror.open(path, { create: true })!;
    const gamma = { name: 'Gamma Ristorazione S.n.c.', vat_number: 'IT03456780489' };
    // The client's row is the longest (PEC, e-mail, city): bm25 over one text ranked it last.
    const client = {
      id: 7,
      name: 'Gamma Ristorazione S.n.c.',
      piva: '03456780489',
      codice_fiscale: '03456780489',
      pec: 'amministrazione.gammaristorazione@pec.gammaristorazione.it',
      email: 'fatture@gammaristorazione.it',
      city: 'San Giovanni in Persiceto',
    };
    const others = [
      { id: 8, name: 'Ristorazione Gamma', piva: '01234567897' },
      { id: 9, name: 'Gamma Ristorazione Emiliana di Bologna e Provincia S.r.l.', piva: '00743110157' },
    ];
    const writer = put(
      mirror,
      ['1', '2', '3'].map((id) => invoice(id, { counterpart: gamma })),
      true,
    );
    for (const c of [client, ...others]) writer.put(KIND.client, c, JSON.stringify(c));
    writer.commit({});
    const ranked = (text: string) => mirror.search(searchExpression(text)!, undefined).map((r) => `${r.kind}:${JSON.parse(r.json).id}`);
    for (const text of ['03456780489', 'IT03456780489']) expect(ranked(text)).toEqual(['2:7', '1:1', '1:2', '1:3']);
    expect(ranked('Gamma Ristorazione S.n.c.')).toEqual(['2:7', '1:1', '1:2', '1:3']);
    // Every client whose name holds the words (the shorter record first), then the invoices mentioning them.
    expect(ranked('gamma ristorazione')).toEqual(['2:8', '2:9', '2:7', '1:1', '1:2', '1:3']);
    mirror.close();
  });

  it('finds what a word with letters begins; a plain number is exact', () => {
    const mirror = Mirror.open(path, { create: true })!;
    const numbers = { 1: 'F8002', 2: 'FA/2026/008', 3: '42/2026', 4: '4/22026', 5: '450', 6: '4500/2026' };
    const amounts: Record<string, string> = { 7: '450.00', 8: '4500.00' };
    const records = [
      ...Object.entries(numbers).map(([id, number]) => invoice(id, { number, total_amount: '1.00' })),
      ...Object.entries(amounts).map(([id, total]) => invoice(id, { number: `X${id}`, total_amount: total })),
    ];
    put(mirror, records, true).commit({});
    const ids = (text: string) =>
      mirror
        .search(searchExpression(text)!, undefined)
        .map((r) => JSON.parse(r.json).id)
        .sort();
    expect(ids('F800')).toEqual(['1']);
    expect(ids('f8')).toEqual(['1']);
    expect(ids('FA/2026/00')).toEqual(['2']);
    expect(ids('fa/2026/008')).toEqual(['2']);
    // Inside a word, nothing: a word is found from its start.
    expect(ids('8002')).toEqual([]);
    // A plain number keeps its exact meaning: an amount, a VAT number, a document number as written.
    expect(ids('42/2026')).toEqual(['3']);
    expect(ids('450')).toEqual(['5', '7']);
    expect(ids('4500')).toEqual(['6', '8']);
    expect(ids('45')).toEqual([]);
    mirror.close();
  });

  it('starting over forgets the companies, the owner and what was learned of the service (its reading of updated_since)', () => {
    const mirror = Mirror.open(path, { create: true })!;
    put(mirror, [invoice('1')]).commit({});
    mirror.setMeta('owner', '{"base_url":"http://a"}');
    mirror.setMeta('payments_updated_since', 'moves');
    mirror.setMeta('schema_note', 'kept');
    expect(mirror.startOver()).toBe(1);
    expect(mirror.companies()).toEqual([]);
    expect([mirror.meta('owner'), mirror.meta('payments_updated_since'), mirror.meta('schema_note')]).toEqual([undefined, undefined, 'kept']);
    mirror.close();
  });

  it('counts a search’s hits in the index only when the page shown does not end them', () => {
    const mirror = Mirror.open(path, { create: true })!;
    put(
      mirror,
      ['1', '2', '3', '4', '5', '6', '7'].map((id) => invoice(id)),
      true,
    ).commit({});
    const held = mirror.companies();
    const search = searchOf(searchExpression('castello')!, [KIND.invoice], held, held);
    let counted = 0;
    const count = mirror.searchCount.bind(mirror);
    mirror.searchCount = (...args) => (counted++, count(...args));
    const total = (page: number, perPage: number) => {
      const offset = (page - 1) * perPage;
      return searchTotal(mirror, search, { offset, perPage, shown: searchHits(mirror, search, offset, perPage).length });
    };
    // A page with room left is the last: its hits end the count, and the index is not counted again.
    expect([total(1, 10), total(2, 5), total(4, 2)]).toEqual([7, 7, 7]);
    expect(counted).toBe(0);
    // A full page, or one past the end, says nothing of what follows: the index is counted.
    expect([total(1, 7), total(1, 3), total(5, 2), total(9, 3)]).toEqual([7, 7, 7, 7]);
    expect(counted).toBe(4);
    mirror.close();
  });

  it('finds an amount with digits past the cent as the service sent it, typed either way', () => {
    const mirror = Mirror.open(path, { create: true })!;
    put(
      mirror,
      [invoice('24', { total_amount: '2217.595' }), invoice('9', { total_amount: '100505.00' }), invoice('8', { total_amount: '100.505' })],
      true,
    ).commit({});
    const { cid } = mirror.company('acc_a')!;
    const ids = (text: string) =>
      mirror
        .search(searchExpression(text)!, { kinds: [KIND.invoice], cids: [cid] })
        .map((r) => JSON.parse(r.json).id)
        .sort();
    expect(ids('2217.595')).toEqual(['24']);
    expect(ids('2217,595')).toEqual(['24']);
    expect(ids('2.217,595')).toEqual(['24']);
    expect(ids('2,217.595')).toEqual(['24']);
    // Rounded to the cent it is another amount: not found.
    expect(ids('2.217,60')).toEqual([]);
    // Three digits after one separator: a thousand and more, or an amount past the cent: both.
    expect(ids('100.505')).toEqual(['8', '9']);
    mirror.close();
  });

  it('migrates a mirror of an older schema in place, keeping its records and indexing them for search', () => {
    const { DatabaseSync } = sqlite();
    const mirror = Mirror.open(path, { create: true })!;
    put(mirror, [invoice('42')], true).commit({});
    mirror.close();
    // Back to schema 1: no search index.
    const db = new DatabaseSync(path);
    db.exec(`${BEFORE_ORDER} DROP TABLE search; PRAGMA user_version = 1`);
    db.close();
    const migrated = Mirror.open(path)!;

    expect(migrated.search(searchExpression('citta')!, undefined).map((r) => JSON.parse(r.json).id)).toEqual(['42']);
    migrated.close();
    const check = new DatabaseSync(path, { readOnly: true });
    expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
    check.close();
  });

  it('rebuilds the one-column search index of a schema 2 mirror in two columns, ranked apart', () => {
    const { DatabaseSync } = sqlite();
    const mirror = Mirror.open(path, { create: true })!;
    const client = { id: 7, name: 'Gamma Ristorazione S.n.c.', piva: '03456780489', pec: 'amministrazione.gammaristorazione@pec.gammaristorazione.it' };
    const writer = put(mirror, [invoice('1', { counterpart: { name: 'Gamma Ristorazione S.n.c.', vat_number: '03456780489' } })], true);
    writer.put(KIND.client, client, JSON.stringify(client));
    writer.commit({});
    mirror.close();
    // Back to schema 2: the index as migration 2 made it, one text a record.
    const db = new DatabaseSync(path);
    db.function('fisco_search_text', (kind, json) => searchText(Number(kind) as Kind, JSON.parse(String(json)) as Record<string, unknown>));
    db.exec(`${BEFORE_ORDER} DROP TABLE search; ${MIGRATIONS[1]}; PRAGMA user_version = 2`);
    expect(db.prepare("SELECT count(*) AS n FROM pragma_table_info('search')").get()).toEqual({ n: 1 });
    db.close();

    const migrated = Mirror.open(path)!;
    const ranked = (text: string) => migrated.search(searchExpression(text)!, undefined).map((r) => `${r.kind}:${JSON.parse(r.json).id}`);
    expect(ranked('gamma ristorazione')).toEqual(['2:7', '1:1']);
    expect(ranked('03456780489')).toEqual(['2:7', '1:1']);
    migrated.close();
    const check = new DatabaseSync(path, { readOnly: true });
    expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATIONS.length });
    expect(
      check
        .prepare("SELECT name FROM pragma_table_info('search')")
        .all()
        .map((c) => c.name),
    ).toEqual(['key', 'rest']);
    check.close();
  });

  it('keeps an inbound and an outbound invoice with one id apart, and a payslip and an expense', () => {
    const mirror = Mirror.open(path, { create: true })!;
    const expense = { id: '12', source: 'expense', document_date: '2026-10-01', periodo_competenza: '2026-10', total: '10.00' };
    const slip = { ...expense, source: 'payslip', total: '2000.00' };
    const store = () => {
      const writer = put(mirror, [invoice('16')], true);
      writer.put(KIND.invoice, invoice('16', { number: 'A-9' }), JSON.stringify(invoice('16', { number: 'A-9' })), { part: 1 });
      for (const e of [expense, slip]) writer.put(KIND.expense, e, JSON.stringify(e));
      return writer;
    };
    store().commit({});
    const held = (m: Mirror) => {
      const cids = [m.company('acc_a')!.cid];
      const of = (kind: Kind, field: string, part?: number) => [...m.rows({ cids, kind, part })].map((r) => JSON.parse(r.json)[field] as string);
      return { outbound: of(KIND.invoice, 'number', 0), inbound: of(KIND.invoice, 'number', 1), expenses: of(KIND.expense, 'source') };
    };
    const both = { outbound: ['16/2026'], inbound: ['A-9'], expenses: ['expense', 'payslip'] };
    expect(held(mirror)).toEqual(both);
    mirror.close();
  });

  it('migration 4 re-keys a schema 3 mirror: its inbound invoices and payslips are the same records after, not second copies', () => {
    const { DatabaseSync } = sqlite();
    const mirror = Mirror.open(path, { create: true })!;
    const slip = { id: '13', source: 'payslip', document_date: '2026-10-01', periodo_competenza: '2026-10', total: '2000.00' };
    const inbound = invoice('17', { number: 'A-9' });
    const first = put(mirror, [invoice('16')], true);
    first.put(KIND.invoice, inbound, JSON.stringify(inbound), { part: 1 });
    first.put(KIND.expense, slip, JSON.stringify(slip));
    first.commit({});
    mirror.close();
    // Back to schema 3, whose keys were the ids alone.
    const db = new DatabaseSync(path);
    db.exec(`${BEFORE_ORDER} UPDATE records SET id = substr(id, 1, instr(id, char(1)) - 1) WHERE instr(id, char(1)) > 0; PRAGMA user_version = 3`);
    expect(
      db
        .prepare('SELECT id FROM records ORDER BY rid')
        .all()
        .map((r) => r.id),
    ).toEqual(['16', '17', '13']);
    db.close();
    const migrated = Mirror.open(path)!;
    const again = migrated.beginSync(ACCOUNT, CLOCK, false);
    expect(again.put(KIND.invoice, inbound, JSON.stringify(inbound), { part: 1 })).toBe('same');
    expect(again.put(KIND.expense, slip, JSON.stringify(slip))).toBe('same');
    // And the records they share an id with are records of their own.
    expect(again.put(KIND.invoice, invoice('17'), JSON.stringify(invoice('17')), { part: 0 })).toBe('new');
    const expense = { ...slip, source: 'expense', total: '10.00' };
    expect(again.put(KIND.expense, expense, JSON.stringify(expense))).toBe('new');
    again.commit({});
    const cids = [migrated.company('acc_a')!.cid];
    expect(migrated.count({ cids, kind: KIND.invoice, part: 0 })).toBe(2);
    expect(migrated.count({ cids, kind: KIND.invoice, part: 1 })).toBe(1);
    expect(migrated.count({ cids, kind: KIND.expense })).toBe(2);
    migrated.close();
  });

  it('migration 7 drops the date index of a schema 6 mirror in place: every read is the same after, and the file is sound', () => {
    const { DatabaseSync } = sqlite();
    const mirror = Mirror.open(path, { create: true })!;
    const deadline = (id: string, due_date: string) => ({ id, title: `Scadenza ${id}`, due_date, status: 'pending', amount: '10.00' });
    const writer = put(
      mirror,
      [invoice('3', { issue_date: '2026-09-01' }), invoice('1', { issue_date: '2026-11-01' }), invoice('2', { issue_date: '2026-10-01' })],
      true,
    );
    for (const d of [deadline('d1', '2026-12-16'), deadline('d2', '2026-11-30'), deadline('d3', '2027-01-16')]) writer.put(KIND.deadline, d, JSON.stringify(d));
    writer.snapshotResidues();
    writer.commit({});
    const reads = (m: Mirror) => {
      const cids = [m.company('acc_a')!.cid];
      const ids = (query: Parameters<Mirror['rows']>[0]) => [...m.rows(query)].map((r) => r.json);
      return {
        invoices: ids({ cids, kind: KIND.invoice, part: 0, descending: true }),
        unpaid: ids({ cids, kind: KIND.invoice, part: 0, k: ['unpaid'], descending: true }),
        deadlines: ids({ cids, kind: KIND.deadline, dFrom: '2026-12-01', dTo: '2027-01-31' }),
        window: m.count({ cids, kind: KIND.deadline, dFrom: '2026-11-01', dTo: '2026-12-31' }),
        search: m.search(searchExpression('castello')!, undefined).map((r) => r.json),
        residues: Object.fromEntries(m.residuesAt('acc_a', writer.gen)),
      };
    };
    const before = reads(mirror);
    expect(before.deadlines.map((j) => JSON.parse(j).id)).toEqual(['d1', 'd3']);
    expect(before.window).toBe(2);
    mirror.close();
    // Back to schema 6, as main's fisco wrote it: the index migration 1 made.
    const db = new DatabaseSync(path);
    db.exec('CREATE INDEX records_order ON records (cid, kind, part, d, n); PRAGMA user_version = 6');
    db.close();

    const migrated = Mirror.open(path)!;
    expect(reads(migrated)).toEqual(before);
    migrated.close();
    const check = new DatabaseSync(path, { readOnly: true });
    expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    expect(check.prepare("SELECT name FROM sqlite_schema WHERE name = 'records_order'").all()).toEqual([]);
    expect(check.prepare('PRAGMA quick_check').all()).toEqual([{ quick_check: 'ok' }]);
    check.close();
  });

  it('migration 8: reads by SDI status seek the filter index; the invoices rejected before a day are counted from it, the rest read, a record that is not JSON always met', () => {
    const { DatabaseSync } = sqlite();
    const rejected = (id: string, last_sdi_update: unknown) =>
      invoice(id, { payment_status: null, sdi_status: 'rejected', sdi_error: '00404', last_sdi_update });
    const records = [
      // Counted before 2026-10-14: an instant with Z or an offset, on the 1st to the 28th, written before it.
      rejected('1', '2026-10-13T23:30:00Z'),
      rejected('2', '2026-04-02T12:00:00+02:00'),
      rejected('3', '2026-10-01T12:00:00-11:00'),
      // Read: on or after the day, another form (no offset, fractions, a date alone), a 29th to 31st, no month, not text, none.
      rejected('4', '2026-10-14T00:00:00+01:00'),
      rejected('5', '2026-09-01T12:00:00'),
      rejected('6', '2026-09-01T12:00:00.000Z'),
      rejected('7', '2026-09-01'),
      rejected('8', '2026-09-29T12:00:00Z'),
      rejected('9', '2026-13-01T12:00:00Z'),
      rejected('10', 20260901),
      rejected('11', null),
      invoice('12', { payment_status: null, sdi_status: 'rejected' }),
      // Not rejected: neither counted nor read.
      invoice('13', { payment_status: null, sdi_status: 'accepted', last_sdi_update: '2026-04-02T12:00:00Z' }),
      invoice('14', { sdi_status: 'rejected', last_sdi_update: '2026-04-02T12:00:00Z' }),
    ];
    let mirror = Mirror.open(path, { create: true })!;
    put(mirror, records).commit({});
    const cid = mirror.company('acc_a')!.cid;
    const query = { cids: [cid], kind: KIND.invoice, part: 0, k: [''], sdi: ['rejected'], descending: true };
    const ids = (q: Parameters<Mirror['rows']>[0]) =>
      [...mirror.rows(q)].map((r) => (JSON.parse(r.json) as { id: string }).id).sort((a, b) => Number(a) - Number(b));
    expect(mirror.count({ ...query, rejectedBefore: '2026-10-14' })).toBe(3);
    expect(ids({ ...query, rejectedBefore: '2026-10-14' })).toEqual(['1', '2', '3']);
    expect(ids({ ...query, notRejectedBefore: '2026-10-14' })).toEqual(['4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(ids(query)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect(ids({ cids: [cid], kind: KIND.invoice, part: 0, sdi: ['accepted'] })).toEqual(['13']);
    mirror.close();
    // The plan: a seek by status in the filter index, the rejection day read from it.
    let db = new DatabaseSync(path);
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join(' | ');
    const status = "CASE WHEN r.kind = 1 AND json_valid(r.json) THEN json_extract(r.json, '$.sdi_status') END";
    expect(plan(`SELECT r.rid FROM records r WHERE r.cid = 1 AND r.kind = 1 AND r.part = 0 AND r.k = '' AND (${status}) = 'rejected'`)).toMatch(
      /USING (COVERING )?INDEX records_filter \(cid=\? AND kind=\? AND part=\? AND k=\? AND <expr>=\?\)/,
    );
    // A record damaged after it was written: never counted, always met by the read of the rest.
    db.exec(`UPDATE records SET json = substr(json, 1, 20) WHERE kind = ${KIND.invoice} AND id = '2'`);
    db.close();
    mirror = Mirror.open(path)!;
    expect(mirror.count({ ...query, rejectedBefore: '2026-10-14' })).toBe(2);
    expect(() => ids({ ...query, notRejectedBefore: '2026-10-14' })).toThrow(/is damaged \(a record that is not JSON\)/);
    mirror.close();
    // A schema 7 mirror is migrated in place: the same reads, the same counts.
    db = new DatabaseSync(path);
    db.exec(`UPDATE records SET json = '${JSON.stringify(records[1]).replace(/'/g, "''")}' WHERE kind = ${KIND.invoice} AND id = '2';
      DROP INDEX records_filter; CREATE INDEX records_filter ON records (cid, kind, part, k, flag, amt); PRAGMA user_version = 7`);
    db.close();
    mirror = Mirror.open(path)!;
    expect(mirror.count({ ...query, rejectedBefore: '2026-10-14' })).toBe(3);
    expect(ids({ ...query, notRejectedBefore: '2026-10-14' })).toEqual(['4', '5', '6', '7', '8', '9', '10', '11', '12']);
    mirror.close();
    const check = new DatabaseSync(path, { readOnly: true });
    expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    expect(check.prepare('PRAGMA quick_check').all()).toEqual([{ quick_check: 'ok' }]);
    check.close();
  });

  it('refuses a mirror of a newer fisco (exit 2) and never changes it', () => {
    const { DatabaseSync } = sqlite();
    Mirror.open(path, { create: true })!.close();
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const before = sha(path);
    const error = (() => {
      try {
        Mirror.open(path);
      } catch (e) {
        return e as MirrorError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MirrorError);
    expect(error!.exitCode).toBe(2);
    expect(error!.message).toContain(
      `written by a newer fisco (schema ${SCHEMA_VERSION + 1}; this fisco knows schema ${SCHEMA_VERSION}); it was not read or changed`,
    );
    expect(sha(path)).toBe(before);
  });

  it('refuses a file that is not a fisco mirror', () => {
    Mirror.open(path, { create: true })!.close();
    const other = join(dir, 'other.sqlite');
    writeFileSync(other, 'not a database at all, just text that is long enough to be a header of sorts....................................');
    expect(() => Mirror.open(other)).toThrow(/is not a fisco mirror/);
    const { DatabaseSync } = sqlite();
    const foreign = join(dir, 'foreign.sqlite');
    const db = new DatabaseSync(foreign);
    db.exec('CREATE TABLE t (a); PRAGMA user_version = 1');
    db.close();
    expect(() => Mirror.open(foreign)).toThrow(/is not a fisco mirror|not a fisco mirror/);
  });
});
