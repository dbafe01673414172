/**
 * fisco's words as English text, for tests that read what a pure module said: every Message inside
 * `value` (reasons, notes, hints, warnings) becomes its English rendering, arrays, maps and plain
 * objects are copied with theirs converted, anything else is kept as it is.
 */
import { Message } from '../../src/i18n/message.js';

export type English<T> = T extends Message
  ? string
  : T extends string
    ? T
    : T extends Map<infer K, infer V>
      ? Map<K, English<V>>
      : T extends readonly (infer U)[]
        ? English<U>[]
        : T extends object
          ? { [K in keyof T]: English<T[K]> }
          : T;

export function english<T>(value: T): English<T> {
  return convert(value) as English<T>;
}

function convert(value: unknown): unknown {
  if (value instanceof Message) return String(value);
  if (Array.isArray(value)) return value.map(convert);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, convert(v)]));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
  }
  return value;
}
