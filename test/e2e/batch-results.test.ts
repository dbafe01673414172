/**
 * Batch results people can use (issue 31, item 4): every created record carries the invoice as
 * the service made it (the number it assigned, read from the invoice list after the sends by the
 * creation url = the list's pdf_url; the issue date; the total) in the result rows, the --result
 * file, --status and the journal; a failed read leaves the invoices created and reported (exit 0),
 * the number unknown with why, and a re-run reads it, sending and asking nothing; --dry-run is a
 * table unless json is asked for; --status's times are local with their offset and its company is
 * filled.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { batchHarness, batchJournalOf, creationPosts, csvIt, invoicesPerRecord, ndjson, oncePerRecord, records, type Rec } from './batch-helpers.js';
import { parseJson, TOKENS, type Harness } from './harness.js';

let h: Harness;
let dir: string;
beforeAll(async () => {
  ({ h, dir } = await batchHarness());
}, 30_000);
afterAll(async () => h?.close());
afterEach(() => h.emulator.clearFaults());

const lastSeq = () => h.emulator.store.requests.at(-1)?.seq ?? 0;
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const invoiceOf = (r: Rec) => h.emulator.store.invoices.find((i) => i.counterpart.name === r.client)!;

interface Row {
  ref: string;
  account: string | null;
  id: string | null;
  url: string | null;
  status: string;
  message: string | null;
  number: string | null;
  issue_date: string | null;
  total: string | null;
}

/** The journal's latest entry per ref, read as the file holds it. */
function journalEntries(file: string): Map<string, { state: string; result?: Record<string, unknown> }> {
  const lines = readFileSync(batchJournalOf(h, file), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(l));
  return new Map(lines.filter((l) => l.key).map((l) => [l.key, l]));
}

