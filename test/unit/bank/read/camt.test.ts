import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../../src/bank/read/index.js';
import { bytes, fixture, statementError } from './helpers.js';
import { english } from '../../../shared/english.js';

const IBAN = 'IT60X0542811101000000123456';

describe('camt.053.001.02', () => {
  const s = readStatement(fixture('camt053-v02.xml'), 'camt053-v02.xml');

  it('is detected from the content and names the account IBAN without spaces', () => {
    expect(s.format).toBe('camt.053');
    expect(s.file).toBe('camt053-v02.xml');
    expect(s.accountIban).toBe(IBAN);
    expect(s.movements.every((m) => m.accountIban === IBAN)).toBe(true);
  });

  it('reads a plain credit: payer from Dbtr/Nm, every Ustrd and the Strd reference, entities decoded', () => {
    const m = s.movements[0];
    expect(m).toEqual({
      // The bank's own reference (AcctSvcrRef) with the account and the booking date, the direction and the amount.
      key: `bank:${IBAN}/2026-03-04/0304CRD0001122/C1220.10`,
      legacyKey: 'ref:0304CRD0001122',
      formerKey: `bank:${IBAN}/2026-03-04/0304CRD0001122`,
      source: { file: 'camt053-v02.xml', format: 'camt.053', location: 'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]' },
      accountIban: IBAN,
      bookingDate: '2026-03-04',
      valueDate: '2026-03-04',
      amount: '1220.10',
      currency: 'EUR',
      direction: 'credit',
      reversal: false,
      payer: { name: 'Rossi & Figli S.R.L.', iban: 'IT70B0306909606100000012345' },
      remittance: 'saldo fatt. n. 12/2026 del 03/02/2026 RF18539007547034',
      references: { bank: '0304CRD0001122', entry: undefined, endToEnd: 'E2E-ROSSI-0042', creditor: 'RF18539007547034' },
      charges: undefined,
    });
  });

  it('reads a batch entry as one movement per TxDtls, keyed by the entry reference and the index', () => {
    const batch = s.movements.filter((m) => m.source.location.startsWith('Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/'));
    expect(batch.map((m) => [m.key, m.amount, m.payer?.name, m.remittance, m.references.endToEnd])).toEqual([
      [`bank:${IBAN}/2026-03-04/0304BTC0000077#1/C1000.00`, '1000.00', 'BIANCHI SPA', 'FT 13/2026', undefined], // NOTPROVIDED is no reference
      [`bank:${IBAN}/2026-03-04/0304BTC0000077#2/C500.00`, '500.00', 'Verdi s.r.l.', 'rif. 2026/14', 'VERDI-2026-03'],
    ]);
    expect(batch.map((m) => m.source.location)).toEqual([
      'Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/NtryDtls[1]/TxDtls[1]',
      'Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/NtryDtls[1]/TxDtls[2]',
    ]);
    expect(batch.every((m) => m.references.entry === 'BATCH-77' && m.valueDate === '2026-03-05')).toBe(true);
  });

  it('says in a note when a batch does not add up to its entry because of charges', () => {
    expect(english(s.notes)).toEqual([
      "Document/BkToCstmrStmt/Stmt[1]/Ntry[2]: the 2 transactions of this batch add up to 1500.00 EUR, the entry is 1497.50 (difference 2.50); the difference is the bank's charges (2.50). Each transaction is read with its own amount.",
    ]);
  });

  it('keeps debits, reversals and other currencies, marked as such', () => {
    const byRef = (ref: string) => s.movements.find((m) => m.references.bank === ref)!;
    expect(byRef('0304RVS0000003')).toMatchObject({ direction: 'debit', reversal: true, amount: '300.00', remittance: 'STORNO ACCREDITO DEL 02/03/2026' });
    expect(byRef('0304USD0000004')).toMatchObject({ direction: 'credit', reversal: false, currency: 'USD', amount: '250.00' });
    // A debit's counterpart is the creditor it paid.
    expect(byRef('0304DBT0000005')).toMatchObject({ direction: 'debit', amount: '89.90', payer: { name: 'Telefonia Italiana SpA' } });
    expect(s.movements).toHaveLength(7);
  });

  it('keys a credit without any reference by its fingerprint (account, dates, amount, direction, payer, text); DtTm is read as its date', () => {
    const m = s.movements[6];
    expect(m.key).toMatch(/^fp:2026-03-04\/[0-9a-f]{24}$/);
    expect(m.legacyKey).toMatch(/^h:[0-9a-f]{32}$/);
    expect(m).toMatchObject({ bookingDate: '2026-03-04', amount: '45.00', remittance: 'VERSAMENTO CONTANTI', references: {} });
    // Stable across reads.
    expect(readStatement(fixture('camt053-v02.xml'), 'other-name.xml').movements[6].key).toBe(m.key);
  });
});

