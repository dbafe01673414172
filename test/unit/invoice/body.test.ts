import { describe, expect, it } from 'vitest';
import { prepare } from '../../../src/invoice/body.js';
import type { InvoiceDraft } from '../../../src/invoice/draft.js';
import { draftFromJson } from '../../../src/invoice/draft-file.js';
import { draftFromFlags, parseDue, parseItem } from '../../../src/commands/invoice/draft-flags.js';
import { writeJson } from '../../../src/domain/json-number.js';
import { Problems, ValidationErrors } from '../../../src/domain/validation-error.js';

const TODAY = '2026-11-20';
const client = { name: 'Foo S.r.l.', piva: 'IT00743110157', address: 'Via Roma 1', cap: '20121', city: 'Milano', province: 'MI' };
const base = (extra: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  cliente: { ...client },
  numerazione: 'Standard',
  metodo_pagamento: 'Bonifico',
  issue_date: TODAY,
  articoli: [{ nome: 'Consulenza', quantita: '2', prezzo: '150.00', iva: '22' }],
  ...extra,
});
const refuse = (draft: InvoiceDraft, message: RegExp, inviaSdi = true) => expect(() => prepare(draft, { inviaSdi, today: TODAY })).toThrow(message);
/** What prepare() throws for `draft` sent to SDI (undefined when it accepts it). */
const thrownBy = (draft: InvoiceDraft): unknown => {
  try {
    prepare(draft, { inviaSdi: true, today: TODAY });
  } catch (e) {
    return e;
  }
  return undefined;
};

describe('prepare: body', () => {
  it('builds the manual body with numbers, invia_sdi explicit, and totals in decimal strings', () => {
    const p = prepare(base({ articoli: [{ nome: 'A', quantita: '1', prezzo: '10.25', iva: '22' }] }), { inviaSdi: false, today: TODAY });
    expect(p.endpoint).toBe('/fatture/nuova/manuale');
    expect(p.body.invia_sdi).toBe(false);
    expect(writeJson(p.body.articoli)).toBe('[{"nome":"A","quantita":1,"prezzo":10.25,"iva":22}]');
    expect(p.totals.vat).toBe('2.26');
    expect(p.totals.total).toBe('12.51');
    expect(p.dueDates).toEqual([{ date: '2026-12-20', amount: '12.51' }]);
    expect((p.body.cliente as { piva: string }).piva).toBe('00743110157');
  });

  it('accepts a 7-character SDI code with CIG/CUP (a private company with public funds) but warns', () => {
    const p = prepare(base({ cliente: { ...client, sdi: 'M5UXCR1' }, pa: { cig: 'ZAB1234567', cup: 'J12H19000120001' } }), { inviaSdi: false, today: TODAY });
    expect((p.body.cliente as { sdi: string }).sdi).toBe('M5UXCR1');
    expect(p.warnings.join('\n')).toMatch(/CIG\/CUP given but SDI code M5UXCR1 has 7 characters/);
    const pa = prepare(base({ cliente: { ...client, sdi: 'UFABCD' }, pa: { cig: 'ZAB1234567' } }), { inviaSdi: false, today: TODAY });
    expect(pa.warnings.join('\n')).not.toMatch(/CIG\/CUP given/);
  });

  it('uses the by-VAT endpoint for --piva and sends invia_sdi true for a send', () => {
    const p = prepare({ piva: 'IT00743110157', articoli: base().articoli }, { inviaSdi: true, today: TODAY });
    expect(p.endpoint).toBe('/fatture/nuova/piva');
    expect(p.body).toMatchObject({ piva: '00743110157', invia_sdi: true, issue_date: TODAY });
  });

  it('turns percentages into amounts for the preview and keeps them as percent in the body', () => {
    const p = prepare(
      base({
        scadenze: [
          { date: '2026-12-20', value: '50', type: 'percent' },
          { date: '2027-01-20', value: '50', type: 'percent' },
        ],
      }),
      { inviaSdi: true, today: TODAY },
    );
    expect(JSON.parse(writeJson(p.body.scadenze))).toEqual([
      { date: '2026-12-20', value: 50, type: 'percent' },
      { date: '2027-01-20', value: 50, type: 'percent' },
    ]);
    expect(p.dueDates.map((d) => d.amount)).toEqual(['183.00', '183.00']);
  });

  it('puts several CUPs in pa.cups and one in pa.cup', () => {
    const one = draftFromFlags({ clientName: 'x', cup: ['A1'] });
    expect(one.pa).toEqual({ cig: undefined, cup: 'A1' });
    const two = draftFromFlags({ clientName: 'x', cup: ['A1', 'B2'] });
    expect(two.pa).toEqual({ cig: undefined, cups: ['A1', 'B2'] });
  });
});

