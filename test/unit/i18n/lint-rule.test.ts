/**
 * The lint rule that keeps English-only messages out of the folders whose messages are in the
 * catalogue (eslint.config.mjs, UNTRANSLATED_MESSAGES): it fires on a bare string, a plain template
 * or a concatenation as an error's message, a hint, an output message or a problem's detail, and
 * leaves t`…`, verbatim() and a TypeError (a bug) alone; and the project's config applies it there.
 */
import { ESLint, Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNTRANSLATED_MESSAGES } from '../../../eslint.config.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function fired(code: string): number[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules: { 'no-restricted-syntax': ['error', ...UNTRANSLATED_MESSAGES] } }],
    'src/bank/sample.ts',
  );
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => m.line);
}

describe('the lint rule against English-only messages', () => {
  it('fires on a bare string, a plain template or a concatenation as a message, a hint or a detail', () => {
    const code = [
      "throw new UsageError('nothing to send');", // 1
      'throw new UsageError(`${n} invoices`);', // 2
      "throw new LocalWriteError('cannot write ' + path);", // 3
      "throw new UsageError(t`ok`, ['a hint in English']);", // 4
      "throw new ValidationError('field', 'must not be empty');", // 5
      "throw new StatementError(file, 'line 3', `not a date`);", // 6
      "context.output.warn('careful');", // 7
      'this.info(`${n} rows`);', // 8
      "problems.add('field', 'is wrong');", // 9
      'factory.io.progress(`Reading ${file}`);', // 10
      "await prompter.confirm({ message: 'Send it?', flag: '--yes' });", // 11
      "choices.push({ name: 'Accept', value: 'accept' });", // 12
      "throw new UsageError(n === 1 ? 'one problem' : t`${n} problems`);", // 13
      "factory.output.info(saved ? 'saved' : t`not saved`);", // 14
    ].join('\n');
    expect(fired(code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it('leaves a Message, service text through verbatim(), a TypeError and a field name alone', () => {
    const code = [
      'throw new UsageError(t`nothing to send`, [t`a hint`]);',
      "throw new ValidationError('field', t`must not be empty`);",
      'throw new StatementError(file, t`line ${3}`, t`not a date`);',
      'context.output.warn(verbatim(serviceText));',
      'context.output.info(message);',
      "throw new TypeError('signDelivery: the secret must be a non-empty string');",
      "problems.add('field', detail);",
      "output.info('');",
      'throw new UsageError(n === 1 ? t`one problem` : t`${n} problems`);',
      "await prompter.input({ message: t`Name`, flag: '--name' });",
      'choices.push({ name: verbatim(row.name), value: row });',
    ].join('\n');
    expect(fired(code)).toEqual([]);
  });

  it('is on in the folders whose messages are in the catalogue, and off where they are not yet', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const on = async (file: string) => {
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown[]> };
      const rule = config.rules?.['no-restricted-syntax'] ?? [];
      return rule.some((entry) => typeof entry === 'object' && entry !== null && (entry as { message?: string }).message?.includes('src/i18n/it.ts'));
    };
    for (const file of [
      'src/bank/match.ts',
      'src/domain/input.ts',
      'src/api/client.ts',
      'src/journal/journal.ts',
      'src/io/durable.ts',
      'src/errors.ts',
      // The commands' own messages (issue 31, second pass), the Factory and IO, the fan-out, the CLI's error report.
      'src/commands/invoice/batch.ts',
      'src/commands/bank/match.ts',
      'src/commands/runner.ts',
      'src/factory/factory.ts',
      'src/factory/io.ts',
      'src/portfolio/run.ts',
      'src/cli.ts',
    ])
      expect(await on(file), file).toBe(true);
    expect(await on('src/emulator/app.ts')).toBe(false);
  });
});
