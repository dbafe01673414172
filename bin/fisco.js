#!/usr/bin/env node
'use strict';
// Launcher, CommonJS (bin/package.json), so that `fisco --version` and help (answeredHelp, below)
// are answered before any module is loaded; everything else goes to the bundled CLI, dist/cli.cjs
// (built by `npm run build`), compiled with a code cache (loadCli, below).
// fisco needs Node.js 22.13 or later (node:sqlite, package.json's engines). On an older Node it says
// so in one line and exits 2, before anything is loaded that such a Node could fail on.
const [major, minor] = process.versions.node.split('.').map(Number);
// Set by print() when stdout refused data (exit 12): nothing more goes to stdout or stderr after its line.
let stdoutFailed = false;
const args = process.argv.slice(2);
// In the single executable (`npm run build:exe`, scripts/build-exe.mjs) this file is the main script
// and what sits in dist/ beside it for the npm launcher is the executable's assets (distFile).
const sea = singleExecutable();
if (major < 22 || (major === 22 && minor < 13)) {
  process.stderr.write(`fisco: needs Node.js 22.13 or later; this is Node.js ${process.versions.node} (https://nodejs.org)\n`);
  process.exitCode = 2;
} else if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // The executable names its commit too (its build writes that line); the launcher, the package's version.
  print(sea ? distFile('version') : `${JSON.parse(require('node:fs').readFileSync(`${__dirname}/../package.json`, 'utf8')).version}\n`);
} else if (!answeredHelp(args)) {
  const offline = answeredOffline(args);
  if (offline === false) runCli();
  else offline.then((answered) => answered || runCli());
}

/** The bundled CLI runs the command (everything the launcher did not answer itself). */
function runCli() {
  const v8 = require('node:v8');
  // undici parses HTTP with a WebAssembly module; V8 would optimise it on a background thread
  // and the process would wait ~150 ms for that job before exiting. The baseline compiler alone
  // parses an API answer in well under a millisecond, so the process exits once output is out.
  v8.setFlagsFromString('--liftoff-only');
  // A CLI streams records and keeps few: a heap tuned for size keeps the peak memory of a long
  // `--all` export flat at no measurable cost in speed.
  v8.setFlagsFromString('--optimize-for-size');
  // The code caches, in a folder only this user can write: fisco's own of dist/cli.cjs (loadCli)
  // and of each bundle it imports on use (the emulator, the prompts, the MCP SDK: loadApart).
  const cacheFolder = cacheFolderOnce();
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
  loadCli(cacheFolder)
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
 * Compiles a bundle of dist (`cli.cjs`, or `offline.cjs`, the mirror's fast path) as Node's
 * CommonJS loader would, wrapped in a function of `params`, but with a V8 code cache written when
 * the command has run, so that it holds every function the command compiled: Node's own compile
 * cache (module.enableCompileCache) is written right after a file is compiled and holds little of
 * a bundle, whose modules are compiled on first use (docs/performance.md has what this is worth).
 * The cache is named after the bundle and its build id (its first line), the Node version and the
 * architecture, is written whole or not at all, and is rewritten when V8 rejects it. Without a
 * folder (FISCO_NO_CODE_CACHE, or none that is private) the bundle is compiled every time.
 * Returns the wrapper function and the bundle's path.
 */
function compileBundle(name, folder, params, variant) {
  const { readFileSync } = require('node:fs');
  const { join } = require('node:path');
  const vm = require('node:vm');
  const file = join(distFolder(), `${name}.cjs`);
  // A bundle is ASCII only (the build stops otherwise: scripts/bundle.mjs commonJs), read as Latin-1: the same text, and
  // Node gives a large file to V8 as an external string instead of decoding its UTF-8 into the heap
  // (about 4 ms of CPU for the CLI's 2.4 MB; docs/performance.md, "Start-up: the bundles in ASCII").
  const source = distFile(`${name}.cjs`, 'latin1');
  const buildId = /^\/\/fisco-build ([0-9a-f]+)\n/.exec(source)?.[1];
  const suffix = variant ? `.${variant}` : '';
  const cacheFile = buildId && folder ? join(folder, `${name.replaceAll('/', '-')}-${buildId}-${process.version}-${process.arch}${suffix}.bin`) : undefined;
  let cachedData;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      // Not written yet: the executable carries the one its build made.
      if (sea) cachedData = seaCache(name);
    }
  }
  const script = new vm.Script(`(function (${params}) {\n${source}\n})`, { filename: file, lineOffset: -1, cachedData });
  if (cacheFile && (!cachedData || script.cachedDataRejected)) {
    // After the command ran, the cache holds the functions it compiled too.
    process.once('exit', () => writeWhole(cacheFile, () => script.createCachedData()));
  }
  return { run: script.runInThisContext(), file };
}

