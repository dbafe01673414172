import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, TOKENS, type Harness } from './harness.js';
import { batchHarness, creationPosts, csvIt, invoicesPerRecord, ndjson, oncePerRecord, records, type Rec } from './batch-helpers.js';

let h: Harness;
let dir: string;

beforeAll(async () => {
  ({ h, dir } = await batchHarness());
}, 30_000);
afterAll(async () => h?.close());

const write = (name: string, text: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const lastSeq = () => h.emulator.store.requests.at(-1)?.seq ?? 0;

/** Total of a record in cents: VAT 22% on the taxable, half-up (integers only). */
function totalCents(r: Rec): number {
  const taxable = r.items.reduce((acc, it) => acc + Number(it.qty) * Math.round(Number(it.price.replace('.', ''))), 0);
  return taxable + Math.floor((taxable * 22 + 50) / 100);
}
const euro = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('invoice batch: 50 records across two companies of a firm token', () => {
  it('creates exactly 50 invoices with the right bodies, and the result file matches', async () => {
    const recs = records(50, { prefix: 'M', accounts: ['acc_rossi', 'acc_verdi'] });
    const file = write('month.csv', csvIt(recs));
    const before = h.emulator.store.invoices.length;
    const from = lastSeq();
    const result = join(dir, 'month-result.json');
    const run = await h.run(['invoice', 'batch', file, '--send', '--yes', '--result', result], { token: TOKENS.firm, timeout: 60_000 });
    expect(run.stderr).toContain('50 of 50 created and sent to the SDI');
    expect(run.exitCode).toBe(0);
    expect(h.emulator.store.invoices.length - before).toBe(50);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    // Per company: the preview's figures and the invoices' companies.
    expect(run.stderr).toMatch(/Rossi Consulting S\.r\.l\. \(acc_rossi\)\s+25/);
    expect(run.stderr).toMatch(/Verdi Costruzioni S\.p\.A\. \(acc_verdi\)\s+25/);
    const posts = creationPosts(h, from);
    expect(posts).toHaveLength(50);
    for (const r of recs) {
      const invoice = h.emulator.store.invoices.find((i) => i.counterpart.name === r.client)!;
      expect(invoice.accountId, r.ref).toBe(r.account);
      expect(invoice.total_amount, r.ref).toBe(euro(totalCents(r)));
      expect(invoice.sdi_status, r.ref).not.toBe('draft');
      const post = posts.find((p) => (p.body as { cliente: { name: string } }).cliente.name === r.client)!;
      expect(post.query.account_id).toBe(r.account);
      expect(post.body).toMatchObject({
        cliente: { name: r.client, piva: r.vat, address: 'Via Roma 1', cap: '20121', city: 'Milano', country: 'IT' },
        numerazione: 'Standard',
        issue_date: '2026-11-20',
        metodo_pagamento: 'Bonifico Intesa',
        invia_sdi: true,
        articoli: r.items.map((it) => ({ nome: it.name, quantita: Number(it.qty), prezzo: Number(it.price), iva: 22 })),
      });
    }
    const rows = parseJson<{ ref: string; account: string; id: string; url: string; status: string; message: string | null; number: string }[]>(
      readFileSync(result, 'utf8'),
    );
    expect(rows.map((r) => r.ref)).toEqual(recs.map((r) => r.ref));
    for (const row of rows) {
      const rec = recs.find((r) => r.ref === row.ref)!;
      const invoice = h.emulator.store.invoices.find((i) => i.counterpart.name === rec.client)!;
      expect(row).toEqual({
        ref: rec.ref,
        account: rec.account,
        id: invoice.id,
        url: expect.stringContaining(invoice.uuid!),
        status: 'created',
        message: null,
        // The invoice as the service made it: its number (read from the list after the sends), date and total.
        number: invoice.number,
        issue_date: '2026-11-20',
        total: euro(totalCents(rec)),
      });
    }
    expect(new Set(rows.map((r) => r.number)).size).toBe(50);
    // stdout carries the same rows (json off a terminal).
    expect(parseJson(run.stdout)).toEqual(rows);
    // Requests per invoice: the look-ups and one snapshot per company, one POST each, then one listing per company for the
    // numbers (a fixed cost: at 500 invoices the whole is about 1.02 a invoice, see docs/performance.md). A batch's first
    // run also reads each company's whole outbound list once (an earlier run whose journal was lost): its pages come on top.
    const requests = h.emulator.store.requests.filter((r) => r.seq > from);
    const wholeLists = requests.filter((r) => r.path === '/v1/invoices' && r.query.updated_since === undefined && r.query.per_page !== '1');
    expect(wholeLists.length).toBeLessThanOrEqual(4);
    expect((requests.length - wholeLists.length) / 50).toBeLessThanOrEqual(1.25);
    const after = requests.filter((r) => r.seq > posts.at(-1)!.seq);
    expect(after.map((r) => `${r.method} ${r.path} ${String(r.query.account_id)}`).sort()).toEqual([
      'GET /v1/invoices acc_rossi',
      'GET /v1/invoices acc_verdi',
    ]);

    // A re-run sends nothing and says so.
    const mark = lastSeq();
    const again = await h.run(['invoice', 'batch', file, '--send', '--yes'], { token: TOKENS.firm });
    expect(again.exitCode).toBe(0);
    expect(again.stderr).toContain('50 of 50 created and sent to the SDI, 0 now, 50 by an earlier run');
    expect(again.stderr).toContain('nothing left to send: all 50 records of this batch were created by an earlier run');
    expect(again.stderr).not.toContain('SEND 50');
    expect(creationPosts(h, mark)).toHaveLength(0);
    // Nothing is read again either: the journal has every number.
    expect(h.emulator.store.requests.filter((r) => r.seq > mark && r.path === '/v1/invoices')).toEqual([]);
    expect(parseJson(again.stdout)).toEqual(rows);
  }, 90_000);
});

describe('invoice batch: NDJSON, dry run, drafts, status', () => {
  it('takes both variants of the --from body, with ref; --dry-run prints every body and sends nothing', async () => {
    const lines = [
      ndjson(records(1, { prefix: 'N' })).trim(),
      JSON.stringify({ ref: 'N-VAT', piva: 'IT00743110157', numerazione: 'Standard', articoli: [{ nome: 'Consulenza', quantita: 2, prezzo: 150.0, iva: 22 }] }),
    ];
    const file = write('two.ndjson', `${lines.join('\n')}\n`);
    const from = lastSeq();
    const dry = await h.run(['invoice', 'batch', file, '--dry-run']);
    expect(dry.exitCode).toBe(0);
    const doc = parseJson(dry.stdout);
    expect(doc.records.map((r: { ref: string; endpoint: string }) => [r.ref, r.endpoint])).toEqual([
      ['N-0001', '/fatture/nuova/manuale'],
      ['N-VAT', '/fatture/nuova/piva'],
    ]);
    expect(doc.records[1].body).toEqual({
      piva: '00743110157',
      numerazione: 'Standard',
      issue_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      articoli: [{ nome: 'Consulenza', quantita: 2, prezzo: 150.0, iva: 22 }],
      invia_sdi: false,
    });
    expect(doc.totals.all).toEqual({ count: 2, taxable: '480.50', vat: '105.71', total: '586.21' });
    expect(creationPosts(h, from)).toHaveLength(0);

    const status0 = await h.run(['invoice', 'batch', file, '--status']);
    expect(status0.exitCode).toBe(0);
    expect(parseJson(status0.stdout).map((r: { state: string }) => r.state)).toEqual(['planned', 'planned']);

    const draft = await h.run(['invoice', 'batch', file, '--draft']);
    expect(draft.exitCode).toBe(0);
    expect(creationPosts(h, from)).toHaveLength(2);
    const status = await h.run(['invoice', 'batch', file, '--status']);
    expect(parseJson(status.stdout).map((r: { ref: string; state: string }) => `${r.ref}:${r.state}`)).toEqual(['N-0001:created', 'N-VAT:created']);
    expect(creationPosts(h, from)).toHaveLength(2);
  });

  it('reads stdin (-); an RFC CSV with decimal point; --result as CSV', async () => {
    const recs = records(2, { prefix: 'S' });
    const csv = ['ref,client_name,client_piva,client_address,client_cap,client_city,numbering,date,payment_method,due,item,quantity,price,vat']
      .concat(
        recs.map(
          (r) =>
            `${r.ref},${r.client},${r.vat},Via Roma 1,20121,Milano,Standard,2026-11-20,Bonifico Intesa,2026-12-31=100%,${r.items[0].name},1,${r.items[0].price},22`,
        ),
      )
      .join('\n');
    const result = join(dir, 'stdin-result.csv');
    const run = await h.run(['invoice', 'batch', '-', '--draft', '--result', result], { input: csv });
    expect(run.exitCode).toBe(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
    const text = readFileSync(result, 'utf8');
    expect(text.split('\r\n')[0]).toBe('ref,account,id,url,status,message,number,issue_date,total');
    const invoice = h.emulator.store.invoices.find((i) => i.counterpart.name === recs[0].client)!;
    expect(text).toContain(`S-0001,acc_rossi,${invoice.id},${h.emulator.url}/fatture/${invoice.uuid!}/pdf,`);
    expect(text).toContain(`,created,,${invoice.number},2026-11-20,${invoice.total_amount}\r\n`);
    expect(text.trim().split('\r\n')).toHaveLength(3);
  });
});

describe('invoice batch: bad input is exit 2, names ref and line, and sends nothing', () => {
  const good = records(2, { prefix: 'B' });
  const cases: { name: string; text: () => string | Buffer; expect: RegExp[]; token?: string }[] = [
    { name: 'neither CSV nor NDJSON', text: () => 'hello world\njust text\n', expect: [/neither CSV .* nor NDJSON/] },
    { name: 'not UTF-8', text: () => Buffer.from([0x72, 0x65, 0x66, 0x0a, 0xff, 0xfe, 0x00]), expect: [/is not UTF-8/] },
    { name: 'a line that is not JSON', text: () => `${ndjson(good)}{"ref": "B-9", oops}\n`, expect: [/line 3: not valid JSON/] },
    { name: 'a header without ref', text: () => 'client_name;item;quantity;price;vat\nX;A;1;1,00;22\n', expect: [/has no ref column/] },
    {
      name: 'a header without a required column',
      text: () => csvIt(good).replace(';vat', ';iva'),
      expect: [/line 1: iva: is not a column/, /line 1: vat: column is required/],
    },
    { name: 'ragged rows', text: () => csvIt(good).replace(/;22\r\n/, ';22;extra\r\n'), expect: [/line 2 \(ref B-0001\): has 15 cells, the header has 14/] },
    {
      name: 'an ambiguous price, a date that is not a calendar date',
      text: () =>
        csvIt(good)
          .replace('100,50', '100,505')
          .replace(/;20\/11\/2026;(?=Bonifico Intesa;Canone mensile;1;101)/, ';31/02/2026;'),
      expect: [
        /line 2 \(ref B-0001\): articoli\[0\]\.prezzo: '100,505' is ambiguous/,
        /line 4 \(ref B-0002\): issue_date: 31\/02\/2026 is not a calendar date/,
      ],
    },
    {
      name: 'an amount with three decimals (NDJSON discount)',
      text: () => ndjson(good).replaceAll('"numerazione"', '"sconto":"10.505","numerazione"'),
      expect: [/line 1 \(ref B-0001\): sconto: /, /line 2 \(ref B-0002\): sconto: /],
    },
    {
      name: 'a due amount with three decimals in a CSV',
      text: () =>
        'ref;client_name;client_piva;client_address;client_cap;client_city;numbering;payment_method;due;item;quantity;price;vat\n' +
        `B-0001;Alfa S.r.l.;${good[0].vat};Via Roma 1;20121;Milano;Standard;Bonifico Intesa;31/12/2026=1234,567;Canone;1;1234,57;22\n`,
      expect: [/line 2 \(ref B-0001\): scadenze\[0\]\.value: /],
    },
    {
      name: 'an account the token does not manage',
      text: () => ndjson(records(1, { prefix: 'B', accounts: ['acc_nobody'] })),
      expect: [/line 1 \(ref B-0001\): account: 'acc_nobody' is not a company this token manages/],
      token: TOKENS.firm,
    },
    {
      name: 'a firm token without account',
      text: () => ndjson(good),
      expect: [/line 1 \(ref B-0001\): account: is required: this token manages/],
      token: TOKENS.firm,
    },
    {
      name: 'duplicate refs',
      text: () => ndjson([good[0], good[1], { ...good[1], client: 'Other' }]),
      expect: [/line 3 \(ref B-0002\): ref: is used 2 times \(lines 2, 3\)/],
    },
    {
      name: 'an unknown numbering',
      text: () => ndjson(good).replace('"Standard"', '"Standrd"'),
      expect: [/line 1 \(ref B-0001\): numerazione: 'Standrd' is not an active numbering of Rossi Consulting S\.r\.l\.; there are: Standard, PA/],
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const file = write(`bad-${c.name.replace(/\W+/g, '-')}.txt`, c.text());
      const from = lastSeq();
      const run = await h.run(['invoice', 'batch', file, '--send', '--yes'], { token: c.token });
      for (const pattern of c.expect) expect(run.stderr).toMatch(pattern);
      expect(run.stderr).toMatch(/nothing was sent/);
      expect(run.exitCode).toBe(2);
      expect(creationPosts(h, from)).toHaveLength(0);
    });
  }

  it("a corrupt journal, or another batch's journal at its path: exit 2, nothing sent", async () => {
    const recs = records(2, { prefix: 'J' });
    const file = write('journaled.ndjson', ndjson(recs));
    expect((await h.run(['invoice', 'batch', file, '--draft'])).exitCode).toBe(0);
    const status = await h.run(['invoice', 'batch', file, '--status']);
    const path = /journal (\S+\.jsonl):/.exec(status.stderr)![1];
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, original.replace(/\n\{/, '\n{not json\n{'));
    const from = lastSeq();
    const corrupt = await h.run(['invoice', 'batch', file, '--draft']);
    expect(corrupt.exitCode).toBe(2);
    expect(corrupt.stderr).toMatch(/is damaged at line 2: it is not a journal line; fisco left it unchanged and sent nothing/);
    const lines = original.split('\n');
    writeFileSync(path, [lines[0].replace(/"id":"[^"]+"/, '"id":"/some/other/batch.csv"'), ...lines.slice(1)].join('\n'));
    const other = await h.run(['invoice', 'batch', file, '--draft']);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toMatch(/belongs to .*other\/batch\.csv/);
    expect(creationPosts(h, from)).toHaveLength(0);
  });

  it('--skip-invalid sends the valid records, lists the others, and exits 11', async () => {
    const recs = records(3, { prefix: 'K' });
    const file = write('skip.ndjson', ndjson(recs).replace(`"${recs[1].vat}"`, '"00743110158"'));
    const result = join(dir, 'skip.json');
    const run = await h.run(['invoice', 'batch', file, '--draft', '--skip-invalid', '--result', result]);
    expect(run.stderr).toMatch(/line 2 \(ref K-0002\): cliente\.piva/);
    expect(run.exitCode).toBe(11);
    expect(invoicesPerRecord(h, recs)).toEqual({ 'K-0001': 1, 'K-0002': 0, 'K-0003': 1 });
    const rows = parseJson(readFileSync(result, 'utf8'));
    expect(rows.map((r: { ref: string; status: string }) => `${r.ref}:${r.status}`)).toEqual(['K-0001:created', 'K-0003:created', 'K-0002:invalid']);
  });
});

describe('invoice batch: the confirmation guard without a terminal', () => {
  it('--send without --yes sends nothing and exits 10; neither --draft nor --send is a usage error', async () => {
    const recs = records(2, { prefix: 'G' });
    const file = write('guard.csv', csvIt(recs));
    const from = lastSeq();
    const run = await h.run(['invoice', 'batch', file, '--send']);
    expect(run.exitCode).toBe(10);
    expect(run.stderr).toContain('Action      SEND 2 invoices to the SDI (irreversible)');
    expect(run.stderr).toContain('nothing was sent');
    const none = await h.run(['invoice', 'batch', file]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/--draft .* or --send/);
    expect(creationPosts(h, from)).toHaveLength(0);
    expect(invoicesPerRecord(h, recs)).toEqual({ 'G-0001': 0, 'G-0002': 0 });
  });
});

describe('invoice batch: refusals by the service', () => {
  it('a refused record is reported with the service message; the others are created: exit 11', async () => {
    const recs = records(3, { prefix: 'R' });
    const file = write('refused.ndjson', ndjson(recs));
    h.emulator.injectFault({
      method: 'POST',
      path: '/fatture/nuova/manuale',
      times: 1,
      action: 'status',
      status: 422,
      body: { error: { code: 'validation_error', message: 'cliente.sdi: unknown code' } },
    });
    // The first POST is refused: the run goes on with the others.
    const run = await h.run(['invoice', 'batch', file, '--draft']);
    expect(run.exitCode).toBe(11);
    expect(run.stderr).toContain('2 of 3 created as drafts, 1 refused');
    const rows = parseJson(run.stdout);
    expect(rows[0]).toMatchObject({ ref: 'R-0001', status: 'refused', message: expect.stringContaining('cliente.sdi: unknown code') });
    // A re-run sends the refused record again (a refusal created nothing).
    const again = await h.run(['invoice', 'batch', file, '--draft']);
    expect(again.exitCode).toBe(0);
    expect(invoicesPerRecord(h, recs)).toEqual(oncePerRecord(recs));
  });
});

describe('the sample files under examples/ work on the demo', () => {
  it('fisco --demo invoice batch examples/batch.csv --draft, and examples/batch.ndjson --dry-run', async () => {
    const csv = await h.run(['--demo', 'invoice', 'batch', 'examples/batch.csv', '--draft'], { token: null, baseUrl: null, timeout: 30_000 });
    expect(csv.stderr).toContain('3 of 3 created as drafts');
    expect(csv.exitCode).toBe(0);
    expect(parseJson(csv.stdout).map((r: { ref: string; status: string }) => `${r.ref}:${r.status}`)).toEqual([
      '2026-11-A01:created',
      '2026-11-B02:created',
      '2026-11-C03:created',
    ]);
    const nd = await h.run(['--demo', 'invoice', 'batch', 'examples/batch.ndjson', '--dry-run'], { token: null, baseUrl: null, timeout: 30_000 });
    expect(nd.exitCode).toBe(0);
    expect(parseJson(nd.stdout).records.map((r: { endpoint: string }) => r.endpoint)).toEqual(['/fatture/nuova/manuale', '/fatture/nuova/piva']);
  }, 60_000);
});

describe('invoice batch: a firm token with --account for records without one', () => {
  it('sends every record without an account to the --account company, within one pacing budget', async () => {
    const recs = records(2, { prefix: 'F' });
    const file = write('firm-account.ndjson', ndjson(recs));
    const from = lastSeq();
    const run = await h.run(['--account', 'acc_neri', 'invoice', 'batch', file, '--draft'], { token: TOKENS.firm });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toMatch(/Neri Design di Anna Neri \(acc_neri\)\s+2/);
    const posts = creationPosts(h, from);
    expect(posts.map((p) => p.query.account_id)).toEqual(['acc_neri', 'acc_neri']);
    expect(recs.map((r) => h.emulator.store.invoices.find((i) => i.counterpart.name === r.client)?.accountId)).toEqual(['acc_neri', 'acc_neri']);
    expect(parseJson(run.stdout).map((r: { account: string }) => r.account)).toEqual(['acc_neri', 'acc_neri']);
  });
});
