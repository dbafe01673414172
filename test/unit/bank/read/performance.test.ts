import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../../src/bank/read/index.js';
import { bytes } from './helpers.js';

/** A camt.053.001.08 of `n` credits, each with a detail, a payer and a remittance text. */
function bigCamt(n: number): Uint8Array {
  const entries: string[] = [];
  for (let i = 0; i < n; i++) {
    const amount = `${(i % 5000) + 1}.${String(i % 100).padStart(2, '0')}`;
    entries.push(
      `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-03-04</Dt></BookgDt>` +
        `<ValDt><Dt>2026-03-04</Dt></ValDt><AcctSvcrRef>REF${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E2E-${i}</EndToEndId></Refs>` +
        `<Amt Ccy="EUR">${amount}</Amt><RltdPties><Dbtr><Pty><Nm>Cliente ${i} S.r.l.</Nm></Pty></Dbtr></RltdPties>` +
        `<RmtInf><Ustrd>saldo fatt. n. ${i}/2026</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`,
    );
  }
  return bytes(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>` +
      `<Acct><Id><IBAN>IT60X0542811101000000123456</IBAN></Id></Acct>\n${entries.join('')}</Stmt></BkToCstmrStmt></Document>\n`,
  );
}

describe('a large camt.053', () => {
  // How fast: `npm run bench` (bench/bank-match.js: the read time, and its time per credit at 10,000
  // credits beside 1,000, as a ratio in one run); no clock is read here.
  it('reads 10,000 entries, every amount exact', () => {
    const file = bigCamt(10_000);
    const s = readStatement(file, 'big.xml');
    expect(s.movements).toHaveLength(10_000);
    expect(s.movements[9_999]).toMatchObject({
      key: 'bank:IT60X0542811101000000123456/2026-03-04/REF9999/C5000.99',
      amount: '5000.99',
      payer: { name: 'Cliente 9999 S.r.l.' },
    });
    expect(new Set(s.movements.map((m) => m.key)).size).toBe(10_000);
  });
});
