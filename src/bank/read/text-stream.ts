/**
 * What the streaming statement readers share: the bytes of a file decoded chunk by chunk (a
 * character split across two chunks is carried, never mangled), text cut into lines as it arrives,
 * and movement keys made unique in file order. Memory is one chunk plus what is carried.
 */
import type { Movement } from '../types.js';
import { decodeLatin1, decodeMixed, firstInvalidUtf8, type TextEncodingName } from './common.js';
import { type Message, t } from '../../i18n/message.js';
import { WordedError } from '../../errors.js';

/** How many bytes a UTF-8 sequence starting with `lead` needs, or 0 when `lead` starts none. */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Where an incomplete UTF-8 sequence starts at the end of `b` (to be carried), or b.length when none. */
function incompleteTail(b: Uint8Array): number {
  for (let back = 1; back <= 3 && back <= b.length; back++) {
    const c = b[b.length - back];
    if (c >= 0x80 && c <= 0xbf) continue;
    const need = sequenceLength(c);
    return need > back ? b.length - back : b.length;
  }
  return b.length;
}

function concat(a: Uint8Array | undefined, b: Uint8Array): Uint8Array {
  if (!a || a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * decodeText (common.ts) chunk by chunk: UTF-16 when the file starts with that byte-order mark; else
 * valid UTF-8 as UTF-8 and every other byte as windows-1252 (a UTF-8 file stays 'utf-8', a Latin-1
 * one is 'latin1', both in one file 'mixed'); a BOM is dropped. `forced` skips the detection; a
 * forced UTF-8 that is not throws a RangeError naming the line.
 */
export class TextStreamDecoder {
  encoding: TextEncodingName = 'utf-8';
  private carry: Uint8Array | undefined;
  private started = false;
  private utf16: { decode(bytes: Uint8Array, options?: { stream?: boolean }): string } | undefined;
  private readonly fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private multibyte = false;
  private invalid = false;
  private lines = 1;

  constructor(private readonly forced?: 'utf-8' | 'latin1') {
    if (forced === 'latin1') this.encoding = 'latin1';
  }

  push(chunk: Uint8Array): string {
    return this.decode(chunk, false);
  }

  end(): string {
    return this.decode(new Uint8Array(0), true);
  }

  private decode(chunk: Uint8Array, final: boolean): string {
    let bytes = concat(this.carry, chunk);
    this.carry = undefined;
    if (!this.started) {
      if (bytes.length < 3 && !final) {
        this.carry = bytes;
        return '';
      }
      this.started = true;
      if (this.forced !== 'latin1' && bytes[0] === 0xff && bytes[1] === 0xfe) {
        this.encoding = 'utf-16le';
        this.utf16 = new TextDecoder('utf-16le');
      } else if (this.forced !== 'latin1' && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        bytes = bytes.subarray(3);
      }
    }
    if (this.utf16) return this.utf16.decode(bytes, { stream: !final });
    if (this.forced === 'latin1') return decodeLatin1(bytes);
    const cut = final ? bytes.length : incompleteTail(bytes);
    if (cut < bytes.length) this.carry = bytes.slice(cut);
    const part = bytes.subarray(0, cut);
    let text: string;
    try {
      text = this.fatal.decode(part);
      if (!this.multibyte && text.length !== part.length) this.multibyte = true;
    } catch {
      if (this.forced === 'utf-8') {
        const good = firstInvalidUtf8(part);
        throw new WordedError(t`the bytes are not valid UTF-8 (line ${this.lines + countLines(new TextDecoder().decode(part.subarray(0, good)))})`);
      }
      const mixed = decodeMixed(part);
      text = mixed.text;
      this.invalid = true;
      if (mixed.encoding === 'mixed') this.multibyte = true;
    }
    if (this.forced === 'utf-8') this.lines += countLines(text);
    if (this.invalid) this.encoding = this.multibyte ? 'mixed' : 'latin1';
    return text;
  }
}

/** Text in, complete lines out (without their \n or \r\n); `end()` gives the last line when the text does not end with one. */
export class LineSplitter {
  private rest = '';

  /** The characters of the line not yet ended (bounded by the caller: a file with no line break is not read into memory). */
  get pending(): number {
    return this.rest.length;
  }

  push(text: string): string[] {
    const all = this.rest + text;
    const lines = all.split('\n');
    this.rest = lines.pop() ?? '';
    for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
    return lines;
  }

  end(): string[] {
    const last = this.rest.replace(/\r$/, '');
    this.rest = '';
    return last === '' ? [] : [last];
  }
}

/** `key` the first time, then `key~2`, `key~3`: as the versions before numbered their keys. */
function numbered(seen: Map<string, number>, key: string): string {
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  return n > 1 ? `${key}~${n}` : key;
}

/**
 * Movement keys made unique in file order, as movements arrive: a second movement with the same key
 * gets '~2', the third '~3' (identical movements of one day, a reference a bank repeated). The key of
 * the versions before (legacyKey, formerKey) are numbered the same way, as those versions did. It keeps every key of
 * the file (a few tens of bytes a movement) to know.
 */
export class KeyUniquifier {
  private readonly seen = new Map<string, number>();
  private readonly legacy = new Map<string, number>();
  private readonly former = new Map<string, number>();
  private repeated = 0;

  unique(movement: Movement): Movement {
    const n = (this.seen.get(movement.key) ?? 0) + 1;
    this.seen.set(movement.key, n);
    if (n > 1) {
      movement.key = `${movement.key}~${n}`;
      this.repeated++;
    }
    if (movement.legacyKey !== undefined) movement.legacyKey = numbered(this.legacy, movement.legacyKey);
    if (movement.formerKey !== undefined) movement.formerKey = numbered(this.former, movement.formerKey);
    return movement;
  }

  note(): Message | undefined {
    return this.repeated > 0
      ? t`${this.repeated} movement(s) repeat the reference, or the date, amount, counterparty and text, of an earlier one: each is kept as a movement of its own`
      : undefined;
  }
}
