import { describe, expect, it } from 'vitest';
import { XmlStreamParser } from '../../../../src/bank/read/xml-stream.js';
import { statementError } from './helpers.js';

/** Parses `xml` fed in chunks of `size` characters; returns the events the handler saw. */
function events(xml: string, size = xml.length): string[] {
  const seen: string[] = [];
  const parser = new XmlStreamParser('x.xml', {
    open: (name, attributes, line, column) => seen.push(`<${name}${attributes ? ` ${JSON.stringify(attributes)}` : ''} @${line}:${column}`),
    text: (text) => {
      if (text.trim() === '') return;
      if (seen.length > 0 && seen[seen.length - 1]!.startsWith('"')) seen[seen.length - 1] = JSON.stringify(JSON.parse(seen[seen.length - 1]!) + text);
      else seen.push(JSON.stringify(text));
    },
    close: (name) => seen.push(`/${name}`),
  });
  for (let at = 0; at < xml.length; at += size) parser.push(xml.slice(at, at + size));
  parser.end();
  return seen;
}

const failure = (xml: string, size?: number) => statementError(() => events(xml, size)).message;

describe('the streaming XML parser (sax, strict)', () => {
  const doc = `<?xml version="1.0"?>\n<ns2:Document xmlns:ns2="urn:x" xmlns:a="urn:a">\n  <ns2:Amt a:Ccy="EUR">1 &amp;amp; &lt;2&gt; &#x20AC;<![CDATA[ &amp; <b>]]></ns2:Amt><Empty/>\n</ns2:Document>`;

  it('gives local names, attributes by local name, start positions and decoded text once, whatever the chunks', () => {
    const expected = ['<Document @2:1', '<Amt {"Ccy":"EUR"} @3:3', '"1 &amp; <2> € &amp; <b>"', '/Amt', '<Empty @3:86', '/Empty', '/Document'];
    expect(events(doc)).toEqual(expected);
    for (const size of [1, 2, 3, 7, 64]) expect(events(doc, size)).toEqual(expected);
  });

  it('refuses a DOCTYPE at its keyword, even cut into single characters, and any other declaration', () => {
    const dtd = '<?xml version="1.0"?>\n\n<!DOCTYPE d [\n<!ENTITY a "b">\n]>\n<d>&a;</d>';
    const refused = /^x\.xml: line 3: the XML has a DOCTYPE declaration/;
    expect(failure(dtd)).toMatch(refused);
    expect(failure(dtd, 1)).toMatch(refused);
    expect(failure('<d/>\n<!ENTITY a "b">', 1)).toMatch(/^x\.xml: line 2: the XML has a ENTITY declaration/);
    expect(failure('<d><!FOO bar></d>')).toBe(
      'x.xml: line 1, column 6: the XML is not well formed: Invalid declaration: only comments and CDATA may start with <!.',
    );
  });

  it('refuses what is not well formed at its line and column', () => {
    expect(failure('<a></a>\n<b/>')).toBe('x.xml: line 2, column 1: the XML is not well formed: Multiple possible root nodes found.');
    expect(failure('<a>\n  <b></c></a>')).toBe(
      "x.xml: line 2, column 6: the XML is not well formed: Expected closing tag 'b' (opened in line 2, col 3) instead of closing tag 'c'.",
    );
    expect(failure('<a>\n  <b>')).toBe("x.xml: line 2, column 3: the XML is not well formed: Unclosed tag 'b'.");
    expect(failure('<a>R & C</a>')).toBe(
      "x.xml: line 1, column 7: the XML is not well formed: an '&' that starts no entity reference (a literal & is written &amp;).",
    );
    expect(failure('<a>&#0;</a>')).toBe("x.xml: line 1, column 7: the XML is not well formed: '&#0;' is not a valid character reference.");
    expect(failure('<a x=1/>')).toMatch(/^x\.xml: line 1, column 6: the XML is not well formed: Unquoted attribute value\.$/);
    expect(failure('  \n')).toBe('x.xml: line 2, column 1: the XML is not well formed: Start tag expected.');
  });
});
