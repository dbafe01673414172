/**
 * The SDI's controls fisco decides (src/sdi/check.ts), proven per rule on the three places an
 * invoice is sent from: `invoice check` (exit 2 with the code), `invoice create --from … --send
 * --yes` (exit 2, nothing sent) and `invoice batch --send --yes --skip-invalid` (the broken record
 * refused with its code, the nearest body that passes sent): each rule's broken body beside the
 * nearest body that passes. Then a rejection fisco cannot foresee: the emulator rejects after the
 * send, and `invoice get` explains it with the day the window to resend closes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, parseJson, type Harness } from './harness.js';
import { CLIENT_VAT } from './invoice-args.js';
import { partitaIvaCheckDigit } from '../../src/domain/identifiers.js';
import { addDays, todayIn } from '../../src/domain/dates.js';

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await harness();
  dir = mkdtempSync(join(tmpdir(), 'fisco-sdi-'));
});
afterAll(async () => h.close());

type Body = Record<string, any>;
const client = { name: 'Foo S.r.l.', piva: CLIENT_VAT, address: 'Via Roma 1', cap: '20121', city: 'Milano' };
const line = { nome: 'Consulenza', quantita: 1, prezzo: '100.00', iva: 22 };
const base = (over: Body = {}): Body => ({
  cliente: { ...client, ...(over.cliente ?? {}) },
  numerazione: 'Standard',
  issue_date: '2026-11-20',
  metodo_pagamento: 'Bonifico Intesa',
  articoli: over.articoli ?? [line],
  ...Object.fromEntries(Object.entries(over).filter(([k]) => k !== 'cliente' && k !== 'articoli')),
});
const zero = { ...line, nome: 'Esente', iva: 0 };

/** [code, what breaks it, the broken body, the nearest body that passes]. */
const RULES: [string, string, Body, Body][] = [
  ['00200', 'a name one character past the schema (81)', base({ cliente: { name: 'x'.repeat(81) } }), base({ cliente: { name: 'x'.repeat(80) } })],
  ['00200', 'a character outside Latin-1', base({ cliente: { name: 'Foo — S.r.l.' } }), base({ cliente: { name: 'Foo - S.r.l. è' } })],
  ['00305', 'a wrong VAT check digit', base({ cliente: { piva: '00743110158' } }), base()],
  ['00400', 'a 0% line without a nature code', base({ articoli: [zero] }), base({ articoli: [zero], natura: 'N2.2' })],
  ['00401', 'a nature code with VAT on every line', base({ natura: 'N2.2' }), base({ articoli: [line, zero], natura: 'N2.2' })],
  ['00403', 'an issue date after today', base({ issue_date: addDays(todayIn(), 30) }), base({ issue_date: todayIn() })],
  ['00417', 'neither VAT number nor codice fiscale', base({ cliente: { piva: undefined } }), base()],
  ['00424', 'a rate written as a fraction', base({ articoli: [{ ...line, iva: 0.22 }] }), base({ articoli: [{ ...line, iva: 22 }] })],
  ['00427', 'an SDI code of 8 characters', base({ cliente: { sdi: 'ABC12345' } }), base({ cliente: { sdi: 'ABC1234' } })],
  [
    '00427',
    'a 6-character office code for a foreign client',
    base({ cliente: { country: 'DE', piva: 'DE123456789', sdi: 'ABC123' } }),
    base({ cliente: { country: 'DE', piva: 'DE123456789', sdi: 'XXXXXXX' } }),
  ],
  ['00445', 'a generic nature code', base({ articoli: [zero], natura: 'N2' }), base({ articoli: [zero], natura: 'N2.1' })],
];

let n = 0;
const file = (name: string, text: string) => {
  const path = join(dir, `${++n}-${name}`);
  writeFileSync(path, text);
  return path;
};
const creations = (sent: { method: string; path: string }[]) => sent.filter((r) => r.method === 'POST' && r.path.startsWith('/fatture/nuova'));

