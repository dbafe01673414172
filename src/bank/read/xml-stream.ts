/**
 * The streaming XML parser of bank statements: sax (isaacs) in strict mode, fed chunk by chunk; start
 * tags, text and end tags go to a handler as soon as they are complete, so a statement of any size
 * is read in the memory of one chunk (sax keeps at most 64 KiB of any pending token). Namespace
 * prefixes are dropped from element and attribute names (xmlns attributes are left out), so a
 * prefixed document (ns2:Document) reads as an unprefixed one.
 *
 * Safety: a DOCTYPE or an ENTITY declaration is refused where it is met (at its keyword, nothing
 * of it read: what follows a `<!` that opens markup is fed to sax a character at a time and
 * checked), so no external entity is ever fetched and no entity ever expanded; sax decodes the five predefined entities and character references in text and
 * attribute values (strictEntities: no HTML entity), and any other entity reference is refused.
 * Well-formedness is checked by sax as the text goes, plus one root element and no declaration
 * other than comments and CDATA; a problem is a StatementError at its line and column (1-based).
 */
import sax from 'sax';
import { StatementError } from './common.js';
import { t, type Text } from '../../i18n/message.js';

export interface XmlHandler {
  /** A start tag: its local name, its attributes (local names) and where it starts (1-based). */
  open(name: string, attributes: Record<string, string> | undefined, line: number, column: number): void;
  /** Decoded text (entity and character references resolved, CDATA as written); an element's text may come in several pieces. */
  text(text: string): void;
  close(name: string): void;
}

