/**
 * Data nobody here wrote (issue 27): the emulator with the service's quirks (`quirks: true`, as
 * `fisco emulator --quirks`) sends some amounts as noisy floats, some with digits past the cent and
 * some invoice uuids that are not RFC 4122. Lists, get, pay, --query, overview, the monthly report
 * and bank match all go on; only a computation with such an amount sets that record apart.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { add, sum } from '../../src/domain/money.js';
import { quirkOf } from '../../src/emulator/quirks.js';
import type { Store } from '../../src/emulator/index.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { spawnEmulator } from './emulator-process.js';

type InvoiceRecord = Store['invoices'][number];
interface Listed {
  id: string;
  number: string;
  uuid?: string;
  account_id: string;
  total_amount: string;
  amount_paid: string;
  amount_due: string;
  payment_status: string | null;
}

let h: Harness;
let seed: number;
const firm = { token: TOKENS.firm };

beforeAll(async () => {
  h = await harness({ quirks: true, rateLimit: { limit: 100_000, windowMs: 60_000 } });
  seed = h.emulator.store.meta.seed;
});
afterAll(async () => h.close());

const residue = (i: InvoiceRecord) => new Big(i.total_amount).minus(i.amount_paid).toFixed(2);
const isOpen = (i: InvoiceRecord) =>
  i.direction === 'outbound' &&
  !['draft', 'rejected', 'error'].includes(i.sdi_status) &&
  !['TD04', 'TD05'].includes(i.tipo_documento) &&
  new Big(residue(i)).gt(0);
const quirks = (i: InvoiceRecord) => quirkOf(seed, 'invoice', i.id);
/** An open invoice whose amounts the emulator serves with a third decimal, and its company. */
const pastCent = () => h.emulator.store.invoices.find((i) => isOpen(i) && quirks(i).pastCent && new Big(i.amount_paid).eq(0))!;
const served = (i: InvoiceRecord) =>
  i.uuid === null ? null : quirks(i).uuid === 'prefixed' ? `uuid-${i.numericId}` : quirks(i).uuid === 'numeric' ? String(i.numericId) : i.uuid;

describe('the emulator sends the quirks', () => {
  it('noisy floats, digits past the cent and uuids that are not RFC 4122, in the raw answer; its state stays exact', async () => {
    const answer = await fetch(`${h.emulator.url}/v1/invoices?per_page=100&account_id=acc_verdi`, { headers: { authorization: `Bearer ${TOKENS.firm}` } });
    const text = await answer.text();
    expect(text).toMatch(/"(total_amount|amount_paid|amount_due)":\d+\.\d{10,}[,}]/); // noise: 0.30000000000000004 style
    expect(text).toMatch(/"amount_due":\d+\.\d{2}5[,}]/); // 100.125 style
    expect(text).toMatch(/"uuid":"uuid-\d+"/);
    expect(text).toMatch(/"uuid":"\d+"/);
    for (const i of h.emulator.store.invoices) expect(i.total_amount, i.id).toMatch(/^-?\d+\.\d{2}$/);
  });
});

