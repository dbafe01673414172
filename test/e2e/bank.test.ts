import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankAccount, FORMATS, openInvoices, render, csvMapping, scenario, validIban, type Format, type Scenario } from './bank-fixtures.js';
import { harness, parseJson, type Harness } from './harness.js';

/**
 * `fisco bank match` and `fisco bank apply` through the built bin against the emulator: for every
 * statement format, the issue's cases (by number, by name and amount, several invoices in one
 * credit, partial, over, a fee within tolerance, unmatched, a debit, a reversal); the payments the
 * emulator holds afterwards are exactly what the plan applied; a second apply registers nothing.
 */
const IBAN = validIban('X0542811101000000123456');

let h: Harness;
let dir: string;

beforeAll(async () => {
  h = await harness();
  dir = mkdtempSync(join(tmpdir(), 'fisco-bank-'));
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Row {
  key: string;
  amount: string;
  reference: string | null;
  status: string;
  fit: string | null;
  allocations: { number: string; uuid: string; amount: string; amount_due_seen: string }[];
  fee: string | null;
  excess: string | null;
  reasons: string[];
  skip_reason: string | null;
}

function rowFor(rows: Row[], ref: string): Row {
  const found = rows.filter((r) => r.reference === ref);
  expect(found, `one movement with reference ${ref} in ${rows.map((r) => r.reference).join(', ')}`).toHaveLength(1);
  return found[0]!;
}

function expectProposals(rows: Row[], sc: Scenario): void {
  for (const expected of sc.expected) {
    const row = rowFor(rows, expected.ref);
    expect(row.status, `${expected.ref}: ${JSON.stringify(row)}`).toBe(expected.status);
    expect(
      row.allocations.map((a) => ({ number: a.number, uuid: a.uuid, amount: a.amount })).sort((x, y) => x.uuid.localeCompare(y.uuid)),
      `${expected.ref}: ${row.reasons.join(' | ')}`,
    ).toEqual([...expected.allocations].sort((x, y) => x.uuid.localeCompare(y.uuid)));
    if (expected.status === 'proposed') expect(row.reasons.length, expected.ref).toBeGreaterThan(0);
    expect(row.fee ?? undefined, expected.ref).toBe(expected.fee);
    expect(row.excess ?? undefined, expected.ref).toBe(expected.excess);
    expect(row.fit ?? undefined, expected.ref).toBe(expected.fit);
  }
}

/** The payments registered since `fromId`: invoice uuid, amount, date, note. */
function paymentsSince(fromId: number) {
  const byId = new Map(h.emulator.store.invoices.map((i) => [i.id, i]));
  return h.emulator.store.payments
    .filter((p) => p.id > fromId)
    .map((p) => ({ uuid: byId.get(p.invoiceId)!.uuid!, amount: p.amount, date: p.payment_date, note: p.note ?? '' }));
}

const lastPaymentId = () => Math.max(0, ...h.emulator.store.payments.map((p) => p.id));

function prepare(format: Format, prefix: string): { file: string; extra: string[]; sc: Scenario; data: string } {
  h.emulator.reset();
  addBankAccount(h.emulator.store, 'acc_rossi', IBAN);
  const sc = scenario(openInvoices(h.emulator.store, 'acc_rossi'), prefix);
  const folder = mkdtempSync(join(dir, `${format}-`));
  const file = join(folder, format === 'csv' ? 'movimenti.csv' : format === 'cbi-rh' ? 'estratto.txt' : format === 'mt940' ? 'estratto.sta' : 'estratto.xml');
  writeFileSync(file, render(format, IBAN, sc.credits), format === 'csv' ? 'latin1' : 'utf8');
  const extra: string[] = [];
  if (format === 'csv') {
    writeFileSync(join(folder, 'mapping.json'), csvMapping(IBAN));
    extra.push('--csv-mapping', join(folder, 'mapping.json'));
  }
  return { file, extra, sc, data: join(folder, 'data') };
}

describe.each(FORMATS)('%s', (format) => {
  it('matches every case, applies exactly the plan, and a second apply registers nothing', async () => {
    const prefix = `${format.replace(/[^a-z0-9]/gi, '').toUpperCase()}-`;
    const { file, extra, sc, data } = prepare(format, prefix);
    const env = { FISCO_DATA_DIR: data };
    const plan = join(data, '..', 'plan.json');
    const unmatched = join(data, '..', 'unmatched.csv');

    const sent = h.mark();
    const match = await h.run(['bank', 'match', file, ...extra, '--fee-tolerance', '5', '--plan', plan, '--unmatched', unmatched, '-o', 'json'], { env });
    expect(match.exitCode, match.stderr).toBe(0);
    expect(
      sent().filter((r) => r.method !== 'GET'),
      'bank match writes nothing',
    ).toEqual([]);
    expect(match.stderr).toContain('Rossi Consulting');
    const rows = parseJson<Row[]>(match.stdout);
    expectProposals(rows, sc);
    expect(readFileSync(unmatched, 'utf8')).toContain('rimborso spese viaggio');
    expect(readFileSync(unmatched, 'utf8')).not.toContain(`${prefix}A`);

    // Without --min-confidence: only the sure ones (exact, or less a fee); the partial and the over-payment wait for a review.
    const before = lastPaymentId();
    const apply = await h.run(['bank', 'apply', plan, '--yes', '-o', 'json'], { env });
    expect(apply.exitCode, apply.stderr).toBe(0);
    const sure = sc.expected.filter((e) => e.fit === 'exact' || e.fit === 'fee');
    const expectedOf = (list: typeof sc.expected) => list.flatMap((e) => e.allocations.map((a) => ({ uuid: a.uuid, amount: a.amount, date: '2026-11-19' })));
    const sort = <T extends { uuid: string }>(list: T[]) => [...list].sort((x, y) => x.uuid.localeCompare(y.uuid));
    const applied = paymentsSince(before);
    expect(sort(applied.map(({ uuid, amount, date }) => ({ uuid, amount, date })))).toEqual(sort(expectedOf(sure)));
    expect(applied.find((p) => p.note.includes(`${prefix}F`))?.note).toMatch(/commissione/);
    const results = parseJson<{ key: string; outcome: string; reason: string | null }[]>(apply.stdout);
    expect(results.filter((r) => r.outcome === 'applied')).toHaveLength(4);
    expect(results.filter((r) => r.outcome === 'needs-review').map((r) => r.reason)).toEqual([
      expect.stringMatching(/^a partial payment: registered only once reviewed/),
      expect.stringMatching(/^an over-payment: registered only once reviewed/),
    ]);
    expect(apply.stderr).toMatch(/5 payments registered/);
    expect(apply.stderr).toMatch(/2 to review/);
    expect(apply.stderr).toMatch(/1 unmatched \(777,77/);

    // An explicit --min-confidence registers the partial and the over-payment too, and nothing twice.
    const all = await h.run(['bank', 'apply', plan, '--min-confidence', '0', '--yes', '-o', 'json'], { env });
    expect(all.exitCode, all.stderr).toBe(0);
    const registered = paymentsSince(before);
    expect(sort(registered.map(({ uuid, amount, date }) => ({ uuid, amount, date })))).toEqual(sort(expectedOf(sc.expected)));
    for (const payment of registered) {
      expect(payment.note).toContain(prefix);
      expect(payment.note.length).toBeLessThanOrEqual(500);
    }
    expect(registered.find((p) => p.note.includes(`${prefix}E`))?.note).toMatch(/eccedenza 10\.00/);
    expect(parseJson<{ outcome: string }[]>(all.stdout).filter((r) => r.outcome === 'already-registered')).toHaveLength(4);

    const again = await h.run(['bank', 'apply', plan, '--min-confidence', '0', '--yes', '-o', 'json'], { env });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(paymentsSince(before)).toHaveLength(registered.length);
    expect(parseJson<{ outcome: string }[]>(again.stdout).filter((r) => r.outcome === 'already-registered')).toHaveLength(6);
  }, 60_000);
});

/**
 * The demo loop the README shows, for every format the emulator writes: `fisco --demo emulator
 * statement` then `fisco --demo bank match` and `bank apply`, offline; the demo's state afterwards
 * holds exactly the payments of the plan.
 */
const DEMO_FORMATS = ['camt.053', 'camt.053.001.08', 'camt.054', 'cbi-xml', 'cbi-rh', 'mt940', 'csv'] as const;
const CSV_FLAGS = [
  '--csv-date',
  'Data contabile',
  '--csv-credit',
  'Avere',
  '--csv-debit',
  'Dare',
  '--csv-description',
  'Descrizione operazione',
  '--csv-counterpart',
  'Ordinante/Beneficiario',
  '--csv-reference',
  'Riferimento banca',
];

describe.each(DEMO_FORMATS)('fisco --demo emulator statement --format %s', (format) => {
  it('is read, matched and applied offline; the demo state holds exactly the plan payments', async () => {
    const folder = mkdtempSync(join(dir, `demo-${format}-`));
    const env = { FISCO_DATA_DIR: join(folder, 'data') };
    const statement = await h.run(['--demo', 'emulator', 'statement', '--format', format], { env, token: null, baseUrl: null });
    expect(statement.exitCode, statement.stderr).toBe(0);
    const file = join(folder, 'statement');
    writeFileSync(file, statement.stdout);
    const plan = join(folder, 'plan.json');
    const extra = format === 'csv' ? ['--account', 'acc_rossi', ...CSV_FLAGS] : [];
    const match = await h.run(['--demo', ...extra.slice(0, 2), 'bank', 'match', file, ...extra.slice(2), '--plan', plan, '-o', 'json'], {
      env,
      token: null,
      baseUrl: null,
    });
    expect(match.exitCode, match.stderr).toBe(0);
    const rows = parseJson<Row[]>(match.stdout);
    const count = (status: string) => rows.filter((r) => r.status === status).length;
    expect(count('proposed'), match.stdout).toBeGreaterThanOrEqual(4);
    expect(count('unmatched')).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.skip_reason?.includes('debit'))).toBe(true);
    expect(
      rows.find((r) => r.allocations.length >= 2),
      'one credit paying several invoices',
    ).toBeDefined();
    const state = () => JSON.parse(readFileSync(join(folder, 'data', 'demo-state.json'), 'utf8')) as { payments: { amount: string; invoiceId: string }[] };
    const before = state().payments.length;
    const apply = await h.run(['--demo', 'bank', 'apply', plan, '--yes'], { env, token: null, baseUrl: null });
    expect(apply.exitCode, apply.stderr).toBe(0);
    // Without --min-confidence: the sure proposals (exact, or less a fee), never a partial or an over-payment.
    const planned = (JSON.parse(readFileSync(plan, 'utf8')) as { proposals: { status: string; fit?: string; allocations: { amount: string }[] }[] }).proposals
      .filter((p) => p.status === 'proposed' && (p.fit === 'exact' || p.fit === 'fee'))
      .flatMap((p) => p.allocations.map((a) => a.amount));
    expect(planned.length).toBeGreaterThanOrEqual(3);
    expect(
      state()
        .payments.slice(before)
        .map((p) => p.amount)
        .sort(),
    ).toEqual(planned.sort());
  }, 60_000);
});

describe('fisco emulator statement --quirks', () => {
  it.each(['camt.053', 'cbi-xml', 'cbi-rh', 'mt940'])(
    '%s: newest first, references reused or placeholders; matched as the ordered one, every credit its own',
    async (format) => {
      const folder = mkdtempSync(join(dir, `quirks-${format}-`));
      const env = { FISCO_DATA_DIR: join(folder, 'data') };
      const demo = { env, token: null, baseUrl: null };
      const write = async (quirks: boolean) => {
        const statement = await h.run(['--demo', 'emulator', 'statement', '--format', format, ...(quirks ? ['--quirks'] : [])], demo);
        expect(statement.exitCode, statement.stderr).toBe(0);
        const file = join(folder, quirks ? 'quirks' : 'plain');
        writeFileSync(file, statement.stdout);
        return { file, text: statement.stdout };
      };
      const plain = await write(false);
      const quirky = await write(true);
      if (format === 'mt940') {
        expect(quirky.text).toMatch(/NTRFNONREF\/\/NONREF/);
        expect(quirky.text).toMatch(/NTRFEREF\r?\n/);
      }
      if (format === 'camt.053' || format === 'cbi-xml') expect(quirky.text).toMatch(/<(\w+:)?NtryRef>1<\/(\w+:)?NtryRef>/);
      const match = async (file: string) => {
        const result = await h.run(['--demo', 'bank', 'match', file, '-o', 'json'], demo);
        expect(result.exitCode, result.stderr).toBe(0);
        return parseJson<Row[]>(result.stdout);
      };
      const ordered = await match(plain.file);
      const newestFirst = await match(quirky.file);
      // A CBI RH movement's identity is its position in its statement (its number): the same positions, other movements.
      if (format !== 'cbi-rh') expect(newestFirst.map((r) => r.key)).not.toEqual(ordered.map((r) => r.key));
      expect(newestFirst.map((r) => r.amount)).toEqual(ordered.map((r) => r.amount).reverse());
      expect(new Set(newestFirst.map((r) => r.key)).size).toBe(newestFirst.length);
      // Listed newest first, read with reused references: the same invoices for the same credits.
      const outcome = (rows: Row[]) => rows.map((r) => `${r.status} ${r.allocations.map((a) => `${a.number}=${a.amount}`).join(',')}`).sort();
      expect(outcome(newestFirst)).toEqual(outcome(ordered));
      expect([...newestFirst].reverse().map((r) => r.status)).toEqual(ordered.map((r) => r.status));
    },
    60_000,
  );
});

describe('fisco emulator statement', () => {
  it('reads a --state file given after the subcommand, writes any company with --account, refuses an unknown format', async () => {
    const folder = mkdtempSync(join(dir, 'state-'));
    const stateFile = join(folder, 'emulator.json');
    const env = { FISCO_DATA_DIR: join(folder, 'data') };
    const verdi = await h.run(['--account', 'acc_verdi', 'emulator', 'statement', '--state', stateFile, '--format', 'mt940'], {
      env,
      token: null,
      baseUrl: null,
    });
    expect(verdi.exitCode, verdi.stderr).toBe(0);
    expect(readFileSync(stateFile, 'utf8')).toContain('acc_verdi');
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as { paymentMethods: { accountId: string; iban: string }[] };
    const ibans = state.paymentMethods.filter((p) => p.accountId === 'acc_verdi' && p.iban).map((p) => p.iban);
    expect(ibans.some((iban) => verdi.stdout.includes(`:25:${iban}`))).toBe(true);
    const bad = await h.run(['emulator', 'statement', '--format', 'ofx'], { env, token: null, baseUrl: null });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('camt.053');
  }, 60_000);
});
