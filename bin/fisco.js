#!/usr/bin/env node
'use strict';
// Launcher, CommonJS (bin/package.json), so that `fisco --version` and help (answeredHelp, below)
// are answered before any module is loaded; everything else goes to the bundled CLI, dist/cli.cjs
// (built by `npm run build`), required with Node's own compile cache on (compileCacheFolder, below).
// fisco needs Node.js 22.13 or later (node:sqlite, package.json's engines). On an older Node it says
// so in one line and exits 2, before anything is loaded that such a Node could fail on.
const [major, minor] = process.versions.node.split('.').map(Number);
const args = process.argv.slice(2);
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`fisco: needs Node.js 22.13 or later; this is Node.js ${process.versions.node} (https://nodejs.org)\n`);
  process.exitCode = 2;
} else if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  print(`${JSON.parse(require('node:fs').readFileSync(`${__dirname}/../package.json`, 'utf8')).version}\n`);
} else if (!answeredHelp(args)) {
  const v8 = require('node:v8');
  // undici parses HTTP with a WebAssembly module; V8 would optimise it on a background thread
  // and the process would wait ~150 ms for that job before exiting. The baseline compiler alone
  // parses an API answer in well under a millisecond, so the process exits once output is out.
  v8.setFlagsFromString('--liftoff-only');
  // A CLI streams records and keeps few: a heap tuned for size keeps the peak memory of a long
  // `--all` export flat at no measurable cost in speed.
  v8.setFlagsFromString('--optimize-for-size');
  // Node's compile cache: the first run keeps the compiled code of dist/cli.cjs (and of what it
  // imports on use), later runs skip compiling it. NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE,
  // Node's own variables, are the user's choice: Node has followed them already.
  const { env } = process;
  if (!env.FISCO_NO_CODE_CACHE && !env.NODE_COMPILE_CACHE && !env.NODE_DISABLE_COMPILE_CACHE) {
    const cacheFolder = compileCacheFolder();
    if (cacheFolder) require('node:module').enableCompileCache(cacheFolder);
  }
  // The only place that hands the process to fisco: its arguments, environment, streams and
  // signals in, its exit code out.
  // Never a false success: if fisco's work stops with nothing left to run (a promise nobody
  // settles, a file stream that failed silently), the process would otherwise end with exit 0.
  let settled = false;
  process.once('beforeExit', () => {
    if (settled) return;
    process.stderr.write('fisco: the command stopped before it finished; nothing more was done\n  This is a bug in fisco; please report it.\n');
    process.exitCode = 1;
  });
  require('../dist/cli.cjs')
    .main(process.argv, {
      env: process.env,
      stdin: () => process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      signals: process,
      exit: (code) => process.exit(code),
    })
    .then((code) => {
      settled = true;
      process.exitCode = code;
    });
}

/**
 * The folder of Node's compile cache: $TMPDIR/fisco-compile-cache-UID, made if absent, or undefined
 * (no cache) unless it is a folder this user owns and nobody else can write: a cache is code Node
 * runs, so one another account could plant is never read (Node's own default, a folder of the
 * temporary directory shared by every account, is not used for that reason).
 */
function compileCacheFolder() {
  try {
    const { lstatSync, mkdirSync } = require('node:fs');
    const uid = process.getuid?.();
    const dir = require('node:path').join(require('node:os').tmpdir(), `fisco-compile-cache-${uid ?? 'user'}`);
    let stat;
    try {
      stat = lstatSync(dir);
    } catch {
      mkdirSync(dir, { mode: 0o700 });
      stat = lstatSync(dir);
    }
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * `fisco [path…] --help|-h`, `fisco help [path…]` and `fisco noun help verb` (the forms
 * rewriteHelp in src/help/suggest.ts turns into `path --help`) for a known command path, answered
 * from dist/help.json: the build writes there what commander prints for each path when stdout is
 * not a terminal. Anything else (another flag or word, a terminal, which commander wraps to its
 * width, forced colours, no such file) returns false and goes to the bundled CLI.
 */
function answeredHelp(args) {
  let words = args;
  const asked = words.length > 0 && (words[words.length - 1] === '--help' || words[words.length - 1] === '-h');
  if (asked) words = words.slice(0, -1);
  if (!words.every((word) => /^[a-z0-9][a-z0-9-]*$/.test(word)) || !(asked || words.includes('help'))) return false;
  if (process.env.FORCE_COLOR !== undefined || process.env.CLICOLOR_FORCE !== undefined || require('node:tty').isatty(1)) return false;
  let texts;
  try {
    texts = JSON.parse(require('node:fs').readFileSync(`${__dirname}/../dist/help.json`, 'utf8'));
  } catch {
    return false;
  }
  const known = (path) => Object.prototype.hasOwnProperty.call(texts, path.join(' '));
  const hasSubcommands = (path) => {
    const prefix = path.map((word) => `${word} `).join('');
    return Object.keys(texts).some((key) => key.length > prefix.length && key.startsWith(prefix));
  };
  // The first `help` word, after a known path with subcommands and none named help, is dropped
  // (the rest must still be a known path), as rewriteHelp does.
  const at = words.indexOf('help');
  if (at >= 0) {
    const before = words.slice(0, at);
    if (!known(before) || !hasSubcommands(before) || known([...before, 'help'])) return false;
    words = [...before, ...words.slice(at + 1)];
  }
  if (!known(words)) return false;
  print(texts[words.join(' ')]);
  return true;
}

/**
 * Writes to stdout without creating process.stdout (a stream whose set-up costs more than the
 * answer). A reader that stopped early (`fisco --help | head -1`) ends it quietly, as main() does;
 * a non-blocking stdout that is full gets the rest through process.stdout.
 */
function print(text) {
  const { writeSync } = require('node:fs');
  let rest = Buffer.from(text);
  try {
    while (rest.length > 0) rest = rest.subarray(writeSync(1, rest));
  } catch (error) {
    if (error.code === 'EPIPE') return;
    if (error.code !== 'EAGAIN') throw error;
    process.stdout.write(rest);
  }
}
