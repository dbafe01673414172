import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../../src/bank/read/index.js';
import { bytes, fixture, statementError } from './helpers.js';

/** Something of /etc/passwd that must never show up (the file exists on Linux and macOS). */
function passwdSample(): string {
  try {
    return readFileSync('/etc/passwd', 'utf8').split('\n')[0].slice(0, 12);
  } catch {
    return 'root:x:0:0:';
  }
}

describe('XML external entities and entity expansion', () => {
  it('refuses a document with a DOCTYPE naming /etc/passwd (XXE) and shows nothing of the file', () => {
    const e = statementError(() => readStatement(fixture('xxe.xml'), 'xxe.xml'));
    expect(e.message).toBe(
      'xxe.xml: line 2: the XML has a DOCTYPE declaration: a bank statement never needs one, and fisco does not read DTDs or entities (refused, nothing read from it)',
    );
    const sample = passwdSample();
    expect(e.message).not.toContain(sample);
    expect(JSON.stringify(e)).not.toContain(sample);
  });

  it('refuses a billion-laughs document at once, without expanding it', () => {
    const file = fixture('billion-laughs.xml');
    const before = process.memoryUsage().heapUsed;
    const e = statementError(() => readStatement(file, 'lol.xml'));
    expect(e.message).toMatch(/^lol\.xml: line 2: the XML has a DOCTYPE declaration/);
    expect(e.message).not.toContain('lollol');
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(16 * 1024 * 1024);
    // At once, at its keyword: the same refusal when the file stops right after the word DOCTYPE, so
    // nothing after it (the entity definitions, the reference to &lol9;) was read, let alone expanded.
    const keyword = Buffer.from(file).indexOf('DOCTYPE') + 'DOCTYPE'.length;
    expect(statementError(() => readStatement(file.subarray(0, keyword), 'lol.xml')).message).toBe(e.message);
  });

  it('refuses a DOCTYPE in any case, after a BOM, and an ENTITY declaration anywhere', () => {
    const doc = (head: string) => bytes(`${head}<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document>`);
    expect(
      statementError(() => readStatement(doc('\uFEFF<?xml version="1.0"?>\n<!doctype Document SYSTEM "http://127.0.0.1:9/x.dtd">\n'), 'a.xml')).message,
    ).toMatch(/^a\.xml: line 2: the XML has a DOCTYPE declaration/);
    expect(statementError(() => readStatement(doc('<!ENTITY x "y">'), 'b.xml')).message).toMatch(/^b\.xml: line 1: the XML has a ENTITY declaration/);
  });

  it('refuses an undeclared entity reference at its line and column, and decodes the predefined ones once', () => {
    const doc = (text: string) =>
      bytes(`<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>
      <Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-03-04</Dt></BookgDt>
      <AddtlNtryInf>${text}</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`);
    expect(statementError(() => readStatement(doc('&xxe; &lt;ok&gt;'), 'undeclared.xml')).message).toBe(
      "undeclared.xml: line 3, column 25: the XML refers to the entity '&xxe;', which is not declared: fisco reads only the five predefined entities (&lt; &gt; &amp; &quot; &apos;) and character references, and never expands any other",
    );
    expect(statementError(() => readStatement(doc('caff&egrave;'), 'html.xml')).message).toMatch(
      /^html\.xml: line 3, column \d+: the XML refers to the entity '&egrave;'/,
    );
    expect(readStatement(doc('&lt;ok&gt; &#232; &#x20AC; &amp;amp; &quot;&apos; <![CDATA[a &amp; <b>]]>'), 'decoded.xml').movements[0].remittance).toBe(
      `<ok> è € &amp; "' a &amp; <b>`,
    );
  });
});
