// Every schema module takes zod from src/api/zod.ts (tree-shaken by property use); a value import
// of 'zod' elsewhere would bring the whole library into the bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

describe('zod in the CLI', () => {
  it('is imported from src/api/zod.ts by every module but the emulator (a program of its own)', () => {
    const offenders = sources(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => file !== join('api', 'zod.ts') && !file.startsWith(`emulator`))
      .filter((file) => /^import (?!type )[^;]*from 'zod(\/[^']*)?';/m.test(readFileSync(join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('leaves zod free to compile schemas (decode.ts decides per answer)', async () => {
    const z = await import('../../../src/api/zod.js');
    expect(z.config().jitless).not.toBe(true);
  });
});
