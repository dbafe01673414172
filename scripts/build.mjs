// The build: esbuild bundles the CLI into one CommonJS file, and what it loads only on use into
// CommonJS files apart, so what a command does not use is never read; the library entries are ESM
// files with code splitting; tsc emits the typings of the exported library only.
//
// dist/cli.cjs                 main(argv) and buildProgram(): the CLI, one CommonJS file that
//                              bin/fisco.js compiles with a V8 code cache (see there)
// dist/pg-worker.cjs           the PostgreSQL mirror's driver thread (node-postgres), loaded only
//                              by a run whose mirror is on PostgreSQL (src/mirror/pg-store.ts)
// dist/offline.cjs             the fast path of the mirror's reads (src/fast-offline.ts): node:sqlite
//                              and a few pure modules, answered by bin/fisco.js before the CLI loads
// dist/offline-pg.cjs          the fast path's reader of a mirror on PostgreSQL (node-postgres, no
//                              worker: src/mirror/pg-reader.ts), loaded only for such a mirror
// dist/vendor/*.cjs            what the CLI loads only on use (prompts, JMESPath, the MCP SDK, the
//                              Italian catalogue), and dist/emulator/index.cjs, the emulator:
//                              CommonJS bundles that bin/fisco.js compiles with their code cache
//                              when dist/cli.cjs imports them (bundle.mjs, APART and apartBundles)
// dist/webhooks/signature.js   the "./webhooks" export, with dist/webhooks/signature.d.ts
// dist/emulator/index.js       startEmulator(), for the benchmark and external test setups
// dist/completion/generate.js  the completion generators (scripts/gen-completions.mjs)
// dist/chunks/*.js             what the library entries share
//
// Every runtime dependency is bundled: start-up reads a handful of files instead of hundreds. One
// CommonJS file for the CLI, because it starts faster than the same code as ES modules split in
// chunks (docs/performance.md has the figures).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { checkPrivateImports } from './private-imports.mjs';
import { apart, apartBundles, common, commonJs, pgShims, SHIMS, stamp, stampCli } from './bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const metafile = process.argv.includes('--metafile');

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
// undici's private files, required by scripts/shims/undici-lite.cjs, must be where the shim was checked.
const privateImports = checkPrivateImports({
  shimSource: readFileSync(new URL('./shims/undici-lite.cjs', import.meta.url), 'utf8'),
  pinned: pkg.dependencies.undici,
  installed: JSON.parse(readFileSync(new URL('../node_modules/undici/package.json', import.meta.url), 'utf8')).version,
  resolve: (id) => createRequire(new URL('./shims/undici-lite.cjs', import.meta.url)).resolve(id),
});
if (privateImports) {
  console.error(`build: ${privateImports}`);
  process.exit(1);
}

// The library entries (the emulator's for the benchmarks and tests too), as ESM with code splitting.
const esm = await build({
  ...common,
  entryPoints: {
    'webhooks/signature': 'src/webhooks/signature.ts',
    'emulator/index': 'src/emulator/index.ts',
    'completion/generate': 'src/completion/generate.ts',
    // For scripts/gen-readme-reference.mjs (npm run docs:commands).
    'help/reference': 'src/help/reference.ts',
  },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS packages (undici, commander, cli-table3) call require() for Node built-ins.
  banner: { js: "import { createRequire as __fiscoCreateRequire } from 'node:module'; const require = __fiscoCreateRequire(import.meta.url);" },
  plugins: SHIMS,
});

// The CLI. bin/fisco.js compiles dist/cli.cjs itself, with a V8 code cache (bundle.mjs, stampCli):
// only the emulator, dist/vendor and Node's own modules are imported.
const [cli, apartBuilt] = await Promise.all([commonJs('src/cli.ts', 'dist/cli.cjs', [...SHIMS, apart]), apartBundles('dist')]);
stampCli(fileURLToPath(new URL('../dist/cli.cjs', import.meta.url)), /^"(\.\/(emulator\/index|vendor\/[a-z-]+)\.js|node:[a-z/_]+)"$/);

