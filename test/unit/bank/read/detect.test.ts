import { describe, expect, it } from 'vitest';
import { STATEMENT_FORMATS_TRIED, csvMappingFrom, detectStatementFormat, readStatement } from '../../../../src/bank/read/index.js';
import { bytes, fixture, fixtureText, statementError } from './helpers.js';
import { english } from '../../../shared/english.js';

describe('format detection from the content', () => {
  it.each([
    ['camt053-v02.xml', 'camt.053'],
    ['camt053-v08-prefixed.xml', 'camt.053'],
    ['camt054-v08.xml', 'camt.054'],
    ['cbi-xml-latin1.xml', 'cbi-xml'],
    ['cbi-rh-latin1.txt', 'cbi-rh'],
    ['mt940.sta', 'mt940'],
    ['mt940-swift-structured.sta', 'mt940'],
  ])('%s is %s whatever the file is called', (name, format) => {
    expect(readStatement(fixture(name), 'statement.csv').format).toBe(format);
  });

  it('reads a CSV only with a mapping, and ignores the mapping for the other formats', () => {
    const csv = csvMappingFrom({ date: 'Data', amount: 'Importo' });
    expect(readStatement(fixture('camt053-v02.xml'), 'a.xml', { csv }).format).toBe('camt.053');
    expect(detectStatementFormat(fixtureText('csv-signed-bom.csv'))).toBe('csv');
  });

  it('reads XML after a byte-order mark and blank lines', () => {
    const text = '\uFEFF\n\n  ' + fixtureText('camt054-v08.xml');
    expect(readStatement(bytes(text), 'bom.xml').movements).toHaveLength(1);
  });

  it('refuses a file that is none of the formats, naming the formats tried (exit 2)', () => {
    const e = statementError(() => readStatement(fixture('not-a-statement.txt'), 'note.txt'));
    expect(e.message).toBe(`note.txt: not a bank statement fisco reads: tried ${STATEMENT_FORMATS_TRIED}`);
    expect(english(STATEMENT_FORMATS_TRIED)).toBe('camt.053, camt.054, CBI XML, CBI RH, MT940, CSV (with a column mapping)');
  });

  it('says what a PDF, an Excel workbook or another binary file is instead of reading it', () => {
    const hint = "Download the statement from the bank's site as camt.053 XML, CBI, MT940 or CSV, not as PDF or Excel";
    const pdf = statementError(() => readStatement(bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'estratto.csv'));
    expect(pdf.message).toBe(`estratto.csv: a PDF document (a printable statement): expected a bank statement (${STATEMENT_FORMATS_TRIED})`);
    expect(english(pdf.hints)).toEqual([hint]);
    const xlsx = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
    expect(statementError(() => readStatement(xlsx, 'movimenti.xlsx')).message).toMatch(/^movimenti\.xlsx: a ZIP archive or an Excel workbook \(\.xlsx\): /);
    expect(statementError(() => readStatement(new Uint8Array([0x01, 0x00, 0x02]), 'x.bin')).message).toMatch(/^x\.bin: a binary file: /);
  });

  it('refuses XML that is not a statement, naming its root element', () => {
    expect(statementError(() => readStatement(fixture('fattura.xml'), 'fattura.xml')).message).toBe(
      'fattura.xml: FatturaElettronica: this XML is not a bank statement: expected Document with BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054), or a CBI envelope (CBIBdyBkToCstmrStmtReq)',
    );
    const pain = '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>';
    expect(statementError(() => readStatement(bytes(pain), 'pain.xml')).message).toBe(
      'pain.xml: Document: holds CstmrCdtTrfInitn: expected BkToCstmrStmt (camt.053) or BkToCstmrDbtCdtNtfctn (camt.054)',
    );
  });

  it("refuses XML that is not well formed with the parser's line", () => {
    expect(statementError(() => readStatement(fixture('not-well-formed.xml'), 'broken.xml')).message).toBe(
      "broken.xml: line 8, column 7: the XML is not well formed: Expected closing tag 'Ntry' (opened in line 5, col 7) instead of closing tag 'Stmt'.",
    );
    const cut = fixtureText('camt054-v08.xml').slice(0, 400);
    expect(statementError(() => readStatement(bytes(cut), 'cut.xml')).message).toMatch(/^cut\.xml: line \d+, column \d+: the XML is not well formed: /);
  });

  it('refuses an empty file; a large one is read as a stream, never refused for its size', () => {
    expect(statementError(() => readStatement(new Uint8Array(0), 'empty.xml')).message).toBe(
      `empty.xml: the file is empty: expected a bank statement (${STATEMENT_FORMATS_TRIED})`,
    );
    expect(statementError(() => readStatement(bytes('x'.repeat(2048)), 'big.xml')).message).toBe(
      `big.xml: not a bank statement fisco reads: tried ${STATEMENT_FORMATS_TRIED}`,
    );
  });
});
