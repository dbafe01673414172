// The build: esbuild bundles the CLI into one CommonJS file, and what it loads only on use (and the
// library entries) into ESM files with code splitting, so what a command does not use stays in
// chunks it never loads; tsc emits the typings of the exported library only.
//
// dist/cli.cjs                 main(argv) and buildProgram(): the CLI, one CommonJS file that
//                              bin/fisco.js compiles with a V8 code cache (see there)
// dist/pg-worker.cjs           the PostgreSQL mirror's driver thread (node-postgres), loaded only
//                              by a run whose mirror is on PostgreSQL (src/mirror/pg-store.ts)
// dist/offline.cjs             the fast path of the mirror's reads (src/fast-offline.ts): node:sqlite
//                              and a few pure modules, answered by bin/fisco.js before the CLI loads
// dist/vendor/*.js             libraries the CLI loads only on use (prompts, JMESPath), and the
//                              emulator's dist/emulator/index.js, imported by dist/cli.cjs
// dist/webhooks/signature.js   the "./webhooks" export, with dist/webhooks/signature.d.ts
// dist/emulator/index.js       startEmulator(), for the benchmark and external test setups
// dist/completion/generate.js  the completion generators (scripts/gen-completions.mjs)
// dist/chunks/*.js             shared and lazily loaded code (prompts, tables, CSV, iCalendar,
//                              the emulator, zod, undici), each loaded only by what imports it
//
// Every runtime dependency is bundled: start-up reads a handful of files instead of hundreds. One
// CommonJS file for the CLI, because it starts faster than the same code as ES modules split in
// chunks (docs/performance.md has the figures).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { checkPrivateImports } from './private-imports.mjs';

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

/**
 * The two stand-ins that keep the list command within its start-up goal (docs/performance.md has
 * what each is worth): `import … from 'undici'` in fisco's sources gets only Agent, request and
 * errors, and undici's `require('node:http2')` its constants without loading node:http2.
 */
function shim(name, specifier, importer, file) {
  return {
    name,
    setup(b) {
      b.onResolve({ filter: specifier }, (args) =>
        importer.test(args.importer) ? { path: fileURLToPath(new URL(`./shims/${file}`, import.meta.url)) } : undefined,
      );
    },
  };
}
/**
 * synckit (the PostgreSQL mirror's bridge to its driver thread, src/mirror/pg-store.ts) preloads its
 * register.cjs into each worker from beside its own files; bundled, it finds it beside the bundle:
 * dist/synckit-register.cjs, built below.
 */
