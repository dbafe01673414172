import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The rules the project's lint gives a file of src/ (eslint.config.mjs). */
async function rulesFor(file: string): Promise<Record<string, unknown>> {
  return ((await new ESLint({ cwd: ROOT }).calculateConfigForFile(file)) as { rules: Record<string, unknown> }).rules;
}

describe('the lint forbids rename outside the one atomic-write helper', () => {
  it('applies to every file of src/ but src/io/durable.ts', async () => {
    for (const file of ['src/io/atomic.ts', 'src/commands/download.ts', 'src/emulator/persistence.ts', 'src/journal/journal.ts']) {
      const rules = await rulesFor(file);
      expect(rules['no-restricted-imports'], file).toBeDefined();
      expect(rules['no-restricted-syntax'], file).toBeDefined();
    }
    const helper = await rulesFor('src/io/durable.ts');
    expect(helper['no-restricted-imports']).toBeUndefined();
  });

  it.each([
    ["import { renameSync } from 'node:fs';\nrenameSync('a', 'b');\n", true],
    ["import { rename } from 'node:fs/promises';\nawait rename('a', 'b');\n", true],
    ["import * as fs from 'node:fs';\nfs.renameSync('a', 'b');\n", true],
    ["import { promises } from 'node:fs';\nawait promises.rename('a', 'b');\n", true],
    ["const { renameSync: move } = require('node:fs');\nmove('a', 'b');\n", true],
    ["import { writeFileDurableSync } from '../io/durable.js';\nwriteFileDurableSync('a', 'b');\n", false],
  ])('fires on %j: %s', async (code, fires) => {
    const { rules } = (await new ESLint({ cwd: ROOT }).calculateConfigForFile('src/io/atomic.ts')) as { rules: Record<string, unknown> };
    const lint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser, parserOptions: { sourceType: 'module' } },
          rules: { 'no-restricted-imports': rules['no-restricted-imports'], 'no-restricted-syntax': rules['no-restricted-syntax'] } as never,
        },
      ],
    });
    const [result] = await lint.lintText(code, { filePath: 'src/somewhere/file.ts' });
    if (fires) expect(result!.messages.length).toBeGreaterThan(0);
    else expect(result!.messages).toEqual([]);
    for (const m of result!.messages) expect(m.message).toContain('src/io/durable.ts');
  });
});