// The mirror's fast path: small on purpose (no commander, zod or undici); the build stops if one slips in.
const offline = await commonJs('src/fast-offline.ts', 'dist/offline.cjs');
const heavy = Object.keys(offline.metafile.inputs).filter((input) => /node_modules[\\/](commander|zod|undici|chalk|cli-table3)[\\/]/.test(input));
if (heavy.length) throw new Error(`dist/offline.cjs must stay small, and it would load: ${heavy.join(', ')}`);
// bin/fisco.js compiles it with a code cache and hands it its own require, which resolves Node's modules only.
const offlineFile = new URL('../dist/offline.cjs', import.meta.url);
const offlineSource = readFileSync(offlineFile, 'utf8');
const outside = [...offlineSource.matchAll(/\brequire\(("[^"]*"|'[^']*'|[^)]*)\)/g)].map((m) => m[1]).filter((spec) => !/^["']node:[a-z/_]+["']$/.test(spec));
if (outside.length) throw new Error(`dist/offline.cjs may require Node's own modules only, and it requires: ${outside.join(', ')}`);
stamp(offlineFile, offlineSource);

// Its reader of a mirror on PostgreSQL (src/mirror/pg-reader.ts): node-postgres on the process's own
// thread, loaded by bin/fisco.js only for such a mirror, compiled the same way (Node's modules only,
// but node-postgres's optional native and Cloudflare drivers, which it never requires here).
const offlinePg = await commonJs('src/mirror/pg-reader.ts', 'dist/offline-pg.cjs', [pgShims]);
const offlinePgFile = new URL('../dist/offline-pg.cjs', import.meta.url);
const offlinePgSource = readFileSync(offlinePgFile, 'utf8');
const pgOutside = [...offlinePgSource.matchAll(/\brequire\(("[^"]*"|'[^']*'|[^)]*)\)/g)]
  .map((m) => m[1])
  .filter((spec) => !/^["'](pg-native|pg-cloudflare)["']$/.test(spec) && !(/^["'][^"']+["']$/.test(spec) && isBuiltin(spec.slice(1, -1))));
if (pgOutside.length) throw new Error(`dist/offline-pg.cjs may require Node's own modules only, and it requires: ${pgOutside.join(', ')}`);
stamp(offlinePgFile, offlinePgSource);

// The PostgreSQL mirror's driver thread (src/mirror/pg-worker.ts): node-postgres and synckit, loaded
// only by a run whose mirror is on PostgreSQL, in a worker thread that dist/cli.cjs waits for.
await build({
  ...common,
  entryPoints: ['src/mirror/pg-worker.ts'],
  outfile: 'dist/pg-worker.cjs',
  format: 'cjs',
  external: ['pg-native', 'pg-cloudflare'],
  plugins: [pgShims],
});
await build({ ...common, entryPoints: ['node_modules/synckit/register.cjs'], outfile: 'dist/synckit-register.cjs', format: 'cjs' });

if (metafile) {
  const apartMeta = Object.fromEntries(Object.entries(apartBuilt).map(([name, result]) => [name, result.metafile]));
  writeFileSync(
    new URL('../dist/meta.json', import.meta.url),
    JSON.stringify({ esm: esm.metafile, cli: cli.metafile, offline: offline.metafile, offlinePg: offlinePg.metafile, apart: apartMeta }),
  );
}

// Typings for the exported library only (`fisco/webhooks`); the CLI's internals ship none.
execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.types.json'], {
  cwd: root,
  stdio: 'inherit',
});

// dist/help.json: what `--help` prints for every command path when stdout is not a terminal,
// taken from the built CLI itself; bin/fisco.js answers help from it without loading the bundle.
{
  const { createRequire } = await import('node:module');
  const { helpTexts } = createRequire(import.meta.url)('../dist/cli.cjs');
  writeFileSync(new URL('../dist/help.json', import.meta.url), JSON.stringify(helpTexts()));
  // dist/help.it.json: the same in Italian, answered when the run's language is Italian.
  const { italianHelpWords } = createRequire(import.meta.url)('../dist/vendor/help-it.cjs');
  writeFileSync(new URL('../dist/help.it.json', import.meta.url), JSON.stringify(helpTexts(italianHelpWords)));
}
