/**
 * Text a person or a file gives fisco to send (names, addresses, notes, line descriptions, URLs):
 * what can never be right is refused before anything is sent, naming the field and the character.
 *
 * - Control characters (C0, DEL, C1): a name or an address is one line; a note may hold line
 *   breaks (LF, CR LF) and nothing else of the kind.
 * - Bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069): they reorder
 *   what a reader sees ("Rossi S.r.l." can display as another name), and no e-invoice needs them.
 * - Invisible characters (U+200B–U+200D zero-width, U+2060–U+2064 word joiner and invisible
 *   operators, U+FEFF byte order mark): "Rossi" with one inside looks like "Rossi" and is not, so a
 *   search, a VAT join or the SDI's own checks would see another name.
 * - Line and paragraph separators (U+2028, U+2029) and unpaired surrogates (not text at all).
 * - Lengths past the e-invoice format's limits (FatturaPA 1.2: a Denominazione at most 80
 *   characters, an Indirizzo or Comune 60, an e-mail 256, a line's Descrizione 1000) and the
 *   contract's own (docs: "Where fisco is stricter").
 */
import { ValidationError } from './validation-error.js';
import { FATTURAPA } from './fatturapa-schema.js';
import { type Message, t } from '../i18n/message.js';

const HEADER = 'FatturaElettronicaHeader/CessionarioCommittente';

/** FatturaPA's limits for what a client record and an invoice line carry (read from the official schema: fatturapa-schema.ts), and a URL's common ceiling. */
export const TEXT_LIMITS = {
  /** CessionarioCommittente/DatiAnagrafici/Anagrafica/Denominazione (String80LatinType). */
  name: FATTURAPA[`${HEADER}/DatiAnagrafici/Anagrafica/Denominazione`].maxLength,
  /** Sede/Indirizzo (String60LatinType). */
  address: FATTURAPA[`${HEADER}/Sede/Indirizzo`].maxLength,
  /** Sede/Comune (String60LatinType). */
  city: FATTURAPA[`${HEADER}/Sede/Comune`].maxLength,
  /** Email, PECDestinatario (EmailType: up to 256). */
  email: FATTURAPA['FatturaElettronicaHeader/DatiTrasmissione/PECDestinatario'].maxLength,
  /** DettaglioLinee/Descrizione (String1000LatinType). */
  lineText: FATTURAPA['FatturaElettronicaBody/DatiBeniServizi/DettaglioLinee/Descrizione'].maxLength,
  /** A webhook's target URL: the length browsers, proxies and servers all take. */
  url: 2048,
} as const;

const INVISIBLE = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff]);
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

function hex(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What is wrong with one code point in text (and why it matters, when that is not plain), or undefined. */
function badCodePoint(code: number, multiline: boolean): { what: Message; why?: Message } | undefined {
  if (code === 0x0a && multiline) return undefined;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return { what: t`a control character (${hex(code)})` };
  if (BIDI.has(code)) return { what: t`a bidirectional control character (${hex(code)})`, why: t`it changes how the text reads` };
  if (INVISIBLE.has(code)) return { what: t`an invisible character (${hex(code)})`, why: t`it cannot be seen, so the text is not what it looks like` };
  if (code === 0x2028 || code === 0x2029) return { what: t`a line or paragraph separator (${hex(code)})` };
  if (code >= 0xd800 && code <= 0xdfff) return { what: t`an unpaired surrogate (${hex(code)})`, why: t`the text is not valid Unicode` };
  return undefined;
}

/** The first character that can never be sent in this field, described with its position; undefined when there is none. */
export function unsafeCharacter(text: string, options: { multiline?: boolean } = {}): Message | undefined {
  const multiline = options.multiline ?? false;
  let position = 0;
  for (const char of multiline ? text.replace(/\r\n/g, '\n') : text) {
    position += 1;
    const problem = badCodePoint(char.codePointAt(0)!, multiline);
    if (problem) return problem.why ? t`holds ${problem.what} at character ${position} (${problem.why})` : t`holds ${problem.what} at character ${position}`;
  }
  return undefined;
}

/** Characters, as a person counts them (a code point each). */
export function textLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/** Throws a ValidationError naming `field` when `text` holds a character that can never be sent, or is longer than `max`. */
export function assertText(text: string, field: string, options: { multiline?: boolean; max?: number; limitName?: string } = {}): string {
  const unsafe = unsafeCharacter(text, options);
  if (unsafe) throw new ValidationError(field, t`${unsafe}; remove it and try again`);
  if (options.max !== undefined) {
    const length = textLength(text);
    if (length > options.max)
      throw new ValidationError(
        field,
        options.limitName
          ? t`is ${length} characters long; at most ${options.max} are allowed (${options.limitName})`
          : t`is ${length} characters long; at most ${options.max} are allowed`,
      );
  }
  return text;
}

/** Text fisco composes from a file it read (a bank's payer name in a payment note): what can never be sent becomes a space. */
export function stripUnsafeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out += badCodePoint(code, false) ? (BIDI.has(code) || INVISIBLE.has(code) ? '' : ' ') : char;
  }
  return out;
}