describe('camt.053.001.08 with namespace prefixes', () => {
  const s = readStatement(fixture('camt053-v08-prefixed.xml'), 'v08.xml');

  it('reads the payer from Dbtr/Pty/Nm, leading zeros of the amount dropped, UltmtDbtr kept in the text', () => {
    expect(s.format).toBe('camt.053');
    expect(s.accountIban).toBe(IBAN);
    const m = s.movements[0];
    expect(m.amount).toBe('4377.96');
    expect(m.payer).toEqual({ name: 'Gialli Costruzioni S.p.A.', iban: 'IT06K0200801600000101234567' });
    expect(m.remittance).toBe('saldo fatt. 21, 22 e 23/2026 P.IVA 01234567890 Gialli Holding SRL');
    // No entry AcctSvcrRef: the detail's AcctSvcrRef is the bank's reference; the NtryRef is kept.
    expect(m.key).toBe(`bank:${IBAN}/2026-03-09/TX-0310-000981/C4377.96`);
    expect(m.references).toEqual({ bank: 'TX-0310-000981', entry: 'N-0310-01', endToEnd: undefined, creditor: undefined });
  });

  it('takes the payer from UltmtDbtr when there is no Dbtr, and reports the charges (TtlChrgsAndTaxAmt)', () => {
    const m = s.movements[1];
    expect(m.payer).toEqual({ name: 'Neri Studio Associato', iban: undefined });
    expect(m.charges).toBe('1.50');
    expect(m.amount).toBe('150.00');
    expect(m.references.endToEnd).toBe('E2E-NERI-7');
    expect(m.remittance).toBe('fattura 30 del 03/02/2026');
  });
});

describe('camt.054', () => {
  it('reads the notification entries like statement entries', () => {
    const s = readStatement(fixture('camt054-v08.xml'), 'ntf.xml');
    expect(s.format).toBe('camt.054');
    expect(s.accountIban).toBe(IBAN);
    expect(s.movements.map((m) => [m.key, m.amount, m.payer?.name, m.remittance, m.source.location])).toEqual([
      [
        `bank:${IBAN}/2026-03-11/NTF-0311-0001/C732.00`,
        '732.00',
        'Ferri Impianti srl',
        'Pagamento FT 31/2026',
        'Document/BkToCstmrDbtCdtNtfctn/Ntfctn[1]/Ntry[1]',
      ],
    ]);
  });
});

describe('CBI XML envelope (camt.053.001.02 inside, Latin-1)', () => {
  const s = readStatement(fixture('cbi-xml-latin1.xml'), 'cbi.xml');

  it('finds the statements inside the envelope and decodes Latin-1', () => {
    expect(s.format).toBe('cbi-xml');
    expect(s.accountIban).toBe(IBAN);
    expect(s.movements).toHaveLength(2);
    const m = s.movements[0];
    expect(m.payer?.name).toBe('Società Cooperativa Forlì');
    expect(m.remittance).toBe('Pagamento fattura n° 7/2026 - caffè');
    expect(m.key).toBe(`bank:${IBAN}/2026-03-05/1234567890ABCDEF/C610.00`);
    expect(m.source).toEqual({
      file: 'cbi.xml',
      format: 'cbi-xml',
      location: 'CBIBdyBkToCstmrStmtReq/CBIEnvelBkToCstmrStmtReqLogMsg[1]/CBIBkToCstmrStmtReqLogMsg/CBIDlyStmtReqLogMsg[1]/Stmt[1]/Ntry[1]',
    });
    expect(s.movements[1]).toMatchObject({ direction: 'debit', amount: '75.20', remittance: 'COMMISSIONI E SPESE' });
  });
});

/** A minimal camt.053 around the given entries. */
function camt(entries: string, version = '02'): Uint8Array {
  return bytes(`<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt><Stmt>
<Acct><Id><IBAN>${IBAN}</IBAN></Id></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`);
}