function local(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** What may follow '<!' as sax gathers it: a comment, CDATA, and the two refused at their keyword. */
const DECLARATIONS = ['-', '[CDATA[', 'DOCTYPE', 'ENTITY'];

/** XML's white space, which sax lets stand between a '<' and what it opens. */
const SPACE = /^[ \t\r\n]*$/;

/** How much text already read is kept for sax's messages (a close tag's or an entity's name): twice the 64 KiB sax holds of a pending token. */
const KEEP = 128 * 1024;

/** The text fed lately, by its position in the document: at least the last KEEP characters and the chunk being read. */
class RecentText {
  private pieces: string[] = [];
  /** Position of pieces[0]'s first character. */
  private start = 0;
  private held = 0;

  add(text: string): void {
    const last = this.pieces.length - 1;
    if (last >= 0 && this.pieces[last]!.length < 4096) this.pieces[last] += text;
    else this.pieces.push(text);
    this.held += text.length;
    while (this.pieces.length > 1 && this.held - this.pieces[0]!.length >= KEEP) {
      const dropped = this.pieces.shift()!;
      this.start += dropped.length;
      this.held -= dropped.length;
    }
  }

  /** The text up to position `end`, back to (and from) the last occurrence of `mark` before it, or as much as is held. */
  backTo(mark: string, end: number): string {
    const text = this.pieces.join('').slice(0, end - this.start);
    return text.slice(Math.max(text.lastIndexOf(mark), 0));
  }
}

const REFUSED_DECLARATION = t`a bank statement never needs one, and fisco does not read DTDs or entities (refused, nothing read from it)`;

export class XmlStreamParser {
  private readonly parser: sax.SAXParser;
  private readonly stack: { name: string; line: number; column: number }[] = [];
  private rootSeen = false;
  /** Where the start tag being read began (1-based), known from its name on. */
  private tagLine = 1;
  private tagColumn = 1;
  /** Characters fed to sax so far: the position its parser counts in (one per UTF-16 unit). */
  private fed = 0;
  /** Position of the last '<' fed, and whether only white space followed it. */
  private lastOpen = -1;
  private onlySpaceSinceOpen = false;
  /** What followed a '<!' that opens markup, while it is read a character at a time; undefined otherwise. */
  private declaration: string | undefined;
  private readonly recent = new RecentText();

  constructor(
    private readonly file: string,
    private readonly handler: XmlHandler,
  ) {
    // strictEntities (in sax, not yet in @types/sax): only XML's five entities, none of HTML's.
    const parser = new sax.SAXParser(true, { position: true, strictEntities: true } as sax.SAXOptions);
    this.parser = parser;
    // sax would read a whole DOCTYPE (internal subset included) before its ondoctype, and a
    // declaration before its onsgmldeclaration: push() checks what follows a '<!' itself, so a
    // DOCTYPE or an ENTITY declaration is refused at its keyword; these two are the safety net.
    parser.ondoctype = () => this.refuse('DOCTYPE');
    parser.onsgmldeclaration = (declaration: string) => {
      const m = /^\s*(DOCTYPE|ENTITY)/i.exec(declaration);
      if (m) this.refuse(m[1]!.toUpperCase());
      this.fail(t`Invalid declaration: only comments and CDATA may start with <!.`);
    };
    parser.onopentagstart = () => this.tagStart();
    parser.onopentag = (tag) => this.openTag(tag as sax.Tag); // a self-closing tag gets its onclosetag too
    parser.onclosetag = (name) => {
      this.stack.pop();
      this.handler.close(local(name));
    };
    parser.ontext = (text) => {
      if (this.stack.length > 0) this.handler.text(text);
    };
    parser.oncdata = (text) => this.handler.text(text);
    parser.onerror = (error) => this.saxError(error.message.split('\n', 1)[0]!);
  }

  /**
   * Feeds sax the next piece of the document. A '!' right after a '<' that sax took as the start
   * of markup (its startTagPosition; white space may stand between them) begins a declaration:
   * from there sax gets one character at a time until the keyword is known, so a DOCTYPE or an
   * ENTITY is refused at its keyword and any other declaration at its first wrong letter,
   * wherever the chunks are cut. A '!' in text, a comment, CDATA or an attribute value is not one.
   */
  push(text: string): void {
    this.recent.add(text);
    let from = 0;
    while (from < text.length) {
      if (this.declaration !== undefined) {
        this.write(text[from]!);
        this.checkDeclaration(text[from]!);
        from++;
        continue;
      }
      const bang = text.indexOf('!', from);
      if (bang < 0) {
        this.write(from === 0 ? text : text.slice(from));
        return;
      }
      this.write(text.slice(from, bang));
      if (this.onlySpaceSinceOpen && this.parser.startTagPosition === this.lastOpen + 1) this.declaration = '';
      this.write('!');
      from = bang + 1;
    }
  }

  end(): void {
    const at = this.where(); // sax starts afresh once closed
    this.parser.close();
    if (!this.rootSeen) this.fail(t`Start tag expected.`, at);
  }

  private write(text: string): void {
    if (text === '') return;
    const open = text.lastIndexOf('<');
    if (open >= 0) {
      this.lastOpen = this.fed + open;
      this.onlySpaceSinceOpen = SPACE.test(text.slice(open + 1));
    } else if (this.onlySpaceSinceOpen) this.onlySpaceSinceOpen = SPACE.test(text);
    this.fed += text.length;
    this.parser.write(text);
  }

  /** After sax has read `c` of a declaration: a comment or CDATA goes on; DOCTYPE and ENTITY are refused; anything else is not XML. */
  private checkDeclaration(c: string): void {
    const read = this.declaration + c;
    const upper = read.toUpperCase();
    if (read === '--' || upper === '[CDATA[') this.declaration = undefined;
    else if (upper === 'DOCTYPE' || upper === 'ENTITY') this.refuse(upper);
    else if (DECLARATIONS.some((d) => d.startsWith(upper))) this.declaration = read;
    else this.fail(t`Invalid declaration: only comments and CDATA may start with <!.`);
  }

  /** 1-based line and column of the character sax has just read. */
  private where(): { line: number; column: number } {
    return { line: this.parser.line + 1, column: Math.max(this.parser.column, 1) };
  }

  private fail(message: Text, at = this.where()): never {
    throw new StatementError(this.file, t`line ${at.line}, column ${at.column}`, t`the XML is not well formed: ${message}`);
  }

  private refuse(what: string): never {
    throw new StatementError(this.file, t`line ${this.parser.line + 1}`, t`the XML has a ${what} declaration: ${REFUSED_DECLARATION}`);
  }

  /** Where the tag sax is reading began: its '<', counted back from here when on this line. */
  private tagStartAt(): { line: number; column: number } {
    const { line, column, position, startTagPosition } = this.parser;
    const back = position - startTagPosition;
    return column > back ? { line: line + 1, column: column - back } : { line: line + 1, column: 1 };
  }

  private tagStart(): void {
    const at = this.tagStartAt();
    this.tagLine = at.line;
    this.tagColumn = at.column;
  }

  private openTag(tag: sax.Tag): void {
    if (this.stack.length === 0 && this.rootSeen) this.fail(t`Multiple possible root nodes found.`, { line: this.tagLine, column: this.tagColumn });
    this.rootSeen = true;
    let attributes: Record<string, string> | undefined;
    for (const name in tag.attributes) {
      if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
      attributes ??= {};
      const key = local(name);
      if (key in attributes) this.fail(t`Attribute '${name}' is repeated.`, { line: this.tagLine, column: this.tagColumn });
      attributes[key] = tag.attributes[name]!;
    }
    const name = local(tag.name);
    this.stack.push({ name: tag.name, line: this.tagLine, column: this.tagColumn });
    this.handler.open(name, attributes, this.tagLine, this.tagColumn);
  }

  /** The name in the close tag sax has just read (`</name>`), from the text fed. */
  private closeTagName(): string {
    return /^<\/\s*([^\s>]*)/.exec(this.recent.backTo('<', this.parser.position))?.[1] ?? '';
  }

  /** sax's error, in words naming what is wrong and where. */
  private saxError(message: string): never {
    const top = this.stack[this.stack.length - 1];
    if (message === 'Unexpected close tag' && top) {
      this.fail(
        t`Expected closing tag '${top.name}' (opened in line ${top.line}, col ${top.column}) instead of closing tag '${this.closeTagName()}'.`,
        this.tagStartAt(),
      );
    }
    if (message === 'Unclosed root tag' && top) this.fail(t`Unclosed tag '${top.name}'.`, top);
    if (message === 'Invalid character entity') {
      const entity = this.recent.backTo('&', this.parser.position).slice(1, -1);
      if (!entity.startsWith('#')) {
        throw new StatementError(
          this.file,
          t`line ${this.parser.line + 1}, column ${this.parser.column}`,
          t`the XML refers to the entity '&${entity};', which is not declared: fisco reads only the five predefined entities (&lt; &gt; &amp; &quot; &apos;) and character references, and never expands any other`,
        );
      }
      this.fail(t`'&${entity};' is not a valid character reference.`);
    }
    if (message === 'Invalid character in entity name') this.fail(t`an '&' that starts no entity reference (a literal & is written &amp;).`);
    this.fail(/[.!?]$/.test(message) ? message : `${message}.`);
  }
}
