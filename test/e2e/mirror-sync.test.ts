/**
 * fisco sync against the emulator: what an incremental sync asks (the emulator's request log), a
 * payment seen after the next sync (also one the service does not report through updated_since),
 * a deleted invoice seen only by --full, a company that fails rolled back while the others are
 * synced, the file's mode and no token in it, an older mirror migrated and a newer one refused.
 * (kill -9 and two syncs at once: mirror-crash.test.ts.)
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlite } from '../../src/mirror/sqlite.js';
import { SCHEMA_VERSION } from '../../src/mirror/schema.js';
import { Mirror } from '../../src/mirror/store.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { lastSeq, requestsSince } from './firm-helpers.js';
import type { SyncRow } from '../../src/commands/sync/sync.js';

let h: Harness;
beforeAll(async () => {
  h = await harness({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
});
afterAll(async () => h.close());

const mirrorDir = () => join(h.home, 'fisco-data', 'mirror');
const mirrorFiles = () => readdirSync(mirrorDir()).map((name) => join(mirrorDir(), name));
const mirrorOf = (token: string) => {
  const files = readdirSync(mirrorDir()).filter((name) => name.endsWith('.sqlite'));
  const mine = files.find((name) => name.includes(createHash('sha256').update(`fisco mirror\0${h.emulator.url}\0${token}`).digest('hex').slice(0, 12)));
  return join(mirrorDir(), mine!);
};

async function sync(args: string[] = [], token: string = TOKENS.prod) {
  const result = await h.run(['sync', ...args, '-o', 'json'], { token, timeout: 60_000 });
  return { ...result, rows: result.stdout.trim() ? parseJson<SyncRow[]>(result.stdout) : [] };
}

async function offlineInvoice(ref: string, token: string = TOKENS.prod) {
  const result = await h.run(['--offline', 'invoice', 'get', ref, '-o', 'json'], { token });
  return { ...result, invoice: result.exitCode === 0 ? parseJson<Record<string, unknown>>(result.stdout) : undefined };
}

/** An open outbound invoice of acc_rossi, straight from the emulator's store. */
function openInvoice(skip = 0) {
  return h.emulator.store.invoices.filter(
    (i) =>
      i.accountId === 'acc_rossi' &&
      i.direction === 'outbound' &&
      i.amount_paid === '0.00' &&
      ['delivered', 'accepted', 'sent'].includes(i.sdi_status) &&
      i.tipo_documento === 'TD01',
  )[skip]!;
}

async function pay(uuid: string, amount: string) {
  const response = await fetch(`${h.emulator.url}/fatture/${uuid}/pagamenti`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKENS.prod}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: Number(amount) }),
  });
  expect(response.status).toBe(201);
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const romeDate = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date(instant));

