/**
 * The SDI's controls as pure rules (src/sdi/check.ts): the guided flow's check of one typed value,
 * the warnings that never refuse, the rejection notes and the preview's lines.
 */
import { describe, expect, it } from 'vitest';
import { assertSdiValue, sdiCheck } from '../../../src/sdi/check.js';
import { controlOf, CONTROLS } from '../../../src/sdi/control-table.js';
import { rejectionNotes, resendBy } from '../../../src/sdi/rejection.js';
import { prepare } from '../../../src/invoice/body.js';
import { sdiLines } from '../../../src/commands/invoice/preview.js';

const TODAY = '2026-11-20';

describe('the guided flow: one typed value against its field’s controls', () => {
  it.each([
    ['cliente.name', 'Foo — S.r.l.', '00200'],
    ['cliente.name', 'x'.repeat(81), '00200'],
    ['nome', 'Consulenza “premium”', '00200'],
    ['note', 'Pagamento in €', '00200'],
    ['iva', '0.22', '00424'],
    ['issue_date', '2026-11-21', '00403'],
  ])('%s %j is refused with %s', (field, value, code) => {
    expect(() => assertSdiValue(field, value, { today: TODAY })).toThrow(
      new RegExp(`^${field.replace('.', '\\.')}: SDI ${code}|^articoli\\[0\\]\\.${field}: SDI ${code}`),
    );
  });

  it.each([
    ['cliente.name', 'Caffè Partenopeo S.n.c.'],
    ['cliente.name', 'x'.repeat(80)],
    ['nome', 'Consulenza "premium"'],
    ['iva', '22'],
    ['issue_date', TODAY],
  ])('%s %j passes', (field, value) => {
    expect(assertSdiValue(field, value, { today: TODAY })).toBe(value);
  });

  it('a recipient code against the client’s country (00427)', () => {
    expect(() => assertSdiValue('cliente.sdi', 'ABC123', { today: TODAY, country: 'DE' })).toThrow(/SDI 00427/);
    expect(assertSdiValue('cliente.sdi', 'ABC123', { today: TODAY, country: 'IT' })).toBe('ABC123');
  });
});

describe('warnings, never refusals', () => {
  const base = { cliente: { name: 'A', piva: 'DE123456789', address: 'X', cap: '10115', city: 'Berlin', country: 'DE' } };
  it.each([
    ['N3.1', 'DE', /exports/],
    ['N3.2', 'US', /intra-EU supply/],
    ['N6.3', 'DE', /Italian reverse charge/],
    ['N2.1', 'IT', /outside Italy/],
    ['N7', 'CH', /another EU state/],
  ])('nature %s for a client in %s', (natura, country, text) => {
    const r = sdiCheck(
      { ...base, cliente: { ...base.cliente, country }, natura, articoli: [{ nome: 'A', quantita: '1', prezzo: '1', iva: '0' }] },
      { today: TODAY },
    );
    expect(r.problems).toEqual([]);
    expect(r.warnings.map(String).join('\n')).toMatch(text);
  });

  it('a nature that fits the country: no warning; a PEC beside a code other than 0000000: 00426', () => {
    const fits = sdiCheck({ ...base, natura: 'N3.2', articoli: [{ nome: 'A', quantita: '1', prezzo: '1', iva: '0' }] }, { today: TODAY });
    expect(fits.warnings).toEqual([]);
    const pec = sdiCheck({ cliente: { piva: '00743110157', sdi: 'ABC1234', pec: 'a@pec.it' } }, { today: TODAY });
    expect(pec.problems).toEqual([]);
    expect(pec.warnings.map(String)).toEqual([expect.stringMatching(/^SDI 00426/)]);
  });

  it('a VAT rate that is not Italian is a warning of the preview, never a refusal', () => {
    const client = { name: 'Foo', piva: '00743110157', address: 'Via Roma 1', cap: '20121', city: 'Milano' };
    const p = prepare(
      { cliente: client, numerazione: 'S', metodo_pagamento: 'B', issue_date: TODAY, articoli: [{ nome: 'A', quantita: '1', prezzo: '1', iva: '7.3' }] },
      { inviaSdi: true, today: TODAY },
    );
    expect(p.sdi).toEqual([]);
    expect(p.warnings.map(String).join('\n')).toMatch(/VAT 7\.3%, not one of the ordinary rates/);
    expect(sdiLines(p)).toEqual(['SDI checks  all passed']);
  });
});

describe('the controls and a rejection', () => {
  it('every code is five digits, listed once, with its explanation', () => {
    expect(new Set(CONTROLS.map((c) => c.code)).size).toBe(CONTROLS.length);
    for (const c of CONTROLS) {
      expect(c.code).toMatch(/^00\d{3}$/);
      expect(controlOf(`${c.code} - ${c.sdiText}`)).toBe(c);
      expect(String(c.fix)).not.toBe('');
    }
    expect(controlOf('not a code')).toBeUndefined();
  });

  it('the window closes five days after the rejection (Italian calendar); notes only for a rejection', () => {
    expect(resendBy('2026-11-20T23:30:00Z')).toBe('2026-11-26'); // 00:30 of the 21st in Rome
    expect(resendBy(null)).toBeUndefined();
    const notes = rejectionNotes(
      { number: '7/2026', sdi_status: 'rejected', sdi_error: '00400 - Natura assente', last_sdi_update: '2026-11-20T10:00:00Z' },
      '2026-11-22',
    );
    expect(notes.map(String)).toEqual([
      expect.stringContaining('invoice 7/2026 was rejected by the SDI: 00400 - Natura assente'),
      expect.stringContaining('fisco sdi explain 00400'),
      expect.stringContaining('by 2026-11-25, 3 day(s) left'),
    ]);
    expect(rejectionNotes({ number: '8/2026', sdi_status: 'accepted', sdi_error: null }, '2026-11-22')).toEqual([]);
  });

  it('a draft that the SDI would refuse: the preview lists the problem with its code', () => {
    const p = prepare(
      {
        cliente: { name: 'Foo', piva: '00743110157', address: 'Via Roma 1', cap: '20121', city: 'Milano' },
        numerazione: 'S',
        metodo_pagamento: 'B',
        issue_date: TODAY,
        articoli: [{ nome: 'A', quantita: '1', prezzo: '1', iva: '0' }],
      },
      { inviaSdi: false, today: TODAY },
    );
    const lines = sdiLines(p);
    expect(lines[0]).toMatch(/^SDI checks {2}1 problem\(s\): the SDI would reject this invoice, so it cannot be sent/);
    expect(lines[1]).toContain('00400 DettaglioLinee/Natura — natura: articoli[0] has 0% VAT');
  });
});
