/**
 * The exact JSON writer for request bodies (docs/invoicing.md, on numbers in request bodies).
 *
 * Amounts, prices, quantities and rates travel inside fisco as decimal strings. In a body they
 * are wrapped in a JsonNumber and written as a JSON number literal straight from that string:
 * never through a binary float (`123456789.12` and `0.1234567890123456789` stay exact) and never
 * in exponent form (`0.0000001`, not `1e-7`). A RawJson is a JSON text passed through verbatim
 * (`fisco api --input FILE` sends the file's own numbers). Everything else is written as
 * JSON.stringify would, except that a plain JS number is written in positional notation and a
 * negative zero or a non-finite number is refused.
 */

/** A plain decimal literal: optional minus, no leading zeros, optional fraction, no exponent. */
const DECIMAL_LITERAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export class JsonNumber {
  constructor(readonly literal: string) {
    if (!DECIMAL_LITERAL.test(literal)) throw new TypeError(`not a decimal number literal: ${JSON.stringify(literal)}`);
    if (/^-0(\.0+)?$/.test(literal)) throw new TypeError(`negative zero is not a number fisco sends: ${literal}`);
  }

  /** A body holding JsonNumbers must go through writeJson; JSON.stringify would lose exactness. */
  toJSON(): never {
    throw new TypeError('a JsonNumber was serialised with JSON.stringify: use writeJson (src/domain/json-number.ts)');
  }

  toString(): string {
    return this.literal;
  }
}

/** A decimal string (`"0.125"`, `"22"`, `"-5.00"`) as a JSON number literal. */
export function jsonNumber(decimal: string): JsonNumber {
  return new JsonNumber(decimal);
}

/** A JSON text written as it is (checked to be one JSON value). */
export class RawJson {
  constructor(readonly text: string) {
    JSON.parse(text);
  }
}

/**
 * A number literal in positional form, by moving its decimal point (no float arithmetic):
 * `1e-7` → `0.0000001`, `1.5E+3` → `1500`, `12.5` → `12.5`.
 */
export function expandExponent(literal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) throw new TypeError(`not a number literal: ${JSON.stringify(literal)}`);
  const [, sign, int, fraction = '', exp] = m;
  if (exp === undefined) return literal;
  const digits = int + fraction;
  const point = int.length + Number(exp); // where the decimal point falls within `digits`
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = `${digits}${'0'.repeat(point - digits.length)}`;
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  out = out.replace(/^0+(?=\d)/, '');
  if (out.includes('.')) out = out.replace(/\.?0+$/, '');
  return sign + out;
}

/**
 * The positional (never exponent) form of a finite JS number's shortest round-trip string:
 * 1e-7 → "0.0000001", 1.5e21 → "1500000000000000000000". No float arithmetic is done.
 */
export function positional(n: number): string {
  if (!Number.isFinite(n)) throw new TypeError(`not a finite number: ${n}`);
  if (Object.is(n, -0)) throw new TypeError('negative zero is not a number fisco sends');
  return expandExponent(String(n));
}

/** A number as written in a JSON text (parseJsonExact), in positional form: no float ever held it. */
export class NumberText {
  constructor(readonly text: string) {}

  toString(): string {
    return this.text;
  }
}

const NUMBER_TOKEN = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const MARK = '\u0000fisco-number:';

/**
 * JSON.parse, except that every number becomes a NumberText holding its literal exactly as
 * written (exponent expanded), so `0.0000001` and `123456789.123456789` survive.
 */
export function parseJsonExact(text: string): unknown {
  JSON.parse(text); // a text that is not JSON fails here, with JSON.parse's own message
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER_TOKEN.lastIndex = i;
      const m = NUMBER_TOKEN.exec(text);
      if (!m) throw new SyntaxError(`unexpected '${c}' at position ${i}`);
      out += JSON.stringify(MARK + m[0]);
      i += m[0].length;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(MARK) ? new NumberText(expandExponent(value.slice(MARK.length))) : value,
  );
}

/** Writes `value` as JSON text; `indent` as JSON.stringify's third argument (spaces). */
export function writeJson(value: unknown, indent = 0): string {
  const out = write(value, '', indent > 0 ? ' '.repeat(indent) : '', new Set());
  if (out === undefined) throw new TypeError('nothing to write: the value is not representable in JSON');
  return out;
}

function write(value: unknown, current: string, step: string, seen: Set<object>): string | undefined {
  if (value instanceof JsonNumber) return value.literal;
  if (value instanceof RawJson) return value.text.trim();
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return positional(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  const object = value as object;
  if (seen.has(object)) throw new TypeError('a circular structure cannot be written as JSON');
  seen.add(object);
  const inner = current + step;
  const open = (items: string[], o: string, c: string) =>
    items.length === 0 ? `${o}${c}` : step ? `${o}\n${inner}${items.join(`,\n${inner}`)}\n${current}${c}` : `${o}${items.join(',')}${c}`;
  let text: string;
  if (Array.isArray(object)) {
    text = open(
      object.map((item) => write(item, inner, step, seen) ?? 'null'),
      '[',
      ']',
    );
  } else {
    const items: string[] = [];
    for (const [key, item] of Object.entries(object)) {
      const written = write(item, inner, step, seen);
      if (written !== undefined) items.push(`${JSON.stringify(key)}:${step ? ' ' : ''}${written}`);
    }
    text = open(items, '{', '}');
  }
  seen.delete(object);
  return text;
}
