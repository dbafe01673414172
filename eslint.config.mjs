// The type-aware lint (npm run lint): promises that nobody awaits or that are passed where a
// callback's result is ignored are the bugs that lose a write's outcome; the rest is the
// recommended set. Formatting is Prettier's (npm run format:check), not the linter's.
import tseslint from 'typescript-eslint';

// One atomic-write helper replaces files (src/io/durable.ts: temporary file, fsync, rename, fsync
// the folder): nothing else in src/ renames, so no file is ever replaced without its flushes.
const RENAME = 'files are replaced only through src/io/durable.ts (temporary file, fsync, rename, fsync the folder)';
const renameRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: ['node:fs', 'fs', 'node:fs/promises', 'fs/promises'].map((name) => ({ name, importNames: ['rename', 'renameSync'], message: RENAME })),
    },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: 'CallExpression[callee.property.name=/^rename(Sync)?$/]', message: RENAME },
    { selector: 'CallExpression[callee.name=/^rename(Sync)?$/]', message: RENAME },
    { selector: 'VariableDeclarator > ObjectPattern > Property[key.name=/^rename(Sync)?$/]', message: RENAME },
    { selector: 'MemberExpression[property.name=/^rename(Sync)?$/][object.name=/^(fs|fsp|promises)$/]', message: RENAME },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'completions/**', 'coverage/**', 'bench/**', 'scripts/**', 'bin/**', '*.config.*'] },
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  { files: ['src/**/*.ts'], ignores: ['src/io/durable.ts'], rules: renameRules },
);
