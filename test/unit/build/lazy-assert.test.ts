// scripts/shims/lazy-assert.cjs stands in for node:assert inside undici (scripts/build.mjs): undici
// must call it only as a function, and a failed invariant must throw what node:assert throws.
import { AssertionError } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const shim = require(fileURLToPath(new URL('../../../scripts/shims/lazy-assert.cjs', import.meta.url))) as (value: unknown, message?: string | Error) => void;
const real = require('node:assert') as (value: unknown, message?: string | Error) => void;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  );
}

describe('the node:assert stand-in for undici', () => {
  it("undici's files use node:assert only as assert(value[, message])", () => {
    const lib = join(dirname(require.resolve('undici/package.json')), 'lib');
    let calls = 0;
    let files = 0;
    for (const file of filesUnder(lib)) {
      const source = readFileSync(file, 'utf8');
      const imports = [...source.matchAll(/require\(['"](?:node:)?assert['"]\)/g)];
      if (imports.length === 0) continue;
      files++;
      // The one form of import: `const assert = require('node:assert')`.
      expect([file, source.match(/const assert = require\('node:assert'\)/g)?.length ?? 0]).toEqual([file, imports.length]);
      // Every other mention of `assert` is a call: no assert.strictEqual, no assert passed on as a value.
      const mentions = [...source.matchAll(/(?<!node:)\bassert\b(?!\s*=\s*require)/g)];
      for (const mention of mentions) {
        const at = source.slice(mention.index, mention.index + 40);
        if (/^assert\s*\(/.test(at)) calls++;
        else expect(`${file}: ${at}`).toMatch(/^never$/);
      }
    }
    expect(files).toBeGreaterThan(10);
    expect(calls).toBeGreaterThan(50);
  });

  it("passes a true value on and throws node:assert's AssertionError for a false one (its own message when undici gives one)", () => {
    for (const value of [true, 1, 'x', {}, []]) expect(() => shim(value)).not.toThrow();
    for (const [value, message] of [
      [false, undefined],
      [0, 'with a message'],
      ['', undefined],
      [null, 'null'],
    ] as const) {
      const thrown = (() => {
        try {
          shim(value, message);
        } catch (error) {
          return error as AssertionError;
        }
      })();
      const expected = (() => {
        try {
          real(value, message);
        } catch (error) {
          return error as AssertionError;
        }
      })();
      expect(thrown).toBeInstanceOf(AssertionError);
      expect(expected).toBeInstanceOf(AssertionError);
      // Without a message node:assert quotes the line that called it: undici's before, the stand-in's now.
      if (message !== undefined) expect(thrown?.message).toBe(expected?.message);
    }
    const own = new TypeError('undici invariant');
    expect(() => shim(false, own)).toThrow(own);
  });
});
