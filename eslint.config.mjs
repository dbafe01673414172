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

/** What a message may not be where messages are translated: a string literal, a plain template, a concatenation. */
const BARE = ':matches(Literal[value=/./], TemplateLiteral, BinaryExpression[operator="+"])';
const MESSAGE = "a message is written t`…` (src/i18n/message.ts) and translated in src/i18n/it.ts; text that is not fisco's goes through verbatim()";
/**
 * `new …Error(message, hints)`, `output.info/success/warn(message)`, a problem's detail. A TypeError
 * is a bug, not a message; a SyntaxError is a parser's own words, framed by a Message (as JSON.parse's are).
 */
export const UNTRANSLATED_MESSAGES = [
  {
    selector: `NewExpression[callee.name=/Error$/][callee.name!=/^(Type|Syntax)Error$/][callee.name!="ValidationError"][callee.name!="StatementError"] > ${BARE}:first-child`,
    message: MESSAGE,
  },
  { selector: `NewExpression[callee.name="ValidationError"] > ${BARE}:nth-child(2)`, message: MESSAGE },
  { selector: `NewExpression[callee.name="StatementError"] > ${BARE}:nth-child(3)`, message: MESSAGE },
  { selector: `NewExpression[callee.name=/Error$/][callee.name!="TypeError"] > ArrayExpression > ${BARE}`, message: `a hint: ${MESSAGE}` },
  { selector: `CallExpression[callee.property.name=/^(info|success|warn|progress)$/] > ${BARE}:first-child`, message: MESSAGE },
  // A prompt's question and its choices' names (the prompter renders them in the run's language).
  {
    selector: `CallExpression[callee.property.name=/^(confirm|input|password|select|search)$/] > ObjectExpression > Property[key.name="message"] > ${BARE}`,
    message: `a prompt: ${MESSAGE}`,
  },
  { selector: `ObjectExpression:has(> Property[key.name="value"]) > Property[key.name="name"] > ${BARE}`, message: `a choice: ${MESSAGE}` },
  { selector: `CallExpression[callee.property.name="add"][callee.object.name=/roblems$/] > ${BARE}:nth-child(2)`, message: MESSAGE },
  // The same, chosen by a condition: `cond ? 'this' : 'that'` as a message or a hint.
  {
    selector: `NewExpression[callee.name=/Error$/][callee.name!=/^(Type|Syntax)Error$/] > :matches(ConditionalExpression, ArrayExpression > ConditionalExpression) > ${BARE}.consequent, NewExpression[callee.name=/Error$/][callee.name!=/^(Type|Syntax)Error$/] > :matches(ConditionalExpression, ArrayExpression > ConditionalExpression) > ${BARE}.alternate`,
    message: MESSAGE,
  },
  {
    selector: `CallExpression[callee.property.name=/^(info|success|warn|progress)$/] > ConditionalExpression > ${BARE}.consequent, CallExpression[callee.property.name=/^(info|success|warn|progress)$/] > ConditionalExpression > ${BARE}.alternate`,
    message: MESSAGE,
  },
];

/**
 * fisco's own words are never parsed back (issue 37): a regular expression over an error's or a
 * Message's words, or over one turned into a string, breaks when the words change or are
 * translated. A reason, a cause or an outcome is data (a code and its parameters, src/journal/reason.ts;
 * a field of the error), and a summary groups by code. Another party's words (the service's, a
 * library's, the runtime's) may be read, with a disable comment that says whose they are.
 */
const PARSED =
  "fisco's own words are never parsed back: give the reason or cause as data (a code and its parameters, src/journal/reason.ts, or a field of the error) and group by code";
export const PARSED_MESSAGES = [
  { selector: 'CallExpression[callee.property.name=/^(test|exec)$/] > MemberExpression[property.name=/^(message|text)$/]', message: PARSED },
  {
    selector:
      'CallExpression[callee.property.name=/^(match|matchAll|search)$/] > MemberExpression.callee > MemberExpression.object[property.name=/^(message|text)$/]',
    message: PARSED,
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(test|exec)$/] > CallExpression[callee.name='String'] > Identifier[name=/(reason|message|text|hint|why|words|summary|english)$/i]",
    message: PARSED,
  },
  // A reason, a hint or a summary already turned into words (the old skipCategory's `/residue/.test(english)`).
  { selector: 'CallExpression[callee.property.name=/^(test|exec)$/] > Identifier[name=/(reason|hint|why|words|summary|english)$/i]', message: PARSED },
];

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
  // Functions short enough to hold in one's head (issue 32): the emulator is a separate house, and
  // generated tables are data, not logic.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/emulator/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // One language per run (issue 31): in the folders whose messages are in the catalogue
    // (src/i18n/it.ts), a message is a Message (t`…`), never a bare string or plain template that
    // would print English in an Italian run. TypeError stays for a programming error (a bug).
    files: [
      'src/api/**/*.ts',
      'src/bank/**/*.ts',
      'src/domain/**/*.ts',
      'src/dunning/**/*.ts',
      'src/i18n/**/*.ts',
      'src/invoice/**/*.ts',
      'src/io/**/*.ts',
      'src/journal/**/*.ts',
      'src/mirror/**/*.ts',
      'src/output/**/*.ts',
      'src/profiles/**/*.ts',
      'src/receivables/**/*.ts',
      'src/report/**/*.ts',
      'src/webhooks/**/*.ts',
      'src/errors.ts',
      'src/cli.ts',
      'src/commands/**/*.ts',
      'src/factory/**/*.ts',
      'src/portfolio/**/*.ts',
    ],
    ignores: ['src/io/durable.ts'],
    // A later block's rule replaces an earlier one's: the rename selectors are kept beside these.
    rules: { 'no-restricted-syntax': [...renameRules['no-restricted-syntax'], ...UNTRANSLATED_MESSAGES, ...PARSED_MESSAGES] },
  },
  { files: ['src/io/durable.ts'], rules: { 'no-restricted-syntax': ['error', ...UNTRANSLATED_MESSAGES, ...PARSED_MESSAGES] } },
);
