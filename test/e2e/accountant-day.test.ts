/**
 * Issue 21 through the built bin, with a firm token (demo-firm-bianchi) and a company token
 * (demo-prod-rossi): firm tokens safe by default, Italian dates and amounts in, invoices found by
 * number (get, pay, pdf, --issued-from/--issued-to), cancelled F24s left out of downloads, help
 * topics and inherited flags, "did you mean", -q.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompletePdf } from '../../src/io/pdf.js';
import { apiList, COMPANY_IDS, firmCompanies, lastSeq, requestsSince } from './firm-helpers.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';

let h: Harness;
let work: string;
const firm = { token: TOKENS.firm };
/** Through the built bin in a child process (the other runs call main() in-process). */
const firmBin = { token: TOKENS.firm, spawn: true };
const bin = { spawn: true };

beforeAll(async () => {
  h = await harness();
  work = mkdtempSync(join(tmpdir(), 'fisco-day-'));
});
afterAll(async () => h?.close());

describe('1. firm tokens are safe by default', () => {
  it('a list with a firm token and no company named names the company on every record, in json and csv; a company token is unchanged', async () => {
    const companies = await firmCompanies(h);
    const json = await h.run(['invoice', 'list', '--all', '-o', 'json'], firmBin);
    expect(json.exitCode, json.stderr).toBe(0);
    const records = parseJson<{ id: string; account_id: string; company: string }[]>(json.stdout);
    const names = new Map((await apiList<{ id: string; name: string }>(h, TOKENS.firm, '/v1/accounts', {})).map((a) => [a.id, a.name]));
    for (const r of records) expect(r.company, r.id).toBe(names.get(r.account_id));
    expect(new Set(records.map((r) => r.account_id))).toEqual(new Set(companies));
    for (const id of COMPANY_IDS) {
      const expected = await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: id });
      expect(records.filter((r) => r.account_id === id).map((r) => r.id)).toEqual(expected.map((i) => i.id));
    }

    const csv = await h.run(['deadlines', 'list', '--all', '-o', 'csv'], firm);
    expect(csv.exitCode, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trim().split('\n');
    expect(header!.split(',').slice(0, 2)).toEqual(['account_id', 'company']);
    for (const row of rows) expect(names.get(row.split(',')[0]!), row).toBe(row.split(',')[1]);

    const table = await h.run(['cost-centers', 'list', '--all', '-o', 'table'], firm);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^\s*Company\b/);
    expect(table.stderr).toContain('every company is read, each row naming its company');

    // The token's kind is asked once (GET /v1/me) and remembered: a second read does not ask again.
    const from = lastSeq(h);
    expect((await h.run(['invoice', 'list', '--limit', '1', '-o', 'json'], firm)).exitCode).toBe(0);
    expect(requestsSince(h, from).filter((r) => r.path === '/v1/me')).toEqual([]);
    const single = await h.run(['invoice', 'list', '--limit', '3', '-o', 'json']);
    expect(single.exitCode, single.stderr).toBe(0);
    for (const r of parseJson<Record<string, unknown>[]>(single.stdout)) expect(r).not.toHaveProperty('company');
  });

  it('a single-resource read refuses (exit 2) with the three ways to say which company, reading nothing; the company token reads it', async () => {
    for (const args of [
      ['expenses', 'summary', '--period', '2026-10'],
      ['f24', 'get', 'f24_0001'],
    ]) {
      const from = lastSeq(h);
      for (const output of ['json', 'table']) {
        const result = await h.run([...args, '-o', output], output === 'json' ? firmBin : firm);
        expect(result.exitCode, result.stderr).toBe(2);
        expect(result.stdout).toBe('');
        expect(result.stderr).toContain(`\`fisco ${args.slice(0, 2).join(' ')}\` reads one company and this token manages several`);
        for (const way of ['--account ID', '--accounts ID,ID,…', '--all-accounts']) expect(result.stderr).toContain(way);
      }
      expect(requestsSince(h, from).filter((r) => r.path !== '/v1/me')).toEqual([]);
      const named = await h.run(['--account', 'acc_rossi', ...args, '-o', 'json'], firm);
      expect(named.exitCode, named.stderr).toBe(0);
      const company = await h.run([...args, '-o', 'json']);
      expect(company.exitCode, company.stderr).toBe(0);
      // The same record either way; a signed file_url carries its own expiry second (the emulator's clock), so it is compared without it.
      const unsigned = (text: string) => text.replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=…&signature=…');
      expect(parseJson(unsigned(company.stdout))).toEqual(parseJson(unsigned(named.stdout)));
    }
  });
});

