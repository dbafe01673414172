/**
 * The closing balance each statement states (`fisco cash --from-statement`): camt.053 CLBD, MT940
 * :62F: (not the intermediate :62M:), CBI RH record 64, signed by their credit/debit mark; a CSV
 * export states none. Real statements of ../shared/bank-statements/ read in place (figures copied
 * from the files by eye), and small ones written here for the debit sign.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../src/bank/read/index.js';
import { MISSING_NOTICE, REQUIRE_BANK_STATEMENTS, bankStatementsDir } from './real-files.js';

const real = bankStatementsDir();
const closings = (name: string) => readStatement(readFileSync(join(real!, name)), name).closings;

describe.runIf(real !== undefined || REQUIRE_BANK_STATEMENTS)('closing balances of the real statements', () => {
  it('MT940 :62F:, camt.053 CLBD, CBI RH 64 of two banks', () => {
    if (!real) throw new Error(MISSING_NOTICE);
    expect(closings('oca-ing.940')).toEqual([{ amount: '564.35', currency: 'EUR', date: '2014-02-20', iban: 'NL77INGB0574908765' }]);
    // One :62F: a day for a month: the last is 31/01/2020.
    expect(closings('wolph-asnb.940')!.at(-1)).toEqual({ amount: '501.23', currency: 'EUR', date: '2020-01-31', iban: 'NL81ASNB9999999999' });
    expect(closings('subite-camt053-be-202411.xml')).toEqual([{ amount: '87539.12', currency: 'EUR', date: '2024-11-30', iban: 'BE68793230773034' }]);
    expect(closings('cbi-rh-tpm.txt')![0]).toEqual({ amount: '291590.58', currency: 'EUR', date: '2023-05-11', iban: 'IT48W0100503213000000006492' });
  });
});

describe.skipIf(real !== undefined || REQUIRE_BANK_STATEMENTS)('closing balances of the real statements (not beside this clone)', () => {
  it.skip(MISSING_NOTICE, () => undefined);
});

describe('closing balances, signed', () => {
  it('an overdrawn MT940 closing balance (D) is negative; :62M: is not a closing balance', () => {
    const text = [
      ':20:STMT1',
      ':25:NL77INGB0574908765',
      ':28C:1/1',
      ':60F:C261119EUR100,00',
      ':61:2611201120D150,00NTRFNONREF',
      ':86:rent',
      ':62M:D261120EUR50,00',
      ':60M:D261120EUR50,00',
      ':62F:D261120EUR50,00',
      '',
    ].join('\r\n');
    expect(readStatement(Buffer.from(text), 'x.940').closings).toEqual([{ amount: '-50.00', currency: 'EUR', date: '2026-11-20', iban: 'NL77INGB0574908765' }]);
  });

  it('a camt.053 DBIT closing balance is negative', () => {
    const xml = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2026-11-20T08:00:00</CreDtTm></GrpHdr><Stmt><Id>S</Id><CreDtTm>2026-11-20T08:00:00</CreDtTm><Acct><Id><IBAN>BE68793230773034</IBAN></Id></Acct><Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">12.50</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2026-11-20</Dt></Dt></Bal></Stmt></BkToCstmrStmt></Document>`;
    expect(readStatement(Buffer.from(xml), 'x.xml').closings).toEqual([{ amount: '-12.50', currency: 'EUR', date: '2026-11-20', iban: 'BE68793230773034' }]);
  });
});
