import { describe, expect, it } from 'vitest';
import { BatchFileError, decodeUtf8, detectDialect, formatProblem, lineOf, parseBatch } from '../../../src/invoice/batch-records.js';
import { aggregateWarnings, grandTotal, totalsByCompany } from '../../../src/invoice/batch-summary.js';
import { computeTotals } from '../../../src/invoice/rules.js';

const HEADER_IT = 'ref;account;client_name;client_piva;client_address;client_cap;client_city;numbering;date;payment_method;due;item;quantity;price;vat';

describe('parseBatch: CSV', () => {
  it('groups rows by ref in first-seen order, reads the Italian dialect (decimal comma, dd/mm/yyyy, thousands)', () => {
    const text = [
      HEADER_IT,
      'A-1;acc_verdi;Alfa;00743110157;Via Roma 1;20121;Milano;Standard;20/11/2026;Bonifico;31/12/2026=50%|31/01/2027=50%;Canone;1;1.200,50;22',
      'B-2;;Beta;01234567897;Via Po 2;10121;Torino;Standard;2026-11-20;Bonifico;;Ore;2,5;0,125;10',
      'A-1;;;;;;;;;;;Extra;3;65,00;22',
    ].join('\r\n');
    const file = parseBatch(`\uFEFF${text}`);
    expect(file).toMatchObject({ format: 'csv', dialect: 'it', problems: [], invalid: [] });
    expect(file.records.map((r) => [r.ref, r.line, r.itemLines])).toEqual([
      ['A-1', 2, [2, 4]],
      ['B-2', 3, [3]],
    ]);
    const [a, b] = file.records;
    expect(a.account).toBe('acc_verdi');
    expect(a.draft).toMatchObject({
      cliente: { name: 'Alfa', piva: '00743110157', address: 'Via Roma 1', cap: '20121', city: 'Milano' },
      numerazione: 'Standard',
      issue_date: '2026-11-20',
      metodo_pagamento: 'Bonifico',
      articoli: [
        { nome: 'Canone', quantita: '1', prezzo: '1200.50', iva: '22' },
        { nome: 'Extra', quantita: '3', prezzo: '65.00', iva: '22' },
      ],
      scadenze: [
        { date: '2026-12-31', value: '50', type: 'percent' },
        { date: '2027-01-31', value: '50', type: 'percent' },
      ],
    });
    expect(b.draft.articoli).toEqual([{ nome: 'Ore', quantita: '2.5', prezzo: '0.125', iva: '10' }]);
    expect(lineOf(a, 'articoli[1].prezzo')).toBe(4);
    expect(lineOf(a, 'cliente.piva')).toBe(2);
  });

  it('detects the dialect from the header; RFC keeps the decimal point', () => {
    expect(detectDialect('ref;item;quantity;price;vat')).toBe('it');
    expect(detectDialect('ref,item,quantity,price,vat')).toBe('rfc');
    const file = parseBatch('ref,item,quantity,price,vat,description\nX,"Canone, mensile",1,0.125,22,"a; b"\n');
    expect(file.records[0].draft.articoli).toEqual([{ nome: 'Canone, mensile', quantita: '1', prezzo: '0.125', iva: '22', descrizione: 'a; b' }]);
  });

  it('reports every problem at once, with line and ref: conflicts, unreadable values, ragged rows', () => {
    const text = [
      HEADER_IT,
      'A-1;;Alfa;00743110157;Via Roma 1;20121;Milano;Standard;31/02/2026;Bonifico;;Canone;1;1.234;22',
      'A-1;;Other;;;;;;;;;Extra;1;5,00;22',
      'B-2;;Beta;01234567897;Via Po 2;10121;Torino;Standard;;Bonifico;;Ore;1;5,00',
      'C-3;;Gamma;01234567897;Via Po 2;10121;Torino;Standard;;Bonifico;2026-12-01=oops;Ore;1;5,00;22',
    ].join('\n');
    const file = parseBatch(text);
    expect(file.records).toEqual([]);
    const lines = file.problems.map((p) => String(formatProblem(p)));
    expect(lines).toEqual([
      expect.stringMatching(/^line 2 \(ref A-1\): articoli\[0\]\.prezzo: '1\.234' is ambiguous/),
      expect.stringMatching(/^line 2 \(ref A-1\): issue_date: /),
      "line 3 (ref A-1): client_name: 'Other' differs from 'Alfa' on line 2: an invoice's columns must agree on all its rows (or be left empty after the first)",
      expect.stringMatching(/^line 4 \(ref B-2\): has 14 cells, the header has 15/),
      expect.stringMatching(/^line 5 \(ref C-3\): scadenze\[0\]\.value: /),
    ]);
    expect(file.invalid.map((i) => i.ref)).toEqual(['A-1', 'C-3']);
  });

  it('names unknown and missing columns, and a header without ref', () => {
    const file = parseBatch('ref;item;qty;price;vat\nA;B;1;1;22\n');
    expect(file.problems.map((p) => String(formatProblem(p)))).toEqual([
      expect.stringMatching(/^line 1: qty: is not a column of a batch file; the columns are: ref, account, /),
      'line 1: quantity: column is required (one row per line item: item, quantity, price, vat)',
    ]);
    expect(() => parseBatch('name;item\nx;y\n')).toThrow(/has no ref column/);
    expect(() => parseBatch('plain words\n')).toThrow(BatchFileError);
  });
});

