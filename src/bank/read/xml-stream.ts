/**
 * A small streaming XML parser for bank statements: text is pushed chunk by chunk and start tags,
 * text and end tags go to a handler as soon as they are complete, so a statement of any size is
 * read in the memory of one chunk (plus the token cut at its end). Namespace prefixes are dropped
 * from element and attribute names (xmlns attributes are left out).
 *
 * Safety: a DOCTYPE or an ENTITY declaration is refused where it is met (nothing of it is read), so
 * no external entity is ever fetched and no entity ever expanded; entity references are handed on
 * as written (the reader decodes the five predefined ones and character references, any other stays
 * as text). Well-formedness is checked as the text goes: tags nest and close, one root, attributes
 * quoted; a problem is a StatementError at its line and column, in the words fast-xml-parser's
 * validator used before.
 */
import { StatementError } from './common.js';

export interface XmlHandler {
  /** A start tag: its local name, its attributes (local names) and where it starts (1-based). */
  open(name: string, attributes: Record<string, string> | undefined, line: number, column: number): void;
  /** Raw text (entity references as written); the text of one element may come in several pieces. */
  text(raw: string): void;
  close(name: string): void;
}

const NAME = /^[A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?$/;
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

function local(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

export class XmlStreamParser {
  private buf = '';
  private pos = 0;
  private line = 1;
  private column = 1;
  private readonly stack: { name: string; line: number; column: number }[] = [];
  private rootSeen = false;

  constructor(
    private readonly file: string,
    private readonly handler: XmlHandler,
  ) {}

  push(text: string): void {
    this.buf = this.pos < this.buf.length ? this.buf.slice(this.pos) + text : text;
    this.pos = 0;
    this.run(false);
  }

  end(): void {
    this.run(true);
    const top = this.stack[this.stack.length - 1];
    if (top) this.fail(top.line, top.column, `Unclosed tag '${top.name}'.`);
    if (!this.rootSeen) this.fail(this.line, this.column, 'Start tag expected.');
  }

  private fail(line: number, column: number, message: string): never {
    throw new StatementError(this.file, `line ${line}, column ${column}`, `the XML is not well formed: ${message}`);
  }

  /** Moves the position to `to`, counting lines and columns on the way. */
  private advance(to: number): void {
    let nl = this.buf.indexOf('\n', this.pos);
    if (nl === -1 || nl >= to) {
      this.column += to - this.pos;
    } else {
      let last = nl;
      while (nl !== -1 && nl < to) {
        this.line++;
        last = nl;
        nl = this.buf.indexOf('\n', nl + 1);
      }
      this.column = to - last;
    }
    this.pos = to;
  }

  private textRun(raw: string, line: number, column: number): void {
    if (this.stack.length === 0) {
      const bad = /[^\s\uFEFF]/.exec(raw);
      if (bad) this.fail(line, column + bad.index, this.rootSeen ? 'Extra text at the end' : `char '${bad[0]}' is not expected.`);
      return;
    }
    this.handler.text(raw);
  }

  private run(final: boolean): void {
    const buf = this.buf;
    while (this.pos < buf.length) {
      const { line, column } = this;
      if (buf.charCodeAt(this.pos) !== 60 /* < */) {
        const lt = buf.indexOf('<', this.pos);
        const to = lt === -1 ? buf.length : lt;
        this.textRun(buf.slice(this.pos, to), line, column);
        this.advance(to);
        continue;
      }
      // Enough to tell a tag from a declaration (<!DOCTYPE, <![CDATA[): wait for more when the chunk ends sooner.
      const rest = buf.length - this.pos;
      if (!final && (rest < 2 || (buf.charCodeAt(this.pos + 1) === 33 /* ! */ && rest < 9))) return;
      if (buf.startsWith('<?', this.pos)) {
        const end = buf.indexOf('?>', this.pos + 2);
        if (end === -1) return this.incomplete(final, 'Pi tag is not closed.');
        this.advance(end + 2);
      } else if (buf.startsWith('<!--', this.pos)) {
        const end = buf.indexOf('-->', this.pos + 4);
        if (end === -1) return this.incomplete(final, 'Comment is not closed.');
        this.advance(end + 3);
      } else if (buf.startsWith('<![CDATA[', this.pos)) {
        const end = buf.indexOf(']]>', this.pos + 9);
        if (end === -1) return this.incomplete(final, 'CDATA is not closed.');
        if (this.stack.length === 0) this.fail(line, column, 'CDATA outside the root element.');
        // Read literally: an & in CDATA is the character itself, so it is escaped for the reader's decoding.
        this.handler.text(
          buf
            .slice(this.pos + 9, end)
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;'),
        );
        this.advance(end + 3);
      } else if (buf.startsWith('<!', this.pos)) {
        const m = /^<!(DOCTYPE|ENTITY)/i.exec(buf.slice(this.pos, this.pos + 9));
        if (m) {
          throw new StatementError(
            this.file,
            `line ${line}`,
            `the XML has a ${m[1].toUpperCase()} declaration: a bank statement never needs one, and fisco does not read DTDs or entities (refused, nothing read from it)`,
          );
        }
        this.fail(line, column, 'Invalid declaration: only comments and CDATA may start with <!.');
      } else if (buf.startsWith('</', this.pos)) {
        const end = buf.indexOf('>', this.pos + 2);
        if (end === -1) return this.incomplete(final, 'Closing tag is not closed.');
        const name = buf.slice(this.pos + 2, end).trim();
        const top = this.stack.pop();
        if (!top) this.fail(line, column, `Closing tag '${name}' has not been opened.`);
        if (top.name !== name) {
          this.fail(line, column, `Expected closing tag '${top.name}' (opened in line ${top.line}, col ${top.column}) instead of closing tag '${name}'.`);
        }
        this.advance(end + 1);
        this.handler.close(local(name));
      } else {
        const end = this.tagEnd(this.pos + 1);
        if (end === -1) return this.incomplete(final, 'Start tag is not closed.');
        this.startTag(buf.slice(this.pos + 1, end), line, column);
        this.advance(end + 1);
      }
    }
  }

  private incomplete(final: boolean, message: string): void {
    if (final) this.fail(this.line, this.column, message);
  }

  /** The '>' ending a start tag from `from`, outside quoted attribute values; -1 when not in the buffer yet. */
  private tagEnd(from: number): number {
    const buf = this.buf;
    let quote = 0;
    for (let i = from; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62) return i;
    }
    return -1;
  }

  private startTag(content: string, line: number, column: number): void {
    const closes = content.endsWith('/');
    const body = closes ? content.slice(0, -1) : content;
    const m = /^[^\s/>]+/.exec(body);
    const name = m?.[0] ?? '';
    if (!NAME.test(name)) this.fail(line, column, `Tag '${name}' is an invalid name.`);
    if (this.stack.length === 0 && this.rootSeen) this.fail(line, column, 'Multiple possible root nodes found.');
    let attributes: Record<string, string> | undefined;
    let at = name.length;
    while (at < body.length) {
      if (/^\s*$/.test(body.slice(at))) break;
      ATTRIBUTE.lastIndex = at;
      const a = ATTRIBUTE.exec(body);
      if (!a) this.fail(line, column, `Attributes for '${name}' have open quote or no value.`);
      const value = a[2] ?? a[3] ?? '';
      if (value.includes('<')) this.fail(line, column, `Attribute '${a[1]}' has an invalid value: '<' is not allowed.`);
      at = ATTRIBUTE.lastIndex;
      if (a[1] === 'xmlns' || a[1].startsWith('xmlns:')) continue;
      attributes ??= {};
      const key = local(a[1]);
      if (key in attributes) this.fail(line, column, `Attribute '${a[1]}' is repeated.`);
      attributes[key] = value;
    }
    this.rootSeen = true;
    this.handler.open(local(name), attributes, line, column);
    if (closes) this.handler.close(local(name));
    else this.stack.push({ name, line, column });
  }
}