const ENTRY = (amount: string, extra = '') =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-04</Dt></BookgDt>${extra}</Ntry>`;

describe('camt amounts and required elements', () => {
  it('keeps the amount exactly as written, to two decimals', () => {
    const read = (a: string) => readStatement(camt(ENTRY(a)), 'a.xml').movements[0].amount;
    expect(read('1220.1')).toBe('1220.10');
    expect(read('000123')).toBe('123.00');
    expect(read('0.5')).toBe('0.50');
    expect(read('99999999999.99')).toBe('99999999999.99');
    expect(read('100.000')).toBe('100.00'); // zeros past the cents change nothing
  });

  it('refuses an amount with three decimals, or malformed, naming the element', () => {
    expect(statementError(() => readStatement(fixture('camt053-three-decimals.xml'), 'three.xml')).message).toBe(
      "three.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt: '1220.105' has 3 decimals: a statement amount has at most 2 (cents)",
    );
    expect(statementError(() => readStatement(camt(ENTRY('1.220,10')), 'a.xml')).message).toBe(
      "a.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt: '1.220,10' is not an amount: expected digits with at most 2 decimals, like 1234.56",
    );
    expect(statementError(() => readStatement(camt(ENTRY('-5.00')), 'a.xml')).message).toContain("'-5.00' is not an amount");
  });

  it('refuses a missing Amt, CdtDbtInd or BookgDt with the element path', () => {
    expect(statementError(() => readStatement(fixture('camt053-missing-amount.xml'), 'missing.xml')).message).toBe(
      'missing.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/Amt: missing: expected the entry amount, like <Amt Ccy="EUR">1220.10</Amt>',
    );
    const noDirection = camt('<Ntry><Amt Ccy="EUR">1.00</Amt><BookgDt><Dt>2026-03-04</Dt></BookgDt></Ntry>');
    expect(statementError(() => readStatement(noDirection, 'b.xml')).message).toBe(
      'b.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/CdtDbtInd: missing: expected CRDT or DBIT',
    );
    const noDate = camt('<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>');
    expect(statementError(() => readStatement(noDate, 'c.xml')).message).toBe(
      'c.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/BookgDt: missing: expected the booking date (Dt or DtTm), or a value date (ValDt), or a dated statement',
    );
    const badDate = camt('<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-02-30</Dt></BookgDt></Ntry>');
    expect(statementError(() => readStatement(badDate, 'd.xml')).message).toBe(
      "d.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/BookgDt/Dt: '2026-02-30' is not a date: expected YYYY-MM-DD",
    );
    const badDirection = camt('<Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CREDIT</CdtDbtInd><BookgDt><Dt>2026-03-04</Dt></BookgDt></Ntry>');
    expect(statementError(() => readStatement(badDirection, 'e.xml')).message).toBe(
      "e.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/CdtDbtInd: 'CREDIT' is not a direction: expected CRDT or DBIT",
    );
    const noCurrency = camt('<Ntry><Amt>1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-04</Dt></BookgDt></Ntry>');
    expect(statementError(() => readStatement(noCurrency, 'f.xml')).message).toBe(
      'f.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/Amt/@Ccy: expected the currency attribute (Ccy="EUR"), found none',
    );
  });

  it('refuses a statement document without Stmt, and reads a statement without entries as empty', () => {
    const empty = bytes(
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>',
    );
    expect(statementError(() => readStatement(empty, 'k.xml')).message).toBe(
      'k.xml: Document/BkToCstmrStmt/Stmt: missing: expected at least one Stmt (statement)',
    );
    const quiet = readStatement(camt(''), 'q.xml');
    expect(english([quiet.accountIban, quiet.movements, quiet.notes])).toEqual([IBAN, [], []]);
  });

  it('refuses a batch detail without its amount', () => {
    const entry = ENTRY(
      '3.00',
      '<AcctSvcrRef>B1</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy="EUR">1.00</Amt></TxDtls><TxDtls><RmtInf><Ustrd>x</Ustrd></RmtInf></TxDtls></NtryDtls>',
    );
    expect(statementError(() => readStatement(camt(entry, '08'), 'g.xml')).message).toBe(
      "g.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[1]/NtryDtls[1]/TxDtls[2]/Amt: missing: a batch entry of 2 transactions needs each one's amount (Amt or AmtDtls/TxAmt/Amt)",
    );
  });

  it('notes a batch that does not add up when the bank states no charges', () => {
    const entry = ENTRY(
      '2.50',
      '<AcctSvcrRef>B2</AcctSvcrRef><NtryDtls><TxDtls><Amt Ccy="EUR">1.00</Amt></TxDtls><TxDtls><Amt Ccy="EUR">2.00</Amt></TxDtls></NtryDtls>',
    );
    const s = readStatement(camt(entry, '08'), 'h.xml');
    expect(s.movements.map((m) => [m.key, m.amount])).toEqual([
      [`bank:${IBAN}/2026-03-04/B2#1/C1.00`, '1.00'],
      [`bank:${IBAN}/2026-03-04/B2#2/C2.00`, '2.00'],
    ]);
    expect(english(s.notes)).toEqual([
      'Document/BkToCstmrStmt/Stmt[1]/Ntry[1]: the 2 transactions of this batch add up to 3.00 EUR, the entry is 2.50 (difference 0.50); the bank states no charges. Each transaction is read with its own amount.',
    ]);
  });

  it('keeps two identical unreferenced credits apart, with stable keys', () => {
    const twice = camt(ENTRY('10.00', '<AddtlNtryInf>CONTANTI</AddtlNtryInf>') + ENTRY('10.00', '<AddtlNtryInf>CONTANTI</AddtlNtryInf>'));
    const s = readStatement(twice, 'i.xml');
    expect(s.movements[1].key).toBe(`${s.movements[0].key}~2`);
    expect(s.notes).toHaveLength(1);
  });

  it('notes an entry that is not booked', () => {
    const s = readStatement(camt(ENTRY('1.00', '<Sts><Cd>PDNG</Cd></Sts>'), '08'), 'j.xml');
    expect(english(s.notes)).toEqual(["Document/BkToCstmrStmt/Stmt[1]/Ntry[1]: the entry's status is PDNG, not BOOK (booked)"]);
  });
});

