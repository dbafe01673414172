import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnBin } from './batch-helpers.js';
import { harness, parseJson, TOKENS, type Harness } from './harness.js';
import { CLIENT_VAT, manualClientArgs } from './invoice-args.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

const VAT = CLIENT_VAT;
const MANUAL = manualClientArgs({ province: 'MI', date: '2026-11-20' });
const count = () => h.emulator.store.invoices.length;
const creations = (sent: { method: string; path: string }[]) => sent.filter((r) => r.method === 'POST' && r.path.startsWith('/fatture/nuova'));

describe('invoice list and reference data', () => {
  it('lists with filters, pages and normalised amounts; delivery failure shown one way', async () => {
    const all = parseJson<any[]>((await h.run(['invoice', 'list', '--all'])).stdout);
    expect(all.length).toBeGreaterThan(50);
    expect(all.every((i) => i.direction === 'outbound' && typeof i.total_amount === 'string' && /^\d+\.\d\d$/.test(i.total_amount))).toBe(true);
    expect(all.some((i) => i.sdi_status === 'failed_delivery')).toBe(false);
    expect(all.some((i) => i.sdi_status === 'delivery_failed')).toBe(true);
    const failed = parseJson<any[]>((await h.run(['invoice', 'list', '--all', '--sdi-status', 'delivery_failed'])).stdout);
    expect(failed.length).toBe(all.filter((i) => i.sdi_status === 'delivery_failed').length);
    const overdue = parseJson<any[]>((await h.run(['invoice', 'list', '--all', '--payment-status', 'overdue'])).stdout);
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.every((i) => i.overdue)).toBe(true);
    const partial = parseJson<any[]>((await h.run(['invoice', 'list', '--all', '--payment-status', 'partial,unpaid'])).stdout);
    expect(partial.every((i) => i.payment_status === 'partial' || i.payment_status === 'unpaid')).toBe(true);
    const inbound = parseJson<any[]>((await h.run(['invoice', 'list', '--direction', 'inbound'])).stdout);
    expect(inbound.every((i) => i.direction === 'inbound' && i.uuid === undefined)).toBe(true);
    // A table in a pipe is fitted into COLUMNS (else 100): wide enough here for every column.
    const table = await h.run(['invoice', 'list', '-o', 'table', '--limit', '3'], { env: { COLUMNS: '200' } });
    expect(table.stdout).toMatch(/Number.*Date.*Counterpart.*Total.*Paid.*Due.*Payment.*SDI.*Overdue/);
    const bad = await h.run(['invoice', 'list', '--payment-status', 'late']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--payment-status');
  });

  it('lists payment methods without internal accounts and only active numberings', async () => {
    const methods = parseJson<any[]>((await h.run(['invoice', 'payment-methods'])).stdout);
    expect(methods.map((m) => m.name)).toContain('Bonifico Intesa');
    expect(methods.map((m) => m.name)).not.toContain('Salvadanaio Tasse');
    const numberings = parseJson<any[]>((await h.run(['invoice', 'numberings'])).stdout);
    expect(numberings.map((n) => n.name)).toContain('Standard');
    expect(numberings.map((n) => n.name)).not.toContain('Vecchia 2023');
    expect(numberings.find((n) => n.name === 'Standard').default_payment_method).toBe('Bonifico Intesa');
  });
});

