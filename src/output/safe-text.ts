/**
 * Text from the service made safe for a terminal: C0/C1 control characters (ESC, BEL, the OSC
 * and CSI introducers), DEL and the bidirectional overrides and isolates are shown escaped
 * (`\x1b`, `\u202e`) instead of being interpreted. Tab and newline are kept only where the caller
 * allows multi-line text.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escape(char: string): string {
  const code = char.charCodeAt(0);
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One line of text: every control character, newline and tab included, escaped. */
export function safeLine(text: string): string {
  return text.replace(UNSAFE_SINGLE_LINE, escape);
}

/** Multi-line text (a message block): newlines and tabs kept, every other control character escaped. */
export function safeText(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** True when the text holds anything `safeText` would escape. */
export function hasUnsafe(text: string): boolean {
  UNSAFE.lastIndex = 0;
  const found = UNSAFE.test(text);
  UNSAFE.lastIndex = 0;
  return found;
}

/**
 * One line that fits `width` terminal cells (a progress line redrawn in place: wider than the
 * terminal, it would wrap and leave a line behind on every redraw). Cut with `…`; made safe.
 */
export function fitLine(text: string, width: number | undefined): string {
  const line = safeLine(text);
  // The last column is left free: a line filling it puts some terminals' cursor on the next line.
  const room = Math.max(1, (width && width > 0 ? width : 80) - 1);
  const chars = [...line];
  return chars.length <= room ? line : `${chars.slice(0, room - 1).join('')}…`;
}

// eslint-disable-next-line no-control-regex
const UNSAFE_DATA = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The service's data handed on as data (`fisco mcp`'s answers): every string with its control and
 * direction-changing characters removed (line breaks and tabs kept), at any depth.
 */
export function safeData(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSAFE_DATA, '');
  if (Array.isArray(value)) return value.map(safeData);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, field]) => [safeData(key) as string, safeData(field)]));
  return value;
}