/**
 * dist/cli.cjs, compiled with its code cache (compileBundle): one per command noun (commandKey). A
 * code cache holds what the run that wrote it compiled, and is kept as long as V8 accepts it: one
 * for every command, written by whichever ran first after an update (a sync, say), left each other
 * command to compile most of what it runs, every time (an invoice list took 1.5× its time so).
 */
function loadCli(folder) {
  const { run, file } = compileBundle('cli', folder, 'exports, require, module, __filename, __dirname, __fiscoImport, __fiscoFile', commandKey(args));
  const module = { exports: {} };
  run(module.exports, require('node:module').createRequire(file), module, file, require('node:path').dirname(file), importer(folder), (name) =>
    fileOnDisk(name, folder),
  );
  return module.exports;
}

/**
 * The `__fiscoImport` of a bundle compiled here (scripts/bundle.mjs stampCli): what import() would
 * give. A file beside the CLI (`./emulator/index.js`, `./vendor/mcp.js`…: APART in
 * scripts/bundle.mjs) is its CommonJS bundle, `dist/<name>.cjs`, compiled with its code cache
 * (loadApart) once per run; Node's own modules come from require. The npm package and the single
 * executable (whose main script cannot import()) load them alike.
 */
function importer(folder) {
  const loaded = new Map();
  const load = (specifier) => {
    if (!specifier.startsWith('./')) return namespaceOf(require(specifier));
    const name = specifier.slice(2, -3);
    if (!loaded.has(name)) loaded.set(name, namespaceOf(loadApart(name, folder)));
    return loaded.get(name);
  };
  return (specifier) => Promise.resolve(specifier).then(load);
}

/**
 * The noun (or verb) a run names, for the name of its code cache: the first word after the global
 * flags and their values, when it is one of lowercase letters and dashes (every command's is);
 * `other` otherwise. Nouns, not values: a firm's forty accounts share one cache.
 */
function commandKey(argv) {
  // The global flags that take a value (src/flags/global.ts; test/unit/build/launcher-flags.test.ts keeps the two alike).
  const VALUED_GLOBALS = [
    '-p',
    '--profile',
    '--account',
    '--accounts',
    '-o',
    '--output',
    '--fields',
    '--query',
    '--csv-dialect',
    '--lang',
    '--output-file',
    '--timeout',
    '--mirror',
  ];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (VALUED_GLOBALS.includes(arg)) i++;
    else if (!arg.startsWith('-')) return /^[a-z][a-z-]*$/.test(arg) ? arg : 'other';
  }
  return 'other';
}

/**
 * A file of dist/ as a path on disk, for what must start from a file (the PostgreSQL mirror's worker
 * thread and synckit's preload): the package's own file, or in the executable the asset written
 * once into the private folder (the code caches' folder: a file another account could plant is
 * never run), named by its content's digest, so that another build never runs a stale copy.
 */
function fileOnDisk(name, folder) {
  const { join } = require('node:path');
  if (!sea) return join(distFolder(), name);
  const { existsSync, mkdtempSync } = require('node:fs');
  const content = Buffer.from(sea.getAsset(name));
  const digest = require('node:crypto').createHash('sha256').update(content).digest('hex').slice(0, 16);
  const dir = folder ?? mkdtempSync(join(require('node:os').tmpdir(), 'fisco-'));
  const file = join(dir, `${digest}-${name}`);
  if (!existsSync(file)) writeWhole(file, () => content);
  return file;
}

/**
 * A bundle of dist/ that requires Node's own modules only (the build checks), compiled with its
 * code cache (compileBundle) in the same private folder: dist/offline.cjs, the mirror's fast path,
 * and dist/offline-pg.cjs, its reader of a mirror on PostgreSQL. This file's require serves them,
 * and node:module, which a require of their own would load, is not loaded at all. `variant` names
 * a code cache of its own, as the CLI's are per command (loadCli): the fast path's is per read
 * (`search`, `invoice`, `overview`), or the first read after an update decides what the others
 * compile every time (a search after a list's cache: about 1 ms more of 39 over 60,000 invoices).
 */
function loadBundle(name, folder, variant) {
  const { run, file } = compileBundle(name, folder, 'exports, require, module, __filename, __dirname', variant);
  const module = { exports: {} };
  run(module.exports, require, module, file, require('node:path').dirname(file));
  return module.exports;
}