describe('invoice create: the guard', () => {
  it('--send without a terminal and without --yes sends nothing and exits 10', async () => {
    const before = count();
    const sent = h.mark();
    const result = await h.run(['invoice', 'create', ...MANUAL, '--item', 'A;1;100.00;22', '--send']);
    expect(result.exitCode).toBe(10);
    expect(result.stderr).toContain('--yes');
    expect(creations(sent())).toEqual([]);
    expect(count()).toBe(before);
  });

  it('neither --draft nor --send without a terminal is a usage error', async () => {
    const sent = h.mark();
    const result = await h.run(['invoice', 'create', ...MANUAL, '--item', 'A;1;100.00;22']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--draft .* --send/);
    expect(sent()).toEqual([]);
  });

  it('--dry-run prints endpoint, exact body and totals and sends nothing', async () => {
    const sent = h.mark();
    const result = await h.run([
      'invoice',
      'create',
      ...MANUAL,
      '--item',
      'A;1;10.25;22',
      '--due',
      '2026-12-20=50%',
      '--due',
      '2027-01-20=50%',
      '--cup',
      'C1',
      '--cup',
      'C2',
      '--send',
      '--dry-run',
    ]);
    expect(result.exitCode).toBe(0);
    const out = parseJson(result.stdout);
    expect(out.endpoint).toBe('/fatture/nuova/manuale');
    expect(out.body.invia_sdi).toBe(true);
    expect(out.body.articoli[0]).toEqual({ nome: 'A', quantita: 1, prezzo: 10.25, iva: 22 });
    expect(out.body.pa).toEqual({ cups: ['C1', 'C2'] });
    expect(out.totals).toMatchObject({ taxable: '10.25', vat: '2.26', total: '12.51' });
    expect(sent()).toEqual([]);
  });

  it('creates a draft (no invoice.created event, payment status null) and a sent invoice with --send --yes', async () => {
    const events = h.emulator.store.events.length;
    const draft = await h.run(['invoice', 'create', ...MANUAL, '--item', 'Bozza;1;50.00;22', '--draft']);
    expect(draft.exitCode).toBe(0);
    const created = parseJson(draft.stdout);
    expect(created.sent).toBe(false);
    expect(created.url).toMatch(/\/pdf$/);
    expect(h.emulator.store.events.length).toBe(events);
    // The creation, not the lookup by id that follows it (number and UUID for the answer).
    const body = h.emulator.store.requests.filter((r) => r.method === 'POST').at(-1)!.body as any;
    expect(body.invia_sdi).toBe(false);
    expect(typeof created.id).toBe('string');
    expect(created).toMatchObject({
      id: h.emulator.store.invoices.at(-1)!.id,
      number: h.emulator.store.invoices.at(-1)!.number,
      uuid: h.emulator.store.invoices.at(-1)!.uuid,
    });

    const send = await h.run(['invoice', 'create', '--piva', `IT${VAT}`, '--item', 'Consulenza;2;150.00;22', '--date', '2026-11-20', '--send', '--yes']);
    expect(send.exitCode).toBe(0);
    expect(parseJson(send.stdout).sent).toBe(true);
    const keys = h.emulator.store.events.slice(events).map((e) => e.key);
    expect(keys).toEqual(['invoice.created', 'invoice.sent']);
    expect(h.emulator.store.events.at(-1)!.data.channel).toBe('sdi');

    const list = parseJson<any[]>((await h.run(['invoice', 'list', '--limit', '100'])).stdout);
    const mine = list.filter((i) => i.issue_date === '2026-11-20' && (i.total_amount === '61.00' || i.total_amount === '366.00'));
    expect(mine.find((i) => i.total_amount === '61.00')).toMatchObject({ sdi_status: 'draft', payment_status: null, due_date: '2026-12-20' });
    expect(mine.find((i) => i.total_amount === '366.00')).toMatchObject({ sdi_status: 'sent', payment_status: 'unpaid', counterpart: { vat_number: VAT } });
  });

  it("--dry-run needs neither --draft nor --send: the file's invia_sdi, or a draft", async () => {
    const body = { piva: VAT, issue_date: '2026-11-20', articoli: [{ nome: 'A', quantita: 1, prezzo: 100, iva: 22 }] };
    const sent = h.mark();
    const plain = await h.run(['invoice', 'create', '--from', '-', '--dry-run'], { input: JSON.stringify(body) });
    expect(plain.exitCode).toBe(0);
    expect(parseJson(plain.stdout).body.invia_sdi).toBe(false);
    const send = await h.run(['invoice', 'create', '--from', '-', '--dry-run'], { input: JSON.stringify({ ...body, invia_sdi: true }) });
    expect(send.exitCode).toBe(0);
    expect(parseJson(send.stdout).body.invia_sdi).toBe(true);
    const clash = await h.run(['invoice', 'create', '--from', '-', '--draft'], { input: JSON.stringify({ ...body, invia_sdi: true }) });
    expect(clash.exitCode).toBe(2);
    expect(clash.stderr).toContain('invia_sdi true');
    expect(sent()).toEqual([]);
  });

  it('--client ID --draft invoices an existing client: the stored counterpart is that client', async () => {
    const client = h.emulator.store.clients.find((c) => c.accountId === 'acc_rossi' && c.country === 'IT' && c.piva && c.address && c.province)!;
    const draft = [
      ...['invoice', 'create', '--client', String(client.id), '--numbering', 'Standard', '--payment-method', 'Bonifico Intesa', '--date', '2026-11-20'],
      ...['--item', 'Per cliente;0.5;10.25;22', '--item', 'Altro;3;33.33;10', '--discount', '1.00', '--draft'],
    ];
    const result = await h.run(draft);
    expect(result.exitCode).toBe(0);
    const stored = h.emulator.store.invoices.at(-1)!;
    expect(stored.counterpart).toEqual({ name: client.name, vat_number: client.piva!.replace(/^IT/, '') });
    expect(stored.sdi_status).toBe('draft');
    expect((h.emulator.store.requests.findLast((r) => r.method === 'POST')!.body as any).cliente).toMatchObject({
      name: client.name,
      city: client.city,
      cap: client.cap,
    });
    const preview = await h.run([...draft, '--dry-run']);
    expect(parseJson(preview.stdout).totals.total).toBe(stored.total_amount);
  });

  it('--from - reads an API-shaped body and validates it like flags', async () => {
    const cliente = { name: 'Foo S.r.l.', piva: VAT, address: 'Via Roma 1', cap: '20121', city: 'Milano' };
    const body = {
      cliente,
      numerazione: 'Standard',
      metodo_pagamento: 'Bonifico Intesa',
      issue_date: '2026-11-20',
      articoli: [{ nome: 'A', quantita: 1, prezzo: 100, iva: 22 }],
      paid: 50,
    };
    const byVat = await h.run(['invoice', 'create', '--from', '-', '--send', '--yes'], {
      input: JSON.stringify({ ...body, cliente: undefined, numerazione: undefined, metodo_pagamento: undefined, piva: VAT }),
    });
    expect(byVat.exitCode).toBe(2);
    expect(byVat.stderr).toContain('paid: the by-VAT variant (--piva) cannot record a payment at creation');
    const ok = await h.run(['invoice', 'create', '--from', '-', '--send', '--yes'], { input: JSON.stringify(body) });
    expect(ok.exitCode).toBe(0);
    const last = h.emulator.store.invoices.at(-1)!;
    expect(last.amount_paid).toBe('50.00');
    expect(h.emulator.store.events.at(-1)).toMatchObject({ key: 'payment.received', data: { is_fully_paid: false } });
    const sent = h.mark();
    const bad = await h.run(['invoice', 'create', '--from', '-', '--draft'], {
      input: JSON.stringify({ ...body, paid: undefined, articoli: [{ nome: 'A', quantita: 1, prezzo: '1,234,56', iva: 22 }] }),
    });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('articoli[0].prezzo: must be a number like 150,00 or 150.00');
    expect(sent()).toEqual([]);
  });
});

