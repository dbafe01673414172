// Dumps what a person meets of the command tree, so that a refactor can prove it changed none of it
// (issue 32's proof): `--help` of every command path (through main(), as a pipe sees it), the help
// topics, dist/help.json, the `__complete` answers for a set of partial command lines, and
// completions/*. Run after `npm run build`:
//
//   node scripts/surface-dump.mjs OUT_DIR [LINES.json]
//
// Without LINES.json the partial lines are made from the tree and written to OUT_DIR/lines.json, so
// a later run (after the refactor) asks exactly the same questions: pass it that file, then
// `diff -r BEFORE AFTER`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [out, linesFile] = process.argv.slice(2);
if (!out) throw new Error('usage: node scripts/surface-dump.mjs OUT_DIR [LINES.json]');
const { main, buildProgram } = createRequire(import.meta.url)(join(root, 'dist', 'cli.cjs'));

const home = mkdtempSync(join(tmpdir(), 'fisco-surface-'));
const env = { HOME: home, FISCO_CONFIG_DIR: join(home, 'config'), FISCO_DATA_DIR: join(home, 'data') };

function sink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

async function run(args) {
  const stdout = sink();
  const stderr = sink();
  const code = await main(['node', 'fisco', ...args], { env, stdout: stdout.stream, stderr: stderr.stream });
  return `exit ${code}\n--- stdout\n${stdout.text()}--- stderr\n${stderr.text()}`;
}

/** Every command path of the tree, hidden ones too, with its options and whether it has subcommands. */
function paths(program) {
  const found = [];
  const visit = (command, path) => {
    found.push({ path, options: command.options.map((o) => o.long ?? o.short), groups: command.commands.length > 0 });
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(program, []);
  return found;
}

function makeLines(program) {
  const lines = [
    [''],
    ['i'],
    ['in'],
    ['help', ''],
    ['help', 'in'],
    ['help', 'invoice', ''],
    ['-'],
    ['--'],
    ['--o'],
    ['--output', ''],
    ['--output='],
    ['-p', ''],
  ];
  const globals = program.options.map((o) => o.long).filter(Boolean);
  for (const { path, options, groups } of paths(program)) {
    if (path.length === 0) continue;
    lines.push([...path, ''], [...path, '-'], [...path, '--'], [...path, 'x', ''], [...path, '--', '']);
    if (groups) lines.push([...path, path[0].slice(0, 1)]);
    for (const flag of [...options, ...globals]) {
      if (!flag?.startsWith('--')) continue;
      lines.push([...path, flag, ''], [...path, `${flag}=`]);
    }
    lines.push([...path, '--account', 'acc_rossi', ''], [...path, '--sdi-status', 'sent,'], [...path, '--payment-status', 'paid,o']);
  }
  return lines;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'help'), { recursive: true });
mkdirSync(join(out, 'completions'), { recursive: true });

const program = buildProgram();
const all = paths(program);
writeFileSync(join(out, 'paths.txt'), `${all.map((p) => p.path.join(' ')).join('\n')}\n`);
for (const { path } of all) {
  const name = path.length ? path.join('_') : '_program';
  writeFileSync(join(out, 'help', `${name}.txt`), await run([...path, '--help']));
  if (path.length) writeFileSync(join(out, 'help', `${name}.help-form.txt`), await run(['help', ...path]));
}
for (const topic of [[], ['help'], ['help', 'flags'], ['help', 'exit-codes'], ['help', 'formats'], ['help', 'nothing-like-this'], ['--version']]) {
  writeFileSync(join(out, 'help', `topic_${topic.join('_') || 'none'}.txt`), await run(topic));
}
writeFileSync(join(out, 'help.json'), readFileSync(join(root, 'dist', 'help.json')));

const lines = linesFile ? JSON.parse(readFileSync(linesFile, 'utf8')) : makeLines(program);
writeFileSync(join(out, 'lines.json'), `${JSON.stringify(lines)}\n`);
const answers = [];
for (const words of lines) answers.push(`$ fisco __complete ${words.map((w) => JSON.stringify(w)).join(' ')}\n${await run(['__complete', ...words])}`);
writeFileSync(join(out, 'complete.txt'), answers.join('\n'));

for (const file of readdirSync(join(root, 'completions'))) writeFileSync(join(out, 'completions', file), readFileSync(join(root, 'completions', file)));
writeFileSync(join(out, 'commands.md'), readFileSync(join(root, 'docs', 'commands.md')));
rmSync(home, { recursive: true, force: true });
console.error(`${all.length} paths, ${lines.length} completion lines -> ${out}`);
