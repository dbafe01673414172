/**
 * Reasons are data (issue 37): the lint rule (eslint.config.mjs, PARSED_MESSAGES) that forbids a
 * regular expression over fisco's own words — an error's message, a Message turned into a string, a
 * reason or hint already in words — and leaves data (a code, a file's text read by a parser) alone.
 */
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { PARSED_MESSAGES } from '../../../eslint.config.mjs';

function fired(code: string): number[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': ['error', ...PARSED_MESSAGES] } }],
    'src/bank/sample.ts',
  );
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => m.line);
}

describe('the lint rule against parsing fisco’s own words', () => {
  it('fires on a regular expression over a message, a Message in a string, a reason in words', () => {
    const code = [
      "if (/redirect/.test(error.message)) return 'x';", // 1
      'const m = /residue/.exec(error.text);', // 2
      "if (error.message.match(/no longer open/)) return 'y';", // 3
      'if (/residue/.test(String(reason))) return 1;', // 4
      'const english = String(reason); if (/residue/.test(english)) return 1;', // 5
      'if (/x/.test(hint)) return 2;', // 6
    ].join('\n');
    expect(fired(code)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves codes, files and other parties’ text alone', () => {
    const code = [
      "if (reason.code === 'residue-changed') return 1;",
      'if (/^\\d+$/.test(text)) return 2;',
      "const first = error.message.split('\\n')[0];",
      'if (/EREF/.exec(line)) return 3;',
    ].join('\n');
    expect(fired(code)).toEqual([]);
  });
});