describe('3. Italian dates and amounts in', () => {
  it('date flags take dd/mm/yyyy and give what YYYY-MM-DD gives', async () => {
    for (const [italian, iso] of [
      [
        ['f24', 'list', '--all', '--due-from', '01/10/2026', '--due-to', '31/10/2026'],
        ['f24', 'list', '--all', '--due-from', '2026-10-01', '--due-to', '2026-10-31'],
      ],
      [
        ['deadlines', 'list', '--all', '--from', '1/11/2026', '--to', '30/11/2026'],
        ['deadlines', 'list', '--all', '--from', '2026-11-01', '--to', '2026-11-30'],
      ],
    ]) {
      const a = await h.run([...italian!, '-o', 'json']);
      const b = await h.run([...iso!, '-o', 'json']);
      expect(a.exitCode, a.stderr).toBe(0);
      const ids = (text: string) => parseJson<{ id: string }[]>(text).map((r) => r.id);
      expect(ids(a.stdout).length).toBeGreaterThan(0);
      // The same records (F24 file links are signed per second, so compared by id).
      expect(ids(a.stdout)).toEqual(ids(b.stdout));
    }
    const month = await h.run(['expenses', 'summary', '--period', '10/2026', '-o', 'json']);
    expect(month.exitCode, month.stderr).toBe(0);
    expect(month.stdout).toBe((await h.run(['expenses', 'summary', '--period', '2026-10', '-o', 'json'])).stdout);
    const bad = await h.run(['f24', 'list', '--due-from', '31/02/2026']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--due-from: 31/02/2026 is not a calendar date');
  });

  it('invoice pay takes 1.234,50 and 24/11/2026; an ambiguous 1.234 is refused with a hint that reads back right, nothing sent', async () => {
    const invoice = (await apiList(h, TOKENS.prod, '/v1/invoices', { payment_status: 'unpaid' })).find((i) => Number(i.amount_due) > 1300)!;
    const from = lastSeq(h);
    const ambiguous = await h.run(['invoice', 'pay', invoice.number, '--amount', '1.234']);
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toContain("--amount: '1.234' is ambiguous: write 1234 or 1.234,00 for 1234 euro");
    expect(requestsSince(h, from)).toEqual([]);
    const paid = await h.run(['invoice', 'pay', invoice.number, '--amount', '1.234,50', '--date', '24/11/2026', '-o', 'json'], bin);
    expect(paid.exitCode, paid.stderr).toBe(0);
    expect(parseJson(paid.stdout).payment).toMatchObject({ amount: '1234.50', payment_date: '2026-11-24' });
    const post = requestsSince(h, from).filter((r) => r.method === 'POST');
    expect(post.map((r) => r.path)).toEqual([`/fatture/${invoice.uuid}/pagamenti`]);
    const body = h.emulator.store.requests.filter((r) => r.method === 'POST').at(-1)!.body as { amount: number; payment_date: string };
    expect(body).toMatchObject({ amount: 1234.5, payment_date: '2026-11-24' });
  });

  it('invoice create reads Italian dates and amounts before its rules: the body carries the canonical forms', async () => {
    const result = await h.run([
      'invoice',
      'create',
      '--piva',
      'IT00743110157',
      '--item',
      'Consulenza;2;1.234,50;22',
      '--date',
      '20/11/2026',
      '--discount',
      '10,50',
      '--due',
      '20/12/2026=100%',
      '--dry-run',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const body = parseJson(result.stdout).body;
    expect(body).toMatchObject({
      issue_date: '2026-11-20',
      sconto: 10.5,
      articoli: [{ prezzo: 1234.5 }],
      scadenze: [{ date: '2026-12-20', value: 100, type: 'percent' }],
    });
  });
});

describe('5. invoices by their number', () => {
  it('invoice get NUMBER; a number repeated across years is refused listing dates and totals, --year says which', async () => {
    const listed = await apiList(h, TOKENS.prod, '/v1/invoices', {});
    const byNumber = await h.run(['invoice', 'get', listed[0]!.number, '-o', 'json']);
    expect(byNumber.exitCode, byNumber.stderr).toBe(0);
    expect(parseJson(byNumber.stdout)).toMatchObject({ id: listed[0]!.id, uuid: listed[0]!.uuid, number: listed[0]!.number });
    const byUuid = await h.run(['invoice', 'get', listed[0]!.uuid, '-o', 'json']);
    expect(byUuid.stdout).toBe(byNumber.stdout);

    const older = await h.run([
      'invoice',
      'create',
      '--piva',
      'IT00743110157',
      '--item',
      'Vecchia;1;10.00;22',
      '--date',
      '01/12/2025',
      '--draft',
      '-o',
      'json',
    ]);
    expect(older.exitCode, older.stderr).toBe(0);
    const created = parseJson(older.stdout);
    expect(created.number).toMatch(/^\d+\/2025$/);
    const short = created.number.split('/')[0];
    const twins = listed.filter((i) => i.number.split('/')[0] === short);
    expect(twins.length).toBeGreaterThan(0);
    const ambiguous = await h.run(['invoice', 'get', short]);
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toContain(`invoice ${short}: ${twins.length + 1} invoices have this number`);
    expect(ambiguous.stderr).toContain(`${created.number}   issued 2025-12-01   total 12,20 €`);
    expect(ambiguous.stderr).toContain('Add --year');
    const year = await h.run(['invoice', 'get', short, '--year', '2025', '-o', 'json']);
    expect(year.exitCode, year.stderr).toBe(0);
    expect(parseJson(year.stdout)).toMatchObject({ id: created.id, uuid: created.uuid });
    const range = await h.run(['invoice', 'get', short, '--issued-from', '01/12/2025', '--issued-to', '31/12/2025', '-o', 'json']);
    expect(parseJson(range.stdout).id).toBe(created.id);
    const none = await h.run(['invoice', 'get', '9999/2031']);
    expect(none.exitCode).toBe(4);
  });

  it('with a firm token a number is looked up in every company: several are listed with their companies, one is shown with its company', async () => {
    const ambiguous = await h.run(['invoice', 'get', '1/2026'], firmBin);
    expect(ambiguous.exitCode).toBe(2);
    for (const id of COMPANY_IDS) expect(ambiguous.stderr).toContain(`(${id})`);
    const named = await h.run(['--account', 'acc_verdi', 'invoice', 'get', '1/2026', '-o', 'json'], firm);
    expect(named.exitCode, named.stderr).toBe(0);
    const verdi = (await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: 'acc_verdi' })).find((i) => i.number === '1/2026');
    expect(parseJson(named.stdout).uuid).toBe(verdi.uuid);
    const rossi = (await apiList(h, TOKENS.firm, '/v1/invoices', { account_id: 'acc_rossi' }))[0];
    const unique = await h.run(['invoice', 'get', rossi.uuid, '-o', 'json'], firm);
    expect(unique.exitCode, unique.stderr).toBe(0);
    expect(parseJson(unique.stdout)).toMatchObject({ account_id: 'acc_rossi', company: 'Rossi Consulting S.r.l.' });
  });

  it('invoice pay NUMBER pays that invoice; with a firm token and no --account it names the company and sends nothing', async () => {
    const invoice = (await apiList(h, TOKENS.prod, '/v1/invoices', { payment_status: 'unpaid' }))[0]!;
    const from = lastSeq(h);
    const refused = await h.run(['invoice', 'pay', invoice.number, '--amount', '1,00'], firm);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/this token manages several companies and a payment is written to one: say which with --account/);
    expect(requestsSince(h, from).filter((r) => r.method === 'POST')).toEqual([]);
    if (!refused.stderr.includes('invoices have this number')) expect(refused.stderr).toContain(`belongs to Rossi Consulting S.r.l. (acc_rossi)`);
    const paid = await h.run(['--account', 'acc_rossi', 'invoice', 'pay', invoice.number, '--amount', '1,00', '-o', 'json'], firm);
    expect(paid.exitCode, paid.stderr).toBe(0);
    expect(parseJson(paid.stdout).invoice).toMatchObject({ uuid: invoice.uuid, number: invoice.number });
  });

  it('invoice pdf NUMBER… --dir: complete PDFs, atomic, skipped on a re-run; a bad --dir is refused before any request; one not found is exit 4 beside the others', async () => {
    const listed = await apiList(h, TOKENS.prod, '/v1/invoices', {});
    const [a, b] = [listed[1]!, listed[2]!];
    const dir = join(work, 'fatture');
    const result = await h.run(['invoice', 'pdf', a.number, b.uuid, '--dir', dir, '-o', 'json'], bin);
    expect(result.exitCode, result.stderr).toBe(0);
    const records = parseJson<{ id: string; file: string; result: string }[]>(result.stdout);
    expect(records.map((r) => [r.id, r.result])).toEqual([
      [a.number, 'downloaded'],
      [b.uuid, 'downloaded'],
    ]);
    expect(records[0]!.file).toBe(join(dir, `${a.number.replace('/', '-')}_${a.issue_date}_${a.id}.pdf`));
    for (const r of records) expect(await isCompletePdf(r.file)).toBe(true);
    expect(readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
    const again = await h.run(['invoice', 'pdf', a.number, b.uuid, '--dir', dir, '-o', 'json']);
    expect(parseJson<{ result: string }[]>(again.stdout).map((r) => r.result)).toEqual(['skipped', 'skipped']);

    const file = join(work, 'a-file');
    writeFileSync(file, 'x');
    const from = lastSeq(h);
    const onFile = await h.run(['invoice', 'pdf', a.number, '--dir', file]);
    expect(onFile.exitCode).toBe(2);
    expect(onFile.stderr).toContain('--dir');
    expect(requestsSince(h, from)).toEqual([]);

    const partly = await h.run(['invoice', 'pdf', a.number, '9999/2031', '--dir', join(work, 'partly'), '-o', 'json']);
    expect(partly.exitCode).toBe(4);
    expect(parseJson<{ result: string }[]>(partly.stdout).map((r) => r.result)).toEqual(['downloaded', 'failed']);
  });

  it('invoice list --issued-from/--issued-to keeps the invoices issued in the range, every page read', async () => {
    const all = await apiList(h, TOKENS.prod, '/v1/invoices', {});
    const expected = all.filter((i) => i.issue_date >= '2026-10-01' && i.issue_date <= '2026-10-31').map((i) => i.id);
    expect(expected.length).toBeGreaterThan(0);
    const result = await h.run(['invoice', 'list', '--issued-from', '01/10/2026', '--issued-to', '31/10/2026', '--per-page', '5', '-o', 'json']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(parseJson<{ id: string }[]>(result.stdout).map((i) => i.id)).toEqual(expected);
    const backwards = await h.run(['invoice', 'list', '--issued-from', '2026-10-31', '--issued-to', '2026-10-01']);
    expect(backwards.exitCode).toBe(2);
  });
});

describe('6. F24 downloads leave cancelled forms out', () => {
  it('selected by dates, cancelled forms are skipped and the others carry a status other than paid/ready in their names; --status cancelled takes them', async () => {
    const forms = await apiList(h, TOKENS.prod, '/v1/f24s', { due_date_from: '2026-01-01', due_date_to: '2026-12-31' });
    expect(forms.some((f) => f.status === 'cancelled')).toBe(true);
    const dir = join(work, 'f24');
    const result = await h.run(['f24', 'download', '--due-from', '01/01/2026', '--due-to', '31/12/2026', '--dir', dir, '-o', 'json'], bin);
    expect(result.exitCode, result.stderr).toBe(0);
    const files = readdirSync(dir);
    const kept = forms.filter((f) => f.status !== 'cancelled');
    expect(files).toHaveLength(kept.length);
    for (const f of kept) {
      const suffix = f.status === 'paid' || f.status === 'ready' ? '' : `_${f.status}`;
      expect(
        files.some((name) => name.endsWith(`_${f.id}${suffix}.pdf`)),
        `${f.id} ${f.status}`,
      ).toBe(true);
    }
    expect(files.some((name) => name.includes('_cancelled'))).toBe(false);
    const cancelled = forms.filter((f) => f.status === 'cancelled');
    expect(result.stderr).toContain(`${cancelled.length} cancelled F24s left out`);

    const asked = await h.run(['f24', 'download', '--status', 'cancelled', '--due-from', '2026-01-01', '--due-to', '2026-12-31', '--dir', dir, '-o', 'json']);
    expect(asked.exitCode, asked.stderr).toBe(0);
    const after = readdirSync(dir);
    for (const f of cancelled)
      expect(
        after.filter((name) => name.endsWith(`_${f.due_date}_${f.id}_cancelled.pdf`)),
        f.id,
      ).toHaveLength(1);
    expect(after).toHaveLength(kept.length + cancelled.length);
  });
});

describe('8. help like the anchors', () => {
  it('fisco help exit-codes and fisco help formats', async () => {
    const codes = await h.run(['help', 'exit-codes'], bin);
    expect(codes.exitCode).toBe(0);
    for (const line of [/^\s+2\s+usage or local validation error/m, /^\s+11\s+partly done/m, /^\s+12\s+a local file or folder/m, /^\s+130\s+interrupted/m])
      expect(codes.stdout).toMatch(line);
    const formats = await h.run(['help', 'formats']);
    expect(formats.exitCode).toBe(0);
    for (const text of ['24/11/2026    dd/mm/yyyy', '1234.50   1234,50   1.234,50', 'CSV dialects', "';' separator"]) expect(formats.stdout).toContain(text);
  });

  it("every subcommand's help lists the global flags it accepts; a write leaves out --all-accounts", async () => {
    const list = await h.run(['invoice', 'list', '--help'], bin);
    const globals = list.stdout.slice(list.stdout.indexOf('Global Options:'));
    for (const flag of ['--account <id>', '--all-accounts', '-o, --output <format>', '-q, --quiet']) expect(globals).toContain(flag);
    const pay = await h.run(['invoice', 'pay', '--help']);
    const payGlobals = pay.stdout.slice(pay.stdout.indexOf('Global Options:'));
    expect(payGlobals).toContain('--account <id>');
    expect(payGlobals).not.toContain('--all-accounts');
    expect(pay.stdout).not.toContain('--version');
  });

  it('a wrong-case numbering gets "did you mean `Standard`" from the names the service listed', async () => {
    const result = await h.run(['invoice', 'create', '--piva', 'IT00743110157', '--numbering', 'standard', '--item', 'A;1;10.00;22', '--draft']);
    expect(result.exitCode).toBe(6);
    expect(result.stderr).toContain('--numbering: did you mean `Standard`?');
    const local = await h.run(['f24', 'list', '--status', 'Ready']);
    expect(local.exitCode).toBe(2);
    expect(local.stderr).toContain('--status: did you mean `ready`? use one of draft, ready, paid, expired, cancelled');
  });

  it('-q with --send --yes prints only the result: no preview', async () => {
    const send = ['invoice', 'create', '--piva', 'IT00743110157', '--item', 'A;1;10.00;22', '--date', '2026-11-20', '--send', '--yes', '-o', 'json'];
    const loud = await h.run(send);
    expect(loud.stderr).toContain('Invoice preview');
    const quiet = await h.run(['-q', ...send]);
    expect(quiet.exitCode, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(parseJson(quiet.stdout)).toMatchObject({ sent: true, number: expect.stringMatching(/\/2026$/) });
  });
});