describe('the SDI controls fisco decides, per rule: refused with the code, nothing sent; the nearest body passes', () => {
  it.each(RULES)('%s: %s', async (code, _what, broken, passing) => {
    const bad = file('bad.json', JSON.stringify(broken));
    const good = file('good.json', JSON.stringify(passing));

    // invoice check: every problem with its code, element, field and what is allowed; exit 2. The passing body: exit 0.
    const checked = await h.run(['invoice', 'check', bad]);
    expect(checked.exitCode).toBe(2);
    const rows = parseJson<{ code: string; element: string; field: string; allowed: string }[]>(checked.stdout);
    expect(rows.map((r) => r.code)).toContain(code);
    expect(rows.find((r) => r.code === code)!.element).toBeTruthy();
    const passes = await h.run(['invoice', 'check', good]);
    expect(passes.stderr).toContain('SDI checks: all passed');
    expect(passes.exitCode).toBe(0);

    // invoice create --send --yes: refused before anything is sent.
    let sent = h.mark();
    const refused = await h.run(['invoice', 'create', '--from', bad, '--send', '--yes']);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`SDI ${code}`);
    expect(creations(sent())).toEqual([]);

    // invoice batch: the broken record refused with its code, the passing one sent (--skip-invalid: one refused record stops nothing else).
    const ref = `B-${n}`;
    const batch = file('batch.ndjson', `${JSON.stringify({ ...broken, ref })}\n${JSON.stringify({ ...passing, ref: `P-${n}` })}\n`);
    sent = h.mark();
    const run = await h.run(['invoice', 'batch', batch, '--send', '--yes', '--skip-invalid', '--new-batch']);
    expect(run.stderr).toContain(`SDI ${code}`);
    expect(run.stderr).toContain(`ref ${ref}`);
    expect(creations(sent())).toHaveLength(1);
    expect(run.exitCode).not.toBe(0);
  });

  it('invoice create --send --yes: the preview says the SDI checks all passed, and the invoice is sent', async () => {
    const good = file('send.json', JSON.stringify(base({ articoli: [{ ...line, nome: 'Preview' }] })));
    const sent = h.mark();
    const result = await h.run(['invoice', 'create', '--from', good, '--send', '--yes']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stderr).toContain('SDI checks  all passed');
    expect(creations(sent())).toHaveLength(1);
  });

  it('a draft may hold what the SDI would refuse: --draft still works, and the preview names the problem', async () => {
    const bad = file('draft.json', JSON.stringify(base({ articoli: [zero] })));
    const sent = h.mark();
    const result = await h.run(['invoice', 'create', '--from', bad, '--draft']);
    expect(result.exitCode).toBe(0);
    expect(creations(sent())).toHaveLength(1);
  });

  it('a line total that is not quantity × price (00423) is decided on the rule itself: fisco computes every total', async () => {
    const { sdiCheck } = await import('../../src/sdi/check.js');
    const off = sdiCheck({ articoli: [{ nome: 'A', quantita: '3', prezzo: '0.333', iva: '22', totale: '1.10' }] }, { today: '2026-11-20' });
    expect(off.problems.map((p) => [p.code, p.field])).toEqual([['00423', 'articoli[0].totale']]);
    const within = sdiCheck({ articoli: [{ nome: 'A', quantita: '3', prezzo: '0.333', iva: '22', totale: '1.00' }] }, { today: '2026-11-20' });
    expect(within.problems).toEqual([]);
    const computed = sdiCheck({ articoli: [{ nome: 'A', quantita: '3', prezzo: '0.333', iva: '22' }] }, { today: '2026-11-20' });
    expect(computed.problems).toEqual([]);
  });

  it('every problem of a batch at once, each with its ref and line; the demo batch files pass', async () => {
    const broken = file(
      'many.ndjson',
      [base({ natura: 'N2.2' }), base({ cliente: { piva: '00743110158' } })].map((b, i) => JSON.stringify({ ...b, ref: `R${i}` })).join('\n'),
    );
    const result = await h.run(['invoice', 'check', broken]);
    expect(result.exitCode).toBe(2);
    const rows = parseJson<{ ref: string; line: number; code: string }[]>(result.stdout);
    expect(rows.map((r) => [r.ref, r.line, r.code])).toEqual([
      ['R0', 1, '00401'],
      ['R1', 2, '00305'],
    ]);
    for (const example of ['examples/batch.csv', 'examples/batch.ndjson']) {
      const demo = await h.run(['invoice', 'check', example]);
      expect(demo.stderr).toMatch(/SDI checks: all passed, \d+ invoices/);
      expect(demo.exitCode).toBe(0);
    }
  });

  it('in Italian: the problem and the check', async () => {
    const bad = file('it.json', JSON.stringify(base({ articoli: [zero] })));
    const result = await h.run(['invoice', 'check', bad, '-o', 'table'], { lang: 'it', env: { COLUMNS: '250' } });
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toContain('ha IVA 0%, quindi la fattura richiede un codice natura');
    expect(result.stderr).toContain('problemi in 1 fatture su 1');
  });
});