describe('parseBatch: NDJSON', () => {
  it('takes the --from body plus ref and account; every problem with its line', () => {
    const text = [
      '{"ref":"A","account":"acc_verdi","piva":"IT00743110157","articoli":[{"nome":"X","quantita":1,"prezzo":0.1234567891,"iva":22}]}',
      '',
      '{"ref":"B","piva":"IT00743110157","articoli":[],"colour":"red"}',
      '[1,2]',
      '{"piva":"IT00743110157","articoli":[]}',
      '{"ref":"A","piva":"IT00743110157","articoli":[]}',
      'not json',
    ].join('\n');
    const file = parseBatch(text);
    expect(file.format).toBe('ndjson');
    expect(file.records).toEqual([]);
    expect(file.problems.map((p) => String(formatProblem(p)))).toEqual([
      'line 3 (ref B): colour: is not a field of POST /fatture/nuova/manuale or /piva',
      'line 4: must be a JSON object { … } (one invoice a line)',
      'line 5: ref: is required: a name of your own for the record, unique in the file (an order or contract id)',
      'line 6 (ref A): ref: is used 2 times (lines 1, 6): every record needs its own ref',
      expect.stringMatching(/^line 7: not valid JSON/),
    ]);
    const ok = parseBatch(text.split('\n')[0]);
    expect(ok.records[0]).toMatchObject({ ref: 'A', account: 'acc_verdi', line: 1, draft: { piva: 'IT00743110157', articoli: [{ prezzo: '0.1234567891' }] } });
  });

  it('refuses bytes that are not UTF-8 and drops a BOM', () => {
    expect(() => decodeUtf8(new Uint8Array([0xff, 0xfe, 0x41]))).toThrow(/not UTF-8/);
    expect(decodeUtf8(new TextEncoder().encode('\uFEFFref'))).toBe('ref');
  });
});

describe('summary', () => {
  it('adds up per company with decimal arithmetic and groups identical warnings', () => {
    const t = (price: string) => computeTotals([{ nome: 'x', quantita: '1', prezzo: price, iva: '22' }]);
    const companies = totalsByCompany([
      { account: 'a', company: 'A', totals: t('10.25') },
      { account: 'b', company: 'B', totals: t('0.10') },
      { account: 'a', company: 'A', totals: t('10.25') },
    ]);
    expect(companies).toEqual([
      { account: 'a', name: 'A', count: 2, taxable: '20.50', vat: '4.52', total: '25.02' },
      { account: 'b', name: 'B', count: 1, taxable: '0.10', vat: '0.02', total: '0.12' },
    ]);
    expect(grandTotal(companies)).toEqual({ count: 3, taxable: '20.60', vat: '4.54', total: '25.14' });
    expect(
      aggregateWarnings([
        { ref: 'A', warnings: ['old date'] },
        { ref: 'B', warnings: ['old date', 'stamp'] },
      ]).map(String),
    ).toEqual(['2 records (A, B): old date', 'ref B: stamp']);
  });
});

describe('a ragged row makes its whole invoice invalid', () => {
  it('is never sent without that line, even with --skip-invalid', () => {
    const file = parseBatch(['ref,item,quantity,price,vat', 'A,Canone,1,10.00,22', 'A,Extra,1,5.00,22,oops', 'B,Canone,1,10.00,22'].join('\n'));
    expect(file.records.map((r) => r.ref)).toEqual(['B']);
    expect(file.invalid.map((r) => r.ref)).toEqual(['A']);
    expect(file.problems.map((p) => String(formatProblem(p)))).toEqual([expect.stringMatching(/^line 3 \(ref A\): has 6 cells, the header has 5/)]);
  });
});
