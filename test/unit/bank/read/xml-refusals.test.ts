// The DOCTYPE/ENTITY refusal and sax's messages of src/bank/read/xml-stream.ts, read through sax's
// public API only: the same answer whatever the chunks, and no false refusal.
import { describe, expect, it } from 'vitest';
import { XmlStreamParser } from '../../../../src/bank/read/xml-stream.js';
import { statementError } from './helpers.js';

/** Feeds `xml` in chunks of `size` characters; returns the text the handler saw. */
function read(xml: string, size = xml.length): string {
  let text = '';
  const parser = new XmlStreamParser('x.xml', { open: () => undefined, text: (t) => (text += t), close: () => undefined });
  for (let at = 0; at < xml.length; at += size) parser.push(xml.slice(at, at + size));
  parser.end();
  return text;
}
const failure = (xml: string, size?: number) => statementError(() => read(xml, size)).message;
const SIZES = [undefined, 1, 2, 3, 5, 8];

describe('declarations, whatever the chunks', () => {
  it('refuses a DOCTYPE or an ENTITY at its keyword: after white space inside the <, in any case, on its own line', () => {
    for (const size of SIZES) {
      expect(failure('<?xml version="1.0"?>\n< \n!doctype d SYSTEM "file:///etc/passwd">\n<d/>', size)).toMatch(
        /^x\.xml: line 3: the XML has a DOCTYPE declaration/,
      );
      expect(failure('<d/>\n\n<!Entity a "b">', size)).toMatch(/^x\.xml: line 3: the XML has a ENTITY declaration/);
    }
  });

  it('reads a <!DOCTYPE or an exclamation mark inside a comment, CDATA, text or an attribute value as text', () => {
    const xml = '<d a="x!y"><!-- <!DOCTYPE d> < !ENTITY --><![CDATA[<!DOCTYPE d>]]>Grazie! <!----></d>';
    for (const size of SIZES) expect(read(xml, size)).toBe('<!DOCTYPE d>Grazie! ');
  });

  it('refuses any other declaration at its first wrong letter', () => {
    for (const size of SIZES) {
      expect(failure('<d><!FOO bar></d>', size)).toBe(
        'x.xml: line 1, column 6: the XML is not well formed: Invalid declaration: only comments and CDATA may start with <!.',
      );
      expect(failure('<d><![CDATX[x]]></d>', size)).toMatch(/^x\.xml: line 1, column 11: the XML is not well formed: Invalid declaration/);
      expect(failure('<d><!-x--></d>', size)).toMatch(/^x\.xml: line 1, column 7: the XML is not well formed: Invalid declaration/);
      expect(failure('<d><!DOC></d>', size)).toMatch(/^x\.xml: line 1, column 9: the XML is not well formed: Invalid declaration/);
    }
  });
});

describe("sax's messages name what it read, whatever the chunks", () => {
  it('the close tag that does not match', () => {
    for (const size of SIZES)
      expect(failure('<a>\n  <b></  cc ></a>', size)).toBe(
        "x.xml: line 2, column 6: the XML is not well formed: Expected closing tag 'b' (opened in line 2, col 3) instead of closing tag 'cc'.",
      );
  });

  it('an undeclared entity, in text and in an attribute value, and a bad character reference', () => {
    for (const size of SIZES) {
      expect(failure('<a>ok &amp; &nbsp;</a>', size)).toMatch(/^x\.xml: line 1, column 18: the XML refers to the entity '&nbsp;', which is not declared/);
      expect(failure('<a t="&lt;&xxe;"/>', size)).toMatch(/^x\.xml: line 1, column 15: the XML refers to the entity '&xxe;'/);
      expect(failure('<a>&#xD800;</a>', size)).toBe("x.xml: line 1, column 11: the XML is not well formed: '&#xD800;' is not a valid character reference.");
    }
  });

  it('an entity whose name starts more than a chunk back', () => {
    const name = `e${'x'.repeat(10_000)}`;
    expect(failure(`<a>${'t'.repeat(70_000)}&${name};</a>`, 4096)).toContain(`the entity '&${name};', which is not declared`);
  });
});