describe('a rejection fisco cannot foresee: the SDI (the emulator) rejects after the send', () => {
  it('a VAT number with a right check digit the tax register does not know: rejected 00305; invoice get explains it with the window', async () => {
    const first10 = '0000000123';
    const unknown = `${first10}${partitaIvaCheckDigit(first10)}`;
    const body = file('unknown.json', JSON.stringify(base({ cliente: { piva: unknown } })));
    expect((await h.run(['invoice', 'check', body])).exitCode).toBe(0);
    const created = await h.run(['invoice', 'create', '--from', body, '--send', '--yes']);
    expect(created.exitCode).toBe(0);
    const invoice = h.emulator.store.invoices.at(-1)!;
    expect(invoice.sdi_status).toBe('rejected');
    expect(invoice.sdi_error).toMatch(/^00305 - /);
    const got = await h.run(['invoice', 'get', invoice.number]);
    expect(got.exitCode).toBe(0);
    expect(parseJson(got.stdout).sdi_error).toBe(invoice.sdi_error);
    const by = addDays(invoice.last_sdi_update.slice(0, 10), 5);
    expect(got.stderr).toContain(`was rejected by the SDI: ${invoice.sdi_error}`);
    expect(got.stderr).toContain('fisco sdi explain 00305');
    // The day the window closes, five days from the rejection (the emulator's clock; fisco says whether it has passed by the real one).
    expect(got.stderr).toContain(by);
    expect(got.stderr).toContain('a credit note is not the fix');
    const listed = await h.run(['invoice', 'list', '--sdi-status', 'rejected', '--all']);
    expect(listed.stderr).toContain(`invoice ${invoice.number} was rejected by the SDI`);
    const italian = await h.run(['invoice', 'get', invoice.number], { lang: 'it' });
    expect(italian.stderr).toContain('è stata scartata dallo SDI');
  });

  it('the demo seed: a rejected invoice (00404 - Fattura duplicata) is explained by invoice get', async () => {
    const rejected = h.emulator.store.invoices.find((i) => i.sdi_status === 'rejected' && i.sdi_error?.startsWith('00404'))!;
    const got = await h.run(['invoice', 'get', rejected.number, '--year', rejected.issue_date.slice(0, 4)]);
    expect(got.stderr).toContain('00404 - Fattura duplicata');
    expect(got.stderr).toContain('the same invoice sent twice');
  });
});

describe('sdi controls and sdi explain', () => {
  it('lists every code with who checks it; explains each in English and Italian', async () => {
    const { CONTROLS } = await import('../../src/sdi/control-table.js');
    const listed = parseJson<{ code: string; checked_by: string }[]>((await h.run(['sdi', 'controls'])).stdout);
    expect(listed.map((c) => c.code)).toEqual(CONTROLS.map((c) => c.code));
    expect(listed.find((c) => c.code === '00404')!.checked_by).toBe('SDI');
    expect(listed.find((c) => c.code === '00400')!.checked_by).toBe('fisco');
    expect(listed.find((c) => c.code === '00305')!.checked_by).toBe('fisco+SDI');
    for (const control of CONTROLS) {
      const en = await h.run(['sdi', 'explain', control.code]);
      expect(en.exitCode).toBe(0);
      const english = parseJson<Record<string, string>>(en.stdout);
      expect(english).toMatchObject({ code: control.code, sdi_text: control.sdiText, checks: String(control.what), what_to_do: String(control.fix) });
      const it = await h.run(['sdi', 'explain', `${control.code} - ${control.sdiText}`], { lang: 'it' });
      expect(it.exitCode).toBe(0);
      const italian = parseJson<Record<string, string>>(it.stdout);
      expect(italian.code).toBe(control.code);
      expect(italian.after_a_rejection).toContain('si considera mai emessa');
      expect(italian.checks).not.toBe(english.checks);
    }
    const unknown = await h.run(['sdi', 'explain', '99999']);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('fisco sdi controls');
  });
});
