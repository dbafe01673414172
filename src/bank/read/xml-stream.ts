/**
 * The streaming XML parser of bank statements: sax (isaacs) in strict mode, fed chunk by chunk; start
 * tags, text and end tags go to a handler as soon as they are complete, so a statement of any size
 * is read in the memory of one chunk (sax keeps at most 64 KiB of any pending token). Namespace
 * prefixes are dropped from element and attribute names (xmlns attributes are left out), so a
 * prefixed document (ns2:Document) reads as an unprefixed one.
 *
 * Safety: a DOCTYPE or an ENTITY declaration is refused where it is met (the moment sax recognises
 * `<!DOCTYPE`, nothing of it read), so no external entity is ever fetched and no entity ever
 * expanded; sax decodes the five predefined entities and character references in text and
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

/** What sax holds while reading, beside its typed API: the close tag and the entity name being read. */
type Reading = { tagName: string; entity: string };

function local(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** What may follow '<!' as sax gathers it: a comment, CDATA, and the two refused at their keyword. */
const DECLARATIONS = ['-', '[CDATA[', 'DOCTYPE', 'ENTITY'];

/**
 * sax's parser, with the two fields where it gathers a DOCTYPE and a <!declaration watched: sax
 * assigns them through these accessors (on the prototype, so the parser keeps its fast shape), and
 * `watch` sees every value before it is kept.
 */
class WatchedParser extends sax.SAXParser {
  declare watch: ((field: 'doctype' | 'sgmlDecl', value: unknown) => void) | undefined;
  declare kept: { doctype?: unknown; sgmlDecl?: unknown } | undefined;
  get doctype(): unknown {
    return this.kept?.doctype;
  }
  set doctype(value: unknown) {
    this.watch?.('doctype', value);
    (this.kept ??= {}).doctype = value;
  }
  get sgmlDecl(): unknown {
    return this.kept?.sgmlDecl;
  }
  set sgmlDecl(value: unknown) {
    this.watch?.('sgmlDecl', value);
    (this.kept ??= {}).sgmlDecl = value;
  }
}

const REFUSED_DECLARATION = t`a bank statement never needs one, and fisco does not read DTDs or entities (refused, nothing read from it)`;

export class XmlStreamParser {
  private readonly parser: WatchedParser;
  private readonly stack: { name: string; line: number; column: number }[] = [];
  private rootSeen = false;
  /** Where the start tag being read began (1-based), known from its name on. */
  private tagLine = 1;
  private tagColumn = 1;
  private ended = false;

  constructor(
    private readonly file: string,
    private readonly handler: XmlHandler,
  ) {
    // strictEntities (in sax, not yet in @types/sax): only XML's five entities, none of HTML's.
    const parser = new WatchedParser(true, { position: true, strictEntities: true } as sax.SAXOptions);
    this.parser = parser;
    // sax reads a whole DOCTYPE (internal subset included) before its ondoctype, and a declaration
    // before its onsgmldeclaration (a quoted one to the end of the file): the text it gathers is
    // watched instead, so a DOCTYPE or an ENTITY declaration is refused at its keyword, its line,
    // before anything of it is read, and any other <!declaration at its first letter.
    parser.watch = (field, value) => {
      if (this.ended || typeof value !== 'string') return;
      if (field === 'doctype') {
        if (value === '') this.refuse('DOCTYPE');
      } else if (value !== '') {
        const upper = value.toUpperCase();
        if (upper === 'ENTITY') this.refuse('ENTITY');
        if (!DECLARATIONS.some((d) => d.startsWith(upper))) this.fail(t`Invalid declaration: only comments and CDATA may start with <!.`);
      }
    };
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

  push(text: string): void {
    this.parser.write(text);
  }

  end(): void {
    this.ended = true;
    const at = this.where(); // sax starts afresh once closed
    this.parser.close();
    if (!this.rootSeen) this.fail(t`Start tag expected.`, at);
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

  /** sax's error, in words naming what is wrong and where. */
  private saxError(message: string): never {
    const top = this.stack[this.stack.length - 1];
    if (message === 'Unexpected close tag' && top) {
      this.fail(
        t`Expected closing tag '${top.name}' (opened in line ${top.line}, col ${top.column}) instead of closing tag '${(this.parser as unknown as Reading).tagName}'.`,
        this.tagStartAt(),
      );
    }
    if (message === 'Unclosed root tag' && top) this.fail(t`Unclosed tag '${top.name}'.`, top);
    if (message === 'Invalid character entity') {
      const { entity } = this.parser as unknown as Reading;
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
