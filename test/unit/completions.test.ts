import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { bashCompletion, COMPLETION_FILES, fishCompletion, zshCompletion } from '../../src/completion/generate.js';

describe('completions/', () => {
  it('is in sync with the command tree (run `npm run completions` after changing commands)', () => {
    const program = buildProgram();
    const expected = { bash: bashCompletion(program), zsh: zshCompletion(program), fish: fishCompletion(program) };
    for (const [shell, file] of Object.entries(COMPLETION_FILES)) {
      expect(readFileSync(new URL(`../../completions/${file}`, import.meta.url), 'utf8'), file).toBe(expected[shell as keyof typeof expected]);
    }
  });
});
