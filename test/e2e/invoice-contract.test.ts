/**
 * Issue 9, the CLI side: what fisco sends is what the contract defines, written exactly, and what
 * it shows is what happened. Each request is checked as the emulator received it; where the exact
 * bytes matter (number literals), through a recording proxy in front of the emulator.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { CLIENT_VAT, manualClientArgs } from './invoice-args.js';

let h: Harness;
let proxy: { url: string; bodies: { method: string; path: string; text: string }[]; server: Server };

/** Forwards every request to the emulator and keeps the raw request bodies. */
async function recordingProxy(target: string) {
  const bodies: { method: string; path: string; text: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- a test server's handler: a failure shows as the test's failure
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'GET') bodies.push({ method: req.method!, path: req.url!, text });
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept', 'user-agent']) if (req.headers[name]) headers[name] = String(req.headers[name]);
      const answer = await fetch(target + req.url, { method: req.method, headers, body: req.method === 'GET' ? undefined : text });
      const out: Record<string, string> = {};
      answer.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'transfer-encoding' && k !== 'connection' && k !== 'keep-alive' && k !== 'content-encoding') out[k] = v;
      });
      res.writeHead(answer.status, out);
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, server };
}

beforeAll(async () => {
  h = await harness();
  // Every keystroke in the client search is a GET: these tests are about the flow, not about
  // pacing under the 120-a-minute limit (test/e2e/foundation and the pacer tests cover that).
  h.emulator.setRateLimit({ limit: 100_000, windowMs: 60_000 });
  proxy = await recordingProxy(h.emulator.url);
});
afterAll(async () => {
  await new Promise((resolve) => proxy.server.close(resolve));
  await h.close();
});

const VAT = CLIENT_VAT;
const MANUAL = manualClientArgs({ date: '2026-11-20' });
const creations = (sent: { method: string; path: string }[]) => sent.filter((r) => r.method === 'POST' && r.path.startsWith('/fatture/nuova'));
const lastPost = () => h.emulator.store.requests.findLast((r) => r.method === 'POST')!;
const viaProxy = { baseUrl: '' };
beforeAll(() => {
  viaProxy.baseUrl = proxy.url;
});

/** The by-VAT variant's fields (the service's API document, POST /fatture/nuova/piva). */
const BY_VAT_FIELDS = [
  'piva',
  'numerazione',
  'issue_date',
  'tipo_documento',
  'metodo_pagamento',
  'sconto',
  'intestazione',
  'note',
  'invia_sdi',
  'emails',
  'articoli',
  'scadenze',
  'pa',
  'ordine',
];

