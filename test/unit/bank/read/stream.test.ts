import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, StatementReader, csvMappingFrom, readStatement, streamStatement, type CsvMapping } from '../../../../src/bank/read/index.js';
import { ENTRY_LIMITS } from '../../../../src/bank/read/camt.js';
import { MAX_RECORD_CHARS } from '../../../../src/bank/read/csv.js';
import type { Movement } from '../../../../src/bank/types.js';
import { FIXTURES, bytes, fixture, fixtureText, statementError } from './helpers.js';
import { english } from '../../../shared/english.js';

/** Feeds `data` to a StatementReader in the chunks `sizes` gives (cycled); returns what it read. */
function readInChunks(data: Uint8Array, file: string, sizes: (i: number) => number, csv?: CsvMapping) {
  const notes: string[] = [];
  const reader = new StatementReader(file, { csv, onNote: (n) => notes.push(String(n)) });
  const movements: Movement[] = [];
  for (let at = 0, i = 0; at < data.length; i++) {
    const size = Math.max(1, sizes(i));
    movements.push(...reader.push(data.subarray(at, at + size)));
    at += size;
  }
  movements.push(...reader.end());
  return { movements, notes, format: reader.format, accountIban: reader.accountIban };
}

/** A small deterministic generator (the same chunk sizes every run). */
function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

const CSV_FIXTURES: [string, CsvMapping][] = [
  [
    'csv-signed-bom.csv',
    csvMappingFrom({
      date: 'Data contabile',
      amount: 'Importo',
      currency: 'Divisa',
      description: 'Descrizione',
      counterpart: 'Ordinante',
      reference: 'Riferimento',
    }),
  ],
  ['csv-credit-debit-latin1.csv', csvMappingFrom({}, { path: 'csv-mapping.json', text: fixtureText('csv-mapping.json') })],
  ['csv-mixed-encoding.csv', csvMappingFrom({ date: 'Data', amount: 'Importo', description: 'Descrizione' })],
];
const FILES: [string, CsvMapping | undefined][] = [
  ['camt053-v02.xml', undefined],
  ['camt053-v08-prefixed.xml', undefined],
  ['camt054-v08.xml', undefined],
  ['cbi-xml-latin1.xml', undefined],
  ['cbi-rh-latin1.txt', undefined],
  ['mt940.sta', undefined],
  ['mt940-swift-structured.sta', undefined],
  ...CSV_FIXTURES,
];

