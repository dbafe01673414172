import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBankAccount, addInvoice, csvMapping, FORMATS, render, validIban, type Credit, type Format, type StatementOptions } from './bank-fixtures.js';
import { harness, parseJson, type Harness } from './harness.js';

/**
 * A movement is the same movement whichever statement lists it (the audit of issue 27's fix): a
 * statement matched and applied, then another statement (another date, another number, the old
 * movement listed again under another position, plus a new one, and an open invoice of the same
 * client and amount as the old one): the old movement is already registered, only the new one is
 * applied. For every format, with the bank's unique references and without them (CBI's numbers 1..N
 * in each statement, MT940 NONREF, an empty CSV reference); with references, the new movement reuses
 * the old one's reference on another day.
 */
const IBAN = validIban('X0542811101000000777777');

let h: Harness;
let dir: string;
let n = 0;

beforeAll(async () => {
  h = await harness();
  dir = mkdtempSync(join(tmpdir(), 'fisco-bank-identity-'));
}, 60_000);

afterAll(async () => {
  await h?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function paymentsOn(uuid: string) {
  const invoice = h.emulator.store.invoices.find((i) => i.uuid === uuid)!;
  return h.emulator.store.payments.filter((p) => p.invoiceId === invoice.id).map((p) => p.amount);
}

function write(folder: string, format: Format, credits: Credit[], o: StatementOptions): string {
  const file = join(folder, `estratto-${++n}.${format === 'csv' ? 'csv' : format === 'cbi-rh' ? 'txt' : format === 'mt940' ? 'sta' : 'xml'}`);
  writeFileSync(file, render(format, IBAN, credits, o));
  return file;
}

type Row = { key: string; status: string; amount: string; invoices: string[] };

const cases = FORMATS.flatMap((format) => (['bank', 'none'] as const).map((refs) => [format, refs] as const));

describe.each(cases)('%s, references: %s', (format, refs) => {
  it('a movement listed again by a later statement is already registered; only the new one is applied', async () => {
    h.emulator.reset();
    const { store } = h.emulator;
    addBankAccount(store, 'acc_rossi', IBAN);
    // Two open invoices of one client for the same amount: the old credit fits the second one exactly too.
    const first = addInvoice(store, 'acc_rossi', { number: 'ID1/2026', client: 'Delta Forniture S.r.l.', total: '1234.56', issueDate: '2026-10-01' });
    const twin = addInvoice(store, 'acc_rossi', { number: 'ID2/2026', client: 'Delta Forniture S.r.l.', total: '1234.56', issueDate: '2026-10-02' });
    const other = addInvoice(store, 'acc_rossi', { number: 'ID3/2026', client: 'Epsilon Servizi S.r.l.', total: '777.13', issueDate: '2026-10-03' });
    const folder = mkdtempSync(join(dir, `${format}-${refs}-`));
    const env = { FISCO_DATA_DIR: join(folder, 'data') };
    const extra: string[] = [];
    if (format === 'csv') {
      writeFileSync(join(folder, 'mapping.json'), csvMapping(IBAN));
      extra.push('--csv-mapping', join(folder, 'mapping.json'));
    }
    const old: Credit = { ref: 'RIF-0001', date: '2026-11-18', amount: '1234.56', payer: 'DELTA FORNITURE SRL', text: 'pagamento fornitura' };
    // With references: the bank reused the old movement's reference for the new one, on another day.
    const fresh: Credit = { ref: 'RIF-0001', date: '2026-11-19', amount: '777.13', payer: 'Epsilon Servizi S.r.l.', text: 'saldo fatt. n. ID3/2026' };

    const monday = write(folder, format, [old], { date: '2026-11-18', number: '41', refs });
    const plan1 = join(folder, 'plan1.json');
    const match1 = await h.run(['bank', 'match', monday, ...extra, '--plan', plan1, '-o', 'json'], { env });
    expect(match1.exitCode, match1.stderr).toBe(0);
    expect(parseJson<Row[]>(match1.stdout).map((r) => [r.status, r.invoices])).toEqual([['proposed', ['ID1/2026']]]);
    const apply1 = await h.run(['bank', 'apply', plan1, '--yes'], { env });
    expect(apply1.exitCode, apply1.stderr).toBe(0);
    expect(paymentsOn(first.uuid)).toEqual(['1234.56']);

    // The next day's statement: another date and number; the new movement first, the old one second.
    const tuesday = write(folder, format, [fresh, old], { date: '2026-11-19', number: '42', refs });
    const plan2 = join(folder, 'plan2.json');
    const match2 = await h.run(['bank', 'match', tuesday, ...extra, '--plan', plan2, '-o', 'json'], { env });
    expect(match2.exitCode, match2.stderr).toBe(0);
    const rows = parseJson<Row[]>(match2.stdout);
    expect(rows.map((r) => [r.amount, r.status, r.invoices])).toEqual([
      ['777.13', 'proposed', ['ID3/2026']],
      ['1234.56', 'already-registered', []],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
    expect(parseJson<Row[]>(match1.stdout)[0]!.key).toBe(rows[1]!.key);

    for (const confidence of [[], ['--min-confidence', '0.5']]) {
      const apply2 = await h.run(['bank', 'apply', plan2, '--yes', ...confidence, '-o', 'json'], { env });
      expect(apply2.exitCode, apply2.stderr).toBe(0);
    }
    expect(paymentsOn(first.uuid)).toEqual(['1234.56']);
    expect(paymentsOn(twin.uuid)).toEqual([]);
    expect(paymentsOn(other.uuid)).toEqual(['777.13']);
  }, 60_000);
});

describe('a journal of the version before, whose CBI keys held the statement date and number', () => {
  it('the movement it registered is already registered, from the same statement or the next day’s; only the new one is applied', async () => {
    h.emulator.reset();
    const { store } = h.emulator;
    addBankAccount(store, 'acc_rossi', IBAN);
    const first = addInvoice(store, 'acc_rossi', { number: 'OJ1/2026', client: 'Delta Forniture S.r.l.', total: '1234.56', issueDate: '2026-10-01' });
    const twin = addInvoice(store, 'acc_rossi', { number: 'OJ2/2026', client: 'Delta Forniture S.r.l.', total: '1234.56', issueDate: '2026-10-02' });
    const other = addInvoice(store, 'acc_rossi', { number: 'OJ3/2026', client: 'Epsilon Servizi S.r.l.', total: '777.13', issueDate: '2026-10-03' });
    const folder = mkdtempSync(join(dir, 'former-'));
    const env = { FISCO_DATA_DIR: join(folder, 'data') };
    const old: Credit = { ref: 'x', date: '2026-11-18', amount: '1234.56', payer: 'DELTA FORNITURE SRL', text: 'pagamento fornitura' };
    const fresh: Credit = { ref: 'y', date: '2026-11-19', amount: '777.13', payer: 'Epsilon Servizi S.r.l.', text: 'saldo fatt. n. OJ3/2026' };
    const monday = write(folder, 'cbi-xml', [old], { date: '2026-11-18', number: '41', refs: 'none' });
    // The journal an earlier fisco wrote: the same payment under the key it gave the entry (NtryRef 1 with the statement's date).
    const plan1 = join(folder, 'plan1.json');
    expect((await h.run(['bank', 'match', monday, '--plan', plan1, '-o', 'json'], { env })).exitCode).toBe(0);
    const edited = JSON.parse(readFileSync(plan1, 'utf8')) as { proposals: { movement: { key: string } }[] };
    const former = `cbi:${IBAN}/2026-11-18/1`;
    edited.proposals[0]!.movement.key = former;
    writeFileSync(plan1, JSON.stringify(edited));
    const apply1 = await h.run(['bank', 'apply', plan1, '--yes'], { env });
    expect(apply1.exitCode, apply1.stderr).toBe(0);
    expect(paymentsOn(first.uuid)).toEqual(['1234.56']);

    // The same statement again: recognised by that key.
    const again = await h.run(['bank', 'match', monday, '-o', 'json'], { env });
    const [same] = parseJson<(Row & { skip_reason: string })[]>(again.stdout);
    expect([same!.status, same!.skip_reason]).toEqual(['already-registered', expect.stringContaining(`(by an earlier fisco, under its key ${former})`)]);

    // The next day's statement lists it again as its entry 2: held as possibly registered, never proposed again.
    const tuesday = write(folder, 'cbi-xml', [fresh, old], { date: '2026-11-19', number: '42', refs: 'none' });
    const plan2 = join(folder, 'plan2.json');
    const match2 = await h.run(['bank', 'match', tuesday, '--plan', plan2, '-o', 'json'], { env });
    expect(match2.exitCode, match2.stderr).toBe(0);
    const rows = parseJson<(Row & { skip_reason: string | null })[]>(match2.stdout);
    expect(rows.map((r) => [r.amount, r.status, r.invoices])).toEqual([
      ['777.13', 'proposed', ['OJ3/2026']],
      ['1234.56', 'already-registered', []],
    ]);
    expect(rows[1]!.skip_reason).toMatch(/possibly registered on invoice OJ1\/2026 .*cbi:IT\w+\/2026-11-18\/1/);
    const apply2 = await h.run(['bank', 'apply', plan2, '--yes', '--min-confidence', '0.5'], { env });
    expect(apply2.exitCode, apply2.stderr).toBe(0);
    expect(paymentsOn(first.uuid)).toEqual(['1234.56']);
    expect(paymentsOn(twin.uuid)).toEqual([]);
    expect(paymentsOn(other.uuid)).toEqual(['777.13']);
  }, 60_000);
});
