#!/usr/bin/env node
/**
 * Reads the official FatturaPA schema (schema/fatturapa/, shipped unchanged: see its SOURCES.md)
 * and writes src/domain/fatturapa-schema.ts: for every element of the e-invoice that a value fisco
 * sends ends up in, the limits the schema puts on it (length, pattern, enumeration, digits,
 * decimals, the Latin-1 repertoire of the *LatinType strings). `npm run gen:fatturapa`; a test
 * (test/unit/fatturapa-schema.test.ts) checks that the file equals a fresh generation.
 *
 * The schema is read with fast-xml-parser (no entity expansion, no external resolution): named
 * complex types give each element's type, named simple types their restriction facets.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import prettier from 'prettier';

export const SCHEMA_FILE = 'schema/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
export const OUTPUT_FILE = 'src/domain/fatturapa-schema.ts';

/** The elements fisco's values end up in, from the root FatturaElettronica. */
export const PATHS = [
  'FatturaElettronicaHeader/DatiTrasmissione/FormatoTrasmissione',
  'FatturaElettronicaHeader/DatiTrasmissione/CodiceDestinatario',
  'FatturaElettronicaHeader/DatiTrasmissione/PECDestinatario',
  'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdPaese',
  'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/IdFiscaleIVA/IdCodice',
  'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/CodiceFiscale',
  'FatturaElettronicaHeader/CessionarioCommittente/DatiAnagrafici/Anagrafica/Denominazione',
  'FatturaElettronicaHeader/CessionarioCommittente/Sede/Indirizzo',
  'FatturaElettronicaHeader/CessionarioCommittente/Sede/CAP',
  'FatturaElettronicaHeader/CessionarioCommittente/Sede/Comune',
  'FatturaElettronicaHeader/CessionarioCommittente/Sede/Provincia',
  'FatturaElettronicaHeader/CessionarioCommittente/Sede/Nazione',
  'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/TipoDocumento',
  'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/Data',
  'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/Numero',
  'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/ScontoMaggiorazione/Importo',
  'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/ImportoTotaleDocumento',
  'FatturaElettronicaBody/DatiGenerali/DatiGeneraliDocumento/Causale',
  'FatturaElettronicaBody/DatiGenerali/DatiOrdineAcquisto/IdDocumento',
  'FatturaElettronicaBody/DatiGenerali/DatiOrdineAcquisto/Data',
  'FatturaElettronicaBody/DatiGenerali/DatiOrdineAcquisto/CodiceCommessaConvenzione',
  'FatturaElettronicaBody/DatiGenerali/DatiOrdineAcquisto/CodiceCUP',
  'FatturaElettronicaBody/DatiGenerali/DatiOrdineAcquisto/CodiceCIG',
  'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Descrizione',
  'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Quantita',
  'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/PrezzoUnitario',
  'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/PrezzoTotale',
  'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/AliquotaIVA',
  'FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Natura',
  'FatturaElettronicaBody/DatiBeniServizi/DatiRiepilogo/ImponibileImporto',
  'FatturaElettronicaBody/DatiBeniServizi/DatiRiepilogo/Imposta',
  'FatturaElettronicaBody/DatiPagamento/DettaglioPagamento/DataScadenzaPagamento',
  'FatturaElettronicaBody/DatiPagamento/DettaglioPagamento/ImportoPagamento',
];

const list = (x) => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** Every xs:element of a complex type's content model (sequences and choices, nested), by name. */
function elementsOf(node, out = new Map()) {
  for (const el of list(node['xs:element'])) out.set(el['@_name'], el);
  for (const key of ['xs:sequence', 'xs:choice', 'xs:all']) for (const inner of list(node[key])) elementsOf(inner, out);
  for (const ext of list(node['xs:complexContent']?.['xs:extension'])) elementsOf(ext, out);
  return out;
}

/** Lengths, digits and the Latin-1 repertoire a pattern spells (`[…]{1,80}`, `[0-9]{1,11}\.[0-9]{2,8}`). */
function fromPattern(pattern) {
  const out = {};
  const latin = /^\[\\p\{IsBasicLatin\}\\p\{IsLatin-1Supplement\}\]\{(\d+),(\d+)\}$/.exec(pattern);
  if (latin) return { latin1: true, minLength: Number(latin[1]), maxLength: Number(latin[2]) };
  const ascii = /^\(\\p\{IsBasicLatin\}\{(\d+),(\d+)\}\)$/.exec(pattern);
  if (ascii) return { ascii: true, minLength: Number(ascii[1]), maxLength: Number(ascii[2]) };
  const decimal = /^(?:\[\\-\]\?)?\[0-9\]\{(\d+),(\d+)\}\\\.\[0-9\]\{(\d+)(?:,(\d+))?\}$/.exec(pattern);
  if (decimal) {
    out.integerDigits = Number(decimal[2]);
    out.minDecimals = Number(decimal[3]);
    out.maxDecimals = Number(decimal[4] ?? decimal[3]);
    out.negative = pattern.startsWith('[\\-]?');
    return out;
  }
  const sized = /^\[[^\]]+\]\{(\d+)(?:,(\d+))?\}$/.exec(pattern);
  if (sized) return { minLength: Number(sized[1]), maxLength: Number(sized[2] ?? sized[1]) };
  const repeated = /^((?:\[[^\]]+\])+)$/.exec(pattern);
  if (repeated) {
    const n = pattern.match(/\[[^\]]+\]/g).length;
    return { minLength: n, maxLength: n };
  }
  return out;
}