describe('statements read as streams: the same movements whatever the chunks', () => {
  for (const [name, csv] of FILES) {
    it(`${name}: 1 byte at a time and in random chunks, as read whole`, () => {
      const data = fixture(name);
      const whole = readStatement(data, name, { csv });
      expect(whole.movements.length).toBeGreaterThan(0);
      const one = readInChunks(data, name, () => 1, csv);
      expect(one.movements).toEqual(whole.movements);
      expect(english(one.notes)).toEqual(english(whole.notes));
      expect([one.format, one.accountIban]).toEqual([whole.format, whole.accountIban]);
      for (const seed of [1, 7, 42]) {
        const random = seeded(seed);
        const chunked = readInChunks(data, name, () => Math.floor(random() * 97) + 1, csv);
        expect(chunked.movements).toEqual(whole.movements);
        expect(english(chunked.notes)).toEqual(english(whole.notes));
      }
    });
  }

  it('reads from a file stream chunk by chunk (streamStatement)', async () => {
    const path = fileURLToPath(new URL('camt053-v02.xml', FIXTURES));
    const reader = new StatementReader('camt053-v02.xml');
    const movements: Movement[] = [];
    for await (const m of streamStatement(createReadStream(path, { highWaterMark: 64 }), reader)) movements.push(m);
    expect(movements).toEqual(readStatement(fixture('camt053-v02.xml'), 'camt053-v02.xml').movements);
    expect(reader.count).toBe(movements.length);
  });

  it('emits each entry as soon as it closes, before the file has ended', () => {
    const head = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>IT60X0542811101000000123456</IBAN></Id></Acct>`;
    const entry = (i: number) =>
      `<Ntry><Amt Ccy="EUR">${i}.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-04</Dt></BookgDt><AcctSvcrRef>R${i}</AcctSvcrRef></Ntry>`;
    const reader = new StatementReader('s.xml');
    // The format is told from the first 64 KB: a long head makes the reader start before the end.
    expect(reader.push(bytes(head + `<!--${' '.repeat(70_000)}-->`))).toEqual([]);
    expect(reader.push(bytes(entry(1) + entry(2).slice(0, 30))).map((m) => m.key)).toEqual(['bank:IT60X0542811101000000123456/2026-03-04/R1/C1.00']);
    expect(reader.push(bytes(entry(2).slice(30))).map((m) => [m.key, m.accountIban])).toEqual([
      ['bank:IT60X0542811101000000123456/2026-03-04/R2/C2.00', 'IT60X0542811101000000123456'],
    ]);
    expect(reader.push(bytes('</Stmt></BkToCstmrStmt></Document>'))).toEqual([]);
    expect(reader.end()).toEqual([]);
  });

  it('reads namespace prefixes, amounts with leading zeros and Latin-1 text split anywhere', () => {
    const xml = Buffer.concat([
      Buffer.from(
        `<?xml version="1.0" encoding="ISO-8859-1"?>\n<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><ns2:BkToCstmrStmt><ns2:Stmt>` +
          `<ns2:Ntry><ns2:Amt Ccy="EUR">0000001220.1</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:BookgDt><ns2:Dt>2026-03-04</ns2:Dt></ns2:BookgDt>` +
          `<ns2:AddtlNtryInf>`,
      ),
      Buffer.from([0x53, 0x6f, 0x63, 0x69, 0x65, 0x74, 0xe0, 0x20, 0x80]), // "Società €" in windows-1252
      Buffer.from(`</ns2:AddtlNtryInf></ns2:Ntry></ns2:Stmt></ns2:BkToCstmrStmt></ns2:Document>`),
    ]);
    const whole = readStatement(xml, 'p.xml');
    expect(whole.movements[0]).toMatchObject({ amount: '1220.10', remittance: 'Società €' });
    for (let size = 1; size <= 13; size++) expect(readInChunks(xml, 'p.xml', () => size).movements).toEqual(whole.movements);
  });

  it('keeps a UTF-8 character cut between two chunks whole', () => {
    const csv = Buffer.from('Data;Importo;Descrizione\n04/03/2026;100,00;Caffè Società € 1/2026\n', 'utf8');
    const mapping = csvMappingFrom({ date: 'Data', amount: 'Importo', description: 'Descrizione' });
    for (let size = 1; size <= 5; size++) {
      expect(readInChunks(csv, 'u.csv', () => size, mapping).movements[0].remittance).toBe('Caffè Società € 1/2026');
    }
  });

  it('notes a batch whose details do not add up because of charges, whatever the chunks', () => {
    const xml =
      `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">298.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>` +
      `<BookgDt><Dt>2026-03-04</Dt></BookgDt><AcctSvcrRef>B1</AcctSvcrRef><Chrgs><Amt Ccy="EUR">2.00</Amt></Chrgs><NtryDtls>` +
      `<TxDtls><Amt Ccy="EUR">100.00</Amt><RmtInf><Ustrd>FT 1/2026</Ustrd></RmtInf></TxDtls>` +
      `<TxDtls><Amt Ccy="EUR">200.00</Amt><RmtInf><Ustrd>FT 2/2026</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const random = seeded(3);
    const read = readInChunks(bytes(xml), 'b.xml', () => Math.floor(random() * 20) + 1);
    expect(read.movements.map((m) => [m.key, m.amount])).toEqual([
      ['bank:/2026-03-04/B1#1/C100.00', '100.00'], // a statement without an account
      ['bank:/2026-03-04/B1#2/C200.00', '200.00'],
    ]);
    expect(english(read.notes)).toEqual([
      "Document/BkToCstmrStmt/Stmt[1]/Ntry[1]: the 2 transactions of this batch add up to 300.00 EUR, the entry is 298.00 (difference 2.00); the difference is the bank's charges (2.00). Each transaction is read with its own amount.",
    ]);
  });

  it('refuses a DOCTYPE, a broken document and a bad record at the same place whatever the chunks', () => {
    for (const [name, size] of [
      ['xxe.xml', 1],
      ['billion-laughs.xml', 3],
      ['not-well-formed.xml', 1],
      ['not-well-formed.xml', 5],
      ['camt053-missing-amount.xml', 2],
      ['cbi-rh-short-record.txt', 7],
    ] as const) {
      const whole = statementError(() => readStatement(fixture(name), name)).message;
      expect(statementError(() => readInChunks(fixture(name), name, () => size)).message).toBe(whole);
    }
    expect(statementError(() => readStatement(fixture('xxe.xml'), 'xxe.xml')).message).not.toContain('root:');
  });

  it('refuses a truncated document at its end', () => {
    const cut = fixture('camt053-v02.xml').subarray(0, 900);
    expect(statementError(() => readInChunks(cut, 'cut.xml', () => 10)).message).toMatch(
      /^cut\.xml: line \d+, column \d+: the XML is not well formed: Unclosed tag/,
    );
  });
});

describe('one entry is held while it is read, within bounds', () => {
  /** camt053-v02.xml with its first entry's remittance text grown to `text`, or `extra` elements added inside it. */
  function grown({ text = '', extra = 0 }: { text?: string; extra?: number }): Uint8Array {
    const source = fixtureText('camt053-v02.xml');
    const at = source.indexOf('</Ntry>');
    return bytes(`${source.slice(0, at)}<AddtlNtryInf>${text}</AddtlNtryInf>${'<X/>'.repeat(extra)}${source.slice(at)}`);
  }

  it(`refuses an entry of more than ${ENTRY_LIMITS.chars / 2 ** 20} MiB of text at the entry's path, having read no further`, () => {
    const error = statementError(() => readInChunks(grown({ text: 'x'.repeat(ENTRY_LIMITS.chars + 1) }), 'huge.xml', () => 65_536));
    expect(error.message).toMatch(/^huge\.xml: Document\/BkToCstmrStmt\/Stmt(\[1\])?\/Ntry(\[1\])?: one entry \(Ntry\) holds more than 16 MiB of text/);
  });

  it(`refuses an entry of more than ${ENTRY_LIMITS.elements.toLocaleString('en')} elements`, () => {
    const error = statementError(() => readInChunks(grown({ extra: ENTRY_LIMITS.elements }), 'many.xml', () => 65_536));
    expect(error.message).toMatch(/Ntry(\[1\])?: one entry \(Ntry\) holds more than 200,000 elements/);
  });

  it('reads an entry below the bounds as before', () => {
    const plain = readInChunks(fixture('camt053-v02.xml'), 'plain.xml', () => 65_536);
    const larger = readInChunks(grown({ text: 'y'.repeat(1_000_000), extra: 1_000 }), 'larger.xml', () => 65_536);
    expect(larger.movements.map((m) => [m.amount, m.bookingDate])).toEqual(plain.movements.map((m) => [m.amount, m.bookingDate]));
  });
});