describe('fisco sync', () => {
  it('the first sync reads everything; the next asks only what changed since, on the service clock', async () => {
    const first = await sync();
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.rows).toEqual([expect.objectContaining({ account_id: 'acc_rossi', result: 'synced', full: true })]);
    expect(first.rows[0]!.new).toBeGreaterThan(300);
    expect(first.stderr).toMatch(/Rossi Consulting S\.r\.l\. \(acc_rossi\): \d+ new, 0 changed, 0 removed, \d+ requests \(full sync\)/);
    const clock = (await (await fetch(`${h.emulator.url}/__emulator/clock`)).json()) as { data: { now: string } };
    const serviceNow = Date.parse(clock.data.now);

    const invoice = openInvoice();
    await pay(invoice.uuid!, '10.00');
    const from = lastSeq(h);
    const second = await sync();
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.rows[0]).toEqual(expect.objectContaining({ full: false, new: 0, changed: 1, removed: 0 }));
    expect(second.stderr).toMatch(/\(last full sync \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}, (just now|\d+ min ago)\)/);

    const requests = requestsSince(h, from);
    const count = (path: string, test: (q: Record<string, string>) => boolean = () => true) => requests.filter((r) => r.path === path && test(r.query)).length;
    expect(count('/v1/me')).toBe(1);
    expect(count('/v1/accounts')).toBe(1);
    // updated_since from the service's clock (the emulator's, pinned to 2026-11-20), 5 minutes before the first sync began.
    const cursors = requests.filter((r) => r.query.updated_since).map((r) => Date.parse(r.query.updated_since!));
    expect(cursors).toHaveLength(4); // invoices out and in, F24s, deadlines
    for (const cursor of cursors) {
      expect(cursor).toBeLessThanOrEqual(serviceNow - 5 * 60_000 + 1000);
      expect(cursor).toBeGreaterThan(serviceNow - 5 * 60_000 - 60_000);
    }
    expect(count('/v1/invoices', (q) => q.direction === 'outbound' && !!q.updated_since)).toBe(1);
    expect(count('/v1/invoices', (q) => q.direction === 'inbound' && !!q.updated_since)).toBe(1);
    expect(count('/v1/f24s', (q) => !!q.updated_since)).toBe(1);
    expect(count('/v1/tax-deadlines', (q) => !!q.updated_since)).toBe(1);
    // Without updated_since: read whole, every time.
    expect(count('/clients')).toBe(Math.ceil(80 / 100));
    expect(count('/v1/cost-centers')).toBe(1);
    expect(requests.filter((r) => r.path === '/v1/expenses').map((r) => [r.query.periodo_da, r.query.periodo_a])).toEqual([['2026-10', '2026-11']]);
    expect(requests.filter((r) => r.path === '/v1/expenses/summary').map((r) => r.query.periodo)).toEqual(['2026-10', '2026-11']);
    // At most 2 requests per resource; nothing else.
    expect(requests.length).toBeLessThanOrEqual(2 + 2 * 8);
    expect(requests.every((r) => r.method === 'GET' && r.status === 200)).toBe(true);

    // The payment is in the mirror.
    const seen = await offlineInvoice(invoice.uuid!);
    expect(seen.invoice).toEqual(expect.objectContaining({ number: invoice.number, amount_paid: '10.00', payment_status: 'partial' }));
  }, 60_000);

  it('a deleted invoice stays in the mirror until a full sync, which removes it and says so', async () => {
    const invoice = openInvoice(1);
    expect((await offlineInvoice(invoice.uuid!)).exitCode).toBe(0);
    const deleted = await fetch(`${h.emulator.url}/__emulator/invoices/${invoice.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const incremental = await sync();
    expect(incremental.rows[0]).toEqual(expect.objectContaining({ full: false, removed: 0 }));
    expect((await offlineInvoice(invoice.uuid!)).exitCode).toBe(0);
    const full = await sync(['--full']);
    expect(full.exitCode, full.stderr).toBe(0);
    expect(full.rows[0]).toEqual(expect.objectContaining({ full: true, removed: 1, new: 0 }));
    const gone = await offlineInvoice(invoice.uuid!);
    expect(gone.exitCode).toBe(4);
    expect(gone.stderr).toMatch(/no outbound invoice has this UUID/);
  }, 60_000);

  // The first test's payment proved that payments move updated_since (the mirror then reads the open
  // invoices once per service day): a service that stops doing so is caught by that daily read, and
  // the mirror learns for good that they do not (mirror-sync-readings.test.ts: both readings from the start).
  it('after the proof that payments move updated_since, one that does not is seen by the next service day, and the mirror learns it', async () => {
    const partly = openInvoice(2);
    const settled = openInvoice(3);
    // The service records the payments but leaves updated_since where it was (the contract does not say it moves).
    for (const [invoice, amount] of [
      [partly, '5.00'],
      [settled, settled.total_amount],
    ] as const) {
      const before = invoice.updatedAt;
      await pay(invoice.uuid!, amount);
      invoice.updatedAt = before;
    }
    const sameDay = await sync();
    expect(sameDay.rows[0]).toEqual(expect.objectContaining({ changed: 0 }));
    expect((await offlineInvoice(partly.uuid!)).invoice).toEqual(expect.objectContaining({ amount_paid: '0.00' }));
    // The next day: the open invoices are read whole once (their `overdue` moves with the date anyway).
    const clock = await fetch(`${h.emulator.url}/__emulator/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    expect(clock.status).toBe(200);
    const from = lastSeq(h);
    const nextDay = await sync();
    expect(nextDay.exitCode, nextDay.stderr).toBe(0);
    expect(nextDay.rows[0]!.changed).toBeGreaterThanOrEqual(2);
    expect((await offlineInvoice(partly.uuid!)).invoice).toEqual(expect.objectContaining({ amount_paid: '5.00', payment_status: 'partial' }));
    expect((await offlineInvoice(settled.uuid!)).invoice).toEqual(expect.objectContaining({ payment_status: 'paid', amount_due: '0.00' }));
    const invoiceLists = requestsSince(h, from).filter((r) => r.path === '/v1/invoices');
    expect(invoiceLists.map((r) => r.query.payment_status ?? '')).toEqual(expect.arrayContaining(['unpaid,partial', 'paid']));
    const status = await h.run(['--offline', 'sync', '--status'], { token: TOKENS.prod });
    expect(status.stderr).toMatch(/^payments: seen not moving updated_since; the open invoices are read on every sync$/m);
    // Deadlines due since the last day are read again (their status moves with the date).
    expect(
      requestsSince(h, from).some((r) => r.path === '/v1/tax-deadlines' && r.query.due_date_from === '2026-11-20' && r.query.due_date_to === '2026-11-21'),
    ).toBe(true);
  }, 60_000);

  it('a company that fails is rolled back, named, exit 11; the others are synced; the next sync completes it', async () => {
    const first = await sync(['--accounts', 'acc_verdi,acc_neri'], TOKENS.firm);
    expect(first.exitCode, first.stderr).toBe(0);
    const invoice = h.emulator.store.invoices.find(
      (i) =>
        i.accountId === 'acc_verdi' && i.direction === 'outbound' && i.amount_paid === '0.00' && i.sdi_status === 'accepted' && i.tipo_documento === 'TD01',
    )!;
    const before = (await h.run(['--offline', '--account', 'acc_verdi', 'invoice', 'list', '--all', '-o', 'json'], { token: TOKENS.firm })).stdout;
    await fetch(`${h.emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rule: { method: 'GET', path: '/v1/f24s', query: { account_id: 'acc_verdi' }, times: 20, action: 'status', status: 503 } }),
    });
    const token = await fetch(`${h.emulator.url}/fatture/${invoice.uuid}/pagamenti?account_id=acc_verdi`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.firm}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1 }),
    });
    expect(token.status).toBe(201);
    const failed = await sync(['--accounts', 'acc_verdi,acc_neri'], TOKENS.firm);
    expect(failed.exitCode).toBe(11);
    expect(failed.rows.map((r) => [r.account_id, r.result])).toEqual([
      ['acc_verdi', 'failed'],
      ['acc_neri', 'synced'],
    ]);
    expect(failed.stderr).toMatch(/Verdi Costruzioni S\.p\.A\. \(acc_verdi\): not read: F24 forms \(GET \/v1\/f24s\): .*503.* \(exit 8\)/);
    // The failed company is exactly as it was: its paid invoice is not half in.
    expect((await h.run(['--offline', '--account', 'acc_verdi', 'invoice', 'list', '--all', '-o', 'json'], { token: TOKENS.firm })).stdout).toBe(before);
    await fetch(`${h.emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clear: true }),
    });
    const again = await sync(['--accounts', 'acc_verdi,acc_neri'], TOKENS.firm);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.rows[0]).toEqual(expect.objectContaining({ account_id: 'acc_verdi', changed: 1 }));
  }, 90_000);

  it('--demo keeps its own mirror (its emulator on a new port each run), read offline without starting the emulator', async () => {
    const env = { FISCO_DATA_DIR: join(h.home, 'demo-data') };
    for (let run = 0; run < 2; run++) {
      const demo = await h.run(['--demo', '--accounts', 'acc_neri', 'sync', '-o', 'json'], { token: null, baseUrl: null, env, timeout: 60_000 });
      expect(demo.exitCode, demo.stderr).toBe(0);
      expect(parseJson<SyncRow[]>(demo.stdout)[0]).toEqual(expect.objectContaining({ account_id: 'acc_neri', result: 'synced', full: run === 0 }));
    }
    const offline = await h.run(['--demo', '--offline', '--account', 'acc_neri', 'overview', '-o', 'json'], { token: null, baseUrl: null, env });
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(parseJson<{ account_id: string }[]>(offline.stdout).map((r) => r.account_id)).toEqual(['acc_neri']);
    expect(offline.stderr).toMatch(/^offline: as of /m);
    expect(readdirSync(join(h.home, 'demo-data', 'mirror'))).toContain('demo-production.sqlite');
  }, 90_000);

  it('the file is 0600 (and its WAL files while they exist) and holds no token', async () => {
    for (const file of mirrorFiles()) {
      if (file.endsWith('.lock')) continue;
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
      const bytes = readFileSync(file);
      for (const token of Object.values(TOKENS)) expect(bytes.includes(Buffer.from(token)), `${file} holds ${token}`).toBe(false);
    }
    expect(statSync(mirrorDir()).mode & 0o777).toBe(0o700);
    expect(mirrorFiles().filter((f) => f.endsWith('.sqlite')).length).toBe(2);
  });

  it('fisco sync --status: per company the last sync, the last full sync, records per resource and the file size, offline', async () => {
    const status = await h.run(['--offline', 'sync', '--status', '-o', 'json'], { token: TOKENS.prod });
    expect(status.exitCode, status.stderr).toBe(0);
    const [row] = parseJson<Record<string, unknown>[]>(status.stdout);
    expect(row).toEqual(
      expect.objectContaining({
        account_id: 'acc_rossi',
        last_sync: expect.stringMatching(INSTANT),
        last_full_sync: expect.stringMatching(INSTANT),
        clients: 80,
        expense_months: '2024-12..2026-11',
        mirror_bytes: expect.any(Number),
      }),
    );
    // The service's days (Europe/Rome): at 00:30 in Rome the instant is still the day before in UTC.
    for (const at of [row!.last_sync, row!.last_full_sync]) expect(romeDate(String(at))).toMatch(/^2026-11-2\d$/);
    expect(row!.invoices).toBe(h.emulator.store.invoices.filter((i) => i.accountId === 'acc_rossi').length);
    expect(status.stderr).toMatch(/^mirror: .*\.sqlite, \d+\.\d MB$/m);
    const refused = await h.run(['--offline', 'sync'], { token: TOKENS.prod });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/`fisco sync` reads the service/);
  });

  it('a mirror of schema 6 (a residues row for every invoice at its first snapshot, the date index) is migrated in place by an offline read, which prints the same', async () => {
    const status = await h.run(['--offline', 'sync', '--status', '-o', 'json'], { token: TOKENS.prod });
    expect(status.exitCode, status.stderr).toBe(0);
    const synced = romeDate(String(parseJson<{ last_sync: string }[]>(status.stdout)[0]!.last_sync))
      .split('-')
      .reverse()
      .join('/');
    const reads = [
      ['--offline', 'invoice', 'list', '--all', '-o', 'ndjson'],
      ['--offline', 'overview', '-o', 'json'],
      ['--offline', 'receivables', '--as-of', synced, '--by', 'invoice', '-o', 'json'],
      ['--offline', 'cash', '-o', 'json'],
      ['search', 'zeta', '-o', 'json'],
    ];
    const outputs = async () => {
      const printed: string[] = [];
      for (const args of reads) {
        const result = await h.run(args, { token: TOKENS.prod });
        expect(result.exitCode, `${args.join(' ')}: ${result.stderr}`).toBe(0);
        printed.push(result.stdout);
      }
      return printed;
    };
    const before = await outputs();
    const path = mirrorOf(TOKENS.prod);
    // What receivables --as-of and cash read of each past sync (the history of residues), as the store answers it.
    const history = () => {
      const mirror = Mirror.open(path, { readOnly: true })!;
      const read = mirror.residueSnapshots('acc_rossi').map(({ gen }) => Object.fromEntries(mirror.residuesAt('acc_rossi', gen)));
      const paid = mirror.paidHistory('acc_rossi');
      mirror.close();
      return { read, paid };
    };
    const held = history();
    expect(held.read.length).toBeGreaterThan(1);
    const { DatabaseSync } = sqlite();
    const residues = () => {
      const db = new DatabaseSync(path, { readOnly: true });
      const n = (db.prepare('SELECT count(*) AS n FROM residues').get() as { n: number }).n;
      db.close();
      return n;
    };
    const rows = residues();
    let db = new DatabaseSync(path);
    // As schema 6 left it: the index on dates, and a row at the company's first snapshot for every invoice held unchanged since.
    db.exec(`PRAGMA wal_checkpoint(TRUNCATE); CREATE INDEX records_order ON records (cid, kind, part, d, n);
      INSERT INTO residues (cid, id, gen, status, due)
        SELECT r.cid, r.id, f.gen, json_extract(r.json, '$.payment_status'), json_extract(r.json, '$.amount_due')
        FROM records r JOIN (SELECT cid, min(gen) AS gen FROM snapshots GROUP BY cid) f ON f.cid = r.cid
        WHERE r.kind = 1 AND r.part = 0 AND r.changed <= f.gen AND NOT EXISTS (SELECT 1 FROM residues x WHERE x.cid = r.cid AND x.id = r.id);
      PRAGMA user_version = 6`);
    db.close();
    expect(residues()).toBeGreaterThan(rows + 10);

    expect(await outputs()).toEqual(before);
    db = new DatabaseSync(path, { readOnly: true });
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'records_order'").get()).toEqual({ n: 0 });
    expect(db.prepare('PRAGMA quick_check').get()).toEqual({ quick_check: 'ok' });
    db.close();
    expect(residues()).toBe(rows);
    expect(history()).toEqual(held);
  });

  it('an older mirror is migrated in place by a newer fisco; a newer one is refused (exit 2) and left untouched', async () => {
    const path = mirrorOf(TOKENS.prod);
    const { DatabaseSync } = sqlite();
    let db = new DatabaseSync(path);
    db.exec('PRAGMA wal_checkpoint(TRUNCATE); DROP INDEX records_by_service; ALTER TABLE records DROP COLUMN o; DROP TABLE search; PRAGMA user_version = 1');
    db.close();
    const found = await h.run(['search', 'zeta', '--in', 'invoices', '-o', 'json'], { token: TOKENS.prod });
    expect(found.exitCode, found.stderr).toBe(0);
    expect(parseJson<unknown[]>(found.stdout).length).toBeGreaterThan(0);
    db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    db.exec(`PRAGMA wal_checkpoint(TRUNCATE); PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const hash = () => createHash('sha256').update(readFileSync(path)).digest('hex');
    const before = hash();
    for (const args of [['--offline', 'invoice', 'list'], ['sync'], ['search', 'zeta']]) {
      const refused = await h.run(args, { token: TOKENS.prod });
      expect(refused.exitCode, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain(
        `was written by a newer fisco (schema ${SCHEMA_VERSION + 1}; this fisco knows schema ${SCHEMA_VERSION}); it was not read or changed`,
      );
    }
    expect(hash()).toBe(before);
  });
});