describe('camt oddities', () => {
  it('reads CDATA, comments, referred document numbers, and several accounts in one file', () => {
    const xml = `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt>
<Stmt><Acct><Id><IBAN>IT60X0542811101000000123456</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-04</Dt></BookgDt><AcctSvcrRef>A-1</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd><![CDATA[FT 5/2026 <saldo>]]></Ustrd><!-- a comment --><Ustrd>grazie</Ustrd>
<Strd><RfrdDocInf><Tp><CdOrPrtry><Cd>CINV</Cd></CdOrPrtry></Tp><Nb>6/2026</Nb></RfrdDocInf><RfrdDocInf><Nb>7/2026</Nb></RfrdDocInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry></Stmt>
<Stmt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
<Ntry><Amt Ccy="EUR">6.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-04</Dt></BookgDt><AcctSvcrRef>B-1</AcctSvcrRef></Ntry></Stmt>
</BkToCstmrStmt></Document>`;
    const s = readStatement(bytes(xml), 'two.xml');
    expect(s.accountIban).toBeUndefined();
    expect(s.movements.map((m) => [m.accountIban, m.remittance])).toEqual([
      ['IT60X0542811101000000123456', 'FT 5/2026 <saldo> grazie 6/2026 7/2026'], // RfrdDocInf/Nb: the invoice numbers
      ['DE89370400440532013000', ''],
    ]);
    expect(english(s.notes)).toEqual([
      'the file holds statements of 2 accounts (IT60X0542811101000000123456, DE89370400440532013000): each movement carries its own account',
    ]);
  });
});

describe('entries read one at a time', () => {
  it('reads the same movements when the document has to be parsed whole', () => {
    const text = new TextDecoder().decode(fixture('camt053-v02.xml'));
    const whole = bytes(text.replace('<GrpHdr>', '<GrpHdr><!-- Ntry count: 6 -->'));
    const a = readStatement(fixture('camt053-v02.xml'), 'x.xml');
    const b = readStatement(whole, 'x.xml');
    expect(b.movements).toEqual(a.movements);
    expect(english(b.notes)).toEqual(english(a.notes));
  });

  it('refuses an empty entry with its path', () => {
    expect(statementError(() => readStatement(camt(ENTRY('1.00') + '<Ntry/>'), 'e.xml')).message).toBe(
      'e.xml: Document/BkToCstmrStmt/Stmt[1]/Ntry[2]/Amt: missing: expected the entry amount, like <Amt Ccy="EUR">1220.10</Amt>',
    );
  });
});