/** The facets of a simple type, following its restriction base through named types. */
function facetsOf(typeName, simple) {
  if (typeName.startsWith('xs:')) return { base: typeName };
  const type = simple.get(typeName);
  if (!type) throw new Error(`${SCHEMA_FILE}: no simple type ${typeName}`);
  const r = type['xs:restriction'];
  const inherited = facetsOf(r['@_base'], simple);
  const out = { ...inherited };
  const value = (k) => r[k]?.['@_value'];
  if (value('xs:minLength') !== undefined) out.minLength = Number(value('xs:minLength'));
  if (value('xs:maxLength') !== undefined) out.maxLength = Number(value('xs:maxLength'));
  if (value('xs:length') !== undefined) out.minLength = out.maxLength = Number(value('xs:length'));
  if (value('xs:totalDigits') !== undefined) out.totalDigits = Number(value('xs:totalDigits'));
  if (value('xs:fractionDigits') !== undefined) out.maxDecimals = Number(value('xs:fractionDigits'));
  if (value('xs:minInclusive') !== undefined) out.minInclusive = value('xs:minInclusive');
  if (value('xs:maxInclusive') !== undefined) out.maxInclusive = value('xs:maxInclusive');
  const enumeration = list(r['xs:enumeration']).map((e) => e['@_value']);
  if (enumeration.length) out.enumeration = enumeration;
  const patterns = list(r['xs:pattern']).map((p) => p['@_value']);
  if (patterns.length) {
    out.pattern = patterns[0];
    for (const [k, v] of Object.entries(fromPattern(patterns[0]))) if (out[k] === undefined) out[k] = v;
  }
  return out;
}

/** The table: path → { type, minOccurs, maxOccurs, facets }. */
export function generate(xsd) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    processEntities: true,
    htmlEntities: false,
    allowBooleanAttributes: false,
  });
  const schema = parser.parse(xsd)['xs:schema'];
  const complex = new Map(list(schema['xs:complexType']).map((t) => [t['@_name'], t]));
  const simple = new Map(list(schema['xs:simpleType']).map((t) => [t['@_name'], t]));
  const root = list(schema['xs:element']).find((e) => e['@_name'] === 'FatturaElettronica');
  const table = {};
  for (const path of PATHS) {
    let type = root['@_type'];
    let element;
    for (const step of path.split('/')) {
      const ct = complex.get(type);
      if (!ct) throw new Error(`${SCHEMA_FILE}: ${type} is not a complex type (at ${step} of ${path})`);
      element = elementsOf(ct).get(step);
      if (!element) throw new Error(`${SCHEMA_FILE}: no element ${step} in ${type} (${path})`);
      type = element['@_type'];
    }
    table[path] = {
      type,
      minOccurs: Number(element['@_minOccurs'] ?? 1),
      maxOccurs: element['@_maxOccurs'] === 'unbounded' ? 'unbounded' : Number(element['@_maxOccurs'] ?? 1),
      ...facetsOf(type, simple),
    };
  }
  return table;
}

/** The TypeScript module, formatted as the repository formats it. */
export async function render(xsd) {
  const text = [
    '// Generated by scripts/gen-fatturapa-limits.mjs from schema/fatturapa/Schema_del_file_xml_FatturaPA_v1.2.2.xsd',
    '// (the official FatturaPA schema 1.2.2, shipped unchanged: schema/fatturapa/SOURCES.md). Do not edit:',
    '// run `npm run gen:fatturapa`. A test checks it equals a fresh generation.',
    '',
    '/** The limits the official schema puts on each element of the e-invoice a value of fisco ends up in, by path from FatturaElettronica. */',
    `export const FATTURAPA = ${JSON.stringify(generate(xsd), null, 2)} as const;`,
    '',
    'export type FatturaPaPath = keyof typeof FATTURAPA;',
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(OUTPUT_FILE)) ?? {};
  return prettier.format(text, { ...options, filepath: OUTPUT_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OUTPUT_FILE, await render(readFileSync(SCHEMA_FILE, 'utf8')));
  console.error(`${OUTPUT_FILE} regenerated from ${SCHEMA_FILE}`);
}