describe('invoice create: local validation (exit 2, nothing sent)', () => {
  const cases: [string, string[], string][] = [
    ['VAT checksum', ['--piva', '00743110158'], 'piva: SDI 00305 (CessionarioCommittente/IdFiscaleIVA): a partita IVA whose check digit is right'],
    [
      'codice fiscale (no field for it in the manual variant)',
      [...MANUAL, '--client-cf', 'RSSMRA85T10A562S'],
      'cliente.codice_fiscale: POST /fatture/nuova/manuale has no codice fiscale field',
    ],
    ['SDI code', [...MANUAL, '--client-sdi', 'AB12'], 'cliente.sdi'],
    ['CAP', [...MANUAL, '--client-cap', '201'], 'cliente.cap'],
    ['province', [...MANUAL, '--client-province', 'ZZ'], 'cliente.province'],
    ['calendar date', [...MANUAL, '--date', '2026-02-29'], 'issue_date'],
    ['Italian amount, over the total', [...MANUAL, '--discount', '1.234,56'], 'sconto: must not exceed the taxable total of 100.00'],
    ['ambiguous amount', [...MANUAL, '--discount', '1.234'], "sconto: '1.234' is ambiguous: write 1234 or 1.234,00 for 1234 euro"],
    ['not an amount', [...MANUAL, '--discount', '1,2,3'], "sconto: '1,2,3' is not an amount: write it like 1234.50, 1234,50 or 1.234,50"],
    ['Italian date that does not exist', [...MANUAL, '--date', '31/04/2026'], 'issue_date: 31/04/2026 is not a calendar date'],
    ['VAT rate over 100', [...MANUAL, '--item', 'B;1;10;122'], 'articoli[1].iva'],
    ['nine decimals in a price', [...MANUAL, '--item', 'B;1;0.123456789;22'], 'articoli[1].prezzo: must be a unit price'],
    ['12 integer digits in the discount', [...MANUAL, '--discount', '123456789012.00'], 'sconto: has more than 11 digits before the decimal point'],
    ['natura with --piva', ['--piva', VAT, '--natura', 'N2.1', '--item', 'B;1;10;0'], 'natura: the by-VAT variant (--piva) has no nature code field'],
    ['paid with --piva', ['--piva', VAT, '--paid', '10.00', '--send', '--yes'], 'register it afterwards with `fisco invoice pay'],
    ['percentages', [...MANUAL, '--due', '2026-12-20=60%', '--due', '2027-01-20=30%'], 'scadenze: percentages add up to 90'],
    ['amounts', [...MANUAL, '--due', '2026-12-20=100.00'], 'scadenze: amounts add up to 100.00'],
    ['paid', [...MANUAL, '--paid', '999.00', '--send', '--yes'], 'paid: must not exceed'],
    ['CIG', [...MANUAL, '--cig', 'C'.repeat(16)], 'pa.cig'],
    ['CUPs', [...MANUAL, '--cup', 'ok', '--cup', 'C'.repeat(16)], 'pa.cups[1]'],
    ['order number', [...MANUAL, '--order-number', 'N'.repeat(21)], 'ordine.numero'],
    ['required field', MANUAL.filter((_, i) => i < 8 || i > 11).concat(['--numbering', 'Standard']), 'cliente.city: is required'],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const sent = h.mark();
    const withItem = ['--item', 'A;1;100.00;22', ...args];
    const result = await h.run(['invoice', 'create', ...withItem, ...(args.includes('--send') ? [] : ['--draft'])]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
    expect(sent()).toEqual([]);
  });
});

