/** `--debug` tracing of each exchange to stderr, with the token and webhook secrets redacted. */
export interface Tracer {
  request(method: string, url: string, headers: Record<string, string>, body: string | undefined): void;
  response(status: number, headers: Record<string, unknown>, body: string, ms: number): void;
  failure(error: unknown, ms: number): void;
}

const MAX_BODY = 4_000;
const SECRET_KEYS = /"(secret|token|api_token|password)"\s*:\s*"[^"]*"/gi;

export function redact(text: string, token: string): string {
  let out = text.replace(SECRET_KEYS, (_m, key: string) => `"${key}":"***"`);
  if (token) out = out.split(token).join('***');
  return out;
}

export function createTracer(write: ((line: string) => void) | undefined, token: string): Tracer {
  if (!write) return { request() {}, response() {}, failure() {} };
  const body = (text: string | undefined) => {
    if (!text) return;
    const shown = redact(text, token);
    write(`  ${shown.length > MAX_BODY ? `${shown.slice(0, MAX_BODY)}… (${shown.length} chars)` : shown}`);
  };
  return {
    request(method, url, headers, payload) {
      write(`> ${method} ${redact(url, token)}`);
      for (const [name, value] of Object.entries(headers)) {
        write(`> ${name}: ${name === 'authorization' ? 'Bearer ***' : redact(value, token)}`);
      }
      body(payload);
    },
    response(status, headers, text, ms) {
      write(`< ${status} (${ms} ms)`);
      for (const name of ['content-type', 'retry-after', 'x-ratelimit-remaining']) {
        if (headers[name] !== undefined) write(`< ${name}: ${String(headers[name])}`);
      }
      body(text);
    },
    failure(error, ms) {
      const e = error as { code?: string; message?: string };
      write(`! ${e?.code ?? 'error'} after ${ms} ms: ${redact(e?.message ?? String(error), token)}`);
    },
  };
}