/** node:sea when this is the single executable, else undefined (no such module before Node 20.12, nor outside one). */
function singleExecutable() {
  try {
    const seaModule = require('node:sea');
    return seaModule.isSea() ? seaModule : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of the bundles: dist/ beside bin/, or for the executable a name beside it (its files are assets). */
function distFolder() {
  const { dirname, join } = require('node:path');
  return sea ? join(dirname(process.execPath), 'dist') : join(__dirname, '..', 'dist');
}

/** A file of dist/ as text (in `encoding`): read from the package, or the executable's asset of that name. */
function distFile(name, encoding = 'utf8') {
  return sea ? Buffer.from(sea.getAsset(name)).toString(encoding) : require('node:fs').readFileSync(`${__dirname}/../dist/${name}`, encoding);
}

/** The V8 code cache the executable's build made of a bundle (scripts/build-exe.mjs), or undefined. */
function seaCache(name) {
  try {
    return Buffer.from(sea.getAsset(`${name}.cache`));
  } catch {
    return undefined;
  }
}

/**
 * A file the CLI imports on use (`emulator/index`, `vendor/prompts`…: APART in scripts/bundle.mjs),
 * built as a CommonJS bundle that requires Node's own modules only, compiled with its code cache
 * (compileBundle).
 */
function loadApart(name, folder) {
  const { run, file } = compileBundle(name, folder, 'exports, require, module, __filename, __dirname, __fiscoImport');
  const module = { exports: {} };
  run(module.exports, require, module, file, require('node:path').dirname(file), importer(folder));
  return module.exports;
}

/** What import() gives of a CommonJS module's exports: its names, and its default as Node gives it. */
function namespaceOf(exports) {
  return Object.freeze({ ...exports, default: exports && exports.__esModule ? exports.default : exports });
}

/** The code caches' folder of this run (codeCacheFolder, none with FISCO_NO_CODE_CACHE), looked up once: the fast path and the CLI after it share it. */
// var, not let: the code above this line calls it before a let would be set.
var cacheFolderOf; // eslint-disable-line no-var
function cacheFolderOnce() {
  if (cacheFolderOf === undefined) cacheFolderOf = { folder: process.env.FISCO_NO_CODE_CACHE ? undefined : codeCacheFolder() };
  return cacheFolderOf.folder;
}

/**
 * $TMPDIR/fisco-code-cache-UID, made if absent, or undefined (no cache) unless it is a folder this
 * user owns and nobody else can write: a cache is code, so one another account could plant is
 * never read (Node's default folder for its compile cache, shared by every account, is not used).
 */
function codeCacheFolder() {
  try {
    const { lstatSync, mkdirSync } = require('node:fs');
    const uid = process.getuid?.();
    const dir = require('node:path').join(require('node:os').tmpdir(), `fisco-code-cache-${uid ?? 'user'}`);
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
 * Writes beside the target, flushes it, renames, then flushes the folder (as src/io/durable.ts does;
 * the launcher cannot load it before the bundle): a reader sees the whole file or none, even after
 * a power cut. Errors are ignored: it is a cache.
 */
function writeWhole(path, data) {
  const { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } = require('node:fs');
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w', 0o600);
    try {
      const bytes = data();
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    const folder = openSync(require('node:path').dirname(path), 'r');
    try {
      fsyncSync(folder);
    } finally {
      closeSync(folder);
    }
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * `fisco [path…] --help|-h`, `fisco help [path…]` and `fisco noun help verb` (the forms
 * rewriteHelp in src/help/suggest.ts turns into `path --help`) for a known command path, answered
 * from dist/help.json (dist/help.it.json when the run speaks Italian: helpLanguage): the build
 * writes there what commander prints for each path when stdout is not a terminal. Anything else (another flag or word, a terminal, which commander wraps to its
 * width, forced colours, no such file) returns false and goes to the bundled CLI.
 */
function answeredHelp(args) {
  let words = args;
  const asked = words.length > 0 && (words[words.length - 1] === '--help' || words[words.length - 1] === '-h');
  if (asked) words = words.slice(0, -1);
  if (!words.every((word) => /^[a-z0-9][a-z0-9-]*$/.test(word)) || !(asked || words.includes('help'))) return false;
  if (process.env.FORCE_COLOR !== undefined || process.env.CLICOLOR_FORCE !== undefined || isTerminal(1)) return false;
  const lang = helpLanguage();
  if (lang === undefined) return false;
  let texts;
  try {
    texts = JSON.parse(distFile(lang === 'it' ? 'help.it.json' : 'help.json'));
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
 * The language of help by the CLI's precedence (src/help/lang.ts; --lang is not answered here):
 * FISCO_LANG, else the lang of the profile in use (FISCO_PROFILE or the active one) in the profile
 * file, else the locale. Undefined when unsure (a value fisco does not know, a profile file it
 * cannot read, a platform whose configuration folder only env-paths knows): the CLI decides.
 */
function helpLanguage() {
  const { env } = process;
  const known = (value) => (value === 'it' || value === 'en' ? value : undefined);
  if (env.FISCO_LANG) return known(env.FISCO_LANG.trim().toLowerCase());
  const { join } = require('node:path');
  const dir =
    env.FISCO_CONFIG_DIR || (process.platform === 'linux' ? join(env.XDG_CONFIG_HOME || join(require('node:os').homedir(), '.config'), 'fisco') : undefined);
  if (dir === undefined) return undefined;
  let text;
  try {
    text = require('node:fs').readFileSync(join(dir, 'config.json'), 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') return undefined;
  }
  if (text !== undefined) {
    try {
      const data = JSON.parse(text);
      const lang = data?.profiles?.[env.FISCO_PROFILE || data.active || '']?.lang;
      if (lang !== undefined) return typeof lang === 'string' ? known(lang.trim().toLowerCase()) : undefined;
    } catch {
      return undefined;
    }
  }
  return /^it(_|\.|@|$)/i.test(env.LC_ALL || env.LC_MESSAGES || env.LANG || '') ? 'it' : 'en';
}

/**
 * The mirror's plainest reads (`fisco --offline invoice list`, `--offline overview`, `fisco search`;
 * src/fast-offline.ts, built into dist/offline.cjs), answered without loading the CLI when stdout is
 * not a terminal and everything is in the mirror; anything else, and any doubt, goes to the CLI
 * (which answers the same bytes, more slowly). FISCO_NO_FAST_PATH=1 always goes to the CLI.
 */
function answeredOffline(args) {
  if (!args.includes('search') && !args.includes('--offline') && !process.env.FISCO_OFFLINE) return false;
  if (process.env.FISCO_NO_FAST_PATH || isTerminal(1)) return false;
  const folder = cacheFolderOnce();
  const variant = commandKey(args);
  let fast;
  try {
    fast = loadBundle('offline', folder, variant);
  } catch {
    return false;
  }
  let wrote = false;
  const out = (fd) => (text) => {
    wrote = true;
    print(text, fd);
  };
  const io = { stdout: out(1), stderr: out(2), stdoutIsTTY: false, stderrIsTTY: isTerminal(2) };
  // A mirror on PostgreSQL is read by node-postgres, a bundle of its own loaded only then, with a code cache per read as its caller's.
  const pg = () => loadBundle('offline-pg', folder, variant);
  return fast.answer(args, process.env, io, { pg }).then(
    (code) => {
      if (code === undefined) return false;
      process.exitCode = stdoutFailed ? 12 : code;
      return true;
    },
    (error) => {
      // It writes only once its whole answer is ready: before that, the CLI answers instead; after, never twice.
      if (wrote) throw error;
      return false;
    },
  );
}

/**
 * Whether `fd` is a terminal. Only a character device can be one: a pipe, a file or a socket (what
 * a script or a bench reads from) is told by one fstat, without loading node:tty, whose streams
 * cost about 2 ms to load; a character device (a terminal, /dev/null) is asked of node:tty.
 */
function isTerminal(fd) {
  try {
    if (!require('node:fs').fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    // A closed or odd descriptor: node:tty says what it is.
  }
  return require('node:tty').isatty(fd);
}

/**
 * Writes to stdout (or `fd` 2, stderr) without creating process.stdout (a stream whose set-up
 * costs more than the answer). A reader that stopped early (`fisco --help | head -1`) ends it quietly, as main() does;
 * a non-blocking stdout that is full gets the rest through process.stdout. A stdout that fails
 * otherwise (a full disk: ENOSPC; EIO) is said in one line, as main() says it, and the exit code is
 * 12 (a local write failed); nothing more is written to it, nor any note after it.
 */
function print(text, fd = 1) {
  if (stdoutFailed) return;
  const { writeSync } = require('node:fs');
  let rest = Buffer.from(text);
  try {
    while (rest.length > 0) rest = rest.subarray(writeSync(fd, rest));
  } catch (error) {
    if (error.code === 'EPIPE') return;
    if (error.code === 'EAGAIN') (fd === 2 ? process.stderr : process.stdout).write(rest);
    else if (fd === 1) {
      stdoutFailed = true;
      const cause = typeof error.message === 'string' && error.message.startsWith(`${error.code}:`) ? error.message.replace(/, \w+$/, '') : error.code;
      process.exitCode = 12;
      try {
        writeSync(2, `fisco: cannot write to standard output (${cause})\n`);
      } catch {
        // stderr failing too: there is nowhere left to say it.
      }
    }
  }
}
