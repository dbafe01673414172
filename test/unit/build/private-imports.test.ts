import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without typings
import { checkPrivateImports } from '../../../scripts/private-imports.mjs';

const shimSource = readFileSync(new URL('../../../scripts/shims/undici-lite.cjs', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
const resolve = (id: string) => createRequire(new URL('../../../scripts/shims/undici-lite.cjs', import.meta.url)).resolve(id);

describe('the build refuses an undici whose private files the shim was not checked against', () => {
  it('accepts the pinned, installed undici', () => {
    const installed = JSON.parse(readFileSync(new URL('../../../node_modules/undici/package.json', import.meta.url), 'utf8')).version;
    expect(pkg.dependencies.undici).toMatch(/^\d+\.\d+\.\d+$/);
    expect(checkPrivateImports({ shimSource, pinned: pkg.dependencies.undici, installed, resolve })).toBeUndefined();
  });

  it('names the problem: a range, another version, a moved file', () => {
    expect(checkPrivateImports({ shimSource, pinned: '^7.30.2', installed: '7.30.2', resolve })).toMatch(
      /^undici must be pinned to an exact version in package.json \(it is "\^7.30.2"\)/,
    );
    expect(checkPrivateImports({ shimSource, pinned: '7.30.2', installed: '7.31.0', resolve })).toMatch(
      /^undici 7.31.0 is installed, but package.json pins 7.30.2/,
    );
    const moved = checkPrivateImports({
      shimSource,
      pinned: '7.30.2',
      installed: '7.30.2',
      resolve: (id: string) => {
        if (id === 'undici/lib/api') throw new Error('not found');
        return resolve(id);
      },
    });
    expect(moved).toMatch(
      /^undici 7.30.2 has no undici\/lib\/api\.\n {2}scripts\/shims\/undici-lite.cjs imports undici's private files \(undici\/lib\/dispatcher\/agent, undici\/lib\/api/,
    );
  });
});