describe('invoice pay', () => {
  it('partial then full payment; over the residue, a credit note and a draft are explained', async () => {
    const created = await h.run(['invoice', 'create', '--piva', VAT, '--item', 'Pay me;1;100.00;22', '--date', '2026-11-20', '--send', '--yes']);
    expect(created.exitCode).toBe(0);
    const uuid = h.emulator.store.invoices.at(-1)!.uuid!;
    const part = await h.run(['invoice', 'pay', uuid, '--amount', '22.00']);
    expect(part.exitCode).toBe(0);
    expect(parseJson(part.stdout).invoice).toMatchObject({ amount_paid: '22.00', amount_due: '100.00', payment_status: 'partial' });
    const over = await h.run(['invoice', 'pay', uuid, '--amount', '100.01']);
    expect(over.exitCode).toBe(6);
    expect(over.stderr).toMatch(/^fisco: payment refused by the service: The amount 100.01 exceeds the residue 100.00/);
    // Said once: the service's message names the residue, so fisco adds no line saying it again.
    expect(over.stderr.match(/100\.00/g)).toHaveLength(1);
    expect(over.stderr).not.toContain('is over what is still due');
    const full = await h.run(['invoice', 'pay', uuid, '--amount', '100.00', '--date', '2026-11-20', '--note', 'saldo']);
    expect(parseJson(full.stdout).invoice).toMatchObject({ amount_due: '0.00', payment_status: 'paid' });
    expect(h.emulator.store.events.at(-1)).toMatchObject({ key: 'payment.received', data: { is_fully_paid: true } });

    const note = h.emulator.store.invoices.find(
      (i) => i.accountId === 'acc_rossi' && i.tipo_documento === 'TD04' && i.sdi_status !== 'draft' && !['rejected', 'error'].includes(i.sdi_status),
    )!;
    const credit = await h.run(['invoice', 'pay', note.uuid!, '--amount', '1.00']);
    expect(credit.exitCode).toBe(6);
    // The service's own words first; fisco adds only facts it can stand behind.
    expect(credit.stderr).toMatch(/^fisco: payment refused by the service: Invoice .+ is a credit note \(TD04\)/);
    expect(credit.stderr).toContain('a credit note (TD04) takes no payments; a debit note (TD05) does');
    const draft = h.emulator.store.invoices.find((i) => i.accountId === 'acc_rossi' && i.sdi_status === 'draft')!;
    const voidPay = await h.run(['invoice', 'pay', draft.uuid!, '--amount', '1.00']);
    expect(voidPay.exitCode).toBe(6);
    expect(voidPay.stderr).toMatch(/^fisco: payment refused by the service: Invoice .+ is fiscally void/);
    expect(voidPay.stderr).toContain('fisco: invoice');
    const bad = await h.run(['invoice', 'pay', uuid, '--amount', '1,5,0']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("--amount: '1,5,0' is not an amount");
  });

  it('journaled: the same command twice is two payments; killed after the service answered, run again, it finds the payment and sends nothing', async () => {
    const created = await h.run(['invoice', 'create', '--piva', VAT, '--item', 'Rate;1;500.00;22', '--date', '2026-11-20', '--send', '--yes']);
    expect(created.exitCode).toBe(0);
    const invoice = h.emulator.store.invoices.at(-1)!;
    const payments = () => h.emulator.store.payments.filter((p) => p.invoiceId === invoice.id).length;
    const posts = (from: () => { method: string; path: string }[]) => from().filter((r) => r.method === 'POST' && r.path.endsWith('/pagamenti')).length;
    const args = ['invoice', 'pay', invoice.uuid!, '--amount', '50.00', '-o', 'json'];
    const journals = join(h.home, 'fisco-data', 'journals', 'pay');
    const left = () => (existsSync(journals) ? readdirSync(journals, { recursive: true }).filter((f) => String(f).endsWith('.jsonl')) : []);
    // Twice: two instalments, and no journal left behind by a finished run.
    for (const round of [1, 2]) {
      const paid = await h.run(args);
      expect(paid.exitCode, paid.stderr).toBe(0);
      expect(paid.stderr).toContain('Payment of 50.00 registered on invoice');
      expect(payments()).toBe(round);
    }
    expect(left()).toEqual([]);
    // Killed with SIGKILL after the service registered it, before the journal said so.
    const sent = h.mark();
    const killed = await spawnBin(h, args, TOKENS.prod, { FISCO_TEST_CRASH_AT: 'after-response:1' });
    expect(killed.signal).toBe('SIGKILL');
    expect(payments()).toBe(3);
    expect(left()).toHaveLength(1);
    const again = await h.run(args);
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/an earlier run of this same payment did not finish/);
    expect(again.stderr).toMatch(
      /an earlier run of this same payment registered it: found on the service \(the invoice's amount paid rose from 100\.00 to 150\.00\); not sent again/,
    );
    expect(parseJson(again.stdout)).toMatchObject({ payment: { amount: '50.00' }, invoice: { amount_paid: '150.00', payment_status: 'partial' } });
    expect(payments()).toBe(3);
    expect(posts(sent)).toBe(1);
    expect(left()).toEqual([]);
    // The run after that is a new payment.
    const next = await h.run(args);
    expect(next.exitCode, next.stderr).toBe(0);
    expect(payments()).toBe(4);
    expect(posts(sent)).toBe(2);
  });
});

describe('invoice create: unknown outcome', () => {
  const args = ['invoice', 'create', ...MANUAL, '--item', 'Dropped;3;33.33;22', '--send', '--yes'];

  it('drop-after: reports "created as" and never creates two invoices', async () => {
    const before = count();
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'drop-after' });
    const sent = h.mark();
    const result = await h.run(args);
    expect(result.stderr).toContain('created as');
    expect(result.exitCode).toBe(0);
    expect(parseJson(result.stdout)).toMatchObject({ reconciled: true });
    expect(count()).toBe(before + 1);
    expect(creations(sent()).length).toBe(1);
  });

  it('drop-before: reports "not found" with exit 9 and nothing created', async () => {
    const before = count();
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'drop-before' });
    const sent = h.mark();
    const result = await h.run([...args.slice(0, -4), '--item', 'Dropped;4;33.33;22', '--send', '--yes']);
    expect(result.exitCode).toBe(9);
    expect(result.stderr).toContain('not found: probably not created');
    expect(result.stderr).toContain('check once more');
    expect(count()).toBe(before);
    expect(creations(sent()).length).toBe(1);
  });

  it('an identical invoice created just before is not mistaken for the one a dropped request did not create', async () => {
    const twice = ['invoice', 'create', ...MANUAL, '--item', 'Monthly fee;5;33.33;22', '--send', '--yes'];
    const first = await h.run(twice);
    expect(first.exitCode).toBe(0);
    const before = count();
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'drop-before' });
    const sent = h.mark();
    const result = await h.run(twice);
    expect(result.stderr).not.toContain('created as');
    expect(result.stderr).toContain('not found: probably not created');
    expect(result.exitCode).toBe(9);
    expect(count()).toBe(before);
    expect(creations(sent()).length).toBe(1);
  });

  it('a 5xx answer to the creation is an unknown outcome: never retried, looked up, exit 9', async () => {
    const before = count();
    h.emulator.injectFault({ method: 'POST', path: '/fatture/nuova/manuale', times: 1, action: 'status', status: 502 });
    const sent = h.mark();
    const result = await h.run(['invoice', 'create', ...MANUAL, '--item', 'Gateway;6;33.33;22', '--send', '--yes']);
    expect(result.exitCode).toBe(9);
    expect(result.stderr).toContain('HTTP 502');
    expect(result.stderr).not.toContain('try again later');
    expect(count()).toBe(before);
    expect(creations(sent()).length).toBe(1);
  });

  it('a firm token needs --account for creation', async () => {
    const result = await h.run(['invoice', 'create', '--piva', VAT, '--item', 'A;1;1.00;22', '--draft'], { token: TOKENS.firm });
    expect(result.exitCode).toBe(6);
    const ok = await h.run(['--account', 'acc_verdi', 'invoice', 'create', '--piva', VAT, '--item', 'A;1;1.00;22', '--draft'], { token: TOKENS.firm });
    expect(ok.exitCode).toBe(0);
    expect(h.emulator.store.invoices.at(-1)!.accountId).toBe('acc_verdi');
  });
});
