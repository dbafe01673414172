import type { Redactor } from '../output/redact.js';
import { safeText } from '../output/safe-text.js';

/** `--debug` tracing of each exchange to stderr, through the one redactor (token, webhook secrets, URL credentials). */
export interface Tracer {
  request(method: string, url: string, headers: Record<string, string>, body: string | undefined): void;
  response(status: number, headers: Record<string, unknown>, body: string, ms: number): void;
  failure(error: unknown, ms: number): void;
}

const MAX_BODY = 4_000;

export function createTracer(output: ((line: string) => void) | undefined, redactor: Redactor): Tracer {
  if (!output) return { request() {}, response() {}, failure() {} };
  const write = (line: string) => output(safeText(redactor.redact(line)));
  const body = (text: string | undefined) => {
    if (!text) return;
    write(`  ${text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} chars)` : text}`);
  };
  return {
    request(method, url, headers, payload) {
      write(`> ${method} ${url}`);
      for (const [name, value] of Object.entries(headers)) write(`> ${name}: ${name === 'authorization' ? 'Bearer ***' : value}`);
      body(payload);
    },
    response(status, headers, text, ms) {
      write(`< ${status} (${ms} ms)`);
      for (const name of ['content-type', 'location', 'retry-after', 'x-ratelimit-remaining']) {
        if (headers[name] !== undefined) write(`< ${name}: ${String(headers[name])}`);
      }
      body(text);
    },
    failure(error, ms) {
      const e = error as { code?: string; message?: string };
      write(`! ${e?.code ?? 'error'} after ${ms} ms: ${e?.message ?? String(error)}`);
    },
  };
}
