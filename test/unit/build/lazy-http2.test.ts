// scripts/shims/lazy-http2.cjs stands in for node:http2 inside undici (scripts/build.mjs): it must
// answer every constant undici reads exactly as node:http2 does, without loading node:http2.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants as real } from 'node:http2';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SHIM = fileURLToPath(new URL('../../../scripts/shims/lazy-http2.cjs', import.meta.url));
const shim = createRequire(import.meta.url)(SHIM) as { constants: Record<string, unknown>; connect: unknown };

describe('the node:http2 stand-in for undici', () => {
  it('answers every constant undici’s HTTP/2 client reads as node:http2 does', () => {
    const source = readFileSync(createRequire(import.meta.url).resolve('undici/lib/dispatcher/client-h2.js'), 'utf8');
    const read = new Set([...source.matchAll(/\b(HTTP2_HEADER_[A-Z0-9_]+|NGHTTP2_[A-Z0-9_]+)\b/g)].map((m) => m[1]));
    expect(read.size).toBeGreaterThan(5);
    for (const name of read) expect([name, shim.constants[name]]).toEqual([name, real[name as keyof typeof real]]);
  });

  it('derives every header name node:http2 defines the same way', () => {
    const headers = Object.keys(real).filter((name) => name.startsWith('HTTP2_HEADER_'));
    expect(headers.length).toBeGreaterThan(50);
    for (const name of headers) expect([name, shim.constants[name]]).toEqual([name, real[name as keyof typeof real]]);
  });

  it('loads node:http2 only when undici would really use it', () => {
    const probe = (code: string) =>
      execFileSync(
        process.execPath,
        ['-e', `const s = require(${JSON.stringify(SHIM)}); ${code}; process.stdout.write(String(process.moduleLoadList.includes('NativeModule http2')))`],
        { encoding: 'utf8' },
      );
    expect(probe('s.constants.HTTP2_HEADER_PATH; s.constants.NGHTTP2_CANCEL')).toBe('false');
    expect(probe('if (typeof s.connect !== "function") throw new Error("no connect")')).toBe('true');
  });
});