describe('a line or record that never ends is refused, not held', () => {
  const endless = (name: string, tail: string) => {
    const head = fixture(name);
    const out = new Uint8Array(head.length + tail.length);
    out.set(head, 0);
    out.set(bytes(tail), head.length);
    return out;
  };

  it.each(['cbi-rh-latin1.txt', 'mt940.sta'])(`%s followed by a line of more than ${MAX_LINE_CHARS / 1024} KiB: exit 2 at that line`, (name) => {
    const lines = fixtureText(name).split('\n').length;
    const error = statementError(() => readInChunks(endless(name, 'x'.repeat(MAX_LINE_CHARS + 10)), name, () => 65_536));
    expect(error.message).toContain(`${name}: line ${lines}: a line longer than 64 KiB`);
  });

  it(`a CSV field that opens a quote and never closes it: exit 2 past ${MAX_RECORD_CHARS / 2 ** 20} MiB`, () => {
    const mapping = CSV_FIXTURES.find(([file]) => file === 'csv-signed-bom.csv')![1];
    const error = statementError(() =>
      readInChunks(endless('csv-signed-bom.csv', `"${'a'.repeat(MAX_RECORD_CHARS + 10)}`), 'endless.csv', () => 65_536, mapping),
    );
    expect(error.message).toMatch(/^endless\.csv: (line \d+: )?not a readable CSV: .*(max_record_size|Max Record Size)/i);
  });
});
