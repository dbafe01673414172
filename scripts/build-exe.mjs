// `npm run build:exe`: fisco as one executable, dist/fisco-<platform>-<arch> (fisco-linux-x64 here),
// with a SHA256SUMS beside it: Node's single executable application (SEA) made from the Node that
// runs this script, so it needs no Node and no node_modules where it runs.
//
//   npm run build:exe                     on Linux x64 writes dist/fisco-linux-x64 and dist/SHA256SUMS
//
// The same command on a macOS or Windows machine (Node 22.13 or later) writes fisco-darwin-arm64,
// fisco-win32-x64.exe and so on: a SEA can only be made from a Node binary of its own platform, so
// each platform's executable is built on that platform (docs/ci.md, "One file, no Node").
//
// What is inside: bin/fisco.js is the main script (with the SEA's code cache of it), and what the
// npm package keeps in dist/ are assets: the CLI (dist/cli.cjs itself), what it imports on use (the
// emulator, the prompts, PDF and mail…: the same CommonJS bundles as the npm package's), the mirror's fast path, help.json, the completion scripts, a line naming the version and the commit, and a V8 code
// cache of the CLI made by running the new executable once (bin/fisco.js uses it until it has one
// of its own in its private cache folder).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APART } from './bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const require = createRequire(import.meta.url);

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 13)) fail(`needs Node.js 22.13 or later to build the executable; this is ${process.version}`);
if (!['help.json', 'offline.cjs', ...Object.keys(APART).map((out) => `${out}.cjs`)].every((file) => existsSync(join(dist, file))))
  fail('run `npm run build` first (npm run build:exe does)');

const exe = join(dist, `fisco-${process.platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`);
const work = mkdtempSync(join(tmpdir(), 'fisco-build-exe-'));

// What the CLI imports on use: the CommonJS bundles `npm run build` wrote beside the CLI (bundle.mjs
// APART), which bin/fisco.js compiles from the assets as it compiles them from dist/.
const apartAssets = Object.fromEntries(Object.keys(APART).map((out) => [`${out}.cjs`, join(dist, `${out}.cjs`)]));

const version = `${pkg.version} (commit ${commit()})\n`;
writeFileSync(join(work, 'version'), version);
const assets = {
  'cli.cjs': join(dist, 'cli.cjs'),
  ...apartAssets,
  'offline.cjs': join(dist, 'offline.cjs'),
  // Its reader of a mirror on PostgreSQL, compiled from the asset like offline.cjs.
  'offline-pg.cjs': join(dist, 'offline-pg.cjs'),
  // The PostgreSQL mirror's worker thread and synckit's preload: written to disk on use (bin/fisco.js fileOnDisk).
  'pg-worker.cjs': join(dist, 'pg-worker.cjs'),
  'synckit-register.cjs': join(dist, 'synckit-register.cjs'),
  'help.json': join(dist, 'help.json'),
  'help.it.json': join(dist, 'help.it.json'),
  version: join(work, 'version'),
  ...Object.fromEntries(readdirSync(join(root, 'completions')).map((file) => [`completions/${file}`, join(root, 'completions', file)])),
};

// First the executable without a code cache of the CLI; it runs a command once to make one, which
// the final executable carries.
make(assets);
const cacheFile = codeCacheOfOneRun();
if (cacheFile) make({ ...assets, 'cli.cache': cacheFile });
else process.stderr.write('build-exe: no code cache was written by the trial run; the executable makes its own on first use\n');

const sum = createHash('sha256').update(readFileSync(exe)).digest('hex');
const name = exe.slice(dist.length + 1);
writeFileSync(join(dist, 'SHA256SUMS'), `${sum}  ${name}\n`);
rmSync(work, { recursive: true, force: true });
process.stdout.write(`${name}  ${version.trim()}\nSHA256SUMS  ${sum}\n`);

/** Writes the executable: Node's binary with the blob of `assets` and bin/fisco.js injected. */
function make(files) {
  const config = join(work, 'sea-config.json');
  const blob = join(work, 'sea.blob');
  writeFileSync(
    config,
    JSON.stringify({
      main: join(root, 'bin', 'fisco.js'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      useSnapshot: false,
      assets: files,
    }),
  );
  quietly(process.execPath, ['--experimental-sea-config', config]);
  rmSync(exe, { force: true });
  copyFileSync(process.execPath, exe);
  chmodSync(exe, 0o755);
  // macOS: the copied binary's signature no longer holds once the blob is in; it is signed again below.
  if (process.platform === 'darwin') execFileSync('codesign', ['--remove-signature', exe]);
  // postject (Node's own tool for this) warns about ELF notes it leaves alone: said only if it fails.
  quietly(process.execPath, [
    require.resolve('postject/dist/cli.js'),
    exe,
    'NODE_SEA_BLOB',
    blob,
    '--sentinel-fuse',
    'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
    ...(process.platform === 'darwin' ? ['--macho-segment-name', 'NODE_SEA'] : []),
  ]);
  if (process.platform === 'darwin') execFileSync('codesign', ['--sign', '-', exe]);
}

/** Runs the executable once on the demo in a private temporary folder; the CLI's code cache it wrote, or undefined. */
function codeCacheOfOneRun() {
  const temporary = mkdtempSync(join(tmpdir(), 'fisco-build-exe-'));
  const cacheFolder = join(work, 'cache');
  try {
    execFileSync(exe, ['--demo', 'invoice', 'list', '-o', 'json'], {
      env: { PATH: '', HOME: temporary, TMPDIR: temporary, FISCO_DATA_DIR: join(temporary, 'data'), FISCO_CONFIG_DIR: join(temporary, 'config') },
      stdio: 'ignore',
    });
    const folder = readdirSync(temporary).find((entry) => entry.startsWith('fisco-code-cache-'));
    const cache = folder && readdirSync(join(temporary, folder)).find((entry) => entry.startsWith('cli-') && entry.endsWith('.bin'));
    if (!cache) return undefined;
    mkdirSync(cacheFolder, { recursive: true });
    copyFileSync(join(temporary, folder, cache), join(cacheFolder, 'cli.cache'));
    return join(cacheFolder, 'cli.cache');
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/** The commit the executable is built from (with `-modified` when the work tree differs from it), or `unknown`. */
function commit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return changed ? `${head}-modified` : head;
  } catch {
    return 'unknown';
  }
}

/** Runs a build step with its output kept, shown only when it fails. */
function quietly(command, args) {
  try {
    execFileSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 2 ** 20 });
  } catch (error) {
    process.stderr.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    fail(`${args.filter((arg) => !arg.startsWith('/')).join(' ') || command} failed`);
  }
}

function fail(message) {
  process.stderr.write(`build-exe: ${message}\n`);
  process.exit(1);
}