describe('prepare: every local rule names its field', () => {
  it.each([
    [
      'bad VAT check digit',
      base({ cliente: { ...client, piva: '00743110158' } }),
      /^cliente\.piva: SDI 00305 \(CessionarioCommittente\/IdFiscaleIVA\): a partita IVA whose check digit is right/,
    ],
    [
      'any codice fiscale: the manual variant has no field for it',
      base({ cliente: { ...client, codice_fiscale: 'RSSMRA85T10A562S' } }),
      /^cliente\.codice_fiscale: POST \/fatture\/nuova\/manuale has no codice fiscale field.*record it on the client in the web application/,
    ],
    ['bad SDI code', base({ cliente: { ...client, sdi: 'ABC12' } }), /^cliente\.sdi/],
    ['bad CAP', base({ cliente: { ...client, cap: '2012' } }), /^cliente\.cap/],
    ['bad province', base({ cliente: { ...client, province: 'XX' } }), /^cliente\.province/],
    ['impossible date', base({ issue_date: '2026-02-30' }), /^issue_date/],
    [
      'a price neither Italian nor international',
      base({ articoli: [{ nome: 'A', quantita: '1', prezzo: '1,234,56', iva: '22' }] }),
      /^articoli\[0\]\.prezzo: must be a number like 150,00 or 150\.00/,
    ],
    [
      'an ambiguous Italian price',
      base({ articoli: [{ nome: 'A', quantita: '1', prezzo: '1,234', iva: '22' }] }),
      /^articoli\[0\]\.prezzo: '1,234' is ambiguous/,
    ],
    [
      'nine decimals',
      base({
        articoli: [
          { nome: 'A', quantita: '1', prezzo: '1', iva: '22' },
          { nome: 'B', quantita: '1', prezzo: '10.123456789', iva: '22' },
        ],
      }),
      /^articoli\[1\]\.prezzo/,
    ],
    ['three decimals in an amount', base({ sconto: '1.0055' }), /^sconto: '1\.0055' has 4 decimals: an amount has at most two/],
    ['an ambiguous amount', base({ sconto: '1.005' }), /^sconto: '1\.005' is ambiguous: write 1005 or 1\.005,00 for 1005 euro/],
    ['a date that does not exist, written the Italian way', base({ issue_date: '30/02/2026' }), /^issue_date: 30\/02\/2026 is not a calendar date/],
    ['12 integer digits in an amount', base({ paid: '123456789012.00' }), /^paid: has more than 11 digits/],
    ['VAT rate over 100', base({ articoli: [{ nome: 'A', quantita: '1', prezzo: '10', iva: '122' }] }), /^articoli\[0\]\.iva/],
    [
      'percentages not 100',
      base({
        scadenze: [
          { date: '2026-12-20', value: '50', type: 'percent' },
          { date: '2027-01-20', value: '40', type: 'percent' },
        ],
      }),
      /^scadenze: percentages add up to 90/,
    ],
    ['amounts not the total', base({ scadenze: [{ date: '2026-12-20', value: '100.00', type: 'amount' }] }), /^scadenze: amounts add up to 100\.00; .*366\.00/],
    ['paid over total', base({ paid: '400.00' }), /^paid: must not exceed the invoice total of 366\.00/],
    [
      'CIG too long',
      base({ pa: { cig: '1234567890123456' } }),
      /^pa\.cig: SDI 00200 \(DatiOrdineAcquisto\/CodiceCIG\): is 16 characters long; the e-invoice allows at most 15/,
    ],
    ['CUP too long', base({ pa: { cup: '1234567890123456' } }), /^pa\.cup:/],
    ['one of the CUPs too long', base({ pa: { cups: ['A', '1234567890123456'] } }), /^pa\.cups\[1\]:/],
    ['order number too long', base({ ordine: { numero: 'x'.repeat(21) } }), /^ordine\.numero:/],
    ['order commitment too long', base({ ordine: { impegno: 'x'.repeat(101) } }), /^ordine\.impegno:/],
    ['order determination too long', base({ ordine: { determina: 'x'.repeat(101) } }), /^ordine\.determina:/],
    ['order job code too long', base({ ordine: { codice_commessa: 'x'.repeat(101) } }), /^ordine\.codice_commessa:/],
    ['order date', base({ ordine: { data: '2026-13-01' } }), /^ordine\.data:/],
    ['missing numbering (manual)', base({ numerazione: undefined }), /^numerazione: is required/],
    ['missing payment method (manual)', base({ metodo_pagamento: undefined }), /^metodo_pagamento: is required/],
    ['missing client address', base({ cliente: { ...client, address: undefined } }), /^cliente\.address: is required/],
    ['missing client piva', base({ cliente: { ...client, piva: undefined } }), /^cliente\.piva: SDI 00417 .*a VAT number or a codice fiscale/],
    ['no client at all', { articoli: base().articoli }, /^cliente: is required/],
    ['no lines', base({ articoli: [] }), /^articoli: must have at least one line/],
    ['bad e-mail', base({ emails: ['ok@example.it', 'nope'] }), /^emails\[1\]:/],
    ['bad by-VAT number', { piva: '123', articoli: base().articoli }, /^piva:/],
    ['natura without 0% line', base({ natura: 'N2.1' }), /^natura: SDI 00401 \(DettaglioLinee\/Natura\): a nature code only with 0% lines/],
    ['unknown document type', base({ tipo_documento: 'TD04' }), /^tipo_documento:/],
  ])('%s', (_name, draft, message) => refuse(draft as InvoiceDraft, message));

  it('is no stricter than the contract: no province, a long invoice note, an unusual VAT rate', () => {
    const p = prepare(
      base({ cliente: { ...client, province: undefined }, note: 'x'.repeat(2000), articoli: [{ nome: 'Latte', quantita: '1', prezzo: '100', iva: '4.5' }] }),
      { inviaSdi: true, today: TODAY },
    );
    expect(p.body.cliente).not.toHaveProperty('province');
    expect(p.body.note).toHaveLength(2000);
    expect(writeJson(p.body.articoli)).toBe('[{"nome":"Latte","quantita":1,"prezzo":100.00,"iva":4.5}]');
    expect(p.warnings.join('\n')).toMatch(/VAT 4\.5%, not one of the ordinary rates/);
  });

  it('reports every problem at once, each with its field path', () => {
    const draft = base({
      cliente: { ...client, piva: '00743110158', cap: '2012' },
      issue_date: '2026-02-30',
      articoli: [
        { nome: 'A', quantita: '1', prezzo: '10', iva: '22' },
        { nome: 'B', quantita: '0', prezzo: '1,5,0', iva: '22' },
      ],
      pa: { cig: 'x'.repeat(16) },
    });
    const error = thrownBy(draft) as ValidationErrors;
    expect(error).toBeInstanceOf(ValidationErrors);
    expect(error.problems.map((p) => p.field).sort()).toEqual([
      'articoli[1].prezzo',
      'articoli[1].quantita',
      'cliente.cap',
      'cliente.piva',
      'issue_date',
      'pa.cig',
    ]);
  });

  it('the by-VAT variant carries no natura, paid or cliente, and says what to do instead', () => {
    const draft: InvoiceDraft = {
      piva: 'IT00743110157',
      natura: 'N2.1',
      paid: '10.00',
      cliente: { name: 'x' },
      articoli: [{ nome: 'A', quantita: '1', prezzo: '10', iva: '0' }],
    };
    const error = thrownBy(draft) as ValidationErrors;
    expect(error.problems.map((p) => p.message)).toEqual([
      expect.stringMatching(/^cliente: --piva takes the client from the business register/),
      expect.stringMatching(
        /^natura: the by-VAT variant \(--piva\) has no nature code field: to set one, give the client with --client ID or the --client-\* flags/,
      ),
      expect.stringMatching(/^paid: the by-VAT variant \(--piva\) cannot record a payment at creation: register it afterwards with `fisco invoice pay/),
    ]);
    const ok = prepare({ piva: 'IT00743110157', articoli: draft.articoli, sconto: '1.00' }, { inviaSdi: true, today: TODAY });
    expect(Object.keys(ok.body).sort()).toEqual(['articoli', 'invia_sdi', 'issue_date', 'piva', 'sconto']);
    expect(ok.warnings.join('\n')).toMatch(/by-VAT variant \(--piva\) carries no nature code/);
  });

  it('refuses paid on a draft', () => refuse(base({ paid: '10.00' }), /^paid: a draft is fiscally void/, false));

  it('accepts a foreign client without Italian CAP/province checks, and omocodia codes', () => {
    const p = prepare(base({ cliente: { name: 'GmbH', piva: 'DE123456789', address: 'Str. 1', cap: 'D-10115', city: 'Berlin', country: 'DE' } }), {
      inviaSdi: true,
      today: TODAY,
    });
    expect((p.body.cliente as { country: string }).country).toBe('DE');
  });

  it('warns about a 0% line without nature code and stamp duty; a draft keeps the SDI problem, a send refuses it (00400)', () => {
    const exempt = base({ articoli: [{ nome: 'Esente', quantita: '1', prezzo: '100.00', iva: '0' }] });
    const p = prepare(exempt, { inviaSdi: false, today: TODAY });
    expect(p.warnings.join('\n')).toMatch(/nature code/);
    expect(p.warnings.join('\n')).toMatch(/stamp duty/);
    expect(p.sdi.map((x) => x.code)).toEqual(['00400']);
    refuse(exempt, /^natura: SDI 00400 \(DettaglioLinee\/Natura\): articoli\[0\] has 0% VAT/);
  });
});

describe('flag and file syntax', () => {
  it('parses --item with an optional description and escaped semicolons', () => {
    expect(parseItem('Consulenza;2;150.00;22', 0)).toEqual({ nome: 'Consulenza', quantita: '2', prezzo: '150.00', iva: '22' });
    expect(parseItem('A\\;B;1;5;10;desc', 0)).toEqual({ nome: 'A;B', quantita: '1', prezzo: '5', iva: '10', descrizione: 'desc' });
    expect(() => parseItem('only;three;parts', 2)).toThrow(/^articoli\[2\]: --item/);
  });

  it('parses --due amounts and percentages', () => {
    expect(parseDue('2026-12-31=50%', 0)).toEqual({ date: '2026-12-31', value: '50', type: 'percent' });
    expect(parseDue('2026-12-31=122.00', 0)).toEqual({ date: '2026-12-31', value: '122.00', type: 'amount' });
    expect(() => parseDue('2026-12-31', 1)).toThrow(/^scadenze\[1\]/);
  });

  it('reads an API-shaped body exactly, and reports every problem of its shape with its path', () => {
    const problems = new Problems();
    const { draft, inviaSdi } = draftFromJson(
      '{"piva":"00743110157","articoli":[{"nome":"A","quantita":1,"prezzo":0.0000001,"iva":22},{"nome":"B","quantita":1,"prezzo":123456789.12,"iva":22}],"invia_sdi":true}',
      'f.json',
      problems,
    );
    expect(inviaSdi).toBe(true);
    expect(problems.empty).toBe(true);
    expect(draft!.articoli[0]).toMatchObject({ prezzo: '0.0000001', quantita: '1', iva: '22' });
    expect(draft!.articoli[1].prezzo).toBe('123456789.12');
    const shape = new Problems();
    expect(
      draftFromJson('{"articoli":[{"nome":"A","quantita":true,"prezzo":1,"iva":22}],"clienti":{},"cliente":{"nome":"x"}}', 'f.json', shape).draft,
    ).toBeUndefined();
    expect(shape.list.map((p) => p.field).sort()).toEqual(['articoli[0].quantita', 'cliente.nome', 'clienti']);
    const bad = draftFromJson(
      JSON.stringify({ piva: '00743110157', articoli: [{ nome: 'A', quantita: 1, prezzo: 10.123456789, iva: 22 }] }),
      'f',
      new Problems(),
    ).draft!;
    expect(() => prepare(bad, { inviaSdi: false, today: TODAY })).toThrow(/^articoli\[0\]\.prezzo/);
  });

  it('Italian dates and amounts are read before any rule: the body carries their one canonical form', () => {
    const draft = base({
      issue_date: '24/11/2026',
      sconto: '1.000,50',
      articoli: [{ nome: 'A', quantita: '1,5', prezzo: '1.234,50', iva: '22' }],
      scadenze: [{ date: '31/12/2026', value: '100', type: 'percent' }],
      ordine: { data: '1/2/2026' },
    });
    const prepared = prepare(draft, { inviaSdi: false, today: TODAY });
    expect(prepared.issueDate).toBe('2026-11-24');
    expect(prepared.totals.discount).toBe('1000.50');
    expect(String(prepared.body.sconto)).toBe('1000.50');
    expect((prepared.body.articoli as { prezzo: unknown; quantita: unknown }[]).map((l) => [String(l.quantita), String(l.prezzo)])).toEqual([
      ['1.5', '1234.50'],
    ]);
    expect((prepared.body.scadenze as { date: string }[])[0]!.date).toBe('2026-12-31');
    expect((prepared.body.ordine as { data: string }).data).toBe('2026-02-01');
  });

  it('reads every --item and --due, recording the unreadable ones, and keeps line numbers right', () => {
    const problems = new Problems();
    const draft = draftFromFlags({ piva: '00743110157', item: ['only;three;parts', 'B;1;1,5,0;22'], due: ['2026-12-31'] }, problems);
    expect(problems.list.map((p) => p.field)).toEqual(['articoli[0]', 'scadenze[0]']);
    expect(() => prepare(draft, { inviaSdi: false, today: TODAY }, problems)).toThrow(/^articoli\[0\]: --item.*; scadenze\[0\].*; articoli\[1\]\.prezzo/);
  });
});
