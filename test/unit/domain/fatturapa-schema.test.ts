/**
 * The FatturaPA schema shipped with fisco (schema/fatturapa/) is the official one its SOURCES.md
 * names (by sha256), and the limits table (src/domain/fatturapa-schema.ts) is what the generator
 * reads from it today: a fresh generation equals the file. Each length of the table holds: a value
 * one character past it is refused with 00200, one at the limit passes.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FATTURAPA } from '../../../src/domain/fatturapa-schema.js';
import { FIELD_ELEMENTS, sdiCheck, type SdiInput } from '../../../src/sdi/check.js';
// @ts-expect-error: a plain .mjs script, without types
import { generate, render, PATHS, SCHEMA_FILE, OUTPUT_FILE } from '../../../scripts/gen-fatturapa-limits.mjs';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('the official FatturaPA schema, shipped unchanged', () => {
  it('has the checksums schema/fatturapa/SOURCES.md names', () => {
    const sources = readFileSync('schema/fatturapa/SOURCES.md', 'utf8');
    for (const file of ['Schema_del_file_xml_FatturaPA_v1.2.2.xsd', 'xmldsig-core-schema.xsd']) {
      const row = sources.split('\n').find((l) => l.startsWith(`| \`${file}\``));
      expect(row, file).toBeDefined();
      expect(row).toContain(sha256(`schema/fatturapa/${file}`));
    }
  });

  it('is shipped in the package with its origin (package.json "files")', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('schema');
  });

  it('gives the limits table a fresh generation equals, for every path the generator reads', async () => {
    expect(await render(readFileSync(SCHEMA_FILE, 'utf8'))).toBe(readFileSync(OUTPUT_FILE, 'utf8'));
    expect(Object.keys(FATTURAPA)).toEqual(PATHS);
  });

  it('reads lengths, patterns, enumerations and digits as the schema states them', () => {
    const table = generate(readFileSync(SCHEMA_FILE, 'utf8'));
    expect(table['FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/Anagrafica/Denominazione']).toMatchObject({ maxLength: 80, latin1: true });
    expect(table['FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario']).toMatchObject({ minLength: 6, maxLength: 7, pattern: '[A-Z0-9]{6,7}' });
    expect(table['FatturaElettronicaHeader/DatiTrasmissione/FormatoTrasmissione'].enumeration).toEqual(['FPA12', 'FPR12']);
    expect(table['FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/PrezzoUnitario']).toMatchObject({ integerDigits: 11, maxDecimals: 8 });
    expect(table['FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/AliquotaIVA']).toMatchObject({ maxInclusive: '100.00', maxDecimals: 2 });
    expect(table['FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Natura'].enumeration).toContain('N6.9');
  });
});

/** Each text field of fisco with its element's length: a body holding `value` there. */
const TEXT_FIELDS: [string, (value: string) => SdiInput][] = [
  ['cliente.name', (v) => ({ cliente: { name: v, piva: '00743110157' } })],
  ['cliente.address', (v) => ({ cliente: { address: v, piva: '00743110157' } })],
  ['cliente.city', (v) => ({ cliente: { city: v, piva: '00743110157' } })],
  ['articoli[0].nome', (v) => ({ articoli: [{ nome: v, quantita: '1', prezzo: '1', iva: '22' }] })],
  ['articoli[0].descrizione', (v) => ({ articoli: [{ nome: 'A', descrizione: v, quantita: '1', prezzo: '1', iva: '22' }] })],
  ['pa.cig', (v) => ({ pa: { cig: v } })],
  ['pa.cup', (v) => ({ pa: { cup: v } })],
  ['pa.cups[0]', (v) => ({ pa: { cups: [v] } })],
  ['ordine.numero', (v) => ({ ordine: { numero: v } })],
  ['ordine.codice_commessa', (v) => ({ ordine: { codice_commessa: v } })],
];

describe('the limits table against fisco input: one character past each length is refused (00200), at the limit passes', () => {
  it.each(TEXT_FIELDS)('%s', (field, body) => {
    const key = field.replace(/^articoli\[0\]\./, '').replace(/\[0\]$/, '');
    const max = (FATTURAPA[FIELD_ELEMENTS[key]!] as { maxLength: number }).maxLength;
    expect(max).toBeGreaterThan(0);
    const at = sdiCheck(body('x'.repeat(max)), { today: '2026-11-20' });
    expect(at.problems.filter((p) => p.field === field)).toEqual([]);
    const past = sdiCheck(body('x'.repeat(max + 1)), { today: '2026-11-20' });
    expect(past.problems.filter((p) => p.field === field).map((p) => p.code)).toEqual(['00200']);
  });

  it('the PEC (EmailType: 256)', () => {
    const pec = (n: number) => `${'a'.repeat(n - '@pec.it'.length)}@pec.it`;
    const max = FATTURAPA['FatturaElettronicaHeader/DatiTrasmissione/PECDestinatario'].maxLength;
    expect(sdiCheck({ cliente: { piva: '00743110157', pec: pec(max) } }, { today: '2026-11-20' }).problems).toEqual([]);
    expect(sdiCheck({ cliente: { piva: '00743110157', pec: pec(max + 1) } }, { today: '2026-11-20' }).problems.map((p) => p.code)).toEqual(['00200']);
  });

  it('codes with a pattern: CAP, province, country', () => {
    const codes = (cliente: SdiInput['cliente']) =>
      sdiCheck({ cliente: { piva: '00743110157', ...cliente } }, { today: '2026-11-20' }).problems.map((p) => [p.code, p.field]);
    expect(codes({ cap: '20121', province: 'MI', country: 'IT' })).toEqual([]);
    expect(codes({ cap: '2012' })).toEqual([['00200', 'cliente.cap']]);
    expect(codes({ province: 'MIL' })).toEqual([['00200', 'cliente.province']]);
    expect(codes({ country: 'ITA' })).toEqual([['00200', 'cliente.country']]);
  });
});