describe('invoice batch: the invoice the service made, in every result', () => {
  it('a failed read of the numbers leaves the invoices created (exit 0, number unknown, why); the re-run reads them and asks nothing', async () => {
    const recs = records(3, { prefix: 'U' });
    const file = write('unknown-numbers.csv', csvIt(recs));
    // Before the sends: the check for an earlier run (the company's outbound drafts, 100 a page), the clock and one
    // listing; the listing after the sends fails every attempt.
    const pages = Math.max(
      1,
      Math.ceil(h.emulator.store.invoices.filter((i) => i.accountId === 'acc_rossi' && i.direction === 'outbound' && i.sdi_status === 'draft').length / 100),
    );
    h.emulator.injectFault({ method: 'GET', path: '/v1/invoices', after: pages + 2, times: 20, action: 'status', status: 503 });
    const result = join(dir, 'unknown-numbers.json');
    const run = await h.run(['invoice', 'batch', file, '--send', '--yes', '--result', result]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    const rows = parseJson<Row[]>(run.stdout);
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({ ref: recs[i].ref, status: 'created', id: invoiceOf(recs[i]).id, number: null, issue_date: '2026-11-20' });
      expect(row.total).toBe(invoiceOf(recs[i]).total_amount);
      expect(row.message).toMatch(/^number not read: the invoice list could not be read \(.*503.*\); run the same command again to read it$/);
    }
    expect(parseJson(readFileSync(result, 'utf8'))).toEqual(rows);
    expect(run.stderr).toMatch(/warning: the number of 3 created invoices is not known \(U-0001, U-0002, U-0003\): the invoice list could not be read/);
    expect(run.stderr).toContain('they are created; run the same command again to read them (nothing is sent twice)');
    expect(run.stderr).toContain('3 of 3 created and sent to the SDI');
    h.emulator.clearFaults();

    // The re-run: nothing left to send, nothing asked (no --yes, no terminal: it would be exit 10 if it asked), the numbers read.
    const from = lastSeq();
    const again = await h.run(['invoice', 'batch', file, '--send']);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing left to send: all 3 records of this batch were created by an earlier run; nothing is asked, nothing is sent again');
    expect(again.stderr).not.toMatch(/SEND 3|Type "send|needs --yes/);
    expect(creationPosts(h, from)).toEqual([]);
    const read = parseJson<Row[]>(again.stdout);
    expect(read.map((r) => [r.ref, r.number, r.status, r.message])).toEqual(recs.map((r) => [r.ref, invoiceOf(r).number, 'created', null]));
    // One listing since the first of these requests (and the service's clock): no more.
    const gets = h.emulator.store.requests.filter((r) => r.seq > from && r.path === '/v1/invoices');
    expect(gets.map((r) => r.query.updated_since === undefined)).toEqual([true, false]);
    expect(journalEntries(file).get('U-0002')).toMatchObject({
      state: 'done',
      result: { number: invoiceOf(recs[1]).number, issue_date: '2026-11-20', total: invoiceOf(recs[1]).total_amount },
    });
  });

  it('--status: the number, date and total; the company filled without an account column; times local with their offset', async () => {
    const recs = records(2, { prefix: 'T' });
    const file = write('status.csv', csvIt(recs));
    const before = await h.run(['invoice', 'batch', file, '--status', '-o', 'csv']);
    expect(before.exitCode, before.stderr).toBe(0);
    expect(before.stdout.split('\r\n')[0]).toBe('ref,account,state,id,url,at,message,number,issue_date,total');
    expect(before.stdout).toContain('T-0001,acc_rossi,planned,');
    const started = Date.now();
    expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(0);
    const status = await h.run(['invoice', 'batch', file, '--status', '-o', 'csv']);
    expect(status.exitCode, status.stderr).toBe(0);
    const lines = status.stdout.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    for (const [i, r] of recs.entries()) {
      const invoice = invoiceOf(r);
      const cells = lines[i + 1]!.split(',');
      expect(cells.slice(0, 5)).toEqual([r.ref, 'acc_rossi', 'created', invoice.id, `${h.emulator.url}/fatture/${invoice.uuid!}/pdf`]);
      // Europe/Rome in November: +01:00, the same instant the journal holds.
      expect(cells[5]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
      expect(Date.parse(cells[5]!)).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000);
      expect(cells.slice(6)).toEqual(['', invoice.number, '2026-11-20', invoice.total_amount]);
    }
    // The table says the offset of every time; the Italian CSV writes the total with a comma and the number as text.
    const table = await h.run(['invoice', 'batch', file, '--status', '-o', 'table']);
    expect(table.stdout).toMatch(
      new RegExp(`T-0001\\s+created\\s+${invoiceOf(recs[0]).number}\\s+20/11/2026\\s+[\\d.,]+ €\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\+01:00`),
    );
    const italian = await h.run(['--csv-dialect', 'it', 'invoice', 'batch', file, '--status', '-o', 'csv']);
    expect(italian.stdout.split('\r\n')[0]).toContain('Riferimento;Azienda;Stato;ID;Link;Quando;Messaggio;Numero;Data emissione;Totale');
    expect(italian.stdout).toContain(`;20/11/2026;${invoiceOf(recs[0]).total_amount.replace('.', ',')}\r\n`);
  });

  it('a record found by the lookup after a lost answer carries its number too; --result in the Italian dialect', async () => {
    const recs = records(2, { prefix: 'L' });
    const file = write('lost.ndjson', ndjson(recs));
    // The second creation is made, its answer lost: the lookup right after finds it.
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', after: 1, times: 1, action: 'drop-after' });
    const result = join(dir, 'lost.csv');
    const run = await h.run(['--csv-dialect', 'it', 'invoice', 'batch', file, '--draft', '--result', result]);
    expect(run.exitCode, run.stderr).toBe(0);
    const rows = parseJson<Row[]>(run.stdout);
    expect(rows[1]).toMatchObject({
      ref: 'L-0002',
      status: 'created',
      number: invoiceOf(recs[1]).number,
      message: 'found by the lookup after an unknown outcome',
    });
    expect(rows[0]).toMatchObject({ ref: 'L-0001', status: 'created', number: invoiceOf(recs[0]).number, message: null });
    const csv = readFileSync(result, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFRiferimento;Azienda;ID;Link;Stato;Messaggio;Numero;Data emissione;Totale');
    // Identifiers kept as text by a spreadsheet (="…"), the total with a decimal comma, the date dd/mm/yyyy.
    expect(csv).toContain(`;creata;;"=""${invoiceOf(recs[0]).number}""";20/11/2026;${invoiceOf(recs[0]).total_amount.replace('.', ',')}\r\n`);
  });

  it('--dry-run: a table of ref, company, client, taxable, VAT and total with -o table; csv rows; the request bodies only with json', async () => {
    const recs = records(2, { prefix: 'D' });
    const file = write('dry.csv', csvIt(recs));
    const from = lastSeq();
    const table = await h.run(['-o', 'table', 'invoice', 'batch', file, '--dry-run']);
    expect(table.exitCode, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['Ref', 'Company', 'Client', 'Date', 'Taxable', 'VAT', 'Total']);
    expect(lines[1]).toMatch(/^D-0001\s+Rossi Consulting S\.r\.l\.\s+Cliente D-0001 S\.r\.l\.\s+20\/11\/2026\s+180,50 €\s+39,71 €\s+220,21 €$/);
    expect(lines[2]).toMatch(/^D-0002\s+Rossi Consulting S\.r\.l\.\s+Cliente D-0002 S\.r\.l\.\s+20\/11\/2026\s+101,50 €\s+22,33 €\s+123,83 €$/);
    // The total row: what has no total (a company, a date) is –.
    expect(lines[3]).toMatch(/^Total\s+–\s+2 invoices\s+–\s+282,00 €\s+62,04 €\s+344,04 €$/);
    expect(lines).toHaveLength(4);
    expect(table.stdout).not.toContain('"body"');
    expect(table.stderr).toContain('-o json writes every request body');
    expect(table.stderr).toContain('dry run: 2 invoices checked, nothing was sent');

    const csv = await h.run(['-o', 'csv', 'invoice', 'batch', file, '--dry-run']);
    expect(csv.stdout.split('\r\n')).toEqual([
      'ref,account,company,client,issue_date,taxable,vat,total',
      'D-0001,acc_rossi,Rossi Consulting S.r.l.,Cliente D-0001 S.r.l.,2026-11-20,180.50,39.71,220.21',
      'D-0002,acc_rossi,Rossi Consulting S.r.l.,Cliente D-0002 S.r.l.,2026-11-20,101.50,22.33,123.83',
      '',
    ]);
    // Off a terminal json stays the default: every body, as before.
    const json = await h.run(['invoice', 'batch', file, '--dry-run']);
    const doc = parseJson(json.stdout);
    expect(doc.records.map((r: { ref: string }) => r.ref)).toEqual(['D-0001', 'D-0002']);
    expect(doc.records[0].body.cliente.name).toBe('Cliente D-0001 S.r.l.');
    expect(doc.totals.all).toEqual({ count: 2, taxable: '282.00', vat: '62.04', total: '344.04' });
    expect(creationPosts(h, from)).toEqual([]);
  });

  it('a by-VAT record names its client by the VAT number in the dry-run table (the service fills the name in)', async () => {
    const file = write(
      'dry-piva.ndjson',
      `${JSON.stringify({ ref: 'V-1', piva: 'IT00743110157', numerazione: 'Standard', articoli: [{ nome: 'Consulenza', quantita: 2, prezzo: 150.0, iva: 22 }] })}\n`,
    );
    const table = await h.run(['-o', 'table', 'invoice', 'batch', file, '--dry-run']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/V-1\s+Rossi Consulting S\.r\.l\.\s+P\.IVA 00743110157\s+\d\d\/\d\d\/\d{4}\s+300,00 €\s+66,00 €\s+366,00 €/);
  });

  it('a firm token: the re-run of a batch over two companies, some records still to send, previews only those', async () => {
    const recs = records(4, { prefix: 'F', accounts: ['acc_rossi', 'acc_verdi'] });
    const file = write('firm.csv', csvIt(recs.slice(0, 2)));
    expect((await h.run(['invoice', 'batch', file, '--draft'], { token: TOKENS.firm })).exitCode).toBe(0);
    writeFileSync(file, csvIt(recs));
    const run = await h.run(['invoice', 'batch', file, '--draft'], { token: TOKENS.firm });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).toContain('Action      create 2 DRAFTs (not sent to the SDI)');
    expect(run.stderr).toContain('2 more created by an earlier run: not sent again');
    const rows = parseJson<Row[]>(run.stdout);
    expect(rows.map((r) => [r.ref, r.account, r.number])).toEqual(recs.map((r) => [r.ref, r.account, invoiceOf(r).number]));
  });
});