describe('1. each creation variant sends only its own fields', () => {
  it('--piva sends only by-VAT fields; --natura, --paid and client data with --piva are usage errors saying what to do', async () => {
    const ok = await h.run([
      'invoice',
      'create',
      '--piva',
      `IT${VAT}`,
      '--item',
      'A;1;10.00;22',
      '--discount',
      '1.00',
      '--note',
      'n',
      '--due',
      '2026-12-20=100%',
      '--cig',
      'Z1',
      '--order-number',
      '7',
      '--date',
      '2026-11-20',
      '--draft',
    ]);
    expect(ok.exitCode, ok.stderr).toBe(0);
    const body = lastPost().body as Record<string, unknown>;
    expect(lastPost().path).toBe('/fatture/nuova/piva');
    expect(Object.keys(body).every((k) => BY_VAT_FIELDS.includes(k))).toBe(true);
    expect(body).not.toHaveProperty('natura');
    expect(body).not.toHaveProperty('paid');
    expect(body).not.toHaveProperty('cliente');

    const sent = h.mark();
    const bad = await h.run([
      'invoice',
      'create',
      '--piva',
      VAT,
      '--item',
      'A;1;10.00;0',
      '--natura',
      'N2.1',
      '--paid',
      '5.00',
      '--client-name',
      'X',
      '--send',
      '--yes',
    ]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain(
      'natura: the by-VAT variant (--piva) has no nature code field: to set one, give the client with --client ID or the --client-* flags',
    );
    expect(bad.stderr).toContain(
      'paid: the by-VAT variant (--piva) cannot record a payment at creation: register it afterwards with `fisco invoice pay UUID --amount …`',
    );
    expect(bad.stderr).toContain('cliente: --piva takes the client from the business register');
    expect(creations(sent())).toEqual([]);
  });

  it('--client ID never sends the codice fiscale of the client record (no such field); the preview names it', async () => {
    const client = h.emulator.store.clients.find((c) => c.accountId === 'acc_rossi' && c.country === 'IT' && c.codice_fiscale && c.address)!;
    const result = await h.run([
      'invoice',
      'create',
      '--client',
      String(client.id),
      '--numbering',
      'Standard',
      '--payment-method',
      'Bonifico Intesa',
      '--item',
      'A;1;10.00;22',
      '--date',
      '2026-11-20',
      '--draft',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    const cliente = (lastPost().body as { cliente: Record<string, unknown> }).cliente;
    expect(cliente).toMatchObject({ name: client.name });
    expect(cliente).not.toHaveProperty('codice_fiscale');
  });
});

describe('2. numbers written exactly, within the e-invoice limits', () => {
  it('writes prices, quantities, rates and amounts as literals from their decimal strings (raw bytes on the wire)', async () => {
    const before = proxy.bodies.length;
    const invoice = [
      ...['invoice', 'create', ...MANUAL, '--item', 'Energia;1200;0.125;22', '--item', 'Grande;1;123456789.12;22'],
      ...['--item', 'Fine;3;0.33333333;10', '--discount', '0.10'],
    ];
    const result = await h.run([...invoice, '--paid', '1.00', '--send', '--yes'], viaProxy);
    expect(result.exitCode, result.stderr).toBe(0);
    const raw = proxy.bodies.slice(before).find((b) => b.path.startsWith('/fatture/nuova'))!.text;
    expect(raw).toContain('"nome":"Energia","quantita":1200,"prezzo":0.125,"iva":22');
    expect(raw).toContain('"prezzo":123456789.12');
    expect(raw).toContain('"prezzo":0.33333333,"iva":10');
    expect(raw).toContain('"sconto":0.10');
    expect(raw).toContain('"paid":1.00');
    expect(raw).not.toMatch(/\de[-+]?\d/i);
    // Line totals and VAT per rate exactly, half-up to the cent: 150.00 + 123456789.12 at 22%, 1.00 at 10%.
    const stored = h.emulator.store.invoices.at(-1)!;
    const preview = parseJson((await h.run([...invoice, '--draft', '--dry-run'])).stdout);
    expect(preview.totals.lines.map((l: { imponibile: string }) => l.imponibile)).toEqual(['150.00', '123456789.12', '1.00']);
    expect(preview.totals.total).toBe(stored.total_amount);
  });

  it('--dry-run shows the body with the same literals: 0.0000001, never 1e-7', async () => {
    const result = await h.run(['invoice', 'create', ...MANUAL, '--item', 'Micro;0.0000001;0.00000001;22', '--draft', '--dry-run']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('"quantita": 0.0000001');
    expect(result.stdout).toContain('"prezzo": 0.00000001');
    expect(result.stdout).not.toMatch(/\de-\d/);
  });

  it('invoice pay writes the amount exactly', async () => {
    const created = await h.run(['invoice', 'create', '--piva', VAT, '--item', 'Pay;1;123456789.12;22', '--date', '2026-11-20', '--send', '--yes']);
    expect(created.exitCode, created.stderr).toBe(0);
    const uuid = h.emulator.store.invoices.at(-1)!.uuid!;
    const before = proxy.bodies.length;
    const paid = await h.run(['invoice', 'pay', uuid, '--amount', '123456789.12'], viaProxy);
    expect(paid.exitCode, paid.stderr).toBe(0);
    expect(proxy.bodies.slice(before).find((b) => b.path.includes('/pagamenti'))!.text).toBe('{"amount":123456789.12}');
    expect(parseJson(paid.stdout).invoice.amount_paid).toBe('123456789.12');
  });

  it('a --from file keeps its numbers as written', async () => {
    const file = join(h.home, 'exact.json');
    writeFileSync(
      file,
      '{"piva":"00743110157","issue_date":"2026-11-20","articoli":[{"nome":"A","quantita":1200,"prezzo":0.125,"iva":22},{"nome":"B","quantita":1,"prezzo":123456789.12,"iva":22}]}',
    );
    const before = proxy.bodies.length;
    const result = await h.run(['invoice', 'create', '--from', file, '--draft'], viaProxy);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(proxy.bodies.slice(before).find((b) => b.path.startsWith('/fatture/nuova'))!.text).toContain('"prezzo":123456789.12');
  });
});

describe('3. no stricter than the contract without a stated reason', () => {
  it('an Italian client without province, an unusual VAT rate (warned), a long invoice note', async () => {
    const created = await h.run(['invoice', 'create', ...MANUAL, '--item', 'Latte;10;1.00;4.5', '--draft']);
    expect(created.exitCode, created.stderr).toBe(0);
    expect(created.stderr).toContain('has VAT 4.5%, not one of the ordinary rates 22, 10, 5, 4, 0');
    const body = lastPost().body as { cliente: Record<string, unknown>; articoli: { iva: number }[] };
    expect(body.cliente).not.toHaveProperty('province');
    expect(body.articoli[0].iva).toBe(4.5);
    expect(h.emulator.store.invoices.at(-1)!.total_amount).toBe('10.45');
    // The 500-character limit is for payment notes; an invoice note has none in the contract.
    const note = await h.run(['invoice', 'create', ...MANUAL, '--item', 'A;1;1.00;22', '--note', 'n'.repeat(600), '--draft', '--dry-run']);
    expect(note.exitCode, note.stderr).toBe(0);
    expect(parseJson(note.stdout).body.note).toHaveLength(600);
    const payNote = await h.run(['invoice', 'pay', 'any-uuid', '--amount', '1.00', '--note', 'n'.repeat(501)]);
    expect(payNote.exitCode).toBe(2);
    expect(payNote.stderr).toContain('--note: at most 500 characters');
  });
});

describe('4. all errors at once', () => {
  it('flags: every problem of the body in one run, each with its field path, nothing sent', async () => {
    const sent = h.mark();
    const result = await h.run([
      'invoice',
      'create',
      '--client-name',
      'Foo',
      '--client-piva',
      '00743110158',
      '--client-address',
      'Via Roma 1',
      '--client-cap',
      '2012',
      '--client-city',
      'Milano',
      '--numbering',
      'Standard',
      '--payment-method',
      'Bonifico Intesa',
      '--date',
      '2026-02-30',
      '--item',
      'A;1;10;22',
      '--item',
      'B;0;1,5,0;22',
      '--item',
      'broken',
      '--cig',
      'C'.repeat(16),
      '--draft',
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/^fisco: 7 problems, nothing was sent:/);
    for (const path of ['cliente.piva', 'cliente.cap', 'issue_date', 'articoli[1].quantita', 'articoli[1].prezzo', 'articoli[2]', 'pa.cig'])
      expect(result.stderr).toContain(`  ${path}: `);
    expect(sent()).toEqual([]);
  });

  it('a --from file: every problem of its shape, then of its values', async () => {
    const shape = await h.run(['invoice', 'create', '--from', '-', '--draft'], {
      input: '{"clienti":{},"articoli":[{"nome":"A","quantita":"1","prezzo":true,"iva":22}],"note":5}',
    });
    expect(shape.exitCode).toBe(2);
    for (const path of ['clienti', 'articoli[0].prezzo', 'note']) expect(shape.stderr).toContain(`${path}: `);
    const values = await h.run(['invoice', 'create', '--from', '-', '--draft'], {
      input: JSON.stringify({ piva: '123', articoli: [{ nome: 'A', quantita: 0, prezzo: '1,2,3', iva: 22 }], scadenze: [{ date: '2026-13-01', value: 100 }] }),
    });
    expect(values.exitCode).toBe(2);
    for (const path of ['piva', 'articoli[0].quantita', 'articoli[0].prezzo', 'scadenze[0].date']) expect(values.stderr).toContain(`${path}: `);
  });

  it('options of any command: every bad flag at once', async () => {
    const result = await h.run(['invoice', 'list', '--page', '0', '--per-page', '500']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('--page: ');
    expect(result.stderr).toContain('--per-page: ');
  });

  it('a missing --from file is one clear line', async () => {
    const result = await h.run(['invoice', 'create', '--from', join(h.home, 'nope.json'), '--draft']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toBe(
      `fisco: --from ${join(h.home, 'nope.json')}: no such file\n  give the path of a JSON request body, or - to read it from stdin\n`,
    );
  });
});

describe('5. fisco api -f key[]=value', () => {
  it('sends arrays as gh does, and -F numbers exactly', async () => {
    const byVat = ['api', 'POST', '/fatture/nuova/piva', '-f', 'piva=00743110157', '-F', 'invia_sdi=false'];
    const result = await h.run([
      ...byVat,
      '-F',
      'articoli=[{"nome":"A","quantita":1,"prezzo":10,"iva":22}]',
      '-f',
      'emails[]=a@example.it',
      '-f',
      'emails[]=b@example.it',
      '-f',
      'pa[cups][]=C1',
      '-f',
      'pa[cups][]=C2',
    ]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(lastPost().body).toEqual({
      piva: '00743110157',
      invia_sdi: false,
      articoli: [{ nome: 'A', quantita: 1, prezzo: 10, iva: 22 }],
      emails: ['a@example.it', 'b@example.it'],
      pa: { cups: ['C1', 'C2'] },
    });
    const before = proxy.bodies.length;
    await h.run([...byVat, '-F', 'articoli=[{"nome":"A","quantita":1,"prezzo":0.0000001,"iva":22}]', '-F', 'sconto=0.0000001'], viaProxy);
    const raw = proxy.bodies.slice(before)[0].text;
    expect(raw).toContain('"prezzo":0.0000001');
    expect(raw).toContain('"sconto":0.0000001');
  });
});

describe("6. the service's own words are always shown", () => {
  it('a debit note (TD05) is payable; a refusal on one is not called a credit note', async () => {
    const debit = h.emulator.store.invoices.find(
      (i) => i.accountId === 'acc_rossi' && i.tipo_documento === 'TD05' && !['draft', 'rejected', 'error'].includes(i.sdi_status) && i.amount_paid === '0.00',
    )!;
    expect(debit).toBeDefined();
    const over = await h.run(['invoice', 'pay', debit.uuid!, '--amount', '99999999.00']);
    expect(over.exitCode).toBe(6);
    expect(over.stderr).toMatch(/^fisco: payment refused by the service: The amount 99999999.00 exceeds the residue/);
    expect(over.stderr).not.toMatch(/is a credit note|no payment can be registered/);
    // The service's message names the residue: the over-payment is said once, not again by fisco.
    expect(over.stderr).not.toContain('is over what is still due');
    const ok = await h.run(['invoice', 'pay', debit.uuid!, '--amount', '1.00']);
    expect(ok.exitCode, ok.stderr).toBe(0);
  });

  it("a firm token without --account: nothing sent, the invoice's company and the --account that pays it named, no guess about the residue", async () => {
    const invoice = h.emulator.store.invoices.find((i) => i.accountId === 'acc_rossi' && i.sdi_status === 'sent' && i.uuid)!;
    const sent = h.mark();
    const result = await h.run(['invoice', 'pay', invoice.uuid!, '--amount', '1.00'], { token: TOKENS.firm });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `^fisco: invoice ${invoice.number.replace('/', '\\/')} belongs to Rossi Consulting S\\.r\\.l\\. \\(acc_rossi\\); this token manages several companies`,
      ),
    );
    expect(result.stderr).toContain(`fisco --account acc_rossi invoice pay ${invoice.uuid} …`);
    expect(result.stderr).not.toMatch(/over what is still due|residue/);
    expect(sent().filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('13. one id, the same on stdout and stderr', () => {
  it('a reconciled creation prints the id it found, in one field, the same as on stderr', async () => {
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'drop-after' });
    const result = await h.run(['invoice', 'create', ...MANUAL, '--item', 'Ids;7;33.33;22', '--send', '--yes']);
    expect(result.exitCode, result.stderr).toBe(0);
    const out = parseJson(result.stdout);
    const said = /created as (\S+) \(id ([^)]+)\)/.exec(result.stderr)!;
    expect(out.id).not.toBeNull();
    expect(String(out.id)).toBe(said[2]);
    expect(out.number).toBe(said[1]);
    expect(out.uuid).toBe(h.emulator.store.invoices.at(-1)!.uuid);
  });

  it('a plain creation prints the id the service gave, the same on stderr', async () => {
    const result = await h.run(['invoice', 'create', ...MANUAL, '--item', 'Ids;8;33.33;22', '--draft']);
    expect(result.exitCode, result.stderr).toBe(0);
    const out = parseJson(result.stdout);
    expect(typeof out.id).toBe('string');
    const stored = h.emulator.store.invoices.at(-1)!;
    expect(out).toMatchObject({ id: stored.id, number: stored.number, uuid: stored.uuid });
    expect(result.stderr).toContain(`Draft invoice ${out.number} (id ${out.id}, UUID ${out.uuid}) created`);
  });
});
