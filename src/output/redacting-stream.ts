/**
 * The stderr every command is handed: each write passes the run's redactor on its way out, so a
 * preview, a prompt's echo, a debug line or a progress line cannot carry a token or a webhook
 * secret to the terminal or a CI log, whichever code path wrote it. Terminal facts (isTTY,
 * columns, rows) are the real stream's.
 */
import type { Redactor } from './redact.js';

export type TerminalStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number; rows?: number };

export function redactingStream<S extends TerminalStream>(stream: S, redactor: Redactor): S {
  return new Proxy(stream, {
    get(target, property, receiver) {
      if (property === 'write') {
        return (chunk: unknown, ...rest: unknown[]) => {
          const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk);
          return (target.write as (...args: unknown[]) => boolean).call(target, redactor.redact(text), ...rest);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