const synckitRegister = {
  name: 'synckit-register',
  setup(b) {
    b.onLoad({ filter: /[\\/]synckit[\\/]lib[\\/](helpers\.js|index\.cjs)$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const patched = source.replace(
        /(node_path\.default|path)\.resolve\(_dirname, ["']\.\.\/register\.cjs["']\)/,
        "require('node:path').join(__dirname, 'synckit-register.cjs')",
      );
      if (patched === source) throw new Error(`synckit-register: ${args.path} no longer resolves ../register.cjs as the build expects`);
      return { contents: patched, loader: 'js' };
    });
  },
};
const SHIMS = [
  shim('undici-lite', /^undici$/, /[\\/]src[\\/]/, 'undici-lite.cjs'),
  shim('lazy-http2-for-undici', /^node:http2$/, /[\\/]undici[\\/]/, 'lazy-http2.cjs'),
  synckitRegister,
];

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node22.13',
  mainFields: ['module', 'main'],
  define: { FISCO_VERSION: JSON.stringify(pkg.version) },
  legalComments: 'none',
  // Whitespace and syntax only: identifiers keep their names, so --debug stack traces stay readable.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  metafile: true,
};

// The library entries and what dist/cli.cjs imports on use, as ESM with code splitting.
const VENDOR = {
  '@inquirer/prompts': 'vendor/prompts',
  '@jmespath-community/jmespath': 'vendor/jmespath',
  // dunning: the letters' PDF and the SMTP conversation, loaded only by dunning plan and send.
  'pdf-lib': 'vendor/pdf-lib',
  'nodemailer/lib/mail-composer': 'vendor/mail-composer',
  'nodemailer/lib/smtp-connection': 'vendor/smtp-connection',
};
const esm = await build({
  ...common,
  entryPoints: {
    'webhooks/signature': 'src/webhooks/signature.ts',
    'emulator/index': 'src/emulator/index.ts',
    'completion/generate': 'src/completion/generate.ts',
    // For scripts/gen-readme-reference.mjs (npm run docs:commands).
    'help/reference': 'src/help/reference.ts',
    // The Italian catalogue, imported by an Italian run only (src/i18n/load.ts).
    'vendor/catalogue-it': 'src/i18n/it.ts',
    ...Object.fromEntries(Object.entries(VENDOR).map(([name, out]) => [out, name])),
  },
  outdir: 'dist',
  splitting: true,
  format: 'esm',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS packages (undici, commander, cli-table3) call require() for Node built-ins.
  banner: { js: "import { createRequire as __fiscoCreateRequire } from 'node:module'; const require = __fiscoCreateRequire(import.meta.url);" },
  plugins: SHIMS,
});

/**
 * The CLI's own `import()`s of what lives apart (the emulator, the vendor bundles) stay imports,
 * of files beside dist/cli.cjs; bin/fisco.js gives the compiled file its `__fiscoImport`.
 */
const apart = {
  name: 'apart',
  setup(b) {
    b.onResolve({ filter: /^\.\/it\.js$/ }, (args) =>
      /[\\/]src[\\/]i18n[\\/]load\.ts$/.test(args.importer) ? { path: './vendor/catalogue-it.js', external: true } : undefined,
    );
    b.onResolve({ filter: /(^|\/)emulator\/index\.js$/ }, (args) =>
      /[\\/]src[\\/](factory[\\/]demo\.ts|commands[\\/]emulator[\\/](emulator|statement)\.ts)$/.test(args.importer)
        ? { path: './emulator/index.js', external: true }
        : undefined,
    );
    b.onResolve({ filter: /^(@inquirer\/prompts|@jmespath-community\/jmespath|pdf-lib|nodemailer\/lib\/(mail-composer|smtp-connection))$/ }, (args) => ({
      path: `./${VENDOR[args.path]}.js`,
      external: true,
    }));
  },
};

/** One CommonJS file of `entry` (no ESM loader at start-up; bin/fisco.js keeps a code cache of the CLI). */
const commonJs = (entry, outfile, plugins = []) =>
  build({
    ...common,
    entryPoints: [entry],
    outfile,
    format: 'cjs',
    define: { ...common.define, 'import.meta.url': '__fiscoModuleUrl' },
    banner: { js: "var __fiscoModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins,
  });

// The CLI.
const cli = await commonJs('src/cli.ts', 'dist/cli.cjs', [...SHIMS, apart]);
// bin/fisco.js compiles dist/cli.cjs itself, with a V8 code cache, and a script compiled that way
// cannot import(): the bundle's import()s call the __fiscoImport it is given instead. Its first
// line names the build, so a code cache of another build is never used.
const cliFile = new URL('../dist/cli.cjs', import.meta.url);
let cliSource = readFileSync(cliFile, 'utf8');
const imports = [...cliSource.matchAll(/\bimport\(("[^"]*"|[^)]*)\)/g)].map((m) => m[1]);
const strays = imports.filter((spec) => !/^"(\.\/(emulator\/index|vendor\/[a-z-]+)\.js|node:[a-z/_]+)"$/.test(spec));
if (strays.length)
  throw new Error(`dist/cli.cjs: unexpected import() of ${strays.join(', ')}: only the emulator, dist/vendor and Node's own modules are imported`);
cliSource = cliSource.replace(/\bimport\((?=")/g, '__fiscoImport(');
/** Writes a bundle with its build id as its first line: bin/fisco.js names its code cache after it. */
const stamped = (file, source) => writeFileSync(file, `//fisco-build ${createHash('sha256').update(source).digest('hex').slice(0, 16)}\n${source}`);
stamped(cliFile, cliSource);

// The mirror's fast path: small on purpose (no commander, zod or undici); the build stops if one slips in.
const offline = await commonJs('src/fast-offline.ts', 'dist/offline.cjs');
const heavy = Object.keys(offline.metafile.inputs).filter((input) => /node_modules[\\/](commander|zod|undici|chalk|cli-table3)[\\/]/.test(input));
if (heavy.length) throw new Error(`dist/offline.cjs must stay small, and it would load: ${heavy.join(', ')}`);
// bin/fisco.js compiles it with a code cache and hands it its own require, which resolves Node's modules only.
const offlineFile = new URL('../dist/offline.cjs', import.meta.url);
const offlineSource = readFileSync(offlineFile, 'utf8');
const outside = [...offlineSource.matchAll(/\brequire\(("[^"]*"|'[^']*'|[^)]*)\)/g)].map((m) => m[1]).filter((spec) => !/^["']node:[a-z/_]+["']$/.test(spec));
if (outside.length) throw new Error(`dist/offline.cjs may require Node's own modules only, and it requires: ${outside.join(', ')}`);
stamped(offlineFile, offlineSource);

// The PostgreSQL mirror's driver thread (src/mirror/pg-worker.ts): node-postgres and synckit, loaded
// only by a run whose mirror is on PostgreSQL, in a worker thread that dist/cli.cjs waits for.
await build({ ...common, entryPoints: ['src/mirror/pg-worker.ts'], outfile: 'dist/pg-worker.cjs', format: 'cjs', external: ['pg-native', 'pg-cloudflare'] });
await build({ ...common, entryPoints: ['node_modules/synckit/register.cjs'], outfile: 'dist/synckit-register.cjs', format: 'cjs' });

if (metafile) {
  writeFileSync(new URL('../dist/meta.json', import.meta.url), JSON.stringify({ esm: esm.metafile, cli: cli.metafile, offline: offline.metafile }));
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
}