describe('fisco emulator --quirks', () => {
  it('serves the quirks from the command line too', async () => {
    const emulator = await spawnEmulator(['--quirks']);
    try {
      const answer = await fetch(`${emulator.info.url}/v1/invoices?per_page=100`, { headers: { authorization: `Bearer ${TOKENS.prod}` } });
      const text = await answer.text();
      expect(text).toMatch(/"uuid":"uuid-\d+"/);
      expect(text).toMatch(/":\d+\.\d{10,}[,}]/);
    } finally {
      expect(await emulator.stop()).toBe(0);
    }
  });
});

describe('lists keep every digit; tables mark them', () => {
  it('json and ndjson: noise is the cent, real digits as sent; the whole list, exit 0', async () => {
    const result = await h.run(['--account', 'acc_verdi', 'invoice', 'list', '--all', '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    const listed = parseJson<Listed[]>(result.stdout);
    const records = h.emulator.store.invoices.filter((i) => i.accountId === 'acc_verdi' && i.direction === 'outbound');
    expect(listed).toHaveLength(records.length);
    let seen = 0;
    for (const i of records) {
      const got = listed.find((l) => l.id === i.id)!;
      const extra = quirks(i).pastCent && isOpen(i) ? '0.005' : '0';
      if (extra !== '0') seen++;
      expect(got.total_amount, i.number).toBe(add(i.total_amount, extra));
      expect(got.amount_due, i.number).toBe(add(residue(i), extra));
      expect(got.amount_paid, i.number).toBe(add(i.amount_paid, '0'));
      expect(got.uuid).toBe(served(i));
    }
    expect(seen).toBeGreaterThan(0);
    const ndjson = await h.run(['--account', 'acc_verdi', 'invoice', 'list', '--all', '-o', 'ndjson'], firm);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Listed),
    ).toEqual(listed);
  });

  it('csv keeps the digits (the Italian dialect with a decimal comma); the table marks the cell and names the record', async () => {
    const inv = pastCent();
    const at = ['--account', inv.accountId, 'invoice', 'list', '--all'];
    const csv = await h.run([...at, '-o', 'csv', '--fields', 'number,total_amount,amount_due'], firm);
    expect(csv.exitCode, csv.stderr).toBe(0);
    const exact = add(inv.total_amount, '0.005');
    expect(csv.stdout).toContain(`${inv.number},${exact},${exact}\r\n`);
    const it = await h.run([...at, '-o', 'csv', '--csv-dialect', 'it', '--fields', 'number,total_amount'], firm);
    // The Italian dialect writes a number that a spreadsheet would take for a date as text: ="12/2026", quoted as RFC 4180 quotes it.
    expect(it.stdout).toContain(`"=""${inv.number}""";${exact.replace('.', ',')}\r\n`);
    const table = await h.run([...at, '-o', 'table'], firm);
    expect(table.exitCode, table.stderr).toBe(0);
    const line = table.stdout.split('\n').find((l) => l.startsWith(`${inv.number} `))!;
    expect(line).toContain(`${exact.split('.')[1]} €*`);
    expect(table.stderr).toMatch(/^\* an amount with digits past the cent, shown exactly as the service sent it \(never rounded\): invoice /m);
    expect(table.stderr).toContain(`invoice ${inv.number} total_amount ${exact}`);
  });

  it('--query sees the exact strings', async () => {
    const inv = pastCent();
    const result = await h.run(
      ['--account', inv.accountId, 'invoice', 'list', '--all', '--query', `[?number=='${inv.number}'].[total_amount, amount_due]`],
      firm,
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const exact = add(inv.total_amount, '0.005');
    expect(parseJson(result.stdout)).toEqual([[exact, exact]]);
  });
});

describe('ids as the service gives them', () => {
  const rossi = (form: 'prefixed' | 'numeric') =>
    h.emulator.store.invoices.find((i) => i.accountId === 'acc_rossi' && isOpen(i) && quirks(i).uuid === form && !quirks(i).pastCent)!;

  it('invoice get by number and by a uuid that is not RFC 4122', async () => {
    const inv = rossi('prefixed');
    for (const ref of [inv.number, served(inv)!]) {
      const result = await h.run(['invoice', 'get', ref, '-o', 'json']);
      expect(result.exitCode, `${ref}: ${result.stderr}`).toBe(0);
      expect(parseJson<Listed>(result.stdout)).toMatchObject({ id: inv.id, uuid: served(inv) });
    }
  });

  it('invoice pay by a non-RFC uuid and by number: the payment reaches the invoice the list names', async () => {
    const inv = rossi('prefixed');
    const sent = h.mark();
    const byUuid = await h.run(['invoice', 'pay', served(inv)!, '--amount', '1.00']);
    expect(byUuid.exitCode, byUuid.stderr).toBe(0);
    expect(byUuid.stderr).not.toContain('no outbound invoice');
    expect(sent().filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: `/fatture/${served(inv)}/pagamenti`, status: 201 }]);
    const numbered = await h.run(['invoice', 'pay', inv.number, '--amount', '1.00']);
    expect(numbered.exitCode, numbered.stderr).toBe(0);
    expect(h.emulator.store.payments.filter((p) => p.invoiceId === inv.id).map((p) => p.amount)).toEqual(['1.00', '1.00']);
  });

  it("one invoice's uuid that is another's number: exit 2 listing both, nothing sent; uuid: and number: say which", async () => {
    // A numeric uuid (`17`) and an invoice numbered 17/yyyy of the same company.
    const pair = h.emulator.store.invoices
      .filter((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound' && quirks(i).uuid === 'numeric')
      .map((i) => ({
        byUuid: i,
        byNumber: h.emulator.store.invoices.filter((o) => o.accountId === 'acc_rossi' && o.direction === 'outbound' && o.number.startsWith(`${i.numericId}/`)),
      }))
      .find((p) => p.byNumber.length === 1 && p.byNumber[0] !== p.byUuid)!;
    expect(pair).toBeDefined();
    const ref = String(pair.byUuid.numericId);
    const sent = h.mark();
    const result = await h.run(['invoice', 'pay', ref, '--amount', '1.00']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`invoice ${ref}: it is the UUID of one invoice and the number of another; say which, nothing was sent:`);
    expect(result.stderr).toContain(`by its UUID:   ${pair.byUuid.number}`);
    expect(result.stderr).toContain(`by its number:   ${pair.byNumber[0]!.number}`);
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    const byUuid = await h.run(['invoice', 'get', `uuid:${ref}`, '-o', 'json']);
    expect(parseJson<Listed>(byUuid.stdout).id, byUuid.stderr).toBe(pair.byUuid.id);
    const byNumber = await h.run(['invoice', 'get', `number:${ref}`, '-o', 'json']);
    expect(parseJson<Listed>(byNumber.stdout).id, byNumber.stderr).toBe(pair.byNumber[0]!.id);
  });
});

describe('records the service numbers alike: an expense and a payslip, an inbound and an outbound invoice', () => {
  it('all listed (the whole list, exit 0), all mirrored: offline prints what online does, byte for byte', async () => {
    type ExpenseRecord = Store['expenses'][number];
    const stored = h.emulator.store.expenses.filter((e) => e.accountId === 'acc_rossi');
    const number = (e: ExpenseRecord) => Number(/\d+$/.exec(e.id)![0]);
    // A payslip served with the id of the expense stored just before it.
    const pair = stored
      .filter((e) => e.source === 'payslip')
      .map((slip) => ({ slip, expense: stored.find((e) => e.source === 'expense' && number(e) === number(slip) - 1) }))
      .find((p) => p.expense)!;
    expect(pair).toBeDefined();
    const [from, to] = [pair.expense!.periodo_competenza, pair.slip.periodo_competenza].sort();
    const read = ['--account', 'acc_rossi', 'expenses', 'list', '--from', from!, '--to', to!, '--all', '-o', 'json'];
    const online = await h.run(read);
    expect(online.exitCode, online.stderr).toBe(0);
    const listed = parseJson<{ id: string; source: string }[]>(online.stdout);
    expect(listed.filter((e) => e.id === pair.expense!.id).map((e) => e.source)).toEqual(['expense', 'payslip']);
    expect(listed).toHaveLength(stored.filter((e) => e.periodo_competenza >= from! && e.periodo_competenza <= to!).length);

    const env = { FISCO_DATA_DIR: mkdtempSync(join(tmpdir(), 'fisco-quirks-mirror-')) };
    const sync = await h.run(['sync'], { env });
    expect(sync.exitCode, sync.stderr).toBe(0);
    const offline = await h.run(['--offline', ...read], { env });
    expect(offline.exitCode, offline.stderr).toBe(0);
    expect(offline.stdout).toBe(online.stdout);

    // An inbound invoice served with an outbound one's id: both directions whole, online and offline.
    const lists = await Promise.all(
      ['outbound', 'inbound'].map(async (direction) => {
        const args = ['--account', 'acc_rossi', 'invoice', 'list', '--direction', direction, '--all', '-o', 'json'];
        const [on, off] = [await h.run(args), await h.run(['--offline', ...args], { env })];
        expect(on.exitCode, on.stderr).toBe(0);
        expect(off.exitCode, off.stderr).toBe(0);
        expect(off.stdout).toBe(on.stdout);
        return parseJson<{ id: string }[]>(on.stdout).map((i) => i.id);
      }),
    );
    const [outboundIds, inboundIds] = lists as [string[], string[]];
    expect(inboundIds.filter((id) => outboundIds.includes(id)).length).toBeGreaterThan(0);
    const rossi = h.emulator.store.invoices.filter((i) => i.accountId === 'acc_rossi');
    expect(inboundIds).toHaveLength(rossi.filter((i) => i.direction === 'inbound').length);
  });
});

describe('paying an invoice whose residue has digits past the cent', () => {
  it('below it: a part payment, sent; at or over it: exit 2, nothing sent, the reason said', async () => {
    const inv = pastCent();
    const at = ['--account', inv.accountId];
    const before = residue(inv);
    const exact = add(before, '0.005');
    const sent = h.mark();
    const over = await h.run([...at, 'invoice', 'pay', inv.number, '--amount', new Big(before).plus('0.01').toFixed(2)], firm);
    expect(over.exitCode).toBe(2);
    expect(over.stderr).toContain(`its residue is ${exact} as the service sent it, with digits past the cent`);
    expect(over.stderr).toContain('fisco cannot know which amount in cents settles it; nothing was sent');
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
    const part = await h.run([...at, 'invoice', 'pay', inv.number, '--amount', '10.00', '-o', 'json'], firm);
    expect(part.exitCode, part.stderr).toBe(0);
    expect(part.stderr).toContain(`its residue is ${exact} as the service sent it (digits past the cent); 10.00 is below it, a part payment`);
    expect(parseJson<{ invoice: Listed }>(part.stdout).invoice.amount_due).toBe(add(sub2(before, '10.00'), '0.005'));
  });
});

function sub2(a: string, b: string): string {
  return new Big(a).minus(b).toFixed(2);
}

describe('totals leave the record out and say so', () => {
  it('overview: the open and overdue totals leave out each amount past the cent, one warning line names it', async () => {
    const result = await h.run(['overview', '-o', 'json'], firm);
    expect([0, 11], result.stderr).toContain(result.exitCode);
    const rows = parseJson<
      { account_id: string; company: string; open_amount: string | null; left_out: { figure: string; record: string; amount: string }[] }[]
    >(result.stdout);
    let named = 0;
    for (const row of rows) {
      const open = h.emulator.store.invoices.filter((i) => i.accountId === row.account_id && isOpen(i));
      const inexact = open.filter((i) => quirks(i).pastCent);
      expect(row.open_amount, row.account_id).toBe(sum(open.filter((i) => !quirks(i).pastCent).map(residue)));
      for (const i of inexact) {
        expect(row.left_out, row.account_id).toContainEqual(
          expect.objectContaining({ figure: 'open_amount', record: `invoice ${i.number}`, amount: add(residue(i), '0.005') }),
        );
        expect(result.stderr).toContain(`${row.company} (${row.account_id}): open_amount`);
        named++;
      }
    }
    expect(named).toBeGreaterThan(0);
  });

  it('the monthly report: the issued total leaves the invoice out and report.html names it in Italian', async () => {
    const inv = h.emulator.store.invoices.find((i) => isOpen(i) && quirks(i).pastCent && i.issue_date.startsWith('2026-11-'))!;
    expect(inv).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'fisco-quirks-export-'));
    const result = await h.run(['--account', inv.accountId, 'export', '--period', '2026-11', '--dir', dir, '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    const folder = readdirSync(dir, { withFileTypes: true }).find((e) => e.isDirectory())!.name;
    const html = readFileSync(join(dir, folder, 'report.html'), 'utf8');
    expect(html).toContain('<h2>Importi oltre il centesimo</h2>');
    expect(html).toMatch(
      new RegExp(
        `fattura ${inv.number.replace('/', '\\/')}: <span class="money" data-value="${add(inv.total_amount, '0.005').replace('.', '\\.')}">[^<]+</span> <span class="code">total_amount</span>, escluso da Emesso, Incassato, Da incassare`,
      ),
    );
    const issued = h.emulator.store.invoices.filter(
      (i) =>
        i.accountId === inv.accountId &&
        i.direction === 'outbound' &&
        i.issue_date.startsWith('2026-11-') &&
        !['draft', 'rejected', 'error'].includes(i.sdi_status) &&
        !['TD04', 'TD05'].includes(i.tipo_documento) &&
        !(isOpen(i) && quirks(i).pastCent),
    );
    expect(html).toContain(`data-figure="invoices.issued" data-value="${sum(issued.map((i) => i.total_amount))}"`);
  });
});

describe('bank match still reads every invoice', () => {
  it('a statement of a company whose list holds noisy floats and amounts past the cent: matched, exit 0', async () => {
    const inv = pastCent();
    const answer = await fetch(`${h.emulator.url}/__emulator/statement?account_id=${inv.accountId}&format=camt.053`);
    expect(answer.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'fisco-quirks-bank-')), 'estratto.xml');
    writeFileSync(file, await answer.text());
    const sent = h.mark();
    const result = await h.run(['--account', inv.accountId, 'bank', 'match', file, '-o', 'json'], firm);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(Array.isArray(parseJson(result.stdout))).toBe(true);
    expect(
      sent()
        .filter((r) => r.path === '/v1/invoices')
        .every((r) => r.status === 200),
    ).toBe(true);
  });
});
